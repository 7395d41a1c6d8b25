import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DEFAULT_PRESENCE_BEAT_MS, type Presence } from './presence.ts';

/**
 * Presence across instances sharing Redis (REDIS_URL): each instance keeps the accounts with a socket
 * open on it as a set of its own in Redis, written as they come and go, which expires `ttlMs` after
 * the instance last renewed it; every `beatMs` each instance renews its set and reads everyone
 * else's. An instance that dies without a word (SIGKILL, a lost machine) stops renewing: its set
 * expires and its players are offline everywhere within `ttlMs + beatMs`. Sets are named in one
 * registry, which the reading script prunes of the instances whose set is gone (expired, or empty:
 * an instance adds itself back with each write).
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

export class ClusterPresence {
  /** This instance's name in the registry. */
  readonly id = randomBytes(6).toString('base64url');
  private readonly redis: Redis;
  private readonly key: string;
  /** Accounts online on the other instances, as last read. */
  private others = new Set<string>();
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
    presence.onlineElsewhere((account) => this.others.has(account));
    this.stopListening = presence.onChange((account, online) => {
      const write = this.redis.multi();
      if (online) write.sadd(this.key, account);
      else write.srem(this.key, account);
      // A lost write is mended by the next beat's renewal (a set found gone is written whole).
      void write
        .pexpire(this.key, this.settings.ttlMs)
        .sadd(REGISTRY, this.id)
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
      const read = (await this.redis.eval(READ_ALL, 1, REGISTRY, SET, this.id)) as (string | string[])[];
      const others = new Set<string>();
      for (let i = 1; i < read.length; i += 2) for (const account of read[i] as string[]) others.add(account);
      this.others = others;
      this.readAt = this.now();
    } finally {
      if (this.now() - this.readAt > this.settings.ttlMs) this.others = new Set();
    }
  }

  /** Stops renewing and takes this instance's set away: its players are offline elsewhere at once. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.stopListening();
    this.presence.onlineElsewhere(() => false);
    await this.beats;
    try {
      await this.redis.multi().del(this.key).srem(REGISTRY, this.id).exec();
    } catch {
      // Redis away: the set expires on its own.
    }
    this.redis.disconnect();
  }
}
