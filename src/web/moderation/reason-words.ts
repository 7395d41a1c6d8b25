import type { ReportReason } from '@hexarena/engines/protocol/index.ts';
import type { MessageKey } from '../i18n/index.ts';

/** A report's reasons in the player's language (the protocol's REPORT_REASON_WORDS are the API's, in English). */
export const REPORT_REASON_KEYS: Readonly<Record<ReportReason, MessageKey>> = {
  cheat: 'moderation.reason.cheat',
  boost: 'moderation.reason.boost',
  abuse: 'moderation.reason.abuse',
  other: 'moderation.reason.other',
};
