import { type MessageKey, t } from '../i18n/index.ts';
import { refusalTable } from '../i18n/why.ts';

/** The refusals of blocks and follows the catalogs say, by the server's codes (src/server/social/routes.ts: `social.*`). */
export const RELATION_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'social.logIn': 'social.relation.refusal.logIn',
  'social.tooFast': 'social.relation.refusal.tooFast',
  'social.noPlayer': 'social.relation.refusal.noPlayer',
  'social.yourself': 'social.relation.refusal.yourself',
  'social.tooManyBlocks': 'social.relation.refusal.tooManyBlocks',
  'social.tooManyFollows': 'social.relation.refusal.tooManyFollows',
  'social.youBlock': 'social.relation.refusal.youBlock',
};

const catalogued = refusalTable(RELATION_REFUSALS);

/**
 * What went wrong with a follow or a block, in the player's language: the refusal's code in the
 * catalog's words, or the server's own (no code, or one this page does not know) after "That did not work".
 */
export const relationProblem = (error: Error): string => catalogued(error) ?? t('social.relation.failed', { problem: error.message });
