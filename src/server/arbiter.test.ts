import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { GAMES } from '@hexarena/engines/games/index.ts';
import { describe, expect, it } from 'vitest';
import { afterMove, judgeClaim, judgeMove, judgeSeat, judgeStillPlaying, lateness, mayAct, SERVER_SEAT, type Table } from './arbiter.ts';
import { clocksAfter } from './clock.ts';
import { newStoredGame, type StoredGame } from './store.ts';
import { hashToken } from './tokens.ts';

/**
 * The arbiter on plain tables: no store, no queue, no clock but the `now` each case gives. A table
 * is tic-tac-toe after `moves` made a second apart from t = 1,000, with X's and O's seats taken.
 */
const tictactoe = GAMES.find((g) => g.id === 'tictactoe') as AnyGame;
const X_TOKEN = 'x-token';

function table(moves: string[], changes: Partial<StoredGame> = {}, clock: StoredGame['clock'] = null): Table {
  let state = tictactoe.newGame({}, 's');
  for (const text of moves) state = tictactoe.play(state, unwrap(tictactoe.parseMove(state, text)));
  const stored: StoredGame = {
    ...newStoredGame({ id: 't', game: 'tictactoe', options: {}, seed: 's', seats: ['open', 'open'], clock, createdAt: 1_000 }),
    moves: moves.map((move, ply) => ({ ply, move, at: 1_000 * (ply + 2) })),
    seatTokens: [hashToken(X_TOKEN), hashToken('o-token')],
    ...changes,
  };
  const seats = moves.map((_, i) => i % 2);
  const clocks = clock
    ? clocksAfter(
        clock,
        2,
        stored.moves.map((m, i) => ({ seat: seats[i] as number, at: m.at })),
        tictactoe.toMove(state),
      )
    : null;
  return {
    game: tictactoe,
    options: {},
    stored,
    state,
    version: moves.length + (stored.ending ? 1 : 0),
    clocks,
    firstMoveMs: 30_000,
    abandonAfterMs: 60_000,
  };
}

describe('the arbiter', () => {
  it('judges a move: stale version, out of turn, seats still open on a clock, notation, legality', () => {
    const cases: [string, Table, number, string, unknown][] = [
      ['accepted', table(['b2']), 1, 'a1', { move: { cell: 6 } }],
      ['stale', table(['b2']), 0, 'a1', { refusal: 'stale', error: 'the move was made against version 0; the game is at version 1' }],
      ['ahead', table(['b2']), 2, 'a1', { refusal: 'stale' }],
      ['out of turn', table(['b2']), 1, 'a1', { refusal: 'not-your-turn', error: "it is O's turn, not X's" }],
      ['taken', table(['b2']), 1, 'b2', { refusal: 'illegal', error: 'b2 already holds X' }],
      ['not notation', table([]), 0, 'z9', { refusal: 'illegal' }],
      ['not text', table([]), 0, 7 as unknown as string, { refusal: 'illegal', error: 'a move is a short text in the game’s notation' }],
      ['won, ending not stored yet', table(['a1', 'b1', 'a2', 'b2', 'a3']), 5, 'c3', { refusal: 'game-over' }],
      [
        'a clock waits for every seat',
        table([], { seatTokens: [hashToken(X_TOKEN), null] }, { initialMs: 60_000, incrementMs: 0 }),
        0,
        'b2',
        { refusal: 'waiting' },
      ],
    ];
    for (const [name, t, version, text, expected] of cases) {
      const seat = name === 'out of turn' ? 0 : (tictactoe.toMove(t.state) ?? 0);
      expect(judgeMove(t, seat, text, version), name).toMatchObject(expected as object);
    }
  });

  it('judges who acts: a seat of the game, its holder’s token (the server’s for an AI), a player still in', () => {
    const t = table([]);
    expect(judgeSeat(t, 2)).toEqual({ refusal: 'no-such-seat', error: 'there is no seat 2: the seats are 0 to 1 (X, O)' });
    expect(judgeSeat(t, -1)).toMatchObject({ refusal: 'no-such-seat' });
    expect(judgeSeat(t, 1)).toBeNull();
    expect([mayAct(t, 0, X_TOKEN), mayAct(t, 1, X_TOKEN), mayAct(t, 0, SERVER_SEAT)]).toEqual([true, false, false]);
    const againstAi = table([], { seats: ['open', 'easy'] });
    expect([mayAct(againstAi, 1, SERVER_SEAT), mayAct(againstAi, 1, 'o-token')]).toEqual([true, false]);
    expect(judgeStillPlaying(table([], { ending: { result: { kind: 'draw' }, termination: 'aborted' } }), 0)).toEqual({
      refusal: 'game-over',
      error: 'the game is over',
    });
  });

  it('a clock falls at its deadline exactly; a silent player is late after the limit; an empty seat calls the game off', () => {
    const clock = { initialMs: 5_000, incrementMs: 0 };
    // X moved at 2,000 (free), O at 3,000: X's five seconds run out at 8,000.
    const timed = table(['b2', 'a1'], {}, clock);
    expect(timed.clocks?.deadline).toBe(8_000);
    expect(lateness(timed, 7_999)).toBeNull();
    expect(lateness(timed, 8_000)).toEqual({ kind: 'time', seat: 0 });
    // Untimed: O to move since 2,000, the limit a minute.
    const untimed = table(['b2']);
    expect(lateness(untimed, 61_999)).toBeNull();
    expect(lateness(untimed, 62_000)).toEqual({ kind: 'abandoned', seat: 1 });
    // Nobody took O's seat in that time: called off, not won against nobody.
    expect(lateness(table(['b2'], { seatTokens: [hashToken(X_TOKEN), null] }), 62_000)).toEqual({ kind: 'called-off' });
    // An AI's turn is the server's to play, never late; a finished game is never late.
    expect(lateness(table(['b2'], { seats: ['open', 'easy'] }), 1e12)).toBeNull();
    expect(lateness(table(['b2'], { ending: { result: { kind: 'draw' }, termination: 'aborted' } }), 1e12)).toBeNull();
  });

  it('says what a move brings: the end by the rules, a cap for AIs alone, the end for want of players, a leaver’s pass', () => {
    // X's line of three: the rules end it.
    expect(afterMove(table(['a1', 'b1', 'a2', 'b2', 'a3']), true, 3000)).toMatchObject({
      kind: 'end',
      termination: 'rules',
      outcome: { kind: 'win', winner: 0 },
    });
    // Two AIs at the cap: a draw; with a person seated, no cap.
    expect(afterMove(table(['b2', 'a1'], { seats: ['easy', 'easy'] }), true, 2)).toMatchObject({
      kind: 'end',
      termination: 'move-cap',
      outcome: { kind: 'draw' },
    });
    expect(afterMove(table(['b2', 'a1']), true, 2)).toBeNull();
    // DiceWars of three: with one gone, the one to move is passed if it is them; with two gone, it ends.
    const dicewars = GAMES.find((g) => g.id === 'dicewars') as AnyGame;
    const options = unwrap(dicewars.parseOptions({ players: 3, map: 'small' }));
    const state = dicewars.newGame(options, 'three');
    const first = dicewars.toMove(state) as number;
    const [other, third] = [0, 1, 2].filter((s) => s !== first) as [number, number];
    const threeOf = (left: number[]): Table => ({
      game: dicewars,
      options,
      state,
      version: left.length,
      clocks: null,
      firstMoveMs: 30_000,
      abandonAfterMs: 60_000,
      stored: {
        ...newStoredGame({
          id: 'd',
          game: 'dicewars',
          options: options as never,
          seed: 'three',
          seats: ['open', 'open', 'open'],
          clock: null,
          createdAt: 1,
        }),
        departures: left.map((seat, n) => ({ seat, plies: 0, at: n, termination: 'resignation' })),
      },
    });
    expect(afterMove(threeOf([first]), true, 3000)).toEqual({ kind: 'pass' });
    expect(afterMove(threeOf([other]), true, 3000)).toBeNull();
    expect(afterMove(threeOf([other, third]), true, 3000)).toMatchObject({
      kind: 'end',
      termination: 'resignation',
      outcome: { kind: 'win', winner: first, ranking: [first, third, other] },
    });
    // A game that cannot pass a turn does not go on without anyone.
    expect(afterMove(threeOf([other]), false, 3000)).toMatchObject({ kind: 'end', outcome: { kind: 'win' } });
  });

  it('judges a claim: a seat of the game, open to a person, not taken, not over, each refusal with its code; a timed game’s clocks start with its last seat', () => {
    const open = table([], { seatTokens: [null, null] });
    expect(judgeClaim(open, 2, 'h', false)).toMatchObject({
      error: expect.stringContaining('no seat 2'),
      code: 'games.noSeat',
      values: { id: open.stored.id, seat: 2, count: 2 },
    });
    expect(judgeClaim(table([]), 0, 'h', false)).toEqual({ error: 'X is taken', code: 'games.seatTaken', values: { nameSeat: 'X' } });
    expect(judgeClaim(table([], { seats: ['open', 'easy'], seatTokens: [null, null] }), 1, 'h', false)).toEqual({
      error: "O is played by the server's AI, not open to a person",
      code: 'games.seatPlayedByAI',
      values: { seat: 1, nameSeat: 'O' },
    });
    const over = table([], { seatTokens: [null, null], ending: { result: { kind: 'draw' }, termination: 'agreement' } });
    expect(judgeClaim(over, 0, 'h', false)).toEqual({
      error: 'the game is over: its seats stay as they were played',
      code: 'games.seatsPlayed',
    });
    expect(judgeClaim(open, 1, 'h', false)).toEqual({ seatTokens: [null, 'h'], starts: false });
    // X's seat, the last a person may take, with O the AI to move on a clock: the AI is due now.
    const clock = { initialMs: 60_000, incrementMs: 0 };
    const againstAi = table([], { seats: ['open', 'easy'], seatTokens: [null, null] }, clock);
    expect(judgeClaim(againstAi, 0, 'h', true)).toEqual({ seatTokens: ['h', null], starts: true });
    expect(judgeClaim(againstAi, 0, 'h', false)).toEqual({ seatTokens: ['h', null], starts: false });
    expect(judgeClaim({ ...open, stored: { ...open.stored, clock } }, 0, 'h', true)).toMatchObject({ starts: false });
  });

  it('a correspondence clock governs: a move may take its 14 days, beyond what an untimed game may sleep', () => {
    const DAY = 86_400_000;
    const fortnight = { initialMs: 14 * DAY, incrementMs: 0, perMove: true };
    const t = table(['b2', 'a1'], {}, fortnight);
    const lastAt = 3_000;
    const week = { ...t, firstMoveMs: 30_000, abandonAfterMs: 7 * DAY };
    expect(lateness(week, lastAt + 8 * DAY)).toBeNull();
    expect(lateness(week, lastAt + 14 * DAY)).toEqual({ kind: 'time', seat: 0 });
    expect(t.clocks).toMatchObject({ remainingMs: [14 * DAY, 14 * DAY], running: 0, deadline: lastAt + 14 * DAY });
  });
});
