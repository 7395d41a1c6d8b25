import { type MessageKey, t } from './i18n/index.ts';
import { cataloguedRefusal, WHY_KEYS } from './i18n/why.ts';

/**
 * The refusals of making an online game the catalogs say, by the server's codes
 * (src/server/game-routes.ts: `games.*`, and the owners' `one-seat-per-account`). A game the server
 * does not know is the rules' own refusal (`rules.unknownGame`), worded from the rules' catalog.
 */
export const CREATE_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'games.request': 'create.refusal.request',
  'games.randomNoneOpen': 'create.refusal.randomNoneOpen',
  'games.notABot': 'create.refusal.notABot',
  'games.name': 'create.refusal.name',
  'games.options': 'create.refusal.options',
  'games.seatCount': 'create.refusal.seatCount',
  'games.unknownAgent': 'create.refusal.unknownAgent',
  'games.noSeat': 'create.refusal.noSeat',
  'games.seatPlayedByAI': 'create.refusal.seatPlayedByAI',
  'games.unrated': 'create.refusal.unrated',
  'games.ratedAI': 'create.refusal.ratedAI',
  'games.ratedPlayer': 'create.refusal.ratedPlayer',
  'games.tooManyAIGames': 'create.refusal.tooManyAIGames',
  'games.tooManyOpen': 'create.refusal.tooManyOpen',
  'one-seat-per-account': 'create.refusal.oneSeat',
};

// The dialog loads the play part, where both these and the rules' refusals (the options', wrapped) are.
const KNOWN: ReadonlySet<string> = new Set<string>([...Object.values(CREATE_REFUSALS), ...WHY_KEYS]);

/**
 * What went wrong making an online game, in the player's language: the refusal's code in the
 * catalog's words (the options' refusal it wraps in the rules' words), or the server's own (no code,
 * or one this dialog does not know) after "The online game could not be made".
 */
export const createProblem = (error: Error): string =>
  cataloguedRefusal(error, KNOWN, (code) => CREATE_REFUSALS[code] ?? `game.why.${code}`) ?? t('create.notMade', { problem: error.message });
