import { sql } from 'kysely';
import type { GameId } from './game.ts';
import { compiledOnce, type Db, rowsChanged, type SqlDb } from './sql.ts';

/**
 * A finished game's opening, as the explorer counts it (src/explorer): under its variant, each
 * position of its first plies with the move played there ('' for the position it ended in), and how
 * it ended.
 */
export interface OpeningLine {
  readonly variant: string;
  readonly steps: readonly { readonly key: string; readonly move: string }[];
  readonly counted: 'first' | 'second' | 'draw';
}

/** A move at a position as the explorer's index counts it: the games it was played in, and how they ended. */
export interface ExplorerCount {
  /** In the game's notation; '' for the games that ended in the position. */
  readonly move: string;
  readonly games: number;
  readonly firstWins: number;
  readonly draws: number;
  readonly secondWins: number;
}

/**
 * The opening explorer's index. A game's end given an opening counts it in the write that ends the
 * game (`countOpening`; null: the game is not counted, and is marked as looked at); without one, the
 * game waits for `explore`. Each game is counted at most once: its mark and its counts change in one write.
 */
export interface ExplorerStore {
  /** Finished games not yet looked at, oldest first (at most `limit`), and how many there are in all. */
  unexplored(limit: number): Promise<{ ids: GameId[]; left: number }>;
  /** Counts a finished game's opening (null: marks it looked at, uncounted): false when it was looked at already, or is not over. */
  explore(id: GameId, opening: OpeningLine | null): Promise<boolean>;
  /** What the index holds at a position of a variant: each move played there ('' for games that ended there), most played first. */
  counts(variant: string, key: string): Promise<ExplorerCount[]>;
}

/**
 * The rows an opening adds to, each once: a game that comes back to a position and plays the same move
 * there counts once for it. Per row: position, move, and the game's share of wins (first, draw, second).
 */
export function openingRows(opening: OpeningLine): [string, string, number, number, number][] {
  const seen = new Set<string>();
  const share: [number, number, number] = opening.counted === 'first' ? [1, 0, 0] : opening.counted === 'draw' ? [0, 1, 0] : [0, 0, 1];
  const rows: [string, string, number, number, number][] = [];
  for (const { key, move } of opening.steps) {
    const both = `${key} ${move}`;
    if (seen.has(both)) continue;
    seen.add(both);
    rows.push([key, move, ...share]);
  }
  return rows;
}

/** A finished game marked looked at, at every game's end: compiled once (stores/sql.ts). */
const markExplored = compiledOnce((db, v: { id: GameId }) =>
  db.updateTable('games').set({ explored: 1 }).where('id', '=', v.id).where('explored', '=', 0).where('termination', 'is not', null),
);

/**
 * Marks a finished game looked at by the explorer and counts its opening (null: not counted), inside
 * `explore`'s write (a game's end marks it in its own statement, and adds its opening by addOpening).
 * False when it was looked at already, or is not over.
 */
export async function countOpening(trx: Db, id: GameId, opening: OpeningLine | null): Promise<boolean> {
  if (rowsChanged(await markExplored(trx, { id })) === 0) return false;
  if (opening) await addOpening(trx, opening);
  return true;
}

/** An opening's rows added to the index, inside the write that marks its game looked at (countOpening, or the game's end). */
export async function addOpening(trx: Db, opening: OpeningLine): Promise<void> {
  const rows = openingRows(opening);
  if (rows.length === 0) return;
  // One statement for the opening, rows in key order so two games counted at once lock shared rows in the same order.
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  await trx
    .insertInto('explorer')
    .values(
      rows.map(([position, move, first_wins, draws, second_wins]) => ({
        variant: opening.variant,
        position,
        move,
        games: 1,
        first_wins,
        draws,
        second_wins,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['variant', 'position', 'move']).doUpdateSet((eb) => ({
        games: eb('explorer.games', '+', 1),
        first_wins: eb('explorer.first_wins', '+', eb.ref('excluded.first_wins')),
        draws: eb('explorer.draws', '+', eb.ref('excluded.draws')),
        second_wins: eb('explorer.second_wins', '+', eb.ref('excluded.second_wins')),
      })),
    )
    .execute();
}

export class ExplorerSql implements ExplorerStore {
  constructor(private readonly sql: SqlDb) {}

  unexplored(limit: number): Promise<{ ids: GameId[]; left: number }> {
    return this.sql.read(async (db) => {
      const waiting = db.selectFrom('games').where('termination', 'is not', null).where('explored', '=', 0);
      const rows = await waiting.select('id').orderBy('created_at').orderBy('id').limit(limit).execute();
      const counted = await waiting.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      return { ids: rows.map((r) => r.id), left: Number(counted?.n ?? 0) };
    });
  }

  explore(id: GameId, opening: OpeningLine | null): Promise<boolean> {
    return this.sql.write((trx) => countOpening(trx, id, opening));
  }

  async counts(variant: string, key: string): Promise<ExplorerCount[]> {
    // Ties in byte order, as SQLite compares text: PostgreSQL's default collation would order them otherwise.
    const byMove = this.sql.dialect === 'postgres' ? sql<string>`move COLLATE "C"` : sql<string>`move`;
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('explorer')
        .select(['move', 'games', 'first_wins', 'draws', 'second_wins'])
        .where('variant', '=', variant)
        .where('position', '=', key)
        .orderBy('games', 'desc')
        .orderBy(byMove)
        .execute(),
    );
    return rows.map((r) => ({
      move: r.move,
      games: Number(r.games),
      firstWins: Number(r.first_wins),
      draws: Number(r.draws),
      secondWins: Number(r.second_wins),
    }));
  }
}
