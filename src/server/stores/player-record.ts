import { sql as raw } from 'kysely';
import type { GameId } from './game.ts';
import type { SqlDb } from './sql.ts';

/**
 * A player's record as the games database gives it (docs/social.md): how their latest games came
 * out for them, read from their own rows of the database in date order, and their best wins among those.
 */

/** How a game came out for one player. */
export type PlayerOutcome = 'win' | 'draw' | 'loss';

/** A win of a player's over a rated opponent, as a profile's best wins list it. */
export interface BestWin {
  readonly id: GameId;
  readonly game: string;
  readonly createdAt: number;
  /** The name the opponent played under. */
  readonly opponent: string | null;
  /** The opponent's rating before the game. */
  readonly rating: number;
}

/** What a profile shows of a player's record: their latest outcomes, and their best wins among those games. */
export interface PlayerRecord {
  /** How each of their latest games came out for them, newest first (null: no single result, as a free-for-all's). */
  readonly outcomes: readonly (PlayerOutcome | null)[];
  /** Their wins in rated games among those, the opponent rated highest before the game first. */
  readonly bestWins: readonly BestWin[];
}

/** GamesDbStore.record, on either store: the player's own rows in date order, then their rated wins among them. */
export async function playerRecord(sql: SqlDb, account: string, window: number, best: number): Promise<PlayerRecord> {
  const rows = await sql.read((db) =>
    db
      .selectFrom('game_index_players')
      .select(['outcome', 'created_at'])
      .where('account_id', '=', account)
      .orderBy('created_at', 'desc')
      .orderBy('game_id', 'desc')
      .limit(window)
      .execute(),
  );
  const oldest = rows[rows.length - 1];
  if (!oldest) return { outcomes: [], bestWins: [] };
  // Each rated win's opponent, and their rating before it: their history's point for the game, less its change.
  const wins = await sql.read((db) =>
    db
      .selectFrom('game_index_players as p')
      .innerJoin('game_index as g', 'g.game_id', 'p.game_id')
      .innerJoin('game_index_players as o', (j) => j.onRef('o.game_id', '=', 'p.game_id').onRef('o.account_id', '!=', 'p.account_id'))
      .innerJoin('rating_history as h', (j) => j.onRef('h.account_id', '=', 'o.account_id').onRef('h.game_id', '=', 'p.game_id'))
      .innerJoin('seats as s', (j) => j.onRef('s.game_id', '=', 'o.game_id').onRef('s.seat', '=', 'o.seat'))
      .select(['p.game_id', 'g.game', 'p.created_at', 's.name', raw<number>`h.rating - coalesce(h.delta, 0)`.as('before')])
      .where('p.account_id', '=', account)
      .where('p.created_at', '>=', Number(oldest.created_at))
      .where('p.outcome', '=', 'win')
      .where('g.rated', '=', 1)
      .orderBy('before', 'desc')
      .orderBy('p.created_at', 'desc')
      .limit(best)
      .execute(),
  );
  return {
    outcomes: rows.map((r) => (r.outcome as PlayerOutcome | null) ?? null),
    bestWins: wins.map((w) => ({
      id: w.game_id,
      game: w.game,
      createdAt: Number(w.created_at),
      opponent: w.name ?? null,
      rating: Math.round(Number(w.before)),
    })),
  };
}
