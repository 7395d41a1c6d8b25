import type { Json } from '@hexarena/engines/engine/game.ts';
import type { GameId } from './game.ts';
import type { SqlDb } from './sql.ts';

/** A review as it is asked for: whose request (a keyed hash or an account), when, and how many positions. */
export interface ReviewRequestRow {
  readonly gameId: GameId;
  readonly requester: string;
  readonly requestedAt: number;
  /** Positions to judge: the game's moves and one. */
  readonly total: number;
}

/** A computer review as the store keeps it: asked for, judged position by position, then done. */
export interface StoredReview extends ReviewRequestRow {
  /** The positions judged so far, in order. */
  readonly evaluations: readonly Json[];
  /** The finished review, or null while it is under way. */
  readonly review: Json | null;
}

/** Finished games' computer reviews, kept with the game: asked for once, judged position by position, then done for good. */
export interface ReviewsStore {
  /**
   * Asks for the computer review of a game: stored unless one is already (asked once, whoever asks
   * again gets the first). Resolves to the review as stored now, the first request's or this one.
   */
  request(request: ReviewRequestRow): Promise<StoredReview>;
  /** The review of a game, done or under way, or null when none was asked for. */
  read(gameId: GameId): Promise<StoredReview | null>;
  /** The positions of an unfinished review judged so far (all of them, in order); false once it is done. */
  progress(gameId: GameId, evaluations: readonly Json[]): Promise<boolean>;
  /** The review is done: kept with the game for good. False when it was done already. */
  finish(gameId: GameId, review: Json): Promise<boolean>;
  /** Reviews asked for and not done, longest waiting first, at most `limit` (taken up again after a restart). */
  unfinished(limit: number): Promise<StoredReview[]>;
  /** How many reviews `requester` has asked for since `since`. */
  requestedBy(requester: string, since: number): Promise<number>;
}

const reviewFromRow = (r: {
  game_id: string;
  requester: string;
  requested_at: number;
  total: number;
  evaluations: string;
  review: string | null;
}): StoredReview => ({
  gameId: r.game_id,
  requester: r.requester,
  requestedAt: Number(r.requested_at),
  total: Number(r.total),
  evaluations: JSON.parse(r.evaluations) as Json[],
  review: r.review === null ? null : (JSON.parse(r.review) as Json),
});

export class ReviewsSql implements ReviewsStore {
  constructor(private readonly sql: SqlDb) {}

  request(request: ReviewRequestRow): Promise<StoredReview> {
    return this.sql.write(async (trx) => {
      const { gameId, requester, requestedAt, total } = request;
      await trx
        .insertInto('reviews')
        .values({ game_id: gameId, requester, requested_at: requestedAt, total })
        .onConflict((oc) => oc.column('game_id').doNothing())
        .execute();
      return reviewFromRow(await trx.selectFrom('reviews').selectAll().where('game_id', '=', gameId).executeTakeFirstOrThrow());
    });
  }

  async read(gameId: GameId): Promise<StoredReview | null> {
    const row = await this.sql.read((db) => db.selectFrom('reviews').selectAll().where('game_id', '=', gameId).executeTakeFirst());
    return row ? reviewFromRow(row) : null;
  }

  /** Changes an unfinished review: false when it is done (or was never asked for). */
  private change(gameId: GameId, change: { evaluations: string } | { review: string }): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const changed = await trx
        .updateTable('reviews')
        .set(change)
        .where('game_id', '=', gameId)
        .where('review', 'is', null)
        .executeTakeFirst();
      return changed.numUpdatedRows === 1n;
    });
  }

  progress(gameId: GameId, evaluations: readonly Json[]): Promise<boolean> {
    return this.change(gameId, { evaluations: JSON.stringify(evaluations) });
  }

  finish(gameId: GameId, review: Json): Promise<boolean> {
    return this.change(gameId, { review: JSON.stringify(review) });
  }

  async unfinished(limit: number): Promise<StoredReview[]> {
    const rows = await this.sql.read((db) =>
      db.selectFrom('reviews').selectAll().where('review', 'is', null).orderBy('requested_at').orderBy('game_id').limit(limit).execute(),
    );
    return rows.map(reviewFromRow);
  }

  async requestedBy(requester: string, since: number): Promise<number> {
    const row = await this.sql.read((db) =>
      db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('requester', '=', requester)
        .where('requested_at', '>=', since)
        .executeTakeFirst(),
    );
    return Number(row?.n ?? 0);
  }
}
