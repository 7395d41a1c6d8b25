import type { TournamentChatLine } from '@hexarena/engines/protocol/lobby.ts';
import { MAX_CHAT } from '@hexarena/engines/protocol/messages.ts';
import { t } from '../i18n/index.ts';
import type { JoinRefusal } from './api.ts';

/** Lines a page keeps of a tournament's chat (the server sends its last 50, then each new one). */
export const CHAT_SHOWN = 100;

/**
 * What a page shows of a tournament's chat after hearing `heard`: the lines by their number, each
 * once — the last page after a reconnection repeats lines, and a new line may come before the page —
 * the last CHAT_SHOWN of them.
 */
export function mergeChat(shown: readonly TournamentChatLine[], heard: readonly TournamentChatLine[]): readonly TournamentChatLine[] {
  if (heard.length === 0) return shown;
  const byNumber = new Map(shown.map((l) => [l.n, l]));
  for (const l of heard) byNumber.set(l.n, l);
  return [...byNumber.values()].sort((a, b) => a.n - b.n).slice(-CHAT_SHOWN);
}

/** A line refused, in the player's language where its code is known (the server's words otherwise). */
export function chatRefusalText(refusal: JoinRefusal): string {
  switch (refusal.code) {
    case 'chat-too-fast':
      return t('tournament.chatTooFast');
    case 'chat-too-long':
      return t('tournament.chatTooLong', { max: MAX_CHAT });
    case 'chat-sign-in':
      return t('tournament.chatSignIn');
    case 'muted':
      return t('tournament.chatMuted');
    default:
      return t('tournament.chatRefused', { problem: refusal.error });
  }
}
