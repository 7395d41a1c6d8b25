import { describe, expect, it } from 'vitest';
import { CHAT_SHOWN, mergeChat } from './chat-lines.ts';

const line = (n: number) => ({ n, author: n % 2 ? 'Ann' : 'Bob', text: `line ${n}`, at: 1000 + n });

describe("a tournament chat's lines on its page", () => {
  it('merges the last page and new lines by their number, each once, in order, whichever came first', () => {
    // A new line heard before the page it follows; then the page; then the page again after a reconnection.
    let shown = mergeChat([], [line(5)]);
    shown = mergeChat(shown, [line(3), line(4)]);
    shown = mergeChat(shown, [line(3), line(4), line(5), line(6)]);
    expect(shown.map((l) => l.n)).toEqual([3, 4, 5, 6]);
    expect(mergeChat(shown, [])).toBe(shown);
  });

  it('keeps the last lines alone', () => {
    const many = Array.from({ length: CHAT_SHOWN + 10 }, (_, i) => line(i));
    const shown = mergeChat([], many);
    expect(shown).toHaveLength(CHAT_SHOWN);
    expect(shown[0]?.n).toBe(10);
  });
});
