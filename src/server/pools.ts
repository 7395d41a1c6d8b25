import { randomBytes } from 'node:crypto';
import type { Json } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { groupWave, pairWave, type Seeker } from '@hexarena/engines/ratings/pairing.ts';
import { POOLS, type Pool, poolOf, poolPerf } from '@hexarena/engines/ratings/pools.ts';
import { newGameId } from './hub.ts';
import { keptGame, keptSeat } from './kept-seats.ts';
import { owningAccount } from './owners.ts';
import { type GameStore, type Paired, POOL_OF, type Waiting } from './store.ts';

/**
 * Quick pairing: players wait in pools (in the store, so any instance may pair them and none loses
 * them by dying), and waves pair them by rating. One instance at a time runs the waves — whoever
 * holds the store's "pairing" lease — so no player is paired twice; every instance renews its own
 * players' wait each wave and hands them their game.
 */

export interface PoolSettings {
  readonly now: () => number;
  /** How often a wave runs. */
  readonly waveMs: number;
  /** How long the lease is held without renewal: past it, another instance takes over. */
  readonly leaseMs: number;
  /** How long a player waits, unrenewed (their instance gone), before the waves leave them out. */
  readonly unrenewedWaitMs: number;
  /** A player's rating under a perf, as the pairing compares them (1500 for a newcomer). */
  readonly ratingOf?: (account: string, perf: string) => Promise<number>;
  /** A wave also runs as soon as this many wait in one pool (read each wave, and counted with joins here). */
  readonly fullWave: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = { now: Date.now, waveMs: 2000, leaseMs: 6000, unrenewedWaitMs: 8000, fullWave: 64 };

/** Someone on this instance waiting in a pool: told of the game the pairing found them. */
export type PairedListener = (paired: Paired) => void;

export class Pools {
  /** This instance's name on the lease. */
  readonly owner = randomBytes(6).toString('base64url');
  private readonly listeners = new Map<string, Set<PairedListener>>();
  private readonly counted = new Map<string, number>();
  private readonly countListeners = new Set<(waiting: Record<string, number>) => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Waves run by this instance, and its last one's figures: for tests and the log. */
  readonly waves = { run: 0, paired: 0 };
  /** Whether this instance held the pairing lease at its last wave. */
  leading = false;

  constructor(
    private readonly store: GameStore,
    private readonly settings: PoolSettings = DEFAULT_POOL_SETTINGS,
    /** Told of each game made (the hub loads it when someone opens it; other instances are told by the store). */
    private readonly made: (id: string) => void = () => undefined,
  ) {}

  start(): void {
    if (this.timer || this.closed) return;
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.wave().finally(() => {
          if (!this.closed) tick();
        });
      }, this.settings.waveMs);
      this.timer.unref?.();
    };
    tick();
  }

  /** Calls `listener` with the counts each wave finds. */
  onCounts(listener: (waiting: Record<string, number>) => void): () => void {
    this.countListeners.add(listener);
    return () => this.countListeners.delete(listener);
  }

  /** How many wait in each pool, as the last wave found. */
  counts(): Record<string, number> {
    return Object.fromEntries(this.counted);
  }

  /**
   * `account` waits in pool `id` as `name`, told through `listener` once paired, until it leaves or
   * its socket closes. The rating it is paired by is read now.
   */
  async join(
    account: string,
    name: string,
    id: string,
    listener: PairedListener,
  ): Promise<{ ok: true; since: number } | { ok: false; error: string }> {
    const pool = poolOf(id);
    if (!pool) return { ok: false, error: `there is no pool ${id.slice(0, 40)} (${POOLS.map((p) => p.id).join(', ')})` };
    const now = this.settings.now();
    const perf = poolPerf(pool);
    const rating = this.settings.ratingOf
      ? await this.settings.ratingOf(account, perf)
      : ((await this.store.ratings.of(account)).find((r) => r.perf === perf)?.rating ?? 1500);
    const since = await this.store.lobby.joinPool(
      { pool: id, account, name, rating, since: now, misses: 0 },
      now + this.settings.unrenewedWaitMs,
    );
    const listeners = this.listeners.get(account) ?? new Set();
    this.listeners.set(account, listeners);
    listeners.add(listener);
    const waiting = (this.counted.get(id) ?? 0) + 1;
    this.counted.set(id, waiting);
    if (waiting >= this.settings.fullWave) void this.wave();
    return { ok: true, since };
  }

  /** `listener` stops listening; the account leaves its pool when it was the last of it here. */
  async leave(account: string, listener: PairedListener): Promise<void> {
    const listeners = this.listeners.get(account);
    listeners?.delete(listener);
    if (listeners && listeners.size > 0) return;
    this.listeners.delete(account);
    await this.store.lobby.leavePool(account);
  }

  /**
   * One wave: this instance's players renewed (and handed any game found for them); then, if this
   * instance holds the lease, every pool paired. Waves never overlap on one instance.
   */
  wave(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.runWave()
      .catch((e: unknown) => {
        // The store away: the next wave tries again; nobody was lost, they are in the store.
        process.stderr.write(`hexarena: a pairing wave failed: ${e instanceof Error ? e.message : String(e)}\n`);
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async runWave(): Promise<void> {
    const now = this.settings.now();
    await this.handOut(now);
    this.leading = await this.store.lobby.lease('pairing', this.owner, now + this.settings.leaseMs, now);
    if (this.leading) {
      this.waves.run++;
      for (const pool of POOLS) {
        const waiting = await this.store.lobby.waiting(pool.id, now);
        if (waiting.length >= pool.players) await this.pair(pool, waiting, now);
      }
      await this.handOut(now);
    }
    const counts = await this.store.lobby.poolCounts(now);
    this.counted.clear();
    for (const [pool, n] of Object.entries(counts)) this.counted.set(pool, n);
    for (const listener of this.countListeners) listener(counts);
  }

  /** Renews the wait of this instance's players, and tells those paired where to go. */
  private async handOut(now: number): Promise<void> {
    if (this.listeners.size === 0) return;
    const paired = await this.store.lobby.renewWaiting([...this.listeners.keys()], now + this.settings.unrenewedWaitMs);
    for (const p of paired) {
      const listeners = this.listeners.get(p.account);
      this.listeners.delete(p.account);
      for (const listener of listeners ?? []) listener(p);
    }
  }

  /** A wave of one pool: its games made, one write each, and those left over passed over. */
  private async pair(pool: Pool, waiting: readonly Waiting[], now: number): Promise<void> {
    const byId = new Map(waiting.map((w) => [w.account, w]));
    // Nobody rates themself: an account and a bot of its own are never paired together.
    const owners = await Promise.all(waiting.map(async (w) => (await owningAccount(this.store, { account: w.account })) ?? w.account));
    // Two players one of whom blocks the other are never paired: each waits for someone else.
    const avoids = await this.blocksAmong(waiting);
    const seekers: Seeker[] = waiting.map((w, i) => ({
      id: w.account,
      rating: w.rating,
      misses: w.misses,
      owner: owners[i] as string,
      ...(avoids.has(w.account) ? { avoids: avoids.get(w.account) } : {}),
    }));
    const ownerOf = new Map(seekers.map((s) => [s.id, s.owner]));
    const tables = pool.players === 2 ? pairWave(seekers) : groupWave(seekers, pool.players);
    const seated = new Set<string>();
    for (const table of tables) {
      // Who plays first: drawn, not by who waited longer.
      const order = randomBytes(1)[0] as number;
      const seats = table.map((s) => byId.get(s.id) as Waiting);
      // A free-for-all's table where one owner would sit twice, or with a block between two of its
      // players, is not made; its players wait on.
      if (new Set(seats.map((s) => ownerOf.get(s.account))).size < seats.length) continue;
      if (seats.some((s) => seats.some((o) => avoids.get(s.account)?.has(o.account)))) continue;
      if (pool.players === 2 && order & 1) seats.reverse();
      const id = await this.makeGame(pool, seats, now);
      if (id) {
        for (const s of seats) seated.add(s.account);
        this.waves.paired += seats.length;
      }
    }
    await this.store.lobby.addMiss(
      pool.id,
      waiting.filter((w) => !seated.has(w.account)).map((w) => w.account),
    );
  }

  /** Per waiting player, those among the others they may not meet (a block, either way). */
  private async blocksAmong(waiting: readonly Waiting[]): Promise<Map<string, Set<string>>> {
    const avoids = new Map<string, Set<string>>();
    for (const [a, b] of await this.store.social.blocksAmong(waiting.map((w) => w.account)))
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        const set = avoids.get(x) ?? new Set<string>();
        set.add(y);
        avoids.set(x, set);
      }
    return avoids;
  }

  private async makeGame(pool: Pool, seats: readonly Waiting[], now: number): Promise<string | null> {
    const found = findGame(pool.game);
    if (!found.ok) return null;
    const options = found.value.parseOptions(pool.options);
    if (!options.ok) return null;
    const id = newGameId();
    const made = await this.store.lobby.pairUp(
      pool.id,
      // Rated where the game is: two players by Glicko-2, a free-for-all's table over its pairs.
      keptGame(
        found.value,
        options.value as Json,
        seats.map(() => 'open'),
        { id, clock: pool.clock, rated: !found.value.unrated, creator: `${POOL_OF}${pool.id}`, now },
      ),
      seats.map((s) => keptSeat(s.account, s.name)),
    );
    if (made) this.made(id);
    return made ? id : null;
  }

  /** Resolves once the wave under way, if any, is done (its games made and stored). */
  idle(): Promise<void> {
    return (this.running ?? Promise.resolve()).catch(() => undefined);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
