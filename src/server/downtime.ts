/**
 * Downtime is never charged to a clock. Each instance writes a heartbeat to the store now and then
 * (and once more when it stops); while none is alive, no clock runs: the first instance to start
 * after the whole site was down moves every live game's times on by the time since the last
 * heartbeat of any — its moves, its deadline and due time — once, in one write, under the store's
 * lock, so two instances starting together never both do it. The clocks are worked out from the
 * moves' times (clock.ts), so moving those on is what pauses them; the abandonment and first-move
 * timers, which count from the last move, pause with them.
 */

/** What the store keeps of the instances' heartbeats, and the one write that resumes the clocks (stores/heartbeats.ts). */
export interface Heartbeats {
  /** `instance` is alive at `now`; `stopped`: it went down at `now` (a clean stop), so it counts as not alive from then on. */
  beat(instance: string, now: number, stopped?: boolean): Promise<void>;
  /**
   * At `instance`'s start, in one write: unless another instance was seen alive within `staleMs`
   * before `now`, the site was down since the newest heartbeat of any, and every live game's times
   * move on by that (marked paused at `now`); then `instance` is alive at `now`. Resolves to the
   * downtime credited: 0 when another instance was alive, or when no heartbeat was ever written.
   */
  resumeClocks(instance: string, now: number, staleMs: number): Promise<number>;
}

/** A heartbeat as the store keeps it. */
export interface HeartbeatRow {
  readonly instance: string;
  readonly seen: number | string;
  readonly stopped: number | boolean;
}

/**
 * The downtime to credit at `instance`'s start, from every instance's heartbeat (see
 * Heartbeats.resumeClocks) and the newest move of a live game (`lastMove`, null when none): the site
 * was alive when it was made, even after the last heartbeat — a player is not given back the time
 * between that heartbeat and their opponent's move.
 */
export function downtimeOf(rows: readonly HeartbeatRow[], instance: string, now: number, staleMs: number, lastMove: number | null): number {
  const othersAlive = rows.some((r) => r.instance !== instance && !Number(r.stopped) && Number(r.seen) > now - staleMs);
  if (othersAlive || rows.length === 0) return 0;
  const last = Math.max(...rows.map((r) => Number(r.seen)), lastMove ?? 0);
  return Math.max(0, now - last);
}

/** A migration of both stores (named "heartbeats"): each instance's last sign of life, and on each game its last pause. */
export const HEARTBEATS = `CREATE TABLE heartbeats (
     instance TEXT PRIMARY KEY,
     seen BIGINT NOT NULL,
     stopped INTEGER NOT NULL DEFAULT 0
   );
   ALTER TABLE games ADD COLUMN paused_at BIGINT;
   ALTER TABLE games ADD COLUMN paused_ms BIGINT;`;

/** A game's last pause, as its page shows it: while it is the latest thing to have happened to its running clock. */
export function pauseShown(game: {
  readonly clock?: unknown;
  readonly ending: unknown;
  readonly moves: readonly { readonly at: number }[];
  readonly createdAt: number;
  readonly paused?: { readonly at: number; readonly ms: number } | null;
}): { readonly at: number; readonly ms: number } | null {
  if (!game.paused || !game.clock || game.ending !== null) return null;
  return game.paused.at >= (game.moves.at(-1)?.at ?? game.createdAt) ? game.paused : null;
}

/** How often an instance writes its heartbeat: a second of downtime at most is charged after a crash. */
export const HEARTBEAT_MS = 1000;
/**
 * Another instance is alive while its heartbeat is younger than this many periods, and at least
 * STALE_MS: a process busy starting (or collecting garbage) may miss a few beats, and one taken for
 * dead while it runs would have its clocks moved on under it. The price: when every instance dies
 * at once and one is back within that long, those seconds are charged.
 */
const STALE_BEATS = 5;
const STALE_MS = 10_000;

/**
 * At an instance's start, before anything reads a game: the clocks move on by the downtime, and a
 * heartbeat is written every `everyMs` from then on. `stop` writes the last one, marked stopped
 * (a clean stop: the next start knows when the site went down to the millisecond).
 */
export async function startHeartbeat(
  store: Heartbeats,
  settings: { readonly instance: string; readonly now: () => number; readonly everyMs?: number },
): Promise<{ readonly credited: number; stop(): Promise<void> }> {
  const everyMs = settings.everyMs ?? HEARTBEAT_MS;
  const credited = await store.resumeClocks(settings.instance, settings.now(), Math.max(STALE_BEATS * everyMs, STALE_MS));
  if (credited > 0)
    process.stderr.write(
      `hexarena: the site was down for ${Math.round(credited / 1000)} s: every running clock was paused for that long\n`,
    );
  let failing = false;
  const timer = setInterval(() => {
    store.beat(settings.instance, settings.now()).then(
      () => {
        failing = false;
      },
      (e: unknown) => {
        if (!failing) process.stderr.write(`hexarena: the heartbeat failed: ${e instanceof Error ? e.message : String(e)}\n`);
        failing = true;
      },
    );
  }, everyMs);
  timer.unref();
  return {
    credited,
    async stop() {
      clearInterval(timer);
      await store.beat(settings.instance, settings.now(), true).catch(() => undefined);
    },
  };
}
