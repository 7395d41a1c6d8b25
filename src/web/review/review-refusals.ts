import type { MessageKey } from '../i18n/index.ts';
import { cataloguedRefusal, WHY_KEYS } from '../i18n/why.ts';

/**
 * The refusals of a computer review the catalogs say, by the server's codes (src/server/reviews.ts:
 * `review.*`, `games.noSuchGame`); a game or its options the rules refuse are the rules' own codes,
 * worded from the rules' catalog (the pages that show a review load it).
 */
export const REVIEW_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'review.request': 'review.refusal.request',
  'games.noSuchGame': 'review.refusal.noSuchGame',
  'review.stillOn': 'review.refusal.stillOn',
  'review.otherRules': 'review.refusal.otherRules',
  'review.chance': 'review.refusal.chance',
  'review.noSearch': 'review.refusal.noSearch',
  'review.twoPlayers': 'review.refusal.twoPlayers',
  'review.notABot': 'review.refusal.notABot',
  'review.tooMany': 'review.refusal.tooMany',
  'review.busy': 'review.refusal.busy',
};

const KNOWN: ReadonlySet<string> = new Set<string>([...Object.values(REVIEW_REFUSALS), ...WHY_KEYS]);

/**
 * Why a review cannot be had, in the player's language: the refusal's code in the catalog's words, or
 * the server's own (no code, or one this panel does not know), as the panel always showed them.
 */
export const reviewProblem = (error: Error): string =>
  cataloguedRefusal(error, KNOWN, (code) => REVIEW_REFUSALS[code] ?? `game.why.${code}`) ?? error.message;
