import type { Player } from '@hexarena/engines/engine/game.ts';
import { playMoves } from '@hexarena/engines/engine/record.ts';
import { passingMove } from '@hexarena/engines/engine/resign.ts';
import { hasLeft, afterMove as judgeAfterMove, judgeMove, judgeSeat, judgeStillPlaying, lateness, mayAct } from '../arbiter.ts';
import { type AfterMove, type StoredMove, TOURNAMENT_OF } from '../store.ts';
import { chat, departSeat, manners, rematch, takeSeat } from './asks.ts';
import { berserk } from './berserk.ts';
import type { AnyIntent, Decision, Intent, MannerIntent, OnStale, Write } from './decision.ts';
import { end, leave, NONE, over, RELOAD, refuse, write } from './decision.ts';
import { aiToMoveIn, dueAfter, moveEvent, seatName, spokenDuration, type Table, timedMoves } from './table.ts';

export { seatNotTaken } from './asks.ts';
export type * from './decision.ts';
export { codedRefusal, endEvent, holds, over, standingOfferOf } from './decision.ts';

/**
 * The one decision: what an intent (a player's, a bot's, the server's own) does to a table at `now`
 * — a refusal, or the one write to make and the event it is told as. Pure: no store, no queue, no
 * clock of its own; the room (room.ts) commits what it decides, and asks again after a conflict.
 */

type Seated = { readonly seat: Player; readonly token: unknown };

/** What `intent` does to `table` at `now`. */
export function decide(table: Table, intent: AnyIntent, now: number): Decision {
  switch (intent.kind) {
    case 'flag':
      return over(table) ? NONE : (passTurn(table, now) ?? late(table, now));
    case 'pass':
      return passTurn(table, now) ?? NONE;
    case 'follow':
      return follow(table, now);
    case 'depart':
      return departSeat(table, intent, now);
    case 'forecast':
      return forecastMove(table, intent, now);
    case 'seat':
      return takeSeat(table, intent, now);
    case 'rematch':
      return rematch(table, intent);
    case 'chat':
      return chat(table, intent);
    case 'resign':
      if (intent.again) return resignAgain(table, intent.seat, now);
      return (
        seated(table, intent, now) ?? leave(table, intent.seat, 'resignation', `${seatName(table, intent.seat)} resigned`, now, 'again')
      );
    case 'move':
      return seated(table, intent, now) ?? move(table, intent, now);
    case 'berserk':
      return berserk(table, intent, now);
    default:
      return seated(table, intent, now) ?? manners(table, intent, now);
  }
}

/** An intent for a seat: a seat of the game, its holder's, still playing — or the refusal, or a retry's answer. */
function seated(table: Table, intent: (Intent & Seated) | MannerIntent, _now: number): Decision | null {
  const noSeat = judgeSeat(table, intent.seat);
  if (noSeat) return refuse(noSeat.refusal, noSeat.error);
  const may = mayAct(table, intent.seat, intent.token);
  // A seat may have been taken through another instance since this table was read: look again once.
  if (!may && !table.fresh && table.stored.seats[intent.seat] === 'open') return RELOAD;
  // Only the seat's holder is answered for its moves, retries included.
  if (!may) return refuse('bad-token', `that is not ${seatName(table, intent.seat)}'s token`);
  if (intent.kind === 'move' && intent.clientId !== undefined) {
    const earlier = table.answered.get(`${intent.seat}/${intent.clientId}`);
    // A retry is the same move against the same version; the same id on another move is a mistake,
    // never an acknowledgement of a move that was not played.
    if (earlier && (earlier.version !== intent.version || !sameMove(table, earlier, intent.move)))
      return refuse(
        'illegal',
        `the id ${JSON.stringify(intent.clientId)} was given to another move (${earlier.move} at version ${earlier.version}): give each move an id of its own`,
      );
    if (earlier?.answer.ok) return { kind: 'answered', answer: { ...earlier.answer, duplicate: true } };
  }
  const out = judgeStillPlaying(table, intent.seat);
  return out ? refuse(out.refusal, out.error) : null;
}

/**
 * Whether `text` is the move `earlier` made: the text the client sent, or the same move spelled
 * otherwise ("B2" for "b2"; after a restart only the store's spelling is known).
 */
function sameMove(table: Table, earlier: { move: string; text?: string; ply: number }, text: string): boolean {
  if (text === earlier.text || text === earlier.move) return true;
  if (typeof text !== 'string' || text.length > 200) return false;
  // Read in the position it was made in, replayed: a retry spelled otherwise is rare, a move is not.
  const { game, options, stored } = table;
  const played = playMoves(
    game,
    options,
    stored.seed,
    stored.moves.slice(0, earlier.ply).map((m) => m.move),
  );
  if (!played.ok) return false;
  const before = played.value.states.at(-1);
  const parsed = game.parseMove(before, text);
  return parsed.ok && game.formatMove(before, parsed.value) === earlier.move;
}

const MOVE_STALE: OnStale = { refusal: 'stale', error: 'the game changed first (another move was made, or a player left)' };

function move(table: Table, intent: Extract<Intent, { kind: 'move' }>, now: number): Decision {
  // The client saw a version this table has not: another instance moved the game on and its notice
  // has not come (Redis away a moment). The store has it: catch up, then judge.
  if (Number.isInteger(intent.version) && intent.version > table.version && !table.fresh) return RELOAD;
  const judged = judgeMove(table, intent.seat, intent.move, intent.version);
  if ('refusal' in judged) return refuse(judged.refusal, judged.error);
  const made = moveWrite(table, intent.seat, judged.move, now, intent.clientId);
  return write({ ...made, client: { text: intent.move, version: intent.version } }, MOVE_STALE);
}

/** The write of `move` (legal, by `seat`, the player to move): the move, its event, the deadline and due time after it. */
function moveWrite(table: Table, seat: Player, chosen: unknown, now: number, clientId?: string): Extract<Write, { kind: 'move' }> {
  const { game, state, stored, rules } = table;
  const made: StoredMove = {
    ply: stored.moves.length,
    move: game.formatMove(state, chosen),
    at: now,
    ...(clientId === undefined ? {} : { clientId }),
  };
  const next = game.play(state, chosen);
  const timed = [...timedMoves(stored, table.movers), { seat, at: made.at }];
  const event = moveEvent(game, stored, table.version + 1, made, seat, next, timed);
  // The deadline that follows the move is stored with it, so a restart keeps every clock.
  const deadline = event.kind === 'move' && event.clock ? event.clock.deadline : null;
  const due = dueAfter(table, next, made.at, deadline, stored.moves.length + 1);
  // The server's turn at once: claimed with the move, so no other instance's sweep takes it meanwhile.
  const claim =
    due !== null && aiToMoveIn(table, next) && rules.instance !== undefined && rules.leaseMs !== undefined
      ? { owner: rules.instance, until: made.at + rules.leaseMs }
      : null;
  // Made on these berserk marks too: a berserk written meanwhile (another instance) changed the clocks.
  const berserked = stored.berserk ? { berserked: stored.berserk } : {};
  const after: AfterMove = { deadline, due, claim, departed: stored.departures.length, undone: stored.undone, ...berserked };
  return { kind: 'move', seat, made, next, event, after };
}

/**
 * A forecast's move, played for its seat as the seat's own: only while that seat still plays and
 * is to move, and only if legal now (else nothing: the forecast is dropped by the room).
 */
function forecastMove(table: Table, intent: { readonly seat: Player; readonly move: string }, now: number): Decision {
  if (judgeStillPlaying(table, intent.seat)) return NONE;
  const judged = judgeMove(table, intent.seat, intent.move, table.version);
  return 'refusal' in judged ? NONE : write(moveWrite(table, intent.seat, judged.move, now));
}

/** The server's move for a player who left, when it is theirs: the game's pass (DiceWars's `end`). */
function passTurn(table: Table, now: number): Decision | null {
  const { game, state } = table;
  const seat = over(table) ? null : game.toMove(state);
  if (seat === null || !hasLeft(table.stored, seat) || game.result(state) !== null) return null;
  const pass = passingMove(game, state);
  // Nobody leaves a game that cannot pass a turn (playsOnWithout): this is a broken invariant.
  if (pass === null) throw new Error(`${seatName(table, seat)} left game ${table.stored.id}, and no move passes their turn`);
  return write(moveWrite(table, seat, pass, now));
}

/** What follows a move at once: the ending it brings, or the turns of players who left. */
function follow(table: Table, now: number): Decision {
  const next = judgeAfterMove(table, table.passes, table.rules.aiGameMoves);
  if (next?.kind === 'end') return end(table, next.outcome, next.termination, now);
  return next?.kind === 'pass' ? (passTurn(table, now) ?? NONE) : NONE;
}

/**
 * The player to move has run out of time, or (untimed) let the game sleep past the limit: they are
 * out of it (the game ends, or goes on without them).
 */
function late(table: Table, now: number): Decision {
  const lateBy = lateness(table, now);
  if (lateBy === null) return NONE;
  const name = (seat: Player) => seatName(table, seat);
  if (lateBy.kind === 'time') return leave(table, lateBy.seat, 'time', `${name(lateBy.seat)} ran out of time`, now);
  // A paired (or challenged) player who never started: aborted, as lichess aborts; nobody is rated.
  if (lateBy.kind === 'no-start') {
    // A tournament's game, as lichess scores it: the player who never came loses it (and its points), rated.
    if (table.stored.creator?.startsWith(TOURNAMENT_OF)) {
      const lost = `${name(lateBy.seat)} made no first move in ${spokenDuration(table.firstMoveMs)}`;
      return leave(table, lateBy.seat, 'abandoned', lost, now);
    }
    const reason = `${name(lateBy.seat)} made no first move in ${spokenDuration(table.firstMoveMs)}: the game is aborted`;
    return end(table, { kind: 'draw', reason }, 'aborted', now);
  }
  // Nobody came for an open seat: the game is called off, and nobody wins it against nobody.
  if (lateBy.kind === 'called-off') {
    const reason = `nobody took the open seat in ${spokenDuration(table.abandonAfterMs)}: the game is called off`;
    return end(table, { kind: 'draw', reason }, 'aborted', now);
  }
  return leave(table, lateBy.seat, 'abandoned', `${name(lateBy.seat)} did not move for ${spokenDuration(table.abandonAfterMs)}`, now);
}

/** A resignation asked again after the store had changed first. */
function resignAgain(table: Table, seat: Player, now: number): Decision {
  if (over(table)) return refuse('game-over', 'the game is over');
  if (hasLeft(table.stored, seat)) return refuse('game-over', `${seatName(table, seat)} left this game already`);
  return leave(table, seat, 'resignation', `${seatName(table, seat)} resigned`, now, 'again');
}
