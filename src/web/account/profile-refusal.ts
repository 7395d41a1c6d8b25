import { type MessageKey, t } from '../i18n/index.ts';
import { refusalTable } from '../i18n/why.ts';

/** The refusals of a profile the catalogs say, by the server's codes (src/server/players.ts: `players.*`). */
export const PROFILE_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'players.noPlayer': 'profile.refusal.noPlayer',
};

const catalogued = refusalTable(PROFILE_REFUSALS);

/**
 * Why a profile cannot be shown, in the player's language: the refusal's code in the catalog's words
 * (no such player), or the server's own (no code, or one this page does not know) after "This profile cannot be shown".
 */
export const profileProblem = (error: Error): string => catalogued(error) ?? t('profile.cannotShow', { problem: error.message });
