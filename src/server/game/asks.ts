import type { Outcome, Player } from '@hexarena/engines/engine/game.ts';
import { playMoves } from '@hexarena/engines/engine/record.ts';
import { type CodedRefusal, hasLeft, judgeClaim, SEATS_PLAYED, seatTaken, waiting } from '../arbiter.ts';
import { judgeAbort, judgeAwayClaim, judgeOffer, judgeReply, type OfferKind, standingOffer, takebackPly } from '../manners.ts';
import { ONE_SEAT_ERROR, ONE_SEAT_PER_ACCOUNT } from '../owners.ts';
import { TOURNAMENT_OF } from '../stores/game.ts';
import type { Decision, MannerIntent, ServerIntent, TableIntent } from './decision.ts';
import { end, holds, LOOK_AGAIN, leave, NONE, other, over, RELOAD, refuse, write } from './decision.ts';
import { aiToMoveIn, dueAfter, seatName, type Table } from './table.ts';

/**
 * The one decision on what players ask besides moves — offers and their answers, a takeback, an
 * abort, a claim — and on what the site asks of a table: a seat closed, a seat taken, a rematch, a
 * line of chat. Called by decide (decide.ts).
 */

export function manners(table: Table, intent: Exclude<MannerIntent, { kind: 'berserk' }>, now: number): Decision {
  const { seat } = intent;
  const name = seatName(table, seat);
  switch (intent.kind) {
    case 'abort': {
      const no = judgeAbort(table, seat, table.movers);
      return no ? refuse(no.refusal, no.error) : end(table, { kind: 'draw', reason: `${name} aborted the game` }, 'aborted', now);
    }
    case 'claim': {
      const them = other(seat);
      const no = judgeAwayClaim(table, seat, table.goneSince(them), now, table.rules.claimAfterMs);
      if (no) return refuse(no.refusal, no.error);
      const away = `${seatName(table, them)} left the game`;
      const outcome: Outcome = intent.result === 'win' ? { kind: 'win', winner: seat, reason: away } : { kind: 'draw', reason: away };
      return end(table, outcome, 'abandoned', now);
    }
    case 'offer':
      return offer(table, seat, intent.offer, now);
    case 'reply': {
      const no = judgeReply(table, seat, intent.offer);
      if (no) return refuse(no.refusal, no.error);
      return intent.accept ? agree(table, seat, intent.offer, now) : write({ kind: 'offer', offer: null });
    }
  }
}

function offer(table: Table, seat: Player, kind: OfferKind, now: number): Decision {
  const { stored } = table;
  const them = other(seat);
  // The other seat may have been taken on another instance since this table was read.
  if (stored.seats[them] === 'open' && stored.seatTokens[them] === null && !table.fresh) return RELOAD;
  const no = judgeOffer(table, seat, kind, table.movers);
  if (no) return refuse(no.refusal, no.error);
  const standing = standingOffer(table);
  // Offering what the other player offers is agreeing to it.
  if (standing && standing.kind === kind) return agree(table, seat, kind, now);
  // The server's AI plays on (it takes no draw: the shared rule says so), and lets a person take a move back.
  if (stored.seats[them] !== 'open') return takeBack(table, seat, now);
  return write({ kind: 'offer', offer: { kind, seat, ply: stored.moves.length } });
}

/** `seat` agrees to the standing offer of `kind`: the game is drawn, or taken back for the asker. */
function agree(table: Table, seat: Player, kind: OfferKind, now: number): Decision {
  if (kind === 'draw') return end(table, { kind: 'draw', reason: 'agreed' }, 'agreement', now);
  return takeBack(table, standingOffer(table)?.seat ?? other(seat), now);
}

/** Takes the game back to before `seat`'s last move. */
function takeBack(table: Table, seat: Player, now: number): Decision {
  const { game, options, stored } = table;
  const toPly = takebackPly(table.movers, seat);
  if (toPly === null) return refuse(LOOK_AGAIN.refusal, LOOK_AGAIN.error);
  const played = playMoves(
    game,
    options,
    stored.seed,
    stored.moves.slice(0, toPly).map((m) => m.move),
  );
  if (!played.ok) throw new Error(`game ${stored.id}: ${played.error.message}`);
  const state = played.value.states.at(-1);
  const lastAt = stored.moves[toPly - 1]?.at ?? stored.createdAt;
  // Untimed (takebacks are): due only when the game would count as abandoned, or at once for an AI.
  const due = dueAfter(table, state, Math.max(lastAt, now), null, toPly);
  return write({ kind: 'takeback', toPly, state, due, event: { version: table.version + 1, kind: 'takeback', ply: toPly } });
}

/**
 * The seat's player is gone from the site (their account closed, or banned): a game still waiting
 * for players is called off, a game of two with fewer than two moves aborted, else they leave as by
 * resignation. A game over, or a seat already left, is left as it is.
 */
export function departSeat(table: Table, intent: Extract<ServerIntent, { kind: 'depart' }>, now: number): Decision {
  const { seat, termination } = intent;
  const { stored } = table;
  if (over(table) || hasLeft(stored, seat) || stored.seats[seat] !== 'open') return NONE;
  const gone = `${seatName(table, seat)}: ${termination === 'closed' ? 'account closed' : 'banned'}`;
  if (waiting(stored) || (stored.seats.length === 2 && stored.moves.length < 2))
    return end(table, { kind: 'draw', reason: `${gone}, the game is aborted` }, 'aborted', now, 'again');
  return leave(table, seat, termination, gone, now, 'again');
}

/** A person (or a bot, by its token's hash) taking an open seat. */
export function takeSeat(table: Table, intent: Extract<TableIntent, { kind: 'seat' }>, now: number): Decision {
  const aiToMove = !over(table) && aiToMoveIn(table, table.state) !== null;
  const judged = judgeClaim(table, intent.seat, intent.tokenHash, aiToMove);
  if ('error' in judged) return refuse('illegal', judged.error, { code: judged.code, ...(judged.values ? { values: judged.values } : {}) });
  const { kind: _, ...asked } = intent;
  return write({ kind: 'seat', ...asked, seatTokens: judged.seatTokens, ...(judged.starts ? { due: now } : {}) }, 'again');
}

/** Why a seat was not taken when the store said no, as the table read again after it says. */
export function seatNotTaken(table: Table, seat: Player, owner: string | undefined): CodedRefusal {
  if (owner !== undefined && !over(table) && table.stored.seatTokens[seat] === null)
    return { error: ONE_SEAT_ERROR, code: ONE_SEAT_PER_ACCOUNT };
  return over(table) ? SEATS_PLAYED : seatTaken(seatName(table, seat));
}

/** A rematch is asked by a seat's holder, once the game is over; a tournament's game has none (its director pairs the next). */
export function rematch(table: Table, intent: Extract<TableIntent, { kind: 'rematch' }>): Decision {
  const holder = holds(table, intent.seat, intent.credential);
  // The game may have ended, or the seat been taken, through another instance a moment ago.
  if ((!over(table) || !holder) && !table.fresh) return RELOAD;
  const nameSeat = seatName(table, intent.seat);
  if (!holder) return refuse('bad-token', `that is not ${nameSeat}'s token`, { code: 'games.notYourSeat', values: { nameSeat } });
  if (!over(table)) return refuse('illegal', 'the game is still on: a rematch follows its end', { code: 'games.stillOn' });
  if (table.stored.creator?.startsWith(TOURNAMENT_OF))
    return refuse('illegal', 'a tournament’s game has no rematch: the tournament pairs your next game', {
      code: 'games.tournamentRematch',
    });
  return { kind: 'admit' };
}

/** A line of chat: a seat's token speaks in the players' chat, for the seat; anyone else in their socket's. */
export function chat(table: Table, intent: Extract<TableIntent, { kind: 'chat' }>): Decision {
  const { seat, token } = intent;
  const byToken = seat !== undefined && token !== undefined && holds(table, seat, token);
  if (token !== undefined && !byToken) return refuse('bad-token', 'that is not the seat’s token');
  if (!byToken || seat === undefined) return { kind: 'admit' };
  const { stored } = table;
  return {
    kind: 'admit',
    players: { author: stored.seatNames[seat] ?? seatName(table, seat), account: stored.seatAccounts[seat] ?? null },
  };
}
