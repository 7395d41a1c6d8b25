import type { AfterMove, AppendRefusal, GameId, StoredMove } from './game.ts';
import { refusalOf } from './game.ts';
import { type CompiledOnce, compiledOnce, type Db, rowsChanged } from './sql.ts';

/**
 * One move appended in a transaction (SQLite's, with the tick's other writes; PostgreSQL batches a
 * tick's moves in pg-appends.ts): the game's move count moved on only at the count — and the
 * departures, takebacks and berserk marks — the move was made at, then the move itself.
 */
export async function appendOne(trx: Db, id: GameId, move: StoredMove, after: AfterMove): Promise<AppendRefusal | null> {
  const { departed, undone, berserked } = after;
  // The move count decides: a second writer of the same ply finds it moved on. A move lapses any
  // offer: it was made about the position before.
  const counted = await advanceOf(
    typeof departed === 'number',
    typeof undone === 'number',
    berserked !== undefined,
  )(trx, {
    id,
    ply: move.ply,
    deadline: after.deadline,
    due: after.due,
    owner: after.claim?.owner ?? null,
    until: after.claim?.until ?? null,
    departed: departed ?? null,
    undone: undone ?? null,
    berserk: berserked ? JSON.stringify(berserked) : null,
  });
  if (rowsChanged(counted) === 0)
    return refusalOf(await trx.selectFrom('games').select('termination').where('id', '=', id).executeTakeFirst());
  await insertMove(trx, { id, ply: move.ply, move: move.move, at: move.at, clientId: move.clientId ?? null });
  return null;
}

/** The values of a move appended (see GamesSql.append). */
interface Advance extends Record<string, unknown> {
  readonly id: GameId;
  readonly ply: number;
  readonly deadline: number | null;
  readonly due: number | null;
  readonly owner: string | null;
  readonly until: number | null;
  readonly departed: number | null;
  readonly undone: number | null;
  readonly berserk: string | null;
}

/** A game's move count moved on by one, at the count, departures, takebacks and berserks its move was made at. */
const advance = (checksDeparted: boolean, checksUndone: boolean, checksBerserk: boolean) =>
  compiledOnce((db, v: Advance) =>
    db
      .updateTable('games')
      .set((e) => ({ plies: e('plies', '+', 1), deadline: v.deadline, due: v.due, offer: null }))
      .set({ lease_owner: v.owner, lease_until: v.until })
      .where('id', '=', v.id)
      .where('plies', '=', v.ply)
      .where('termination', 'is', null)
      .$if(checksDeparted, (q) => q.where('departed', '=', v.departed as number))
      .$if(checksUndone, (q) => q.where('undone', '=', v.undone as number))
      .$if(checksBerserk, (q) => q.where('berserk', '=', v.berserk as string)),
  );
const advances = new Map<string, CompiledOnce<Advance>>();
/** The statement of the move count's advance, by what it checks besides the count: one each, compiled once. */
function advanceOf(checksDeparted: boolean, checksUndone: boolean, checksBerserk: boolean): CompiledOnce<Advance> {
  const shape = `${checksDeparted}/${checksUndone}/${checksBerserk}`;
  let made = advances.get(shape);
  if (!made) {
    made = advance(checksDeparted, checksUndone, checksBerserk);
    advances.set(shape, made);
  }
  return made;
}

const insertMove = compiledOnce((db, v: { id: GameId; ply: number; move: string; at: number; clientId: string | null }) =>
  db.insertInto('moves').values({ game_id: v.id, ply: v.ply, move: v.move, at: v.at, client_id: v.clientId }),
);
