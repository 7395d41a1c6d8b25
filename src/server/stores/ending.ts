import type { Json } from '@hexarena/engines/engine/game.ts';
import { NEW_PLAYER } from '@hexarena/engines/ratings/glicko2.ts';
import type { OpeningLine } from './explorer.ts';
import { addOpening } from './explorer.ts';
import type { Berserk, GameId } from './game.ts';
import { type EndedRow, endedColumns, type GamePositions, indexEnded } from './games-db.ts';
import type { NewRating, StoredRating } from './ratings.ts';
import { type CompiledOnce, compiledOnce, type Db, type Dialect, type SqlDb } from './sql.ts';

/**
 * A rated game's new ratings, worked out before the end is written (ratings/game-end.ts, a pure
 * function of the ratings read) and written with it — only while every player's rating is still the
 * one read (`before`; null: none yet), checked in the write as a move's ply is: else the end is not
 * written and says `ratings-changed` (another game of theirs ended first: read them again).
 */
export interface RatingChange {
  readonly perf: string;
  readonly at: number;
  readonly seats: readonly {
    readonly account: string;
    readonly before: StoredRating | null;
    readonly after: NewRating;
  }[];
  /** What the game shows: each new rating less the old, in whole points. */
  readonly diffs: readonly number[];
}

/** How a game ends, as the room decided it. */
export interface GameEnding {
  readonly result: Json;
  readonly termination: string;
  /** The moves it ends after: first ending wins, and none decided on a position that is gone. */
  readonly plies: number;
  /** When given, the ending holds only after exactly that many departures. */
  readonly departed?: number;
  /** When given, the ending holds only after exactly that many takebacks. */
  readonly undone?: number;
  /** When given, the ending holds only with exactly these berserk marks (an arena's game). */
  readonly berserked?: readonly Berserk[];
  /** A rated game's ratings, written with its end. */
  readonly ratings?: RatingChange;
  /**
   * The opening explorer's line, counted in the write that ends the game (null: the game is not
   * counted, and is marked as looked at); without one, the game waits for `explore`.
   */
  readonly opening?: OpeningLine | null;
  /**
   * The positions of its first plies as the explorer keys them, for the games database's search by
   * position (null or left out: a game the explorer does not key).
   */
  readonly positions?: GamePositions | null;
}

/** A rated end not written because a player's rating changed since it was read. */
export const RATINGS_CHANGED = 'ratings-changed';

/** Thrown inside an ending's write to undo all of it: a player's rating is not the one read. */
class RatingsChanged extends Error {}

/** A game's end: the ending, its players' ratings and its opening's count, in one write. */
export interface EndingStore {
  /**
   * Ends the game as `ending` says; false when it had already ended or has changed since (the ending
   * was decided on a position that is gone), `ratings-changed` when a rated end found a player's
   * rating no longer the one it was worked out from (nothing written).
   */
  end(id: GameId, ending: GameEnding): Promise<boolean | typeof RATINGS_CHANGED>;
}

type Ended = {
  readonly id: GameId;
  readonly result: string;
  readonly termination: string;
  /** 1: the explorer has looked at it with this end (its opening counted, or not to be); 0: `explore` will. */
  readonly explored: number;
  readonly ratingDiffs: string | null;
  readonly plies: number;
  readonly departed: number | null;
  readonly undone: number | null;
  readonly berserk: string | null;
};

/**
 * A game's end, at the move count (and departures, takebacks) it was decided at, with the explorer's
 * mark and a rated game's differences in the same statement (a game still on has neither): returns
 * the row as the games database keeps it, so the end need not read it again. Compiled once a shape.
 */
const end = (dialect: Dialect, checksDeparted: boolean, checksUndone: boolean, checksBerserk: boolean) =>
  compiledOnce((db, v: Ended) =>
    db
      .updateTable('games')
      .set({ ended_result: v.result, termination: v.termination, explored: v.explored, rating_diffs: v.ratingDiffs })
      .set({ deadline: null, due: null, lease_owner: null, lease_until: null, offer: null })
      .where('id', '=', v.id)
      .where('termination', 'is', null)
      .where('plies', '=', v.plies)
      .$if(checksDeparted, (q) => q.where('departed', '=', v.departed as number))
      .$if(checksUndone, (q) => q.where('undone', '=', v.undone as number))
      .$if(checksBerserk, (q) => q.where('berserk', '=', v.berserk as string))
      .returning(endedColumns(dialect)),
  );
const ends = new Map<string, CompiledOnce<Ended>>();
/** The statement of an end, by what it checks besides the move count: one each, compiled once. */
function endOf(dialect: Dialect, checksDeparted: boolean, checksUndone: boolean, checksBerserk: boolean): CompiledOnce<Ended> {
  const shape = `${dialect}/${checksDeparted}/${checksUndone}/${checksBerserk}`;
  let made = ends.get(shape);
  if (!made) {
    made = end(dialect, checksDeparted, checksUndone, checksBerserk);
    ends.set(shape, made);
  }
  return made;
}

/** EndingStore.end, written once: the games concern (stores/games.ts) ends its games by it. */
export async function endGame(sql: SqlDb, id: GameId, ending: GameEnding): Promise<boolean | typeof RATINGS_CHANGED> {
  try {
    return await sql.write(async (trx) => {
      const { departed, undone, berserked } = ending;
      const ended = await endOf(
        sql.dialect,
        departed !== undefined,
        undone !== undefined,
        berserked !== undefined,
      )(trx, {
        id,
        result: JSON.stringify(ending.result),
        termination: ending.termination,
        plies: ending.plies,
        departed: departed ?? null,
        undone: undone ?? null,
        berserk: berserked ? JSON.stringify(berserked) : null,
        explored: ending.opening === undefined ? 0 : 1,
        ratingDiffs: ending.ratings ? JSON.stringify(ending.ratings.diffs) : null,
      });
      const row = ended.rows[0] as EndedRow | undefined;
      if (!row) return false;
      if (ending.ratings) await rate(trx, id, ending.ratings);
      if (ending.opening) await addOpening(trx, ending.opening);
      // The games database has the game from the moment it ends.
      await indexEnded(
        trx,
        id,
        ending.ratings ? ending.ratings.seats.map((s) => s.before?.rating ?? NEW_PLAYER.rating) : null,
        ending.positions ?? null,
        row,
      );
      return true;
    });
  } catch (e) {
    if (e instanceof RatingsChanged) return RATINGS_CHANGED;
    throw e;
  }
}

/**
 * The players' new ratings and their history, each written only over the rating it was worked out
 * from (as a move only at its ply): a game of theirs that ended since makes this one read them again.
 * In the accounts' order, whatever the seats', so two games of the same players never wait on each other.
 */
async function rate(trx: Db, id: GameId, change: RatingChange): Promise<void> {
  const { perf, at } = change;
  const seats = [...change.seats].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  for (const { account, before, after } of seats) {
    const { rating, deviation, volatility } = after;
    const written = before
      ? await trx
          .updateTable('ratings')
          .set((e) => ({ rating, deviation, volatility, at, games: e('games', '+', 1) }))
          .where('account_id', '=', account)
          .where('perf', '=', perf)
          .where('games', '=', before.games)
          .where('at', '=', before.at)
          .where('rating', '=', before.rating)
          .executeTakeFirst()
          .then((r) => Number(r.numUpdatedRows))
      : await trx
          .insertInto('ratings')
          .values({ account_id: account, perf, rating, deviation, volatility, games: 1, at })
          .onConflict((c) => c.columns(['account_id', 'perf']).doNothing())
          .executeTakeFirst()
          .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0));
    if (written !== 1) throw new RatingsChanged();
    const delta = rating - (before?.rating ?? NEW_PLAYER.rating);
    await trx.insertInto('rating_history').values({ account_id: account, perf, at, rating, game_id: id, delta }).execute();
  }
}
