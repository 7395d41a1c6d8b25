import { parseServerMessage } from '@hexarena/engines/protocol/parse.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { profileProblem } from '../account/profile-refusal.ts';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { refusalReason } from '../i18n/outcome.ts';
import { refusalOf } from '../refusal-of.ts';
import { onlineProblem } from './online-refusals.ts';

afterAll(() => setCatalog('en', en));

/** A refusal as the page gets it: the server's body (src/server/game-routes.ts, players.ts) read as the API reads it. */
const refused = (body: Record<string, unknown>): Error => refusalOf(body) as Error;

type Said = [Record<string, unknown>, 'seat' | 'rematch' | 'chat' | 'chatRemove', string];

describe('the online game page’s refusals in the player’s language', () => {
  // The server's body → the sentence (online, lobby, social and identity route tests hold the server to these codes and values).
  const TABLE: [string, Parameters<typeof setCatalog>[1], Said[]][] = [
    [
      'en',
      en,
      [
        [
          { error: 'Blue is taken', code: 'games.seatTaken', values: { nameSeat: 'Blue' } },
          'seat',
          'Blue is taken: someone sat there first.',
        ],
        [{ error: 'there is no game abc', code: 'games.noSuchGame', values: { id: 'abc' } }, 'seat', 'There is no game abc.'],
      ],
    ],
    [
      'es',
      es,
      [
        [
          { error: 'Blue is taken', code: 'games.seatTaken', values: { nameSeat: 'Blue' } },
          'seat',
          'El puesto «Azul» está ocupado: alguien se sentó antes.',
        ],
        [
          { error: 'the game is still on: a rematch follows its end', code: 'games.stillOn' },
          'rematch',
          'La partida sigue en curso: la revancha llega cuando termine.',
        ],
        [
          { error: 'only a moderator removes a line of chat', code: 'moderators-only' },
          'chatRemove',
          'Solo un moderador puede quitar un mensaje del chat.',
        ],
      ],
    ],
    [
      'ru',
      ru,
      [
        [
          { error: '…', code: 'games.ratingRange', values: { min: 1600, max: 2000, perf: 'hex', rating: 1500 } },
          'seat',
          'Эта партия для игроков с рейтингом 1600–2000 в hex, а у вас 1500.',
        ],
        [
          { error: "that is not X's token", code: 'games.notYourSeat', values: { nameSeat: 'White' } },
          'rematch',
          'Это место не ваше: реванш за место «Белые» может попросить только тот, кто за него играл.',
        ],
        [
          { error: 'too many new guests…', code: 'account.tooManyGuests' },
          'chat',
          'Слишком много новых гостей с этого адреса: зарегистрируйтесь или попробуйте позже.',
        ],
      ],
    ],
    [
      'ja',
      ja,
      [
        [
          { error: 'the game is over: its seats stay as they were played', code: 'games.seatsPlayed' },
          'seat',
          '対局は終わりました。席は対局したときのままです。',
        ],
        [{ error: '…', code: 'no-such-line' }, 'chatRemove', 'その発言はもうチャットにありません（削除済みか、古すぎます）。'],
      ],
    ],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [body, asked, text] of said) expect(onlineProblem(refused(body), asked)).toBe(text);
      // A code it does not know, and a refusal with none: the server's words, in the page's sentence for what it asked.
      const seat = catalog['online.error.seat'] as string;
      const rematch = catalog['online.error.rematch'] as string;
      expect(onlineProblem(refused({ error: 'a new refusal', code: 'games.newOne' }), 'seat')).toBe(
        seat.replace('{reason}', 'a new refusal'),
      );
      expect(onlineProblem(refused({ error: 'the server is away' }), 'rematch')).toBe(rematch.replace('{reason}', 'the server is away'));
    });
});

describe('a profile’s refusal in the player’s language', () => {
  const noPlayer = { error: 'there is no player Zed', code: 'players.noPlayer', values: { name: 'Zed' } };
  for (const [locale, catalog, text] of [
    ['en', en, 'There is no player Zed.'],
    ['es', es, 'No hay ningún jugador llamado Zed.'],
    ['ru', ru, 'Игрока Zed нет.'],
    ['ja', ja, 'プレイヤー Zed は存在しません。'],
  ] as const)
    it(locale, () => {
      setCatalog(locale, catalog);
      expect(profileProblem(refused(noPlayer))).toBe(text);
      const cannot = catalog['profile.cannotShow'] as string;
      expect(profileProblem(refused({ error: 'a new refusal', code: 'players.newOne' }))).toBe(
        cannot.replace('{problem}', 'a new refusal'),
      );
      expect(profileProblem(refused({ error: 'the server is away' }))).toBe(cannot.replace('{problem}', 'the server is away'));
    });
});

describe('a chat line refused over the socket, by its code', () => {
  // The server's message (moderation.test.ts holds the server to it): the end in UTC in the words, exact as `until`.
  const until = Date.UTC(2026, 11, 8, 10, 30, 15);
  const untilWords = "the site's moderators have muted you until 2026-12-08 10:30 UTC: your chat lines are not shown to anyone";
  /** A day and its time as the player's locale writes them, in their time zone (the runtime's). */
  const dated = (locale: string, at: number) =>
    new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at);

  it('says a mute’s end from its value, in the player’s language, date and time zone (English too); from the socket’s message too', () => {
    setCatalog('ja', ja);
    expect(refusalReason('muted', untilWords, { until })).toBe(
      `サイトのモデレーターにより ${dated('ja', until)} までミュートされています。あなたの発言は誰にも表示されません`,
    );
    setCatalog('en', en);
    expect(refusalReason('muted', untilWords, { until })).toBe(
      `the site’s moderators have muted you until ${dated('en', until)}: your chat lines are not shown to anyone`,
    );
    // The value decides, whatever the words say.
    expect(refusalReason('muted', 'muted', { until })).toContain(dated('en', until));
    setCatalog('ru', ru);
    expect(refusalReason('muted', untilWords, { until })).toBe(
      `модераторы сайта лишили вас права писать в чат до ${dated('ru', until)}: ваших сообщений никто не видит`,
    );
    // The end comes as a value over the game's socket too: the engines' parse keeps an error's plain values.
    const told = parseServerMessage(JSON.stringify({ type: 'error', code: 'muted', error: untilWords, values: { until } }));
    expect(told.ok && told.value.type === 'error' ? refusalReason(told.value.code, told.value.error, told.value.values) : null).toBe(
      `модераторы сайта лишили вас права писать в чат до ${dated('ru', until)}: ваших сообщений никто не видит`,
    );
  });

  it('says a mute for good, and a line too fast, in the player’s language; a code it does not know in the server’s words', () => {
    setCatalog('ru', ru);
    expect(refusalReason('muted', "the site's moderators have muted you: your chat lines are not shown to anyone")).toBe(
      'модераторы сайта лишили вас права писать в чат: ваших сообщений никто не видит',
    );
    setCatalog('es', es);
    expect(refusalReason('chat-too-fast', 'too many lines: at most one a second')).toBe(
      'escribes demasiado rápido: como mucho un mensaje por segundo',
    );
    setCatalog('ja', ja);
    expect(refusalReason('chat-empty', 'say something')).toBe('何も書かれていません');
    expect(refusalReason('no-session', 'chat needs a session')).toBe('chat needs a session');
  });
});
