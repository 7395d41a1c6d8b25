import type { Player } from '@hexarena/engines/engine/game.ts';
import type { MessageErrorCode, Refusal } from '@hexarena/engines/protocol/index.ts';
import { hasLeft, judgeSeat, mayAct } from '../arbiter.ts';
import { clocksAfter } from '../clock.ts';
import type { Berserk } from '../store.ts';
import { type Decision, over, RELOAD, write } from './decision.ts';
import { berserkEvent, berserkSeats, berserksOf, dueAfter, seatName, type Table, timedMoves } from './table.ts';

/**
 * Berserk, as lichess's arenas have it: a player of an arena's game gives up half their clock (and
 * its increment) before their first move, for a point more if they win a game of enough moves
 * (tournaments/arena.ts scores it). Only where the game was made berserkable (an arena's: its row
 * keeps the marks) and has a clock to halve; once a seat. The clocks are then worked out with the
 * seat's halved clock from the start (clock.ts), so the running deadline is written anew with the mark.
 */

type Refused = { readonly refusal: Refusal; readonly code: MessageErrorCode; readonly error: string };

/** Why `seat` may not berserk now (with the code the socket tells it by), or null when it may. */
export function judgeBerserk(table: Table, seat: Player, credential: unknown): Refused | 'reload' | null {
  const { stored } = table;
  const noSeat = judgeSeat(table, seat);
  if (noSeat) return { refusal: noSeat.refusal, code: 'bad-token', error: noSeat.error };
  if (!mayAct(table, seat, credential)) {
    // The seat may have been taken through another instance since this table was read.
    if (!table.fresh && stored.seats[seat] === 'open') return 'reload';
    return { refusal: 'bad-token', code: 'bad-token', error: `that is not ${seatName(table, seat)}'s token` };
  }
  if (stored.berserk === undefined) return { refusal: 'illegal', code: 'not-arena', error: 'only an arena’s games allow a berserk' };
  if (!stored.clock || stored.clock.perMove)
    return { refusal: 'illegal', code: 'no-clock', error: 'this game has no clock: there is nothing to halve' };
  if (over(table) || hasLeft(stored, seat)) return { refusal: 'game-over', code: 'berserk-too-late', error: 'the game is over' };
  if (berserkSeats(stored).includes(seat))
    return { refusal: 'illegal', code: 'already-berserk', error: `${seatName(table, seat)} has berserked already` };
  if (table.movers.includes(seat))
    return {
      refusal: 'illegal',
      code: 'berserk-too-late',
      error: `${seatName(table, seat)} has moved: a berserk comes before your first move`,
    };
  return null;
}

/** `seat` berserks at `now`: its mark, the running clock's deadline and the due time anew, and the event. */
export function berserk(table: Table, intent: { readonly seat: Player; readonly token: unknown }, now: number): Decision {
  const no = judgeBerserk(table, intent.seat, intent.token);
  if (no === 'reload') return RELOAD;
  if (no) return { kind: 'refuse', ...no };
  const { stored, game, state } = table;
  const mark: Berserk = { seat: intent.seat, plies: stored.moves.length, at: now };
  const timed = timedMoves(stored, table.movers);
  const toMove = game.toMove(state);
  const seats = [...berserkSeats(stored), intent.seat];
  const clocks = clocksAfter(stored.clock as NonNullable<typeof stored.clock>, stored.seats.length, timed, toMove, seats);
  const last = stored.moves.at(-1);
  // Before the first move no clock runs: the game stays due when its first move is.
  const due = last === undefined ? stored.due : dueAfter(table, state, last.at, clocks.deadline, stored.moves.length);
  const event = berserkEvent({ ...stored, berserk: [...berserksOf(stored), mark] }, table.version + 1, mark, timed, toMove);
  return write({ kind: 'berserk', mark, deadline: clocks.deadline, due, event });
}
