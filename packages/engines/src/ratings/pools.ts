import type { Json } from '../engine/game.ts';
import { perfOf, type Timing } from './perf.ts';

/**
 * The pools of quick pairing: a game at a fixed time control, joined with one click and paired by
 * rating. Few on purpose, as lichess keeps its pools few: players spread over many pools find nobody.
 */
export interface Pool {
  /** As paths and messages name it: "hive-5+3". */
  readonly id: string;
  readonly game: string;
  readonly clock: Timing;
  /** Players a game takes: two, or a free-for-all's table. */
  readonly players: number;
  /** The game's options, where they are not its defaults. */
  readonly options?: Json;
}

const MIN = 60_000;
const DAY = 86_400_000;

const timed = (game: string, minutes: number, seconds: number, players = 2, options?: Json): Pool => ({
  id: `${game}-${minutes}+${seconds}${players > 2 ? `-${players}p` : ''}`,
  game,
  clock: { initialMs: minutes * MIN, incrementMs: seconds * 1000 },
  players,
  ...(options === undefined ? {} : { options }),
});

export const POOLS: readonly Pool[] = [
  // Bullet for Hive, as hivegame.com's quick games and lichess's 1+0 and 2+1.
  timed('hive', 1, 0),
  timed('hive', 2, 1),
  timed('hive', 3, 2),
  timed('hive', 5, 3),
  timed('hive', 10, 5),
  timed('hive', 15, 10),
  timed('nonaga', 3, 2),
  timed('nonaga', 5, 3),
  timed('hex', 5, 3),
  timed('hex', 10, 5),
  timed('dicewars', 5, 3, 4, { players: 4 }),
  { id: 'hive-3d', game: 'hive', clock: { initialMs: 3 * DAY, incrementMs: 0, perMove: true }, players: 2 },
];

export const poolOf = (id: string): Pool | undefined => POOLS.find((p) => p.id === id);

/**
 * The pool that pairs games like this one (game, clock, seats): where "New opponent" leads after a
 * rated game. None for a game without a clock or at a time control no pool has.
 */
export function poolFor(game: string, clock: Timing | null | undefined, players: number): Pool | undefined {
  if (!clock) return undefined;
  return POOLS.find(
    (p) =>
      p.game === game &&
      p.players === players &&
      p.clock.initialMs === clock.initialMs &&
      p.clock.incrementMs === clock.incrementMs &&
      Boolean(p.clock.perMove) === Boolean(clock.perMove),
  );
}

/** The rating a pool pairs by. */
export const poolPerf = (pool: Pool): string => perfOf(pool.game, pool.clock);

/** The time control as players say it: "5+3", "3 days". */
export function poolClock(pool: Pool): string {
  const { clock } = pool;
  if (clock.perMove) return `${Math.round(clock.initialMs / DAY)} days`;
  return `${clock.initialMs / MIN}+${clock.incrementMs / 1000}`;
}
