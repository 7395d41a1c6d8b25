import { afterAll, describe, expect, it } from 'vitest';
import { logOutProblem } from '../account/refusal-words.ts';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { refusalOf } from '../refusal-of.ts';
import { reviewProblem } from './review-refusals.ts';

afterAll(() => setCatalog('en', en));

/** A refusal as the panel gets it: the server's body (src/server/reviews.ts) read as the API reads it. */
const refused = (body: Record<string, unknown>): Error => refusalOf(body) as Error;

const tooMany = (count: number) => ({ error: `at most ${count} reviews an hour…`, code: 'review.tooMany', values: { count } });

describe('a computer review’s refusal in the player’s language', () => {
  // The server's body → the sentence (reviews.test.ts holds the server to these codes and values).
  const TABLE: [string, Parameters<typeof setCatalog>[1], [Record<string, unknown>, string][]][] = [
    [
      'en',
      en,
      [
        [tooMany(1), 'At most 1 review an hour for each player: ask again later.'],
        [{ error: '…', code: 'review.stillOn' }, 'The game is still on: a review is made of a finished game.'],
      ],
    ],
    [
      'es',
      es,
      [
        [
          { error: '…', code: 'review.noSearch', values: { game: 'Tic-tac-toe' } },
          'Tic-tac-toe no tiene búsqueda con la que evaluar sus posiciones, así que no se puede analizar.',
        ],
        [
          { error: '…', code: 'review.busy', values: { count: 4 } },
          'El servidor ya está analizando 4 partidas: vuelve a pedirlo dentro de unos minutos.',
        ],
      ],
    ],
    [
      'ru',
      ru,
      [
        // Russian plurals: 1, 2–4, 5+.
        [tooMany(1), 'Не больше 1 разбора в час на игрока: попросите позже.'],
        [tooMany(2), 'Не больше 2 разборов в час на игрока: попросите позже.'],
        [
          { error: '…', code: 'review.busy', values: { count: 3 } },
          'Сервер уже разбирает 3 партии: попросите снова через несколько минут.',
        ],
        [
          { error: '…', code: 'review.busy', values: { count: 5 } },
          'Сервер уже разбирает 5 партий: попросите снова через несколько минут.',
        ],
        [{ error: 'there is no game abc', code: 'games.noSuchGame', values: { id: 'abc' } }, 'Партии abc нет.'],
      ],
    ],
    [
      'ja',
      ja,
      [
        [
          { error: '…', code: 'review.chance', values: { game: 'DiceWars' } },
          'DiceWars は運の要素があるゲームで、局面を探索で評価できないため検討できません。',
        ],
        [{ error: '…', code: 'review.twoPlayers' }, '検討できるのは 2 人対戦の対局だけです。'],
      ],
    ],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [body, text] of said) expect(reviewProblem(refused(body))).toBe(text);
      // A code it does not know, and a refusal with none: the server's words, as the panel showed them.
      expect(reviewProblem(refused({ error: 'a new refusal', code: 'review.newOne' }))).toBe('a new refusal');
      expect(reviewProblem(refused({ error: 'the server is away' }))).toBe('the server is away');
    });
});

describe('logging out refused, in the player’s language', () => {
  for (const [locale, catalog, text] of [
    ['en', en, 'Log in first.'],
    ['es', es, 'Inicia sesión primero.'],
    ['ru', ru, 'Сначала войдите.'],
    ['ja', ja, ja['account.refusal.logInFirst']],
  ] as const)
    it(locale, () => {
      setCatalog(locale, catalog);
      expect(logOutProblem(refused({ error: 'log in first', code: 'account.logInFirst' }))).toBe(text);
      const notOut = catalog['account.notLoggedOut'] as string;
      expect(logOutProblem(refused({ error: 'the server is away' }))).toBe(notOut.replace('{problem}', 'the server is away'));
      expect(logOutProblem(refused({ error: 'a new refusal', code: 'account.newOne' }))).toBe(notOut.replace('{problem}', 'a new refusal'));
    });
});
