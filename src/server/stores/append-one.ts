import { sql } from 'kysely';
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
    after.deadline === null,
  )(trx, {
    id,
    ply: move.ply,
    at: move.at,
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
  readonly at: number;
  readonly deadline: number | null;
  readonly due: number | null;
  readonly owner: string | null;
  readonly until: number | null;
  readonly departed: number | null;
  readonly undone: number | null;
  readonly berserk: string | null;
}

/**
 * A game's move count moved on by one, at the count, departures, takebacks and berserks its move was
 * made at. An untimed game's due time (when it would count as abandoned) is kept where a move would
 * only push it later (untimedDue).
 */
const advance = (checksDeparted: boolean, checksUndone: boolean, checksBerserk: boolean, untimed: boolean) =>
  compiledOnce((db, v: Advance) =>
    db
      .updateTable('games')
      .set((e) => ({ plies: e('plies', '+', 1), deadline: v.deadline, due: untimed ? untimedDue(v.at, v.due) : v.due, offer: null }))
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
function advanceOf(checksDeparted: boolean, checksUndone: boolean, checksBerserk: boolean, untimed: boolean): CompiledOnce<Advance> {
  const shape = `${checksDeparted}/${checksUndone}/${checksBerserk}/${untimed}`;
  let made = advances.get(shape);
  if (!made) {
    made = advance(checksDeparted, checksUndone, checksBerserk, untimed);
    advances.set(shape, made);
  }
  return made;
}

const insertMove = compiledOnce((db, v: { id: GameId; ply: number; move: string; at: number; clientId: string | null }) =>
  db.insertInto('moves').values({ game_id: v.id, ply: v.ply, move: v.move, at: v.at, client_id: v.clientId }),
);

/**
 * The due time an untimed game keeps after a move (no deadline: it is due when it would count as
 * abandoned, a week after the last move): the one stored while that is still ahead of the move and
 * no later than the new one, else the new one. Every move pushes that time on, and a due time written
 * with each move changed an indexed column of the live game's row each time — on PostgreSQL no update
 * could then be HOT, and each move wrote an entry in every index of the games table. Kept, the game
 * is woken no later than its real due time; the scheduler then finds nothing to do and settles the
 * real one (scheduler.ts): one wake at most in each span of the abandonment's wait. An earlier due
 * (an AI's turn, a player who left) is written as before. pg-appends.ts states the same rule in SQL.
 */
export const untimedDue = (at: unknown, due: unknown) =>
  sql<number | null>`CASE WHEN due > ${at} AND due <= ${due} THEN due ELSE ${due} END`;
