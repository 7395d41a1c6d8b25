import type { GameId } from './game.ts';
import type { Db, Dialect, SqlDb } from './sql.ts';

/**
 * The games database's positions (docs/social.md, migration 28): each finished game of a game the
 * opening explorer keys, under every position it reached in its first plies, as the explorer keys
 * them (src/explorer), so a search by position finds transpositions as the explorer does. A
 * position's games are one range of the table's key (variant, position, date, game), newest first.
 *
 * A search meets each of a position's games by its id alone (stores/games-db.ts): joined by the date
 * too, PostgreSQL took the pair of columns for a rare match and hashed every game to sort the
 * position's (47 ms for the start's first page at 100,000 games, against under 1 ms).
 */

/**
 * A finished game's positions as the explorer keys them (src/explorer): under its variant, each
 * position of its first plies (OPENING_PLIES), the one it ended in among them, each once.
 */
export interface GamePositions {
  readonly variant: string;
  readonly keys: readonly string[];
}

/** A finished game waiting for its positions to be indexed, as `positionsWaiting` names it. */
export interface WaitingGame {
  readonly id: GameId;
  readonly createdAt: number;
}

/** A game's positions as `addPositions` takes them (null: none to index). */
export interface PositionsOf {
  readonly id: GameId;
  readonly createdAt: number;
  readonly positions: GamePositions | null;
}

/**
 * Migration 28 of both stores: the positions each finished game reached in its first plies, as the
 * explorer keys them, each game under each of its positions in date order (a page of the newest
 * games in a position is one range of the key). Games finished before are indexed by the server's
 * start (server/games-positions.ts), resumably, from the place kept in `site`.
 */
export const gamesPositionsMigration = (dialect: Dialect): string => `CREATE TABLE game_index_positions (
     variant TEXT NOT NULL,
     position TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     game_id TEXT NOT NULL,
     PRIMARY KEY (variant, position, created_at, game_id)
   )${dialect === 'sqlite' ? ' WITHOUT ROWID' : ''};
   INSERT INTO site VALUES ('games-positions-backfill', '');`;

/** A game's positions under its date, each once, inside the caller's write (kept once if written twice). */
export async function insertPositions(trx: Db, id: GameId, createdAt: number, positions: GamePositions): Promise<void> {
  const keys = [...new Set(positions.keys)].sort();
  if (keys.length === 0) return;
  await trx
    .insertInto('game_index_positions')
    .values(keys.map((position) => ({ variant: positions.variant, position, created_at: createdAt, game_id: id })))
    .onConflict((c) => c.columns(['variant', 'position', 'created_at', 'game_id']).doNothing())
    .execute();
}

/** GamesDbStore.positionsWaiting, on either store. */
export function positionsWaiting(sql: SqlDb, games: readonly string[], batch: number): Promise<WaitingGame[]> {
  if (games.length === 0) return Promise.resolve([]);
  return sql.read(async (db) => {
    const cursor = await db.selectFrom('site').select('value').where('name', '=', 'games-positions-backfill').executeTakeFirst();
    if (!cursor || cursor.value === 'done') return [];
    const [atText, id] = cursor.value === '' ? ['-1', ''] : (cursor.value.split('/') as [string, string]);
    const from = Number(atText);
    const rows = await db
      .selectFrom('games')
      .select(['id', 'created_at'])
      .where('termination', 'is not', null)
      .where('termination', '!=', 'aborted')
      .where('game', 'in', [...games])
      .where((e) => e.or([e('created_at', '>', from), e.and([e('created_at', '=', from), e('id', '>', id)])]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(batch)
      .execute();
    return rows.map((r) => ({ id: r.id, createdAt: Number(r.created_at) }));
  });
}

/** GamesDbStore.addPositions, on either store. */
export function addPositions(sql: SqlDb, games: readonly PositionsOf[], done: boolean): Promise<void> {
  return sql.write(async (trx) => {
    for (const g of games) if (g.positions) await insertPositions(trx, g.id, g.createdAt, g.positions);
    const last = games[games.length - 1];
    const place = done ? 'done' : last ? `${last.createdAt}/${last.id}` : null;
    if (place !== null) await trx.updateTable('site').set({ value: place }).where('name', '=', 'games-positions-backfill').execute();
  });
}

/**
 * Migration 33: on PostgreSQL, the games database's tables vacuumed as they grow. They only take
 * inserts, which autovacuum visits once a fifth of a table is new: until then the newest games'
 * pages are not marked all-visible, so a search reads the table behind each index entry and the
 * planner turns from merging two indexes (a player's and a position's, 4–30 ms at a million games) to
 * reading all of a player's rows (180 ms; docs/social.md). SQLite has no such thing: a no-op there.
 */
export const gamesDbVacuumMigration = (dialect: Dialect): string =>
  dialect === 'postgres'
    ? ['game_index', 'game_index_players', 'game_index_positions']
        .map((table) => `ALTER TABLE ${table} SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.01);`)
        .join('\n')
    : 'SELECT 1;';
