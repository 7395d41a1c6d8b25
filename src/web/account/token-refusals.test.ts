import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { refusalOf } from '../refusal-of.ts';
import { tokensProblem } from './token-refusals.ts';

afterAll(() => setCatalog('en', en));

/** A refusal as the page gets it: the server's body (identity/routes.ts, bots.ts) read as the API reads it. */
const refused = (body: Record<string, unknown>): Error => refusalOf(body) as Error;

describe('a bot’s or a token’s refusal in the player’s language', () => {
  // The server's body → the sentence (the bot API's route test holds the server to these codes and values).
  const TABLE: [string, Parameters<typeof setCatalog>[1], [Record<string, unknown>, string][]][] = [
    [
      'en',
      en,
      [
        [
          { error: 'the name Tester is taken', code: 'bots.nameTaken', values: { name: 'Tester' } },
          'The name Tester is taken: choose another.',
        ],
        [{ error: 'log in first', code: 'account.logInFirst' }, 'Log in first.'],
      ],
    ],
    [
      'es',
      es,
      [
        [
          { error: 'an account has at most 10 tokens: revoke one first', code: 'tokens.tooMany', values: { count: 10 } },
          'Una cuenta tiene como máximo 10 tokens: revoca uno antes.',
        ],
        [
          { error: '"moderator" is kept for the site: choose another name', code: 'bots.nameKept', values: { name: 'moderator' } },
          '«moderator» está reservado para el sitio: elige otro nombre.',
        ],
      ],
    ],
    [
      'ru',
      ru,
      [
        [
          { error: 'an account may have 5 bots, and yours has them: …', code: 'too-many-bots', values: { count: 5 } },
          'У аккаунта может быть не больше 5 ботов, и у вашего их уже столько: вместо нового бота выдайте новый токен одному из имеющихся.',
        ],
        [
          { error: 'a bot name is 1 to 30 letters, digits, - or _', code: 'bots.nameRule', values: { max: 30 } },
          'Имя бота — от 1 до 30 символов: латинские буквы, цифры, - или _.',
        ],
        [
          { error: 'a token has a label of 1 to 40 characters, to know it by', code: 'tokens.label', values: { max: 40 } },
          'Метка токена — от 1 до 40 символов, чтобы его узнавать.',
        ],
      ],
    ],
    [
      'ja',
      ja,
      [
        [
          { error: 'you have no bot named nobot', code: 'tokens.noSuchBot', values: { name: 'nobot' } },
          'nobot という名前のボットはありません。',
        ],
        [
          { error: 'an API token plays; the account is managed from the site', code: 'account.tokenPlays' },
          'API トークンは対局用です。アカウントの管理はサイトで行ってください。',
        ],
      ],
    ],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [body, text] of said) expect(tokensProblem(refused(body))).toBe(text);
      // A code it does not know, and a refusal with none: the server's words, as a sentence (the language's full stop).
      expect(tokensProblem(refused({ error: 'a new refusal', code: 'tokens.newOne' }))).toMatch(/^A new refusal[.。]$/);
      expect(tokensProblem(refused({ error: 'the bot API is closed' }))).toMatch(/^The bot API is closed[.。]$/);
    });
});
