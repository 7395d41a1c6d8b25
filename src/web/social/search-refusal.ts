import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import { type MessageKey, t } from '../i18n/index.ts';
import { rulesRefusal } from '../i18n/why.ts';

/**
 * The games database's refusals of a search by position the catalogs say, by the server's codes
 * (src/server/social/games-search.ts: `search.*`, and the explorer's `explorer.notExplored`).
 */
export const SEARCH_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'search.variantAlone': 'social.db.refusal.variantAlone',
  'search.positionTwice': 'social.db.refusal.positionTwice',
  'search.positionGame': 'social.db.refusal.positionGame',
  'search.noGame': 'social.db.refusal.noGame',
  'search.notExplored': 'social.db.refusal.notExplored',
  'search.notAVariant': 'social.db.refusal.notAVariant',
  'search.keyOptions': 'social.db.refusal.keyOptions',
  'search.movesVariant': 'social.db.refusal.movesVariant',
  'search.noMoves': 'social.db.refusal.noMoves',
  'search.tooDeep': 'social.db.refusal.tooDeep',
  'search.optionsJson': 'social.db.refusal.optionsJson',
  'search.options': 'social.db.refusal.options',
  'search.opening': 'social.db.refusal.opening',
  'search.pastOpening': 'social.db.refusal.pastOpening',
};

/**
 * Why a search was refused, as a sentence in the player's language: its code's message with its
 * values, and the refusal it wraps (the opening's move, the options) in the rules' words as
 * `{reason}`; null for a refusal with no code this page knows (the page shows the server's words).
 */
export function searchRefusal(error: Error): string | null {
  const why = whyOf(error);
  const key = why ? SEARCH_REFUSALS[why.code] : undefined;
  if (!why || !key) return null;
  const reason = error.cause instanceof Error ? rulesRefusal(error.cause) : '';
  return t(key, { ...why.values, reason });
}
