import type { Berserk, GameId } from './game.ts';
import type { SqlDb } from './sql.ts';

/**
 * Berserk marks kept (game/berserk.ts): on an arena's game, the seats that gave up half their clock,
 * as JSON on the game's row, NULL on every game where nobody may berserk. A mark is written only at
 * the move count and marks the room decided on, so two writers (two instances, a move meanwhile)
 * cannot both win.
 */

/** Migration 30 of both stores: the berserk marks of a game whose players may berserk (NULL: they may not). */
export const BERSERK_MIGRATION = 'ALTER TABLE games ADD COLUMN berserk TEXT;';

/**
 * Writes the game's marks as `marks`, if it still has `plies` moves and the marks `before`, and
 * goes on; the running clock's deadline and the due time set anew (a berserk shortens the clock).
 */
export async function markBerserk(
  sql: SqlDb,
  id: GameId,
  marks: readonly Berserk[],
  plies: number,
  before: readonly Berserk[],
  after: { readonly deadline: number | null; readonly due: number | null },
): Promise<boolean> {
  const changed = await sql.write((trx) =>
    trx
      .updateTable('games')
      .set({ berserk: JSON.stringify(marks), deadline: after.deadline, due: after.due })
      .where('id', '=', id)
      .where('plies', '=', plies)
      .where('berserk', '=', JSON.stringify(before))
      .where('termination', 'is', null)
      .executeTakeFirst(),
  );
  return changed.numUpdatedRows > 0n;
}
