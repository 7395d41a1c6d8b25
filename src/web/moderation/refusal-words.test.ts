import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { refusalOf } from '../refusal-of.ts';
import { forModeratorsOnly, moderationProblem } from './refusal-words.ts';

afterAll(() => setCatalog('en', en));

/** A refusal as the page gets it: the server's body (src/server/moderation/routes.ts) read as the API reads it. */
const refused = (body: Record<string, unknown>): Error => refusalOf(body) as Error;

describe('a report’s or a moderator’s refusal in the player’s language', () => {
  // The server's body → the sentence (the moderation route test holds the server to these codes and values).
  const TABLE: [string, Parameters<typeof setCatalog>[1], [Record<string, unknown>, string][]][] = [
    [
      'en',
      en,
      [
        [
          {
            error: 'you have reported Tom already; the moderators will read it',
            code: 'moderation.reportedAlready',
            values: { name: 'Tom' },
          },
          'You have reported Tom already; the moderators will read it.',
        ],
        [
          { error: 'text is at most 1000 characters', code: 'moderation.tooLong', values: { what: 'text', max: 1000 } },
          'The text is at most 1,000 characters.',
        ],
      ],
    ],
    [
      'es',
      es,
      [
        [
          { error: 'an account files at most 3 reports a day: try again later', code: 'moderation.tooManyReports', values: { count: 3 } },
          'Una cuenta presenta como máximo 3 denuncias al día: inténtalo más tarde.',
        ],
        [
          { error: 'note says something', code: 'moderation.empty', values: { what: 'note' } },
          'Escribe una nota: el porqué, para el registro.',
        ],
        [{ error: 'Val is not banned', code: 'moderation.notBanned', values: { name: 'Val' } }, 'Val no está expulsado.'],
      ],
    ],
    [
      'ru',
      ru,
      [
        [
          { error: 'an account files at most 3 reports a day: try again later', code: 'moderation.tooManyReports', values: { count: 3 } },
          'С одного аккаунта можно отправить не больше 3 жалоб в день: попробуйте позже.',
        ],
        [
          { error: 'an account files at most 1 reports a day: try again later', code: 'moderation.tooManyReports', values: { count: 1 } },
          'С одного аккаунта можно отправить не больше 1 жалобы в день: попробуйте позже.',
        ],
        [
          {
            error: 'text may not hold U+202E (control or format characters)',
            code: 'moderation.unreadable',
            values: { what: 'text', char: 'U+202E' },
          },
          'Текст не может содержать U+202E (управляющий символ или символ форматирования).',
        ],
      ],
    ],
    [
      'ja',
      ja,
      [
        [{ error: 'there is no player Bob', code: 'moderation.noPlayer', values: { name: 'Bob' } }, 'プレイヤー Bob は存在しません。'],
        [{ error: 'log in to report a player', code: 'moderation.logInToReport' }, 'プレイヤーを通報するにはログインしてください。'],
      ],
    ],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [body, text] of said) expect(moderationProblem(refused(body))).toBe(text);
      // A code it does not know, and a refusal with none: the server's words, as a sentence (the language's full stop).
      expect(moderationProblem(refused({ error: 'a new refusal', code: 'moderation.newOne' }))).toMatch(/^A new refusal[.。]$/);
      expect(moderationProblem(refused({ error: 'before is a time in milliseconds' }))).toMatch(/^Before is a time in milliseconds[.。]$/);
    });

  it('tells the refusal of whoever is not a moderator by its code, and by its words from a server before codes', () => {
    expect(forModeratorsOnly(refused({ error: 'for moderators only', code: 'moderation.forModerators' }))).toBe(true);
    expect(forModeratorsOnly(refused({ error: 'for moderators only' }))).toBe(true);
    expect(forModeratorsOnly(refused({ error: 'there is no player Bob', code: 'moderation.noPlayer', values: { name: 'Bob' } }))).toBe(
      false,
    );
  });
});
