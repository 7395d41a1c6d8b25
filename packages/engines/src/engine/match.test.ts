import { describe, expect, it } from 'vitest';
import { randomAgent } from '../ai/random.ts';
import { dicewars, gamedesignAgent } from '../games/dicewars/index.ts';
import { type TicTacToeMove, type TicTacToeState, tictactoe } from '../games/tictactoe/index.ts';
import type { Agent } from './agent.ts';
import { entryAtSeat, played, runMatch, wilson95 } from './match.ts';
import { replay } from './record.ts';

/** Plays the first free cell: deterministic, so the whole game is known in advance. */
const firstFree: Agent<TicTacToeState, TicTacToeMove> = {
  name: 'first-free',
  choose: async (game, state) => game.legalMoves(state)[0] as TicTacToeMove,
};

describe('match runner', () => {
  it('rotates seats: each agent plays each seat equally often', async () => {
    const result = await runMatch({ game: tictactoe, agents: [firstFree, randomAgent], games: 10, seed: 'rot' });
    expect(result.agents.map((a) => a.seats)).toEqual([
      [5, 5],
      [5, 5],
    ]);
    expect(result.records.map((r) => r.players)).toEqual(
      Array.from({ length: 10 }, (_, g) => (g % 2 === 0 ? ['first-free', 'random'] : ['random', 'first-free'])),
    );
    expect(entryAtSeat(3, 0, 2)).toBe(1);
  });

  it('tallies add up: per agent and per seat, wins + draws + losses = games', async () => {
    const result = await runMatch({ game: tictactoe, agents: [randomAgent, randomAgent], games: 50, seed: 'sum' });
    for (const t of [...result.agents, ...result.seats]) expect(t.wins + t.draws + t.losses).toBe(50);
    expect(result.agents[0]?.wins).toBe(result.agents[1]?.losses);
    expect(result.seats[0]?.wins).toBe(result.seats[1]?.losses);
  });

  it('is deterministic for a seed, and every record replays to its result', async () => {
    const a = await runMatch({ game: tictactoe, agents: [randomAgent, randomAgent], games: 20, seed: 'same' });
    const b = await runMatch({ game: tictactoe, agents: [randomAgent, randomAgent], games: 20, seed: 'same' });
    const c = await runMatch({ game: tictactoe, agents: [randomAgent, randomAgent], games: 20, seed: 'other' });
    expect(a.records).toEqual(b.records);
    expect(a.records).not.toEqual(c.records);
    for (const record of a.records) {
      const replayed = replay(tictactoe, record);
      expect(replayed.ok).toBe(true);
      if (replayed.ok) expect(tictactoe.result(replayed.value.state)).toEqual(record.result);
    }
  });

  it('tallies the first mover: in tic-tac-toe always seat 0, in DiceWars whoever the drawn turn order puts first', async () => {
    const ttt = await runMatch({ game: tictactoe, agents: [randomAgent, firstFree], games: 10, seed: 'first' });
    expect(ttt.firstMover).toEqual(ttt.seats[0]);
    expect(ttt.agents.map((a) => played(a.first))).toEqual([5, 5]);

    const options = { ...dicewars.defaultOptions, players: 2 };
    const dw = await runMatch({ game: dicewars, options, agents: [gamedesignAgent, gamedesignAgent], games: 12, seed: 'first' });
    const recount = { wins: 0, draws: 0, losses: 0 };
    const seatsFirst = [0, 0];
    for (const record of dw.records) {
      const first = dicewars.toMove(dicewars.newGame(options, record.seed)) as number;
      seatsFirst[first] = (seatsFirst[first] as number) + 1;
      if (record.result?.kind === 'win') recount[record.result.winner === first ? 'wins' : 'losses']++;
      else recount.draws++;
    }
    expect(dw.firstMover).toEqual(recount);
    // The drawn order puts both seats first in this sample, so the seat tallies cannot stand in for it.
    expect(seatsFirst.every((n) => n > 0)).toBe(true);
    const agentFirst = dw.agents.map((a) => a.first);
    expect(agentFirst.reduce((n, t) => n + t.wins, 0)).toBe(recount.wins);
    expect(agentFirst.reduce((n, t) => n + played(t), 0)).toBe(12);
  });

  it('first-free against itself: X always takes the top row', async () => {
    const result = await runMatch({ game: tictactoe, agents: [firstFree, firstFree], games: 2, seed: 'ff' });
    expect(result.records[0]?.moves).toEqual(['a3', 'b3', 'c3', 'a2', 'b2', 'c2', 'a1']);
    expect(result.seats[0]?.wins).toBe(2);
  });

  it('adjudication draws a game whose progress has stood still for its moves, and only such a game', async () => {
    // first-free's game: a3 b3 c3 a2 b2 c2 a1. "Progress" here: whether b2 is taken, so it stands
    // still from the start to b2 (move 5), and again after it.
    const b2 = (state: TicTacToeState) => String(state.board[4] !== null);
    const adjudicated = (games: number, plies: number) =>
      runMatch({ game: tictactoe, agents: [firstFree, firstFree], games, seed: 'adj', adjudicate: { plies, progress: b2 } });
    const still = await adjudicated(2, 3);
    for (const record of still.records) {
      expect(record.moves).toEqual(['a3', 'b3', 'c3']);
      expect(record.termination).toBe('adjudication');
      expect(record.result).toEqual({ kind: 'draw', reason: 'adjudicated: nothing changed in 3 moves' });
      expect(replay(tictactoe, record).ok).toBe(true);
    }
    expect(still.seats[0]?.draws).toBe(2);
    // Given five moves, b2 comes on the fifth, and X wins two moves later.
    const moving = await adjudicated(1, 5);
    expect(moving.records[0]?.termination).toBeUndefined();
    expect(moving.records[0]?.result).toMatchObject({ kind: 'win', winner: 0 });
    expect(moving.records[0]?.moves).toHaveLength(7);
  });

  it('a game past the move cap stops as a draw, counted, with a record that still replays', async () => {
    const result = await runMatch({ game: tictactoe, agents: [firstFree, firstFree], games: 2, seed: 'cap', maxMoves: 3 });
    expect(result.capped).toBe(2);
    expect(result.seats[0]?.draws).toBe(2);
    const record = result.records[0];
    expect(record?.termination).toBe('move-cap');
    if (record) expect(replay(tictactoe, record).ok).toBe(true);
  });

  it('refuses a wrong number of agents (a programming error)', async () => {
    await expect(runMatch({ game: tictactoe, agents: [randomAgent], games: 1, seed: 'x' })).rejects.toThrow(/needs 2 agents/);
  });

  it('reports after every game', async () => {
    const seen: number[] = [];
    await runMatch({ game: tictactoe, agents: [randomAgent, randomAgent], games: 4, seed: 'p', onGame: (done) => seen.push(done) });
    expect(seen).toEqual([1, 2, 3, 4]);
  });
});

describe('Wilson interval', () => {
  it('contains the observed rate and stays inside [0, 1]', () => {
    expect(wilson95(0, 100)[0]).toBe(0);
    expect(wilson95(0, 100)[1]).toBeCloseTo(0.037, 3);
    expect(wilson95(100, 100)[1]).toBe(1);
    const [lo, hi] = wilson95(50, 100);
    expect(lo).toBeCloseTo(0.4038, 3);
    expect(hi).toBeCloseTo(0.5962, 3);
    expect(wilson95(0, 0)).toEqual([0, 1]);
  });
});

describe('a stalled game', () => {
  /** Plays the first free cell, but never answers on an empty board: every game it opens as X stalls. */
  const stallsAsX: Agent<TicTacToeState, TicTacToeMove> = {
    name: 'stalls-as-x',
    choose: (game, state) =>
      game.legalMoves(state).length === 9 ? new Promise<never>(() => {}) : Promise.resolve(game.legalMoves(state)[0] as TicTacToeMove),
  };

  it('loses on time past moveTimeoutMs; the others are played and each record is handed over as its game ends (a game ended by the rules names no termination)', async () => {
    const seen: [number, string | undefined][] = [];
    const result = await runMatch({
      game: tictactoe,
      agents: [firstFree, stallsAsX],
      games: 3,
      seed: 'stall',
      moveTimeoutMs: 50,
      onGame: (done, _total, record) => seen.push([done, record.termination]),
    });
    expect(seen).toEqual([
      [1, undefined],
      [2, 'time'],
      [3, undefined],
    ]);
    const stalled = result.records[1];
    expect(stalled?.moves).toEqual([]);
    expect(stalled?.result).toEqual({ kind: 'win', winner: 1, reason: 'stalls-as-x lost on time: no move within 0.05 s' });
    expect(replay(tictactoe, stalled as NonNullable<typeof stalled>).ok).toBe(true);
  });

  it('stop ends the match after the game it says so, and the result counts the games played', async () => {
    const result = await runMatch({
      game: tictactoe,
      agents: [firstFree, randomAgent],
      games: 10,
      seed: 'stop',
      stop: (_, done) => done === 4,
    });
    expect(result.games).toBe(4);
    expect(result.records).toHaveLength(4);
    for (const t of result.agents) expect(played(t)).toBe(4);
  });
});

describe('games played at once (--concurrency)', () => {
  /** The random mover, answering a turn of the event loop later (as an outside engine does), and counting who asks it. */
  const slow = (name: string, asked: number[]): Agent<TicTacToeState, TicTacToeMove> => ({
    name,
    async choose(game, state, context) {
      asked.push(1);
      await new Promise((r) => setImmediate(r));
      return randomAgent.choose(game, state, context) as Promise<TicTacToeMove>;
    },
  });

  it('plays the same games as one at a time, each lane with agents of its own', async () => {
    const one = await runMatch({ game: tictactoe, agents: [slow('a', []), slow('b', [])], games: 12, seed: 'lanes' });
    const lanes: number[][] = [[], [], []];
    const three = await runMatch({
      game: tictactoe,
      agents: [slow('a', lanes[0] as number[]), slow('b', lanes[0] as number[])],
      agentsFor: (lane) => [slow('a', lanes[lane] as number[]), slow('b', lanes[lane] as number[])],
      concurrency: 3,
      games: 12,
      seed: 'lanes',
    });
    // Each game is its number's: the same moves and results, whichever lane played it, in order.
    expect(three.records).toEqual(one.records);
    expect(three.agents).toEqual(one.agents);
    expect(three.games).toBe(12);
    // All three lanes played.
    for (const asked of lanes) expect(asked.length).toBeGreaterThan(0);
  });

  it('a sequential test that decides stops the handing out; the games under way are counted', async () => {
    const ended: number[] = [];
    const result = await runMatch({
      game: tictactoe,
      agents: [slow('a', []), slow('b', [])],
      agentsFor: () => [slow('a', []), slow('b', [])],
      concurrency: 2,
      games: 20,
      seed: 'stop',
      stop: (_, done) => done >= 3,
      onGame: (done) => ended.push(done),
    });
    expect(result.games).toBeGreaterThanOrEqual(3);
    expect(result.games).toBeLessThanOrEqual(4);
    expect(ended).toEqual(Array.from({ length: result.games }, (_, i) => i + 1));
    expect(result.agents.reduce((n, t) => n + played(t), 0)).toBe(2 * result.games);
  });
});
