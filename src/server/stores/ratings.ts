import { sql } from 'kysely';
import type { Db, SqlDb } from './sql.ts';

/** A player's rating in one kind of game (a game, or a game at a speed), as stored. */
export interface StoredRating {
  readonly perf: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  /** Rated games played in it. */
  readonly games: number;
  /** When it last changed. */
  readonly at: number;
}

/** A rating as a game's end (or a puzzle's try) leaves it. */
export interface NewRating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** A place on a leaderboard. */
export interface Ranked {
  readonly name: string;
  readonly kind: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
}

/** A point of a player's rating history: its rating after a rated game ended at `at`. */
export interface RatingPoint {
  readonly at: number;
  readonly rating: number;
  readonly gameId: string;
}

/** What the stores tell of players' ratings (a game's end writes them: the games concern). */
export interface RatingsStore {
  /** A player's ratings, one a kind of game. */
  of(accountId: string): Promise<StoredRating[]>;
  /** A player's rating under `perf` after each rated game, oldest first: the last `limit` points. */
  history(accountId: string, perf: string, limit: number): Promise<RatingPoint[]>;
  /**
   * The best established ratings under `perf` (deviation under `maxDeviation`), highest first, at
   * most `limit`: players' and bots', never a deleted account's.
   */
  leaderboard(perf: string, maxDeviation: number, limit: number): Promise<Ranked[]>;
  /** How many established ratings under `perf` are higher than `rating`. */
  ratedAbove(perf: string, maxDeviation: number, rating: number): Promise<number>;
}

/** The columns of a rating, as `storedRating` reads them. */
export const RATING_COLUMNS = ['perf', 'rating', 'deviation', 'volatility', 'games', 'at'] as const;

export const storedRating = (r: { perf: string; rating: number; deviation: number; volatility: number; games: number; at: number }) =>
  ({
    perf: r.perf,
    rating: Number(r.rating),
    deviation: Number(r.deviation),
    volatility: Number(r.volatility),
    games: Number(r.games),
    at: Number(r.at),
  }) satisfies StoredRating;

/** The established ratings under `perf` of players and bots, none banned (a deleted account is of another kind). */
const established = (db: Db, perf: string, maxDeviation: number) =>
  db
    .selectFrom('ratings as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .where('r.perf', '=', perf)
    .where('r.deviation', '<', maxDeviation)
    .where('a.kind', 'in', ['player', 'bot'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sanctions as s').select('s.kind').whereRef('s.account_id', '=', 'r.account_id').where('s.kind', '=', 'ban'))),
    );

export class RatingsSql implements RatingsStore {
  constructor(private readonly sql: SqlDb) {}

  async of(accountId: string): Promise<StoredRating[]> {
    const rows = await this.sql.read((db) =>
      db.selectFrom('ratings').select(RATING_COLUMNS).where('account_id', '=', accountId).orderBy('perf').execute(),
    );
    return rows.map(storedRating);
  }

  async history(accountId: string, perf: string, limit: number): Promise<RatingPoint[]> {
    // Points of one instant keep the order they were written in: each database's own row address says it.
    const written = sql<string>`${sql.raw(this.sql.dialect === 'postgres' ? 'ctid' : 'rowid')}`;
    const rows = await this.sql.read((db) =>
      db
        .selectFrom((sub) =>
          sub
            .selectFrom('rating_history')
            .select(['at', 'rating', 'game_id', written.as('n')])
            .where('account_id', '=', accountId)
            .where('perf', '=', perf)
            .orderBy('at', 'desc')
            .orderBy(written, 'desc')
            .limit(limit)
            .as('h'),
        )
        .select(['at', 'rating', 'game_id'])
        .orderBy('at')
        .orderBy('n')
        .execute(),
    );
    return rows.map((r) => ({ at: Number(r.at), rating: Number(r.rating), gameId: r.game_id }));
  }

  async leaderboard(perf: string, maxDeviation: number, limit: number): Promise<Ranked[]> {
    const rows = await this.sql.read((db) =>
      established(db, perf, maxDeviation)
        .select(['a.name', 'a.kind', 'r.rating', 'r.deviation', 'r.games'])
        .orderBy('r.rating', 'desc')
        .orderBy('a.name')
        .limit(limit)
        .execute(),
    );
    return rows.map((r) => ({
      name: r.name,
      kind: r.kind,
      rating: Number(r.rating),
      deviation: Number(r.deviation),
      games: Number(r.games),
    }));
  }

  async ratedAbove(perf: string, maxDeviation: number, rating: number): Promise<number> {
    const row = await this.sql.read((db) =>
      established(db, perf, maxDeviation)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('r.rating', '>', rating)
        .executeTakeFirst(),
    );
    return Number(row?.n ?? 0);
  }
}
