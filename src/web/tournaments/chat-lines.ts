import type { TournamentChatLine } from '@hexarena/engines/protocol/lobby.ts';
import { MAX_CHAT } from '@hexarena/engines/protocol/messages.ts';
import { formatDateTime, t } from '../i18n/index.ts';
import type { JoinRefusal } from './api.ts';

/** Lines a page keeps of a tournament's chat (the server sends its last 50, then each new one). */
export const CHAT_SHOWN = 100;

/** What the socket said of a tournament's chat (a "tournament-chat" message). */
export interface ChatHeard {
  readonly lines: readonly TournamentChatLine[];
  /** The server's last page (on following, again after a reconnection). */
  readonly recent?: boolean;
  /** Lines a moderator removed, by number. */
  readonly removed?: readonly number[];
}

/**
 * What a page shows of a tournament's chat after hearing `heard`: the lines by their number, each
 * once — the last page after a reconnection repeats lines, and a new line may come before the page —
 * but those a moderator removed, the last CHAT_SHOWN of them. A last page is the whole truth from its
 * first line on: a line shown past it that it lacks was removed while the socket was away.
 */
export function mergeChat(shown: readonly TournamentChatLine[], { lines, recent, removed = [] }: ChatHeard): readonly TournamentChatLine[] {
  if (lines.length === 0 && removed.length === 0 && !recent) return shown;
  // An empty last page: the chat has no line left to show.
  const from = !recent ? Number.POSITIVE_INFINITY : lines.length === 0 ? Number.NEGATIVE_INFINITY : Math.min(...lines.map((l) => l.n));
  const byNumber = new Map(shown.filter((l) => l.n < from).map((l) => [l.n, l]));
  for (const l of lines) byNumber.set(l.n, l);
  for (const n of removed) byNumber.delete(n);
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
    case 'muted': {
      // A mute for a while: its end, from the server's value, in the player's date and time zone.
      const until = refusal.values?.until;
      return typeof until === 'number' ? t('tournament.chatMutedUntil', { until: formatDateTime(until) }) : t('tournament.chatMuted');
    }
    default:
      return t('tournament.chatRefused', { problem: refusal.error });
  }
}
