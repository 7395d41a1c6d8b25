import type { Player } from '@hexarena/engines/engine/game.ts';
import { describe, expect, it } from 'vitest';
import { SERVER_SEAT } from '../arbiter.ts';
import { newStoredGame, type StoredGame } from '../store.ts';
import { hashToken } from '../tokens.ts';
import { type AnyIntent, type Decision, decide } from './decide.ts';
import { type Answered, clocksOf, passesIn, replayStored, type Table } from './table.ts';

/**
 * The one decision on plain tables, with a fake clock: each case gives its `now`. A table is
 * tic-tac-toe after `moves` made a second apart from t = 1,000 (the first at 2,000), X's and O's
 * seats taken, an untimed game abandoned after a minute.
 */
const X = 'x-token';
const O = 'o-token';
const MINUTE = 60_000;
const CLOCK = { initialMs: 5_000, incrementMs: 0 };

interface Extra {
  readonly answered?: [string, Answered][];
  readonly fresh?: boolean;
  /** Since when each seat's player has been away (null: connected). */
  readonly gone?: readonly (number | null)[];
}

function table(moves: string[], changes: Partial<StoredGame> = {}, extra: Extra = {}): Table {
  const stored: StoredGame = {
    ...newStoredGame({ id: 't', game: 'tictactoe', options: {}, seed: 's', seats: ['open', 'open'], clock: null, createdAt: 1_000 }),
    moves: moves.map((move, ply) => ({ ply, move, at: 1_000 * (ply + 2) })),
    seatTokens: [hashToken(X), hashToken(O)],
    ...changes,
  };
  const { game, options, live } = replayStored(stored, MINUTE);
  return {
    ...live,
    game,
    options,
    clocks: clocksOf(game, live),
    abandonAfterMs: MINUTE,
    firstMoveMs: 30_000,
    answered: new Map(extra.answered ?? []),
    passes: passesIn(game, options, stored.seed),
    rules: { aiGameMoves: 3000, claimAfterMs: 30_000 },
    goneSince: (seat: Player) => extra.gone?.[seat] ?? null,
    fresh: extra.fresh ?? true,
  };
}

const drawBy = (seat: Player): Partial<StoredGame> => ({ offer: { kind: 'draw', seat, ply: 1 } });
const takebackBy = (seat: Player): Partial<StoredGame> => ({ offer: { kind: 'takeback', seat, ply: 1 } });
const over: Partial<StoredGame> = { ending: { result: { kind: 'draw', reason: 'agreed' }, termination: 'agreement' } };
const move = (seat: Player, text: string, version: number, token = seat === 0 ? X : O, clientId?: string): AnyIntent => ({
  kind: 'move',
  seat,
  token,
  move: text,
  version,
  ...(clientId === undefined ? {} : { clientId }),
});

type Case = readonly [name: string, table: Table, intent: AnyIntent, now: number, expected: Partial<Decision> | object];

/** Runs a case table: each decision matches what the case expects. */
function check(cases: readonly Case[]): void {
  for (const [name, t, intent, now, expected] of cases) expect(decide(t, intent, now), name).toMatchObject(expected);
}

const refused = (refusal: string, error?: string) => ({ kind: 'refuse', refusal, ...(error === undefined ? {} : { error }) });
const ends = (termination: string, result: object, plies?: number) => ({
  kind: 'write',
  write: { kind: 'end', outcome: result, ending: { termination, ...(plies === undefined ? {} : { plies }) } },
});

describe('decide: one decision for every intent', () => {
  it('a move: accepted and written at now; stale, out of turn, not the holder, over, no such seat refused; ahead of the table reloads', () => {
    const earlier: Answered = {
      move: 'b2',
      text: 'b2',
      ply: 0,
      version: 0,
      answer: { ok: true, version: 1, event: { version: 1, kind: 'move', ply: 0, seat: 0, move: 'b2', at: 2_000 } },
    };
    check([
      [
        'accepted',
        table(['b2']),
        move(1, 'a1', 1),
        5_000,
        { kind: 'write', write: { kind: 'move', seat: 1, made: { ply: 1, move: 'a1', at: 5_000 }, event: { version: 2, kind: 'move' } } },
      ],
      [
        'stale version',
        table(['b2']),
        move(1, 'a1', 0),
        5_000,
        refused('stale', 'the move was made against version 0; the game is at version 1'),
      ],
      ['ahead of this table: read the store first', table(['b2'], {}, { fresh: false }), move(1, 'a1', 2), 5_000, { kind: 'reload' }],
      ['ahead of a fresh table', table(['b2']), move(1, 'a1', 2), 5_000, refused('stale')],
      ['out of turn', table(['b2']), move(0, 'a1', 1), 5_000, refused('not-your-turn', "it is O's turn, not X's")],
      ['another seat’s token', table(['b2']), move(1, 'a1', 1, X), 5_000, refused('bad-token', "that is not O's token")],
      [
        'a seat taken elsewhere maybe',
        table([], { seatTokens: [hashToken(X), null] }, { fresh: false }),
        move(1, 'a1', 0, O),
        5_000,
        { kind: 'reload' },
      ],
      ['no such seat', table([]), move(2 as Player, 'a1', 0), 5_000, refused('no-such-seat')],
      ['illegal', table(['b2']), move(1, 'b2', 1), 5_000, refused('illegal', 'b2 already holds X')],
      ['the game is over', table(['b2'], over), move(1, 'a1', 2), 5_000, refused('game-over', 'the game is over')],
      [
        'a timed game waits for its seats',
        table([], { clock: CLOCK, seatTokens: [hashToken(X), null] }),
        move(0, 'b2', 0),
        5_000,
        refused('waiting'),
      ],
      [
        'duplicate client id: the same answer again',
        table(['b2'], {}, { answered: [['0/m1', earlier]] }),
        move(0, 'b2', 0, X, 'm1'),
        9_000,
        { kind: 'answered', answer: { ok: true, version: 1, duplicate: true } },
      ],
      [
        'duplicate client id on another move',
        table(['b2'], {}, { answered: [['0/m1', earlier]] }),
        move(0, 'c3', 0, X, 'm1'),
        9_000,
        refused('illegal', 'the id "m1" was given to another move (b2 at version 0): give each move an id of its own'),
      ],
    ]);
  });

  it('a winning move, then what follows it: the end by the rules; the first ending wins, none after it', () => {
    const won = table(['a1', 'b1', 'a2', 'b2', 'a3']);
    const wonAndOver = table(['a1', 'b1', 'a2', 'b2', 'a3'], { ending: { result: { kind: 'win', winner: 0 }, termination: 'rules' } });
    check([
      [
        'the winning move',
        table(['a1', 'b1', 'a2', 'b2']),
        move(0, 'a3', 4),
        7_000,
        { kind: 'write', write: { kind: 'move', after: { due: null } } },
      ],
      ['follows: the end, after exactly its moves', won, { kind: 'follow' }, 7_000, ends('rules', { kind: 'win', winner: 0 }, 5)],
      ['a move after it', won, move(1, 'c3', 5), 7_000, refused('game-over')],
      ['a resignation after the end', wonAndOver, { kind: 'resign', seat: 1, token: O }, 7_000, refused('game-over', 'the game is over')],
      ['a flag after the end', wonAndOver, { kind: 'flag' }, 1e12, { kind: 'none' }],
      ['an abort after the end', wonAndOver, { kind: 'abort', seat: 1, token: O }, 7_000, refused('game-over')],
      [
        'an ending decided on this table holds only on its moves, departures and takebacks',
        table(['b2']),
        { kind: 'resign', seat: 0, token: X },
        7_000,
        { write: { ending: { plies: 1, departed: 0, undone: 0 } }, stale: 'again' },
      ],
    ]);
  });

  it('a flag: at exactly the deadline the clock has fallen, a millisecond before it has not; untimed games are abandoned or called off', () => {
    // X moved at 2,000 (free), O at 3,000: X's five seconds run out at 8,000.
    const timed = table(['b2', 'a1'], { clock: CLOCK });
    check([
      ['a millisecond before', timed, { kind: 'flag' }, 7_999, { kind: 'none' }],
      ['exactly at the deadline', timed, { kind: 'flag' }, 8_000, ends('time', { kind: 'win', winner: 1, reason: 'X ran out of time' }, 2)],
      ['untimed, just inside the limit', table(['b2']), { kind: 'flag' }, 61_999, { kind: 'none' }],
      [
        'untimed, silent for the limit',
        table(['b2']),
        { kind: 'flag' },
        62_000,
        ends('abandoned', { kind: 'win', winner: 0, reason: 'O did not move for 1 minute' }),
      ],
      [
        'an open seat nobody took',
        table(['b2'], { seatTokens: [hashToken(X), null] }),
        { kind: 'flag' },
        62_000,
        ends('aborted', { kind: 'draw', reason: 'nobody took the open seat in 1 minute: the game is called off' }),
      ],
      [
        'a paired player who never started',
        table([], { creator: 'pool:x' }),
        { kind: 'flag' },
        31_000,
        ends('aborted', { kind: 'draw', reason: 'X made no first move in 30 s: the game is aborted' }),
      ],
      [
        'a tournament’s player who never started loses it',
        table(['b2'], { creator: 'tournament:t1' }),
        { kind: 'flag' },
        33_000,
        ends('abandoned', { kind: 'win', winner: 0, reason: 'O made no first move in 30 s' }),
      ],
      ['the AI’s turn is never late', table(['b2'], { seats: ['open', 'easy'] }), { kind: 'flag' }, 1e12, { kind: 'none' }],
    ]);
  });

  it('resign, abort and claims: a game of two ends; an abort before both moved; a claim only against an opponent away long enough', () => {
    const away = (since: number | null) => table(['b2'], { clock: { initialMs: 600_000, incrementMs: 0 } }, { gone: [null, since] });
    check([
      [
        'resign',
        table(['b2']),
        { kind: 'resign', seat: 0, token: X },
        9_000,
        ends('resignation', { kind: 'win', winner: 1, reason: 'X resigned' }),
      ],
      [
        'resign again: the game ended meanwhile',
        table(['b2'], over),
        { kind: 'resign', seat: 0, token: X, again: true },
        9_000,
        refused('game-over', 'the game is over'),
      ],
      [
        'abort before both moved',
        table(['b2']),
        { kind: 'abort', seat: 1, token: O },
        9_000,
        ends('aborted', { kind: 'draw', reason: 'O aborted the game' }),
      ],
      ['abort after both moved', table(['b2', 'a1']), { kind: 'abort', seat: 1, token: O }, 9_000, refused('illegal')],
      [
        'claim: the opponent is connected',
        away(null),
        { kind: 'claim', seat: 0, token: X, result: 'win' },
        99_000,
        refused('illegal', 'O is connected'),
      ],
      [
        'claim: away, not long enough',
        away(60_000),
        { kind: 'claim', seat: 0, token: X, result: 'win' },
        89_999,
        refused('illegal', 'O may be back: a claim can be made in 1 s'),
      ],
      [
        'claim: away exactly long enough, a win',
        away(60_000),
        { kind: 'claim', seat: 0, token: X, result: 'win' },
        90_000,
        ends('abandoned', { kind: 'win', winner: 0, reason: 'O left the game' }),
      ],
      [
        'claim: a draw',
        away(60_000),
        { kind: 'claim', seat: 0, token: X, result: 'draw' },
        90_000,
        ends('abandoned', { kind: 'draw', reason: 'O left the game' }),
      ],
      ['claim: on one’s own turn', away(60_000), { kind: 'claim', seat: 1, token: O, result: 'win' }, 90_000, refused('illegal')],
      [
        'claim: untimed',
        table(['b2'], {}, { gone: [null, 0] }),
        { kind: 'claim', seat: 0, token: X, result: 'win' },
        90_000,
        refused('illegal'),
      ],
    ]);
  });

  it('offers: made, one at a time, crossing (offering back is agreeing)', () => {
    check([
      [
        'offer a draw',
        table(['b2']),
        { kind: 'offer', seat: 0, token: X, offer: 'draw' },
        9_000,
        { kind: 'write', write: { kind: 'offer', offer: { kind: 'draw', seat: 0, ply: 1 } } },
      ],
      [
        'offer it twice',
        table(['b2'], drawBy(0)),
        { kind: 'offer', seat: 0, token: X, offer: 'draw' },
        9_000,
        refused('illegal', 'you have offered a draw already: wait for the answer'),
      ],
      [
        'offers crossing: a draw for a draw is agreement',
        table(['b2'], drawBy(1)),
        { kind: 'offer', seat: 0, token: X, offer: 'draw' },
        9_000,
        ends('agreement', { kind: 'draw', reason: 'agreed' }),
      ],
      [
        'offers crossing: a draw against a takeback waits',
        table(['b2'], takebackBy(1)),
        { kind: 'offer', seat: 0, token: X, offer: 'draw' },
        9_000,
        refused('illegal', "O's takeback request waits for your answer first"),
      ],
      [
        'offers crossing: a takeback for a takeback takes back',
        table(['b2', 'a1'], { offer: { kind: 'takeback', seat: 0, ply: 2 } }),
        { kind: 'offer', seat: 1, token: O, offer: 'takeback' },
        9_000,
        { kind: 'write', write: { kind: 'takeback', toPly: 0, event: { version: 3, kind: 'takeback', ply: 0 } } },
      ],
    ]);
  });

  it('answers: an offer lapses at the next move, accepted, declined, never one’s own; against the AI a takeback at once', () => {
    check([
      [
        'an offer lapses at the next move',
        table(['b2', 'a1'], drawBy(0)),
        { kind: 'reply', seat: 1, token: O, offer: 'draw', accept: true },
        9_000,
        refused('illegal', 'there is no draw offer to answer'),
      ],
      [
        'accept',
        table(['b2'], drawBy(1)),
        { kind: 'reply', seat: 0, token: X, offer: 'draw', accept: true },
        9_000,
        ends('agreement', { kind: 'draw', reason: 'agreed' }),
      ],
      [
        'decline',
        table(['b2'], drawBy(1)),
        { kind: 'reply', seat: 0, token: X, offer: 'draw', accept: false },
        9_000,
        { kind: 'write', write: { kind: 'offer', offer: null } },
      ],
      [
        'answer one’s own',
        table(['b2'], drawBy(0)),
        { kind: 'reply', seat: 0, token: X, offer: 'draw', accept: true },
        9_000,
        refused('illegal', 'that is your own offer: the other player answers it'),
      ],
      [
        'the AI takes a move back at once',
        table(['b2', 'a1'], { seats: ['open', 'easy'] }),
        { kind: 'offer', seat: 0, token: X, offer: 'takeback' },
        9_000,
        { kind: 'write', write: { kind: 'takeback', toPly: 0 } },
      ],
      [
        'with nothing to take back',
        table([], { seats: ['open', 'easy'] }),
        { kind: 'offer', seat: 0, token: X, offer: 'takeback' },
        9_000,
        refused('illegal'),
      ],
      [
        'the other seat maybe taken elsewhere',
        table([], { seatTokens: [hashToken(X), null] }, { fresh: false }),
        { kind: 'offer', seat: 0, token: X, offer: 'draw' },
        9_000,
        { kind: 'reload' },
      ],
    ]);
  });

  it('departures: an account closed or banned calls off, aborts, or ends the game as a resignation would; a seat already out is left alone', () => {
    check([
      [
        'a game still waiting',
        table([], { seatTokens: [hashToken(X), null] }),
        { kind: 'depart', seat: 0, termination: 'closed' },
        9_000,
        ends('aborted', { kind: 'draw', reason: 'X: account closed, the game is aborted' }),
      ],
      [
        'before both moved',
        table(['b2']),
        { kind: 'depart', seat: 1, termination: 'banned' },
        9_000,
        ends('aborted', { kind: 'draw', reason: 'O: banned, the game is aborted' }),
      ],
      [
        'later: lost as by resignation',
        table(['b2', 'a1']),
        { kind: 'depart', seat: 1, termination: 'banned' },
        9_000,
        { ...ends('banned', { kind: 'win', winner: 0, reason: 'O: banned' }), stale: 'again' },
      ],
      ['the game is over', table(['b2', 'a1'], over), { kind: 'depart', seat: 1, termination: 'closed' }, 9_000, { kind: 'none' }],
      [
        'an AI’s seat',
        table(['b2', 'a1'], { seats: ['open', 'easy'] }),
        { kind: 'depart', seat: 1, termination: 'closed' },
        9_000,
        { kind: 'none' },
      ],
    ]);
  });

  it('seats, rematches and chat: who may sit, ask for a rematch, and speak for a seat', () => {
    const open = table([], { seatTokens: [hashToken(X), null] });
    const seat = (at: Player) => ({ kind: 'seat' as const, seat: at, name: 'Ann', tokenHash: hashToken('new') });
    check([
      [
        'an open seat',
        open,
        seat(1),
        9_000,
        { kind: 'write', write: { kind: 'seat', seat: 1, seatTokens: [hashToken(X), hashToken('new')] } },
      ],
      [
        'a taken seat',
        open,
        seat(0),
        9_000,
        { ...refused('illegal', 'X is taken'), why: { code: 'games.seatTaken', values: { nameSeat: 'X' } } },
      ],
      [
        'the last seat of a timed game with its AI to move: due at once',
        table([], { clock: CLOCK, seats: ['easy', 'open'], seatTokens: [null, null] }),
        seat(1),
        9_000,
        { write: { kind: 'seat', due: 9_000 } },
      ],
      [
        'an ended game',
        table(['b2'], over),
        seat(1),
        9_000,
        { ...refused('illegal', 'the game is over: its seats stay as they were played'), why: { code: 'games.seatsPlayed' } },
      ],
      ['a rematch once over, by the holder', table(['b2'], over), { kind: 'rematch', seat: 0, credential: X }, 9_000, { kind: 'admit' }],
      [
        'a rematch by another',
        table(['b2'], over),
        { kind: 'rematch', seat: 0, credential: O },
        9_000,
        { ...refused('bad-token', "that is not X's token"), why: { code: 'games.notYourSeat', values: { nameSeat: 'X' } } },
      ],
      [
        'a rematch while the game is on',
        table(['b2']),
        { kind: 'rematch', seat: 0, credential: X },
        9_000,
        { ...refused('illegal'), why: { code: 'games.stillOn' } },
      ],
      [
        'a rematch of a tournament’s game',
        table(['b2'], { ...over, creator: 'tournament:t1' }),
        { kind: 'rematch', seat: 0, credential: X },
        9_000,
        { ...refused('illegal'), why: { code: 'games.tournamentRematch' } },
      ],
      [
        'a rematch asked of a table maybe behind',
        table(['b2'], {}, { fresh: false }),
        { kind: 'rematch', seat: 0, credential: X },
        9_000,
        { kind: 'reload' },
      ],
      [
        'chat by a seat’s token: the players’ chat, for the seat',
        table([], { seatNames: ['Ann', null] }),
        { kind: 'chat', seat: 0, token: X },
        9_000,
        { kind: 'admit', players: { author: 'Ann', account: null } },
      ],
      ['chat by a wrong token', table([]), { kind: 'chat', seat: 0, token: O }, 9_000, refused('bad-token')],
      ['chat by a session', table([]), { kind: 'chat' }, 9_000, { kind: 'admit' }],
      [
        'the server acts for an AI seat only',
        table([], { seats: ['open', 'easy'] }),
        { kind: 'rematch', seat: 1, credential: SERVER_SEAT },
        9_000,
        refused('bad-token'),
      ],
    ]);
  });
});

describe('decide: a berserk (an arena’s game with a clock, before the seat’s first move)', () => {
  const ARENA = { clock: { initialMs: 10_000, incrementMs: 2_000 }, creator: 'tournament:a1', berserk: [] };
  const berserk = (seat: Player, token = seat === 0 ? X : O): AnyIntent => ({ kind: 'berserk', seat, token });
  const no = (code: string, refusal = 'illegal') => ({ kind: 'refuse', refusal, code });

  it('halves the seat’s clock and drops its increment, from the start: the deadline and due time anew, an event for everyone', () => {
    check([
      [
        'X, before the first move: no clock runs yet',
        table([], ARENA),
        berserk(0),
        1_500,
        {
          kind: 'write',
          write: {
            kind: 'berserk',
            mark: { seat: 0, plies: 0, at: 1_500 },
            deadline: null,
            event: { version: 1, kind: 'berserk', seat: 0, clock: { remainingMs: [5_000, 10_000], running: null } },
          },
        },
      ],
      [
        'O, after X’s first move: O’s running clock now falls from 5 s',
        table(['b2'], ARENA),
        berserk(1),
        2_500,
        {
          kind: 'write',
          write: {
            kind: 'berserk',
            mark: { seat: 1, plies: 1, at: 2_500 },
            deadline: 2_000 + 5_000,
            due: 2_000 + 5_000,
            event: { version: 2, kind: 'berserk', seat: 1, clock: { remainingMs: [12_000, 5_000], running: 1, deadline: 7_000 } },
          },
        },
      ],
      [
        'a berserk counts in the version',
        table(['b2'], { ...ARENA, berserk: [{ seat: 0, plies: 0, at: 1_500 }] }),
        berserk(1),
        2_500,
        { kind: 'write', write: { event: { version: 3, clock: { remainingMs: [5_000, 5_000] } } } },
      ],
    ]);
  });

  it('is refused, each with its code: after moving, twice, outside an arena, without a clock, by another’s token, once over', () => {
    check([
      ['X has moved', table(['b2'], ARENA), berserk(0), 2_500, no('berserk-too-late')],
      ['twice', table([], { ...ARENA, berserk: [{ seat: 1, plies: 0, at: 1_200 }] }), berserk(1), 1_500, no('already-berserk')],
      ['not an arena’s game', table([], { clock: ARENA.clock, creator: 'tournament:s1' }), berserk(0), 1_500, no('not-arena')],
      ['an arena’s game without a clock', table([], { creator: 'tournament:a1', berserk: [] }), berserk(0), 1_500, no('no-clock')],
      ['another seat’s token', table([], ARENA), berserk(1, X), 1_500, no('bad-token', 'bad-token')],
      ['the game is over', table(['b2'], { ...ARENA, ...over }), berserk(1), 2_500, no('berserk-too-late', 'game-over')],
      [
        'a seat taken elsewhere maybe',
        table([], { ...ARENA, seatTokens: [hashToken(X), null] }, { fresh: false }),
        berserk(1),
        1_500,
        { kind: 'reload' },
      ],
    ]);
  });

  it('a game read back replays its berserks in their place among the moves, with the clocks they made', () => {
    const stored: StoredGame = {
      ...newStoredGame({ id: 't', game: 'tictactoe', options: {}, seed: 's', seats: ['open', 'open'], ...ARENA, createdAt: 1_000 }),
      moves: ['b2', 'a1'].map((move, ply) => ({ ply, move, at: 1_000 * (ply + 2) })),
      berserk: [{ seat: 1, plies: 1, at: 2_500 }],
    };
    const { game, live, events } = replayStored(stored, MINUTE);
    expect(live.version).toBe(3);
    expect(events.map((e) => [e.version, e.kind])).toEqual([
      [1, 'move'],
      [2, 'berserk'],
      [3, 'move'],
    ]);
    expect(events[1]).toMatchObject({ seat: 1, clock: { remainingMs: [12_000, 5_000], deadline: 7_000 } });
    // O thought a second of its 5: 4 s left, no increment; X's 12 s run.
    expect(clocksOf(game, live)).toMatchObject({ remainingMs: [12_000, 4_000], running: 0 });
  });
});
