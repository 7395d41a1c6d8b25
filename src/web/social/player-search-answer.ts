import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import type { Result } from '@hexarena/engines/engine/result.ts';
import { type MessageKey, t } from '../i18n/index.ts';
import type { FoundPlayer } from './api.ts';

/** The refusals of a search of players the catalogs say, by the server's codes (src/server/social/routes.ts). */
export const PLAYER_SEARCH_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'social.searchTooFast': 'social.search.refusal.tooFast',
};

/**
 * A refusal's code in the catalog's words, or null. Read here rather than through i18n/why.ts's
 * tables: the search sits in every page's top bar, and why.ts brings the rules' messages (the play
 * part) into the first screen's load.
 */
function catalogued(error: Error): string | null {
  const why = whyOf(error);
  const key = why ? PLAYER_SEARCH_REFUSALS[why.code] : undefined;
  return why && key ? t(key, why.values) : null;
}

/** What the search box shows for an answer: the names found, or why there are none to show. */
export interface SearchAnswer {
  readonly found: readonly FoundPlayer[];
  /** Why the search failed, in the player's language; null when the server answered (even with nobody). */
  readonly problem: string | null;
}

/**
 * The search box's reading of the server's answer. A refusal is no answer: "nobody has that name"
 * would be false after a search refused for its rate, so the refusal is said instead — its code in
 * the catalog's words, or the server's own words after "the search did not work".
 */
export function searchAnswer(result: Result<readonly FoundPlayer[]>): SearchAnswer {
  if (result.ok) return { found: result.value, problem: null };
  return { found: [], problem: catalogued(result.error) ?? t('social.search.failed', { problem: result.error.message }) };
}
