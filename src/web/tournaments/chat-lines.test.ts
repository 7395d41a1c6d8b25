import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import ru from '../i18n/messages/ru.ts';
import { CHAT_SHOWN, chatRefusalText, mergeChat } from './chat-lines.ts';

afterAll(() => setCatalog('en', en));

const line = (n: number) => ({ n, author: n % 2 ? 'Ann' : 'Bob', text: `line ${n}`, at: 1000 + n });

describe("a tournament chat's lines on its page", () => {
  it('merges the last page and new lines by their number, each once, in order, whichever came first', () => {
    // A new line heard before the page it follows; then the page; then the page again after a reconnection.
    let shown = mergeChat([], { lines: [line(5)] });
    shown = mergeChat(shown, { lines: [line(3), line(4), line(5)], recent: true });
    shown = mergeChat(shown, { lines: [line(6)] });
    shown = mergeChat(shown, { lines: [line(3), line(4), line(5), line(6)], recent: true });
    expect(shown.map((l) => l.n)).toEqual([3, 4, 5, 6]);
    expect(mergeChat(shown, { lines: [] })).toBe(shown);
  });

  it('drops a line a moderator removed, heard live or missed while away (the last page lacks it)', () => {
    let shown = mergeChat([], { lines: [line(1), line(2), line(3)], recent: true });
    shown = mergeChat(shown, { lines: [], removed: [2] });
    expect(shown.map((l) => l.n)).toEqual([1, 3]);
    // A removal and a new line at once; a removal of a line never shown changes nothing.
    shown = mergeChat(shown, { lines: [line(5)], removed: [1, 99] });
    expect(shown.map((l) => l.n)).toEqual([3, 5]);
    // Back from a reconnection: line 5 was removed meanwhile, line 7 said; older lines than the page stay.
    shown = mergeChat([line(0), ...shown], { lines: [line(3), line(7)], recent: true });
    expect(shown.map((l) => l.n)).toEqual([0, 3, 7]);
    // Every line removed: the page is empty, and so is the chat.
    expect(mergeChat(shown, { lines: [], recent: true })).toEqual([]);
  });

  it('keeps the last lines alone', () => {
    const many = Array.from({ length: CHAT_SHOWN + 10 }, (_, i) => line(i));
    const shown = mergeChat([], { lines: many });
    expect(shown).toHaveLength(CHAT_SHOWN);
    expect(shown[0]?.n).toBe(10);
  });
});

describe("a tournament chat's line refused for a mute", () => {
  // The server's body (tournaments/chat.test.ts holds the server to it): its end in UTC in the words, exact as `until`.
  const until = Date.UTC(2026, 11, 8, 10, 30, 15);
  const forAWhile = {
    code: 'muted',
    error: "the site's moderators have muted you until 2026-12-08 10:30 UTC: your chat lines are not shown to anyone",
    values: { until },
  };
  /** The end as the player's locale writes a day and its time, in their time zone (the runtime's). */
  const shown = (locale: string) =>
    new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(until);

  it('says its end in the player’s language, date and time zone, from the value, not the words', () => {
    setCatalog('ru', ru);
    expect(chatRefusalText(forAWhile)).toBe(`Модераторы отключили вам чат до ${shown('ru')}: ваши сообщения не показываются.`);
    setCatalog('en', en);
    expect(chatRefusalText(forAWhile)).toBe(`The moderators have muted you until ${shown('en')}: your lines are not shown.`);
    // The value decides, whatever the words say.
    expect(chatRefusalText({ ...forAWhile, error: 'muted' })).toContain(shown('en'));
  });

  it('a mute for good has no end to say', () => {
    setCatalog('ru', ru);
    expect(chatRefusalText({ code: 'muted', error: "the site's moderators have muted you: your chat lines are not shown to anyone" })).toBe(
      'Модераторы отключили вам чат: ваши сообщения не показываются.',
    );
  });
});
