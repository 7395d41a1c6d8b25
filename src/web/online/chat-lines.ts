import type { ChatMessage, ServerMessage } from '@hexarena/engines/protocol/index.ts';

/** Lines a game page keeps of the chat it reads (the server keeps 200 of both chats together). */
export const CHAT_SHOWN = 200;

/** What a game page shows of its chat: the room it reads, and its lines. */
export interface ShownChat {
  readonly room: 'players' | 'spectators';
  readonly lines: readonly ChatMessage[];
}

/**
 * What a game page shows of its chat after the socket said `heard`: the lines by their number, each
 * once — a socket opened anew sends its last lines again, and a line may come before them — but those
 * a moderator removed, the last CHAT_SHOWN of them. The last lines sent on connecting (`recent`) are
 * the whole truth from their first line on: a line shown past it that they lack was removed while the
 * socket was away. Another room (a spectator who took a seat) starts afresh.
 */
export function mergeChat(shown: ShownChat, heard: Extract<ServerMessage, { type: 'chat' }>): ShownChat {
  const { room, lines, recent, removed = [] } = heard;
  if (room !== shown.room) return { room, lines: lines.slice(-CHAT_SHOWN) };
  if (lines.length === 0 && removed.length === 0 && !recent) return shown;
  // An empty last page: the chat has no line left to show.
  const from = !recent ? Number.POSITIVE_INFINITY : lines.length === 0 ? Number.NEGATIVE_INFINITY : Math.min(...lines.map((l) => l.n));
  const byNumber = new Map(shown.lines.filter((l) => l.n < from).map((l) => [l.n, l]));
  for (const l of lines) byNumber.set(l.n, l);
  for (const n of removed) byNumber.delete(n);
  return { room, lines: [...byNumber.values()].sort((a, b) => a.n - b.n).slice(-CHAT_SHOWN) };
}
