import type { Selectable } from 'kysely';
import { gameFromRows, type StoredGame } from '../store.ts';
import type { GamesTable } from './schema.ts';
import type { Db } from './sql.ts';

/** A game's row as read with `selectAll()`. */
export type GameRecord = Selectable<GamesTable>;

/** Rows of `all` by their game, in the order read. */
function byGame<R extends { readonly game_id: string }>(all: readonly R[]): Map<string, R[]> {
  const of = new Map<string, R[]>();
  for (const r of all) {
    const rows = of.get(r.game_id);
    if (rows) rows.push(r);
    else of.set(r.game_id, [r]);
  }
  return of;
}

/** The stored games of `rows`: their moves, claimed seats and departures read in three queries, not three a game. */
export async function hydrate(db: Db, rows: readonly GameRecord[]): Promise<StoredGame[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [moves, seats, departures] = await Promise.all([
    db
      .selectFrom('moves')
      .select(['game_id', 'ply', 'move', 'at', 'client_id'])
      .where('game_id', 'in', ids)
      .orderBy('game_id')
      .orderBy('ply')
      .execute(),
    db.selectFrom('seats').select(['game_id', 'seat', 'token_hash', 'name', 'account_id']).where('game_id', 'in', ids).execute(),
    db
      .selectFrom('departures')
      .select(['game_id', 'seat', 'plies', 'at', 'termination'])
      .where('game_id', 'in', ids)
      .orderBy('game_id')
      .orderBy('n')
      .execute(),
  ]);
  const [movesOf, seatsOf, departuresOf] = [byGame(moves), byGame(seats), byGame(departures)];
  return rows.map((row) => gameFromRows(row, movesOf.get(row.id) ?? [], seatsOf.get(row.id) ?? [], departuresOf.get(row.id) ?? []));
}
