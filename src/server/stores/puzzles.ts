import { type PuzzleRatingSettings, rateFirstTry } from '@hexarena/engines/ratings/puzzle-rating.ts';
import type { NewRating, StoredRating } from './ratings.ts';
import type { SqlDb } from './sql.ts';

/** A puzzle's own rating, as tries move it. */
export interface StoredPuzzleRating extends NewRating {
  readonly id: string;
  /** Rated tries at it. */
  readonly plays: number;
}

/**
 * A try at a puzzle as it is written: who, which, and how it went; a first try is rated by
 * `rateFirstTry` (packages/engines/src/ratings/puzzle-rating.ts) under `settings` (lichess's by default).
 */
export interface PuzzleRoundRow {
  readonly account: string;
  readonly game: string;
  readonly puzzle: string;
  readonly win: boolean;
  readonly at: number;
  readonly settings?: PuzzleRatingSettings;
}

/** A first try's ratings: the player's before (null: none yet) and after, and the puzzle's after. */
export interface PuzzleRoundResult {
  readonly before: NewRating | null;
  readonly player: NewRating;
  readonly puzzle: NewRating;
}

/** Puzzle ratings (docs/puzzles.md): each player's per game, each puzzle's, and who tried what. */
export interface PuzzlesStore {
  /**
   * A player's try at a puzzle: the first is rated (both ratings worked out from the stored ones inside
   * the write, as a rated game's are), a later one only counted. Null when it was not the first.
   */
  round(round: PuzzleRoundRow): Promise<PuzzleRoundResult | null>;
  /** A player's puzzle rating in a game (null: none yet), and the puzzles they have tried there. */
  standing(account: string, game: string): Promise<{ readonly rating: StoredRating | null; readonly tried: string[] }>;
  /** The ratings of a game's puzzles that have been tried (the others are new: NEW_PUZZLE). */
  ratings(game: string): Promise<StoredPuzzleRating[]>;
}

const GLICKO = ['rating', 'deviation', 'volatility'] as const;

const glicko = (row: { rating: number; deviation: number; volatility: number }): NewRating => ({
  rating: Number(row.rating),
  deviation: Number(row.deviation),
  volatility: Number(row.volatility),
});

export class PuzzlesSql implements PuzzlesStore {
  constructor(private readonly sql: SqlDb) {}

  round(round: PuzzleRoundRow): Promise<PuzzleRoundResult | null> {
    const { account, game, puzzle, win, at } = round;
    // Rows locked on PostgreSQL, so two first tries of one player, or at one puzzle, are rated one after
    // the other (SQLite's writes are one at a time already).
    const locking = this.sql.dialect === 'postgres';
    return this.sql.write(async (trx) => {
      const tried = await trx
        .insertInto('puzzle_rounds')
        .values({ account_id: account, puzzle, game, win: win ? 1 : 0, at })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (tried.numInsertedOrUpdatedRows !== 1n) return null;
      const player = await trx
        .selectFrom('puzzle_players')
        .select(GLICKO)
        .where('account_id', '=', account)
        .where('game', '=', game)
        .$if(locking, (q) => q.forUpdate())
        .executeTakeFirst();
      const rated = await trx
        .selectFrom('puzzle_ratings')
        .select(GLICKO)
        .where('puzzle', '=', puzzle)
        .$if(locking, (q) => q.forUpdate())
        .executeTakeFirst();
      const before = player ? glicko(player) : null;
      const after = rateFirstTry(before, rated ? glicko(rated) : null, win, round.settings);
      await trx
        .insertInto('puzzle_players')
        .values({ account_id: account, game, ...after.player, rounds: 1, at })
        .onConflict((oc) =>
          oc.columns(['account_id', 'game']).doUpdateSet((eb) => ({
            rating: eb.ref('excluded.rating'),
            deviation: eb.ref('excluded.deviation'),
            volatility: eb.ref('excluded.volatility'),
            rounds: eb('puzzle_players.rounds', '+', 1),
            at: eb.ref('excluded.at'),
          })),
        )
        .execute();
      await trx
        .insertInto('puzzle_ratings')
        .values({ puzzle, game, ...after.puzzle, plays: 1 })
        .onConflict((oc) =>
          oc.column('puzzle').doUpdateSet((eb) => ({
            rating: eb.ref('excluded.rating'),
            deviation: eb.ref('excluded.deviation'),
            volatility: eb.ref('excluded.volatility'),
            plays: eb('puzzle_ratings.plays', '+', 1),
          })),
        )
        .execute();
      return { before, player: glicko(after.player), puzzle: glicko(after.puzzle) };
    });
  }

  standing(account: string, game: string): Promise<{ rating: StoredRating | null; tried: string[] }> {
    return this.sql.read(async (db) => {
      const row = await db
        .selectFrom('puzzle_players')
        .select([...GLICKO, 'rounds', 'at'])
        .where('account_id', '=', account)
        .where('game', '=', game)
        .executeTakeFirst();
      const tried = await db
        .selectFrom('puzzle_rounds')
        .select('puzzle')
        .where('account_id', '=', account)
        .where('game', '=', game)
        .execute();
      return {
        rating: row ? { perf: `puzzle-${game}`, ...glicko(row), games: Number(row.rounds), at: Number(row.at) } : null,
        tried: tried.map((t) => t.puzzle),
      };
    });
  }

  async ratings(game: string): Promise<StoredPuzzleRating[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('puzzle_ratings')
        .select(['puzzle', ...GLICKO, 'plays'])
        .where('game', '=', game)
        .execute(),
    );
    return rows.map((r) => ({ id: r.puzzle, ...glicko(r), plays: Number(r.plays) }));
  }
}
