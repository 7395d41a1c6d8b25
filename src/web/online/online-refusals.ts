import { type MessageKey, t } from '../i18n/index.ts';
import { refusalTable } from '../i18n/why.ts';

/**
 * The refusals the online game page says, by the server's codes: taking a seat and asking for a
 * rematch (src/server/game-routes.ts: `games.*`, the owners' `one-seat-per-account`), the guest's
 * session a spectator gets to chat (`account.tooManyGuests`), a moderator's removal of a chat line
 * (game-chat-removal.ts), and the game itself not there (`games.noSuchGame`). All in the play part
 * the page loads.
 */
export const ONLINE_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'games.request': 'create.refusal.request',
  'games.name': 'create.refusal.name',
  'games.noSuchGame': 'online.refusal.noSuchGame',
  'games.noSeat': 'online.refusal.noSeat',
  'games.seatTaken': 'online.refusal.seatTaken',
  'games.seatsPlayed': 'online.refusal.seatsPlayed',
  'games.seatPlayedByAI': 'online.refusal.seatPlayedByAI',
  'games.rematchSeats': 'online.refusal.rematchSeats',
  'games.ratedSeat': 'online.refusal.ratedSeat',
  'games.ratingRange': 'online.refusal.ratingRange',
  'one-seat-per-account': 'create.refusal.oneSeat',
  'games.notYourSeat': 'online.refusal.notYourSeat',
  'games.stillOn': 'online.refusal.stillOn',
  'games.tournamentRematch': 'online.refusal.tournamentRematch',
  'games.rematchTaken': 'online.refusal.rematchTaken',
  'account.tooManyGuests': 'online.refusal.tooManyGuests',
  'moderators-only': 'online.refusal.moderatorsOnly',
  'too-many': 'online.refusal.tooManyRemoved',
  'no-such-line': 'online.refusal.noSuchLine',
  'no-such-game': 'online.refusal.gameGone',
};

/** What the page was doing when refused: each has its own sentence for the server's words it cannot say. */
export type OnlineAsk = 'seat' | 'rematch' | 'chat' | 'chatRemove';

const FAILED: Readonly<Record<OnlineAsk, MessageKey>> = {
  seat: 'online.error.seat',
  rematch: 'online.error.rematch',
  chat: 'online.error.chat',
  chatRemove: 'online.error.chatRemove',
};

/** A refusal the online page got, in the catalog's words by its code; null for a code it does not know, or none. */
export const onlineRefusal: (error: Error) => string | null = refusalTable(ONLINE_REFUSALS);

/**
 * What went wrong with a seat, a rematch, a chat line or its removal, in the player's language: the
 * refusal's code in the catalog's words, or the server's own (no code, or one this page does not
 * know) in the page's sentence for what it asked ("That seat could not be taken: …").
 */
export const onlineProblem = (error: Error, asked: OnlineAsk): string =>
  onlineRefusal(error) ?? t(FAILED[asked], { reason: error.message });
