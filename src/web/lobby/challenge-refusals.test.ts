import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { refusalOf } from '../refusal-of.ts';
import { challengeProblem } from './challenge-refusals.ts';

afterAll(() => setCatalog('en', en));

/** A refusal as the page gets it: the server's body (src/server/challenges.ts) read as the API reads it. */
const refused = (body: Record<string, unknown>): Error => refusalOf(body) as Error;

/** The options refused, as the server sends it: its own code, wrapping the rules' coded refusal. */
const badOptions = {
  error: 'options: Hex option "size" must be a whole number from 2 to 19',
  code: 'challenge.options',
  values: { game: 'Hex' },
  cause: {
    error: 'Hex option "size" must be a whole number from 2 to 19',
    code: 'options.range',
    values: { game: 'Hex', name: 'size', min: 2, max: 19 },
  },
};

describe('a challenge’s refusal in the player’s language', () => {
  // The server's body → the sentence (lobby.test.ts and engines.test.ts hold the server to these codes and values).
  const TABLE: [string, Parameters<typeof setCatalog>[1], [Record<string, unknown>, string][]][] = [
    [
      'en',
      en,
      [
        [{ error: 'there is no player bob', code: 'challenge.noPlayer', values: { name: 'bob' } }, 'There is no player bob.'],
        [
          { error: 'the challenge is no longer open (expired)', code: 'challenge.notOpen', values: { status: 'expired' } },
          'The challenge is no longer open: it expired.',
        ],
      ],
    ],
    [
      'es',
      es,
      [
        [
          { error: 'you have 10 challenges waiting…', code: 'challenge.tooMany', values: { count: 10 } },
          'Tienes 10 desafíos esperando respuesta: cancela alguno o espera a que te respondan.',
        ],
        [
          { error: 'the challenge is no longer open (declined)', code: 'challenge.notOpen', values: { status: 'declined' } },
          'El desafío ya no está abierto: se rechazó.',
        ],
        [badOptions, 'Estas no son opciones de Hex: La opción «size» debe ser un número entero de 2 a 19.'],
      ],
    ],
    [
      'ru',
      ru,
      [
        // Russian plurals: 1, 2–4, 5+ (and 21, 22 like 1, 2).
        [
          { error: '…', code: 'challenge.tooMany', values: { count: 1 } },
          'Ответа уже ждёт 1 ваш вызов: отмените какие-нибудь или дождитесь ответов.',
        ],
        [
          { error: '…', code: 'challenge.tooMany', values: { count: 3 } },
          'Ответа уже ждут 3 ваших вызова: отмените какие-нибудь или дождитесь ответов.',
        ],
        [
          { error: '…', code: 'challenge.tooMany', values: { count: 10 } },
          'Ответа уже ждут 10 ваших вызовов: отмените какие-нибудь или дождитесь ответов.',
        ],
        [
          { error: '…', code: 'challenge.engineGames', values: { count: 5 } },
          'У вас уже идут 5 партий против движков: сначала доиграйте одну.',
        ],
        [
          { error: '…', code: 'challenge.engineGames', values: { count: 21 } },
          'У вас уже идёт 21 партия против движков: сначала доиграйте одну.',
        ],
        [
          { error: 'a rated game is played against someone else…', code: 'one-seat-per-account' },
          'Рейтинговую партию играют с кем-то другим — не с собой и не со своим ботом: сыграйте сами с собой в товарищеской партии.',
        ],
        [
          { error: 'only the challenged player answers it', code: 'challenge.onlyChallenged' },
          'Ответить на вызов может только вызванный игрок.',
        ],
      ],
    ],
    [
      'ja',
      ja,
      [
        [
          {
            error: 'hexarena-perfect does not play Hex here',
            code: 'challenge.engineGame',
            values: { name: 'hexarena-perfect', game: 'Hex' },
          },
          'hexarena-perfect はここでは Hex を指しません。',
        ],
        [
          { error: 'the challenge is no longer open (cancelled)', code: 'challenge.notOpen', values: { status: 'cancelled' } },
          'この挑戦状はもう受け付けていません（取り消し済み）。',
        ],
        [
          { error: 'you block Bob: unblock them to challenge them', code: 'challenge.youBlock', values: { name: 'Bob' } },
          'Bob さんをブロックしています。挑戦するにはブロックを解除してください。',
        ],
      ],
    ],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [body, text] of said) expect(challengeProblem(refused(body), 'send', rulesRefusal)).toBe(text);
      // The list on the home page words no rules' refusal (it never gets one): the wrapped one in the server's words.
      expect(challengeProblem(refused(badOptions), 'answer')).toContain('Hex option "size" must be a whole number from 2 to 19');
      // A code it does not know, and a refusal with none: the server's words, in the page's own sentence.
      const sent = catalog['challenge.notSent'] as string;
      const answered = catalog['challenge.notAnswered'] as string;
      expect(challengeProblem(refused({ error: 'a new refusal', code: 'challenge.newOne' }), 'send')).toBe(
        sent.replace('{problem}', 'a new refusal'),
      );
      expect(challengeProblem(refused({ error: 'the server is away' }), 'answer')).toBe(
        answered.replace('{problem}', 'the server is away'),
      );
    });
});
