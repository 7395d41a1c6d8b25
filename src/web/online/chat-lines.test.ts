import { describe, expect, it } from 'vitest';
import { CHAT_SHOWN, mergeChat, type ShownChat } from './chat-lines.ts';

const line = (n: number) => ({ n, author: n % 2 ? 'Ann' : 'Bob', text: `line ${n}`, at: 1000 + n });
const empty: ShownChat = { room: 'spectators', lines: [] };
const numbers = (c: ShownChat) => c.lines.map((l) => l.n);

describe("a game chat's lines on its page", () => {
  it('merges the last lines and new ones by their number, each once, in order, whichever came first', () => {
    let shown = mergeChat(empty, { type: 'chat', room: 'spectators', lines: [line(5)] });
    shown = mergeChat(shown, { type: 'chat', room: 'spectators', lines: [line(3), line(4), line(5)], recent: true });
    shown = mergeChat(shown, { type: 'chat', room: 'spectators', lines: [line(6)] });
    shown = mergeChat(shown, { type: 'chat', room: 'spectators', lines: [line(3), line(4), line(5), line(6)], recent: true });
    expect(numbers(shown)).toEqual([3, 4, 5, 6]);
    expect(mergeChat(shown, { type: 'chat', room: 'spectators', lines: [] })).toBe(shown);
  });

  it('drops a line a moderator removed, heard live or missed while the socket was away', () => {
    let shown = mergeChat(empty, { type: 'chat', room: 'spectators', lines: [line(1), line(2), line(3)], recent: true });
    shown = mergeChat(shown, { type: 'chat', room: 'spectators', lines: [], removed: [2] });
    expect(numbers(shown)).toEqual([1, 3]);
    // A removal of a line never shown changes nothing; a new line and a removal at once.
    shown = mergeChat(shown, { type: 'chat', room: 'spectators', lines: [line(5)], removed: [1, 99] });
    expect(numbers(shown)).toEqual([3, 5]);
    // Back from a reconnection: line 5 was removed meanwhile, line 7 said; lines older than the page stay.
    shown = mergeChat(
      { ...shown, lines: [line(0), ...shown.lines] },
      { type: 'chat', room: 'spectators', lines: [line(3), line(7)], recent: true },
    );
    expect(numbers(shown)).toEqual([0, 3, 7]);
    expect(numbers(mergeChat(shown, { type: 'chat', room: 'spectators', lines: [], recent: true }))).toEqual([]);
  });

  it('starts afresh in another room, and keeps the last lines alone', () => {
    const shown = mergeChat(empty, { type: 'chat', room: 'spectators', lines: [line(1)] });
    expect(mergeChat(shown, { type: 'chat', room: 'players', lines: [line(0)], recent: true })).toEqual({
      room: 'players',
      lines: [line(0)],
    });
    const many = Array.from({ length: CHAT_SHOWN + 10 }, (_, i) => line(i));
    const kept = mergeChat(empty, { type: 'chat', room: 'spectators', lines: many, recent: true });
    expect(kept.lines).toHaveLength(CHAT_SHOWN);
    expect(kept.lines[0]?.n).toBe(10);
  });
});
