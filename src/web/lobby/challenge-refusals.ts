import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import { type MessageKey, t } from '../i18n/index.ts';

/**
 * The refusals of challenges the catalogs say, by the server's codes (src/server/challenges.ts:
 * `challenge.*`, and the owners' `one-seat-per-account` when a rated challenge would seat one owner twice).
 */
export const CHALLENGE_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'challenge.playersOnly': 'challenge.refusal.playersOnly',
  'challenge.request': 'challenge.refusal.request',
  'challenge.noGame': 'challenge.refusal.noGame',
  'challenge.options': 'challenge.refusal.options',
  'challenge.twoSeats': 'challenge.refusal.twoSeats',
  'challenge.unrated': 'challenge.refusal.unrated',
  'one-seat-per-account': 'challenge.refusal.selfRated',
  'challenge.noPlayer': 'challenge.refusal.noPlayer',
  'challenge.yourself': 'challenge.refusal.yourself',
  'challenge.tooMany': 'challenge.refusal.tooMany',
  'challenge.youBlock': 'challenge.refusal.youBlock',
  'challenge.engineGame': 'challenge.refusal.engineGame',
  'challenge.engineGames': 'challenge.refusal.engineGames',
  'challenge.engineBusy': 'challenge.refusal.engineBusy',
  'challenge.answer': 'challenge.refusal.answer',
  'challenge.noChallenge': 'challenge.refusal.noChallenge',
  'challenge.onlyChallenger': 'challenge.refusal.onlyChallenger',
  'challenge.onlyChallenged': 'challenge.refusal.onlyChallenged',
  'challenge.notOpen': 'challenge.refusal.notOpen',
};

/** How a page words the rules' refusal a challenge's refusal wraps (the options'): by default, the server's words. */
export type ReasonOf = (cause: Error) => string;

/**
 * Why a challenge was refused (sent or answered), as a sentence in the player's language: its code's
 * message with its values, and the rules' refusal it wraps (the options) as `{reason}`, worded by
 * `reasonOf` — the form that sends challenges passes the rules' catalog (i18n/why.ts, the play part),
 * which the home page's list of challenges, answering only, need not load. Null for a refusal with no
 * code this page knows (the page shows the server's words).
 */
export function challengeRefusal(error: Error, reasonOf: ReasonOf = (cause) => cause.message): string | null {
  const why = whyOf(error);
  const key = why ? CHALLENGE_REFUSALS[why.code] : undefined;
  if (!why || !key) return null;
  const reason = error.cause instanceof Error ? reasonOf(error.cause) : '';
  return t(key, { ...why.values, reason });
}

/**
 * What went wrong with a challenge the player sent or answered, in their language: the refusal's
 * code in the catalog's words, or the server's own (no code, or one this page does not know) after
 * "The challenge could not be sent/answered".
 */
export const challengeProblem = (error: Error, asked: 'send' | 'answer', reasonOf?: ReasonOf): string =>
  challengeRefusal(error, reasonOf) ?? t(asked === 'send' ? 'challenge.notSent' : 'challenge.notAnswered', { problem: error.message });
