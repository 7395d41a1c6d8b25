import type { Json } from '@hexarena/engines/engine/game.ts';
import type { GamesQuery, PlayedResult } from '../identity/store.ts';
import type { GameId, StoredGame } from './game.ts';
import { hydrate } from './game-rows.ts';
import type { SqlDb } from './sql.ts';

/** The games a player has played, and the finished games of a kind: players' pages, their records, puzzle mining. */
export interface ArchiveStore {
  /**
   * The account's games, newest first: at most `limit`, made before `before` when given, only those
   * still on when `live`.
   */
  gamesOf(accountId: string, query: GamesQuery): Promise<StoredGame[]>;
  /** Finished games of `game` (aborted ones left out), in id order after `after`, `limit` at a time: for mining puzzles. */
  finished(game: string, after: GameId | null, limit: number): Promise<StoredGame[]>;
  /** Every finished game of the account (not the aborted ones), as what its record says of that account's seat. */
  resultsOf(accountId: string): Promise<PlayedResult[]>;
}

export class ArchiveSql implements ArchiveStore {
  constructor(private readonly sql: SqlDb) {}

  gamesOf(accountId: string, query: GamesQuery): Promise<StoredGame[]> {
    return this.sql.read(async (db) => {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('id', 'in', db.selectFrom('seats').select('game_id').where('account_id', '=', accountId))
        .$if(query.before !== undefined, (q) => q.where('created_at', '<', query.before as number))
        .$if(query.live === true, (q) => q.where('termination', 'is', null))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .execute();
      return hydrate(db, rows);
    });
  }

  finished(game: string, after: GameId | null, limit: number): Promise<StoredGame[]> {
    return this.sql.read(async (db) => {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('game', '=', game)
        .where('termination', 'is not', null)
        .where('termination', '<>', 'aborted')
        .$if(after !== null, (q) => q.where('id', '>', after as string))
        .orderBy('id')
        .limit(limit)
        .execute();
      return hydrate(db, rows);
    });
  }

  async resultsOf(accountId: string): Promise<PlayedResult[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('seats as s')
        .innerJoin('games as g', 'g.id', 's.game_id')
        .select(['g.game', 's.seat', 'g.ended_result'])
        .where('s.account_id', '=', accountId)
        .where('g.termination', 'is not', null)
        .where('g.termination', '<>', 'aborted')
        .execute(),
    );
    return rows.map((r) => ({ game: r.game, seat: r.seat, result: JSON.parse(r.ended_result ?? 'null') as Json }));
  }
}
