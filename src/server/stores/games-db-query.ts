import type { FoundGame } from '@hexarena/engines/protocol/games-db.ts';
import { sql } from 'kysely';
import type { GameId } from './game.ts';
import type { PlayerOutcome } from './player-record.ts';
import type { GameIndexTable } from './schema.ts';

/** The games database's questions (games-db.ts), and the parts of the one query that answers them. */

/** Openings of this many moves or fewer are shared by many games: searched in date order, not through their index. */
export const SHARED_PREFIX = 2;

/** What the games database is asked: every field narrows it; none is everything, newest first. */
export interface GamesQuery {
  /** Accounts who played in the game (one or two): all of them. */
  readonly players?: readonly string[];
  /** How it came out for the first of `players`. */
  readonly outcome?: PlayerOutcome;
  readonly game?: string;
  /** `win` (someone won) or `draw`, whoever played. */
  readonly result?: 'win' | 'draw';
  readonly termination?: string;
  readonly rated?: boolean;
  /** A speed of ratings/perf.ts, or `unlimited` (no clock). */
  readonly speed?: string;
  /** Made at or after / before, in milliseconds. */
  readonly from?: number;
  readonly to?: number;
  /** The players' mean rating before the game (rated games only), inclusive. */
  readonly minRating?: number;
  readonly maxRating?: number;
  /**
   * The first moves, as the game's notation writes them, in order. Within one variant (Hive with or
   * without its expansions) with `position` the position they reach under the variant's key: every
   * game of the variant that began with them reached it, and no game of another variant did.
   */
  readonly opening?: readonly string[];
  /**
   * A position the game reached in its first plies, in any order of moves: the explorer's key of it
   * under its variant (src/explorer), so transpositions meet as they do in the explorer.
   */
  readonly position?: { readonly variant: string; readonly key: string };
  /** The page goes on after this game (the last one of the page before). */
  readonly after?: { readonly createdAt: number; readonly id: GameId };
  readonly limit: number;
}

/**
 * First moves within a variant (a position with an opening): the opening leads, as without the
 * variant, and each game found is checked for the position by the whole key of its row. Led by the
 * position's games instead, a rare opening read every game of the position (SQLite, 130 ms at a
 * million games), and PostgreSQL hashed every game for a common one (200 ms). The check is a
 * subquery with a LIMIT, which PostgreSQL runs per game as written: as EXISTS it made it a join and
 * hashed the position's games for a common opening (850 ms).
 */
export const reachedPosition = (position: { readonly variant: string; readonly key: string }) =>
  sql<boolean>`(select w.game_id from game_index_positions w where w.variant = ${position.variant} and w.position = ${position.key} and w.created_at = g.created_at and w.game_id = g.game_id limit 1) is not null`;

/** A game found, as the search answers it: its row, and the name each seat was played under. */
export function foundGame(r: GameIndexTable, names: readonly (string | null | undefined)[]): FoundGame {
  return {
    players: Array.from(names, (n) => n ?? null),
    id: r.game_id,
    game: r.game,
    createdAt: Number(r.created_at),
    speed: r.speed,
    rated: Boolean(r.rated),
    termination: r.termination,
    winner: r.winner,
    draw: Boolean(r.draw),
    rating: r.rating,
    opening: r.opening === '' ? [] : r.opening.split(' '),
  };
}

export type Upper = { readonly createdAt: number; readonly id: string };

/**
 * Where a search's games end, newest first excluded: before the end date (every game of that
 * millisecond excluded, as no id is below '') or after the page's last game, whichever is lower. One
 * bound, compared as a row value (date, id), is a range of the index as it is ordered: with two bounds
 * on the date SQLite read every game of a position and sorted them (30 ms for its fifth page at
 * 100,000 games), and an OR of two ranges it read both and sorted them too.
 */
export function upperBound(to: number | undefined, after: Upper | undefined): Upper | undefined {
  const end = to === undefined ? undefined : { createdAt: to, id: '' };
  if (end === undefined || after === undefined) return end ?? after;
  return after.createdAt < end.createdAt || (after.createdAt === end.createdAt && after.id < end.id) ? after : end;
}

type Column = 'g.game' | 'g.draw' | 'g.winner' | 'g.termination' | 'g.rated' | 'g.speed' | 'g.rating';

/** The query's conditions on the game's own columns, each a comparison. */
export function plainFilters(q: GamesQuery): [Column, '=' | '>=' | '<=' | 'is not', string | number | null][] {
  const filters: [Column, '=' | '>=' | '<=' | 'is not', string | number | null][] = [];
  if (q.game !== undefined) filters.push(['g.game', '=', q.game]);
  if (q.result === 'draw') filters.push(['g.draw', '=', 1]);
  if (q.result === 'win') filters.push(['g.winner', 'is not', null]);
  if (q.termination !== undefined) filters.push(['g.termination', '=', q.termination]);
  if (q.rated !== undefined) filters.push(['g.rated', '=', q.rated ? 1 : 0]);
  if (q.speed !== undefined) filters.push(['g.speed', '=', q.speed]);
  if (q.minRating !== undefined) filters.push(['g.rating', '>=', q.minRating]);
  if (q.maxRating !== undefined) filters.push(['g.rating', '<=', q.maxRating]);
  return filters;
}
