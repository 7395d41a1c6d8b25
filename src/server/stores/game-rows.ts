import type { Json } from '@hexarena/engines/engine/game.ts';
import type { Berserk, NewGame, Offer, StoredGame } from './game.ts';
import type { Db } from './sql.ts';

/**
 * Games as read back from their rows: the game's own row, its moves, its claimed seats and its
 * departures. Shared by every concern that returns whole games (the games themselves, the archive,
 * the lobby): many games hydrated in four queries, not three a game.
 */

/** A game's row as both stores keep it (JSON in text columns; PostgreSQL gives big integers as text). */
export interface GameRow {
  readonly id: string;
  readonly game: string;
  readonly options: string;
  readonly seed: string;
  readonly seats: string;
  readonly clock: string | null;
  readonly created_at: number | string;
  readonly ended_result: string | null;
  readonly termination: string | null;
  readonly deadline: number | string | null;
  readonly due: number | string | null;
  readonly creator?: string | null;
  readonly rules_version?: number | string | null;
  readonly offer?: string | null;
  readonly undone?: number | string | null;
  readonly undone_at?: number | string | null;
  readonly rated?: number | boolean | null;
  readonly rating_diffs?: string | null;
  readonly rating_range?: string | null;
  readonly paused_at?: number | string | null;
  readonly paused_ms?: number | string | null;
  readonly berserk?: string | null;
}

/** A stored game from its row, its moves in ply order, its claimed seats and its departures in order. */
export function gameFromRows(
  row: GameRow,
  moves: readonly { ply: number; move: string; at: number | string; client_id?: string | null }[],
  claimed: readonly { seat: number; token_hash: string; name: string | null; account_id?: string | null }[],
  departures: readonly { seat: number; plies: number; at: number | string; termination: string }[],
): StoredGame {
  const seats = JSON.parse(row.seats) as string[];
  const seatTokens: (string | null)[] = seats.map(() => null);
  const seatNames: (string | null)[] = seats.map(() => null);
  const seatAccounts: (string | null)[] = seats.map(() => null);
  for (const c of claimed) {
    seatTokens[c.seat] = c.token_hash;
    seatNames[c.seat] = c.name;
    seatAccounts[c.seat] = c.account_id ?? null;
  }
  return {
    id: row.id,
    game: row.game,
    options: JSON.parse(row.options) as Json,
    seed: row.seed,
    seats,
    clock: row.clock ? (JSON.parse(row.clock) as NewGame['clock']) : null,
    createdAt: Number(row.created_at),
    moves: moves.map((m) => ({ ply: m.ply, move: m.move, at: Number(m.at), ...(m.client_id ? { clientId: m.client_id } : {}) })),
    departures: departures.map((d) => ({ seat: d.seat, plies: d.plies, at: Number(d.at), termination: d.termination })),
    ending: row.termination === null ? null : { result: JSON.parse(row.ended_result ?? 'null') as Json, termination: row.termination },
    seatTokens,
    seatNames,
    seatAccounts,
    deadline: row.deadline === null ? null : Number(row.deadline),
    due: row.due === null ? null : Number(row.due),
    creator: row.creator ?? null,
    ...(row.rules_version === null || row.rules_version === undefined ? {} : { rulesVersion: Number(row.rules_version) }),
    offer: row.offer ? (JSON.parse(row.offer) as Offer) : null,
    undone: Number(row.undone ?? 0),
    undoneAt: Number(row.undone_at ?? 0),
    ...(row.rated ? { rated: true } : {}),
    ratingDiffs: row.rating_diffs ? (JSON.parse(row.rating_diffs) as number[]) : null,
    ...(row.rating_range ? { ratingRange: JSON.parse(row.rating_range) as { min: number; max: number } } : {}),
    ...(row.paused_at === null || row.paused_at === undefined
      ? {}
      : { paused: { at: Number(row.paused_at), ms: Number(row.paused_ms ?? 0) } }),
    ...(row.berserk ? { berserk: JSON.parse(row.berserk) as Berserk[] } : {}),
  };
}

/** Games read whole from their rows, in the rows' order: their moves, seats and departures in one query each. */
export async function hydrate(db: Db, rows: readonly GameRow[]): Promise<StoredGame[]> {
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

/** Rows grouped by their game, each group in the order read. */
function byGame<R extends { readonly game_id: string }>(rows: readonly R[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const group = groups.get(row.game_id);
    if (group) group.push(row);
    else groups.set(row.game_id, [row]);
  }
  return groups;
}
