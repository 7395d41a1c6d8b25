import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { refusalOf } from '../refusal-of.ts';
import { lobbyProblem } from './lobby-refusals.ts';

afterAll(() => setCatalog('en', en));

/** A lobby socket's `error` as the home page reads it (lobby-connection.ts): its words, code and values. */
const refused = (body: Record<string, unknown>): Error => refusalOf({ type: 'error', ...body }) as Error;

describe('the lobby socket’s refusals in the player’s language', () => {
  // The server's message → the sentence (lobby.test.ts and live-standings.test.ts hold the server to these codes and values).
  const TABLE: [string, Parameters<typeof setCatalog>[1], [Record<string, unknown>, string][]][] = [
    [
      'en',
      en,
      [
        [
          { error: 'pools are rated: sign up or log in to play in them', code: 'lobby.signUp' },
          'Pools are rated: sign up or log in to play in them.',
        ],
        [{ error: '…', code: 'lobby.noTournament', values: { id: 'Ab3' } }, 'There is no tournament Ab3 to follow.'],
      ],
    ],
    [
      'es',
      es,
      [
        [
          { error: 'too many messages: at most 2 a second', code: 'lobby.tooFast', values: { rate: 2 } },
          'Demasiados clics seguidos: espera un momento y vuelve a intentarlo.',
        ],
        [{ error: '…', code: 'lobby.cannotJoin' }, 'Ahora mismo no se puede entrar en la cola: vuelve a intentarlo.'],
      ],
    ],
    [
      'ru',
      ru,
      [
        // Russian plurals: 1, 2–4, 5+.
        [
          { error: '…', code: 'lobby.followLimit', values: { count: 1 } },
          'Одна страница следит не больше чем за 1 турниром сразу: сначала закройте какой-нибудь.',
        ],
        [
          { error: '…', code: 'lobby.followLimit', values: { count: 4 } },
          'Одна страница следит не больше чем за 4 турнирами сразу: сначала закройте какой-нибудь.',
        ],
        [{ error: '…', code: 'lobby.signUp' }, 'Игры в пулах рейтинговые: зарегистрируйтесь или войдите, чтобы в них играть.'],
      ],
    ],
    [
      'ja',
      ja,
      [
        [
          { error: '…', code: 'lobby.followLimit', values: { count: 4 } },
          '1つのページで同時にフォローできるトーナメントは4件までです。先にどれかを閉じてください。',
        ],
        [{ error: '…', code: 'lobby.followLater' }, '今はこのトーナメントをフォローできません。もう一度お試しください。'],
      ],
    ],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [body, text] of said) expect(lobbyProblem(refused(body)), JSON.stringify(body)).toBe(text);
      // No code, or one this page does not know: the server's words.
      expect(lobbyProblem(refused({ error: 'unknown field "since"' }))).toBe('unknown field "since"');
      expect(lobbyProblem(refused({ error: 'server words', code: 'lobby.newOne' }))).toBe('server words');
    });
});
