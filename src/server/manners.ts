import type { Player } from '@hexarena/engines/engine/game.ts';
import { abortRefusal, offerRefusal, type TableFacts, takebackPly } from '@hexarena/engines/protocol/manners.ts';
import type { OfferKind } from '@hexarena/engines/protocol/messages.ts';
import { type Refused, seatName, type Table } from './arbiter.ts';

/**
 * Table manners, judged as the arbiter judges moves: from a snapshot, with no store and no clock of
 * its own. What may be asked at all is the shared rule the page shows its controls by
 * (protocols/wire/manners.ts); here, besides, the standing offer, and a claim against a player who is
 * away while their own clock runs.
 */

export { type OfferKind, takebackPly };

const refused = (error: string): Refused => ({ refusal: 'illegal', error });

const other = (seat: Player): Player => (seat === 0 ? 1 : 0);

/** The table as the shared rule sees it. */
export function factsOf(table: Table, movers: readonly Player[]): TableFacts {
  const { game, stored } = table;
  return {
    title: game.title,
    draws: game.draws === true,
    stochastic: game.stochastic === true,
    clock: stored.clock !== null,
    rated: stored.rated === true,
    seats: stored.seats.map((kind, i) => (kind !== 'open' ? 'ai' : stored.seatTokens[i] === null ? 'open' : 'taken')),
    movers,
  };
}

/** The standing offer, if it still stands (it lapses at the next move). */
export function standingOffer(table: Table): Table['stored']['offer'] {
  const offer = table.stored.offer;
  return offer && offer.ply === table.stored.moves.length ? offer : null;
}

/** Whether `seat` may offer a draw or ask for a takeback now. */
export function judgeOffer(table: Table, seat: Player, kind: OfferKind, movers: readonly Player[]): Refused | null {
  const no = offerRefusal(factsOf(table, movers), seat, kind);
  if (no) return refused(no);
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

/** Whether `seat` may abort the game: not everyone has moved yet. */
export function judgeAbort(table: Table, _seat: Player, movers: readonly Player[]): Refused | null {
  const no = abortRefusal(factsOf(table, movers));
  return no ? refused(no) : null;
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
