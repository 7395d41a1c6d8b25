import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DEFAULT_PRESENCE_BEAT_MS, type Presence } from './presence.ts';

/**
 * Presence across instances sharing Redis (REDIS_URL): each instance keeps the accounts with a socket
 * open on it as a set of its own in Redis, written as they come and go, which expires `ttlMs` after
 * the instance last renewed it; every `beatMs` each instance renews its set and reads everyone
 * else's. Each write is also told on a channel, so the others know of a player come or gone at once,
 * not at their next read; the reads mend what a lost message missed. An instance that dies without a
 * word (SIGKILL, a lost machine) stops renewing: its set expires and its players are offline
 * everywhere within `ttlMs + beatMs`. Sets are named in one registry, which the reading script
 * prunes of the instances whose set is gone (expired, or empty: an instance adds itself back with
 * each write).
 */

export interface ClusterPresenceSettings {
  /** How often this instance renews its set and reads the others' (HEXARENA_PRESENCE_MS, 2 s). */
  readonly beatMs: number;
  /** How long a set outlives its instance's last renewal: three beats, so a beat late is no absence. */
  readonly ttlMs: number;
}

export const DEFAULT_PRESENCE_SETTINGS: ClusterPresenceSettings = { beatMs: DEFAULT_PRESENCE_BEAT_MS, ttlMs: 3 * DEFAULT_PRESENCE_BEAT_MS };

const REGISTRY = 'presence:instances';
const SET = 'presence:on:';
/** The channel of comings and goings: `<instance> +<account>`, `<instance> -<account>`, or `<instance> *` (it closed). */
const CHANGES = 'presence:changes';
const CLOSED = '*';

/** A coming or going as told on the channel, in the order told; `account` null: the instance closed. */
export interface Change {
  readonly from: string;
  readonly account: string | null;
  readonly online: boolean;
}

function parseChange(text: string): Change | null {
  const space = text.indexOf(' ');
  if (space <= 0) return null;
  const from = text.slice(0, space);
  const body = text.slice(space + 1);
  if (body === CLOSED) return { from, account: null, online: false };
  const sign = body[0];
  if ((sign !== '+' && sign !== '-') || body.length < 2) return null;
  return { from, account: body.slice(1), online: sign === '+' };
}

/**
 * Every registered instance's set but `ARGV[2]`'s, as [id, members, id, members…]; an instance whose
 * set is gone is taken off the registry (atomically, so a write of its between the read and the
 * removal cannot be lost: the write is a MULTI that adds the instance back).
 */
const READ_ALL = `
local out = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if id ~= ARGV[2] then
    local members = redis.call('SMEMBERS', ARGV[1] .. id)
    if #members == 0 then redis.call('SREM', KEYS[1], id) else
      table.insert(out, id)
      table.insert(out, members)
    end
  end
end
return out`;

/**
 * Who is online on each other instance: a read of the registry's sets, with the channel's comings and
 * goings applied over it. A read's answer can be older than a message heard before it arrives (two
 * connections, no order between them), so what is heard while a read is under way is applied again
 * over its answer: the channel's order per instance is Redis's, so the last word stands.
 */
export class Sightings {
  private byInstance = new Map<string, Set<string>>();
  private heardDuringRead: Change[] | null = null;

  isOnline(account: string): boolean {
    for (const accounts of this.byInstance.values()) if (accounts.has(account)) return true;
    return false;
  }

  /** A read was sent: what is heard from now on may be newer than its answer. */
  reading(): void {
    this.heardDuringRead = [];
  }

  /** The read's answer: `[instance, accounts]` of every other instance with a set. */
  read(sets: Iterable<readonly [string, readonly string[]]>): void {
    const next = new Map<string, Set<string>>();
    for (const [instance, accounts] of sets) next.set(instance, new Set(accounts));
    for (const change of this.heardDuringRead ?? []) apply(next, change);
    this.byInstance = next;
    this.heardDuringRead = null;
  }

  /** The read is over, answered or failed. */
  readEnded(): void {
    this.heardDuringRead = null;
  }

  heard(change: Change): void {
    this.heardDuringRead?.push(change);
    apply(this.byInstance, change);
  }

  /** Nobody is known online elsewhere (Redis away for longer than a set lives). */
  forget(): void {
    this.byInstance = new Map();
  }
}

function apply(byInstance: Map<string, Set<string>>, { from, account, online }: Change): void {
  if (account === null) {
    byInstance.delete(from);
    return;
  }
  let accounts = byInstance.get(from);
  if (!accounts) {
    if (!online) return;
    accounts = new Set();
    byInstance.set(from, accounts);
  }
  if (online) accounts.add(account);
  else accounts.delete(account);
}

export class ClusterPresence {
  /** This instance's name in the registry. */
  readonly id = randomBytes(6).toString('base64url');
  private readonly redis: Redis;
  /** The channel's listener: a connection of its own, as Redis asks of a subscriber. */
  private readonly listener: Redis;
  private readonly key: string;
  /** Accounts online on each other instance: as last read, with what the channel told since. */
  private readonly others = new Sightings();
  /** Settled once this instance hears the channel (it hears what is told after). */
  readonly listening: Promise<void>;
  /** When the others were last read (a Redis away for longer than a set lives: nobody is known to be online elsewhere). */
  private readAt = Number.NEGATIVE_INFINITY;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly stopListening: () => void;
  /** The beats in order: one asked for while another runs comes after it (it reads what was written meanwhile). */
  private beats: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    url: string,
    private readonly presence: Presence,
    private readonly settings: ClusterPresenceSettings = DEFAULT_PRESENCE_SETTINGS,
    private readonly now: () => number = Date.now,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: (n: number) => Math.min(50 * n, 1000) });
    this.redis.on('error', () => undefined);
    this.key = SET + this.id;
    presence.onlineElsewhere((account) => this.others.isOnline(account));
    this.listener = this.redis.duplicate();
    this.listener.on('error', () => undefined);
    this.listener.on('message', (_channel: string, text: string) => {
      const change = parseChange(text);
      if (change && change.from !== this.id) this.others.heard(change);
    });
    // After a reconnection (messages may have been missed meanwhile) the others are read again at once.
    let connected = false;
    this.listener.on('ready', () => {
      if (connected) void this.beat().catch(() => undefined);
      connected = true;
    });
    this.listening = this.listener.subscribe(CHANGES).then(
      () => undefined,
      () => undefined,
    );
    this.stopListening = presence.onChange((account, online) => {
      const write = this.redis.multi();
      if (online) write.sadd(this.key, account);
      else write.srem(this.key, account);
      // A lost write is mended by the next beat's renewal (a set found gone is written whole), a lost
      // message by the others' next read.
      void write
        .pexpire(this.key, this.settings.ttlMs)
        .sadd(REGISTRY, this.id)
        .publish(CHANGES, `${this.id} ${online ? '+' : '-'}${account}`)
        .exec()
        .catch(() => undefined);
    });
    this.timer = setInterval(() => {
      // A beat still under way (Redis slow): none is queued behind it.
      if (this.pending === 0) void this.beat().catch(() => undefined);
    }, settings.beatMs);
    this.timer.unref?.();
    void this.beat().catch(() => undefined);
  }

  /** Renews this instance's set and reads the others' (one beat, now or after the one under way). */
  beat(): Promise<void> {
    this.pending++;
    const run = this.beats.then(() => this.renewAndRead()).finally(() => this.pending--);
    this.beats = run.catch(() => undefined);
    return run;
  }

  private async renewAndRead(): Promise<void> {
    try {
      const here = this.presence.here();
      if (here.length > 0) {
        const renewed = await this.redis.pexpire(this.key, this.settings.ttlMs);
        // Gone (expired while this instance stalled, Redis restarted, a write lost): written whole again.
        if (renewed === 0 || (await this.redis.scard(this.key)) !== here.length) {
          // Read again as the write is sent: a socket closed meanwhile was told after what is written here.
          const now = this.presence.here();
          const whole = this.redis.multi().del(this.key);
          if (now.length > 0) whole.sadd(this.key, ...now).pexpire(this.key, this.settings.ttlMs);
          await whole.exec();
        }
        await this.redis.sadd(REGISTRY, this.id);
      }
      this.others.reading();
      const read = (await this.redis.eval(READ_ALL, 1, REGISTRY, SET, this.id)) as (string | string[])[];
      const sets: [string, string[]][] = [];
      for (let i = 1; i < read.length; i += 2) sets.push([read[i - 1] as string, read[i] as string[]]);
      this.others.read(sets);
      this.readAt = this.now();
    } finally {
      this.others.readEnded();
      if (this.now() - this.readAt > this.settings.ttlMs) this.others.forget();
    }
  }

  /** Stops renewing and takes this instance's set away: its players are offline elsewhere at once. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.stopListening();
    this.presence.onlineElsewhere(() => false);
    this.listener.disconnect();
    await this.beats;
    try {
      await this.redis.multi().del(this.key).srem(REGISTRY, this.id).publish(CHANGES, `${this.id} ${CLOSED}`).exec();
    } catch {
      // Redis away: the set expires on its own.
    }
    this.redis.disconnect();
  }
}
