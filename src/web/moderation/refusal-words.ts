import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import { serverSentence } from '../account/refusal-words.ts';
import type { MessageKey } from '../i18n/index.ts';
import { refusalTable } from '../i18n/why.ts';

/**
 * The refusals of reports and of the moderators' requests the catalogs say, by the server's codes
 * (src/server/moderation/routes.ts and the protocol's parse of a report or a note: `moderation.*`).
 */
export const MODERATION_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'moderation.forModerators': 'moderation.refusal.forModerators',
  'moderation.noSuchRequest': 'moderation.refusal.noSuchRequest',
  'moderation.noPlayer': 'moderation.refusal.noPlayer',
  'moderation.ownAccount': 'moderation.refusal.ownAccount',
  'moderation.isModerator': 'moderation.refusal.isModerator',
  'moderation.logInToReport': 'moderation.refusal.logInToReport',
  'moderation.reportYourself': 'moderation.refusal.reportYourself',
  'moderation.noGame': 'moderation.refusal.noGame',
  'moderation.tooManyReports': 'moderation.refusal.tooManyReports',
  'moderation.reportedAlready': 'moderation.refusal.reportedAlready',
  'moderation.noOpenReport': 'moderation.refusal.noOpenReport',
  'moderation.notBanned': 'moderation.refusal.notBanned',
  'moderation.notMuted': 'moderation.refusal.notMuted',
  'moderation.empty': 'moderation.refusal.empty',
  'moderation.tooLong': 'moderation.refusal.tooLong',
  'moderation.unreadable': 'moderation.refusal.unreadable',
  'moderation.gameId': 'moderation.refusal.gameId',
  'moderation.minutes': 'moderation.refusal.minutes',
};

const catalogued = refusalTable(MODERATION_REFUSALS);

/**
 * What went wrong with a report or a moderator's request, in the player's language: the refusal's
 * code in the catalog's words, or the server's own (no code, or one this page does not know) as a sentence.
 */
export const moderationProblem = (error: Error): string => catalogued(error) ?? serverSentence(error);

/** Whether the server refused a request as not a moderator's (by its code; a server before codes, by its words). */
export const forModeratorsOnly = (error: Error): boolean =>
  whyOf(error)?.code === 'moderation.forModerators' || error.message === 'for moderators only';
