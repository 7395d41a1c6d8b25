import type { Player } from '../engine/game.ts';
import type { OfferKind } from './messages.ts';

/**
 * Table manners as the rules allow them — one judge for the server that refuses and the page that
 * offers: a page shows a control only when the server would take it, so nobody is offered what is
 * then refused. Draw offers and takebacks are between the two players of a two-player game once
 * both are at the table (a draw only in a game whose rules know draws and never from the server's
 * AI, a takeback only without dice, clock or rating, and only of a move you made); an abort only
 * while not every player has moved. What depends on the moment (a standing offer) is the server's.
 */

/** What the rules of the table need to know of a game, as the server stores it or a page follows it. */
export interface TableFacts {
  /** The game's title, for the words ("Hive has no draws"). */
  readonly title: string;
  /** Whether the game's rules know draws. */
  readonly draws: boolean;
  /** A game of chance: a move taken back would roll the dice again. */
  readonly stochastic: boolean;
  readonly clock: boolean;
  readonly rated: boolean;
  /** Per seat: 'open' while nobody has taken it, 'taken' by a person, 'ai' for the server's AI. */
  readonly seats: readonly ('open' | 'taken' | 'ai')[];
  /** Who made each move so far, in order. */
  readonly movers: readonly Player[];
}

const other = (seat: Player): Player => (seat === 0 ? 1 : 0);

/**
 * How many moves stay when `seat` takes back: those before its last move, so that it is to move
 * again; null when it has made none.
 */
export function takebackPly(movers: readonly Player[], seat: Player): number | null {
  const last = movers.lastIndexOf(seat);
  return last < 0 ? null : last;
}

/** Why `seat` may not offer a draw or ask for a takeback at this table, in words; null when it may. */
export function offerRefusal(facts: TableFacts, seat: Player, kind: OfferKind): string | null {
  if (facts.seats.length !== 2) return `${kind === 'draw' ? 'draws' : 'takebacks'} are agreed between the two players of a two-player game`;
  if (kind === 'draw' && !facts.draws) return `${facts.title} has no draws: play on, or resign`;
  if (kind === 'takeback') {
    if (facts.stochastic) return `no takebacks in ${facts.title}: a move taken back would roll the dice again`;
    if (facts.clock) return 'no takebacks in a game with a clock';
    if (facts.rated) return 'no takebacks in a rated game';
  }
  const them = facts.seats[other(seat)];
  if (them === 'open') return `nobody has taken the other seat yet: there is no one to ${kind === 'draw' ? 'offer a draw' : 'ask'}`;
  if (kind === 'draw' && them === 'ai') return "the server's AI does not take draw offers: play on, or resign";
  if (kind === 'takeback' && takebackPly(facts.movers, seat) === null) return 'you have made no move to take back';
  return null;
}

/** Why the game may not be aborted, in words; null while it may (not every player has moved yet). */
export function abortRefusal(facts: TableFacts): string | null {
  const moved = new Set(facts.movers);
  return facts.seats.every((_, s) => moved.has(s)) ? 'every player has moved: the game can no longer be aborted, only resigned' : null;
}

/** Which table manners `seat` may ask for now: what a page shows, and what the server would take. */
export function mannersAllowed(
  facts: TableFacts,
  seat: Player,
): { readonly draw: boolean; readonly takeback: boolean; readonly abort: boolean } {
  return {
    draw: offerRefusal(facts, seat, 'draw') === null,
    takeback: offerRefusal(facts, seat, 'takeback') === null,
    abort: abortRefusal(facts) === null,
  };
}
