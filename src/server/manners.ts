import type { Player } from '../engine/game.ts';
import { type Refused, seatName, type Table } from './arbiter.ts';

/**
 * Table manners, judged as the arbiter judges moves: from a snapshot, with no store and no clock of
 * its own. Draw offers and takebacks are between the two players of a two-player game (a draw only
 * in a game whose rules know draws, a takeback only without dice or clocks); an abort while not
 * everyone has moved; a claim against a player who is away while their own clock runs.
 */

export type OfferKind = 'draw' | 'takeback';

const refused = (error: string): Refused => ({ refusal: 'illegal', error });

const other = (seat: Player): Player => (seat === 0 ? 1 : 0);

/** The standing offer, if it still stands (it lapses at the next move). */
export function standingOffer(table: Table): Table['stored']['offer'] {
  const offer = table.stored.offer;
  return offer && offer.ply === table.stored.moves.length ? offer : null;
}

/** Whether `seat` may offer a draw or ask for a takeback now. */
export function judgeOffer(table: Table, seat: Player, kind: OfferKind, movers: readonly Player[]): Refused | null {
  const { game, stored } = table;
  if (stored.seats.length !== 2)
    return refused(`${kind === 'draw' ? 'draws' : 'takebacks'} are agreed between the two players of a two-player game`);
  if (kind === 'draw' && !game.draws) return refused(`${game.title} has no draws: play on, or resign`);
  if (kind === 'takeback') {
    if (game.stochastic) return refused(`no takebacks in ${game.title}: a move taken back would roll the dice again`);
    if (stored.clock) return refused('no takebacks in a game with a clock');
    if (stored.rated) return refused('no takebacks in a rated game');
    if (takebackPly(movers, seat) === null) return refused('you have made no move to take back');
  }
  const offer = standingOffer(table);
  if (offer?.seat === seat)
    return refused(`you have ${offer.kind === 'draw' ? 'offered a draw' : 'asked for a takeback'} already: wait for the answer`);
  if (offer && offer.kind !== kind)
    return refused(
      `${seatName(table, offer.seat)}'s ${offer.kind === 'draw' ? 'draw offer' : 'takeback request'} waits for your answer first`,
    );
  return null;
}

/** Whether `seat` may answer the standing offer of `kind` (the other player's). */
export function judgeReply(table: Table, seat: Player, kind: OfferKind): Refused | null {
  const offer = standingOffer(table);
  if (!offer || offer.kind !== kind) return refused(`there is no ${kind === 'draw' ? 'draw offer' : 'takeback request'} to answer`);
  if (offer.seat === seat) return refused('that is your own offer: the other player answers it');
  return null;
}

/**
 * How many moves stay when `seat` takes back: those before its last move, so that it is to move
 * again; null when it has made none.
 */
export function takebackPly(movers: readonly Player[], seat: Player): number | null {
  const last = movers.lastIndexOf(seat);
  return last < 0 ? null : last;
}

/** Whether `seat` may abort the game: not everyone has moved yet. */
export function judgeAbort(table: Table, seat: Player, movers: readonly Player[]): Refused | null {
  const moved = new Set(movers);
  if (table.stored.seats.every((_, s) => moved.has(s)))
    return refused('every player has moved: the game can no longer be aborted, only resigned');
  void seat;
  return null;
}

/**
 * Whether `seat` may claim the game (a win, or a draw) against an opponent away from it: a
 * two-player game with a clock, the opponent to move, and gone since `goneSince`, at least
 * `claimAfterMs` before `now`.
 */
export function judgeAwayClaim(table: Table, seat: Player, goneSince: number | null, now: number, claimAfterMs: number): Refused | null {
  const { stored } = table;
  if (stored.seats.length !== 2 || !stored.clock)
    return refused('a game is claimed from an absent opponent only in a two-player game with a clock');
  const them = other(seat);
  if (table.game.toMove(table.state) !== them) return refused('a claim is made while the opponent is to move on their own clock');
  if (stored.seats[them] !== 'open') return refused("the server's AI does not leave");
  if (goneSince === null) return refused(`${seatName(table, them)} is connected`);
  const left = claimAfterMs - (now - goneSince);
  if (left > 0) return refused(`${seatName(table, them)} may be back: a claim can be made in ${Math.ceil(left / 1000)} s`);
  return null;
}
