import { afterAll, describe, expect, it } from 'vitest';
import { createProblem } from './create-refusals.ts';
import { setCatalog } from './i18n/index.ts';
import en from './i18n/messages/en.ts';
import es from './i18n/messages/es.ts';
import ja from './i18n/messages/ja.ts';
import ru from './i18n/messages/ru.ts';
import { refusalOf } from './refusal-of.ts';

afterAll(() => setCatalog('en', en));

/** A refusal as the dialog gets it: the server's body (src/server/game-routes.ts) read as the API reads it. */
const refused = (body: Record<string, unknown>): Error => refusalOf(body) as Error;

/** The options refused, as the server sends it: its own code, wrapping the rules' coded refusal. */
const badOptions = {
  error: 'options: Hex option "size" must be a whole number from 2 to 19',
  code: 'games.options',
  values: { game: 'Hex' },
  cause: {
    error: 'Hex option "size" must be a whole number from 2 to 19',
    code: 'options.range',
    values: { game: 'Hex', name: 'size', min: 2, max: 19 },
  },
};

const tooManyOpen = (count: number, by: string) => ({ error: '…', code: 'games.tooManyOpen', values: { count, by } });
const tooManyAI = (count: number, by: string) => ({ error: '…', code: 'games.tooManyAIGames', values: { count, by } });

describe('a refusal of making an online game in the player’s language', () => {
  // The server's body → the sentence (online.test.ts and edges.test.ts hold the server to these codes and values).
  const TABLE: [string, Parameters<typeof setCatalog>[1], [Record<string, unknown>, string][]][] = [
    [
      'en',
      en,
      [
        [
          { error: 'Tic-tac-toe is not rated: play it casual', code: 'games.unrated', values: { game: 'Tic-tac-toe' } },
          'Tic-tac-toe is not rated: play it casual.',
        ],
        [
          tooManyOpen(5, 'address'),
          'This address has 5 games waiting for players already: wait for them to fill or end before making more.',
        ],
      ],
    ],
    [
      'es',
      es,
      [
        [
          tooManyAI(2, 'account'),
          'Tu cuenta (con tus bots) ya tiene 2 partidas solo entre IA en curso: deja que terminen antes de empezar más.',
        ],
        [
          { error: '…', code: 'games.seatPlayedByAI', values: { seat: 0, nameSeat: 'White' } },
          'El puesto «Blancas» lo juega la IA del servidor: elige otro puesto para ti.',
        ],
        [badOptions, 'Estas no son opciones de Hex: La opción «size» debe ser un número entero de 2 a 19.'],
        // A game the server does not know: the rules' own refusal, in the rules' words.
        [
          { error: 'unknown game "chess" (…)', code: 'rules.unknownGame', values: { game: 'chess', known: 'hex, hive' } },
          'Aquí no hay ningún juego «chess» (los juegos: hex, hive).',
        ],
      ],
    ],
    [
      'ru',
      ru,
      [
        // Russian plurals: 1, 2–4, 5+ (and 21 like 1).
        [
          tooManyOpen(1, 'address'),
          'У этого адреса уже 1 партия ждёт соперников: дождитесь, пока к ним присоединятся или они закончатся, и только потом создавайте новые.',
        ],
        [
          tooManyOpen(3, 'account'),
          'У вашего аккаунта (вместе с вашими ботами) уже 3 партии ждут соперников: дождитесь, пока к ним присоединятся или они закончатся, и только потом создавайте новые.',
        ],
        [
          tooManyOpen(5, 'address'),
          'У этого адреса уже 5 партий ждут соперников: дождитесь, пока к ним присоединятся или они закончатся, и только потом создавайте новые.',
        ],
        [tooManyAI(21, 'address'), 'У этого адреса уже идёт 21 партия ИИ против ИИ: дождитесь их окончания, прежде чем начинать новые.'],
        [
          { error: '…', code: 'games.seatCount', values: { game: 'Hex', count: 2, asked: 3 } },
          'В игре Hex с такими настройками 2 места, а не 3.',
        ],
        [
          { error: '…', code: 'games.ratedPlayer' },
          'Рейтинговую партию создаёт игрок с аккаунтом и сам садится в неё: сначала зарегистрируйтесь или войдите.',
        ],
      ],
    ],
    [
      'ja',
      ja,
      [
        [tooManyAI(2, 'address'), 'このアドレスでは、AI 同士の対局がすでに 2 局進行中です。終わるまで待ってから新しく始めてください。'],
        [
          { error: 'name: …', code: 'games.name', values: { max: 40 } },
          'この名前は表示できません。名前は 1〜40 文字の見える文字で、制御文字や書式文字は使えません。',
        ],
        [badOptions, 'Hex のオプションとして正しくありません: オプション「size」は 2 から 19 までの整数にしてください。'],
      ],
    ],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [body, text] of said) expect(createProblem(refused(body))).toBe(text);
      // A code it does not know, and a refusal with none: the server's words, in the dialog's own sentence.
      const notMade = catalog['create.notMade'] as string;
      expect(createProblem(refused({ error: 'a new refusal', code: 'games.newOne' }))).toBe(notMade.replace('{problem}', 'a new refusal'));
      expect(createProblem(refused({ error: 'the server is away' }))).toBe(notMade.replace('{problem}', 'the server is away'));
    });
});
