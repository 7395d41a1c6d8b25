import { describe, expect, it } from 'vitest';
import { unwrap } from '../engine/result.ts';
import { Rng } from '../engine/rng.ts';
import { formatMove, type HiveState, hive, hiveAi } from '../games/hive/index.ts';
import { arrangeHive, moveOf } from '../games/hive/testing.ts';
import type { NonagaTurn } from '../games/nonaga/index.ts';
import { nonaga } from '../games/nonaga/index.ts';
import { createAgent } from './agents.ts';
import { alphaBetaAgent, greedyAgent } from './alphabeta.ts';
import { describeScore, Searcher, WIN } from './search.ts';

// bQ at (0,0) has five neighbours; wA1 at (-1,-1) can slide into the sixth, (-1,0), and win.
const winInOne = (): HiveState => ({
  pos: arrangeHive('bQ 0 0; wS1 0 -1; wS2 1 -1; bS1 1 0; bS2 0 1; wB1 -1 1; wQ 2 -1; wA1 -1 -1; bA1 2 1'),
  options: hive.defaultOptions,
});
const WINNING_MOVE = moveOf('wA1', -1, 0);

describe('alpha-beta search', () => {
  it('finds a win in one, scored as a win in one ply', () => {
    const r = new Searcher(16).search(hiveAi.search!.open(winInOne()), 2048, { depth: 1 });
    expect(r.move).toBe(WINNING_MOVE);
    expect(r.score).toBe(WIN - 1);
    expect(describeScore(r.score)).toBe('win in 1');
  });

  it('searching deeper still takes the fastest win', () => {
    const r = new Searcher(16).search(hiveAi.search!.open(winInOne()), 2048, { depth: 4 });
    expect(r.move).toBe(WINNING_MOVE);
    expect(r.score).toBe(WIN - 1);
  });

  it('leaves the position as it found it, also when a limit stops it midway', () => {
    const state = winInOne();
    for (const limits of [{ depth: 3 }, { nodes: 500 }, { nodes: 1500, depth: 6 }]) {
      const pos = hiveAi.search!.open(state);
      const before = [pos.hashLo(), pos.hashHi()];
      new Searcher(16).search(pos, 2048, limits);
      expect([pos.hashLo(), pos.hashHi()]).toEqual(before);
    }
    expect(state.pos.ply).toBe(20);
  });

  it('honours the node budget and an abort signal, still returning a legal move', () => {
    const state = { pos: arrangeHive('wQ 0 0; bQ 1 0; wA1 -1 0; bA1 2 0; wG1 0 -1; bG1 2 -1'), options: hive.defaultOptions };
    const legal = hive.legalMoves(state);
    const limited = new Searcher(16).search(hiveAi.search!.open(state), 2048, { nodes: 3000 });
    expect(limited.nodes).toBeLessThan(3000 + 1024);
    expect(legal).toContain(limited.move);
    const aborted = new Searcher(16).search(hiveAi.search!.open(state), 2048, { signal: AbortSignal.abort(), depth: 10 });
    expect(legal).toContain(aborted.move);
  });

  it('reports each finished iteration with a principal variation that starts with its move', () => {
    const seen: number[] = [];
    const r = new Searcher(16).search(hiveAi.search!.open(winInOne()), 2048, {
      depth: 3,
      onIteration: (info) => {
        seen.push(info.depth);
        expect(info.pv.length).toBeGreaterThan(0);
      },
    });
    expect(seen).toEqual([1]); // a forced win ends the deepening at once
    expect(r.pv[0]).toBe(r.move);
  });

  it('told to use all its time, it searches until the time is up and keeps what the unfinished iteration found', () => {
    // A clock that moves one millisecond each time it is read: the search's pace decides, not the machine's.
    const ticking = () => {
      let now = 0;
      return () => now++;
    };
    const state = unwrap(hive.fromJSON({ options: hive.defaultOptions, moves: ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-'] }));
    const legal = hive.legalMoves(state);
    // A budget where the usual search stops early, once another iteration looks unlikely to finish.
    const budgets = [20, 40, 80, 160].map((timeMs) => ({
      timeMs,
      early: new Searcher(16).search(hiveAi.search!.open(state), 2048, { timeMs, clock: ticking() }),
    }));
    const stopsEarly = budgets.find((b) => b.early.ms < b.timeMs);
    if (!stopsEarly) throw new Error('no budget where the search stops early');
    const { timeMs, early } = stopsEarly;
    const all = new Searcher(16).search(hiveAi.search!.open(state), 2048, { timeMs, clock: ticking(), useAllTime: true });
    expect(all.ms).toBeGreaterThanOrEqual(timeMs);
    expect(all.depth).toBeGreaterThanOrEqual(early.depth);
    expect(all.nodes).toBeGreaterThan(early.nodes);
    expect(legal).toContain(all.move);
    expect(all.pv[0]).toBe(all.move);
  });

  it('breaks ties at random, reproducibly for a seed', () => {
    // Black's first piece: the six cells round White's are alike, so the best moves tie.
    const start = hive.newGame(hive.defaultOptions, 's');
    const state = hive.play(start, hive.legalMoves(start)[0] as number);
    const pick = (seed: string) => new Searcher(16).search(hiveAi.search!.open(state), 2048, { depth: 1 }, Rng.fromSeed(seed)).move;
    const picks = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(pick));
    expect(picks.size).toBeGreaterThan(1);
    expect(pick('a')).toBe(pick('a'));
  });
});

describe('greedy agent', () => {
  it('takes a win in one', async () => {
    const state = winInOne();
    const move = (await greedyAgent.choose(hive, state, { rng: Rng.fromSeed('g') })) as number;
    expect(formatMove(state.pos, move)).toBe(formatMove(state.pos, WINNING_MOVE));
  });
});

describe('a budget is for the whole decision, however many plies a turn has', () => {
  // Nonaga's turn is two plies of one player (a slide, then a disc): before, each ply got the full budget.
  const start = () => nonaga.newGame(nonaga.defaultOptions, 'budget');

  it('a node budget: the turn spends at most its nodes, and is a legal turn', async () => {
    const spent: number[] = [];
    const agent = alphaBetaAgent('n', { nodes: 20_000 }, (r) => spent.push(r.nodes));
    const state = start();
    const turn = (await agent.choose(nonaga, state, { rng: Rng.fromSeed('n') })) as NonagaTurn;
    expect(nonaga.legalMoves(state).map((t) => nonaga.formatMove(state, t))).toContain(nonaga.formatMove(state, turn));
    // The search checks its limits every 1,024 nodes. (Each ply with the full budget spent 40,960.)
    expect(spent.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20_000 + 1024);
  });

  it('a time budget, on a clock the test drives (a millisecond a reading, read every 1,024 nodes): at most the time given', async () => {
    let now = 0;
    const clock = () => now++;
    const agent = alphaBetaAgent('t', {});
    const state = start();
    await agent.choose(nonaga, state, { rng: Rng.fromSeed('t'), timeMs: 60, clock });
    // A few readings after the deadline: the check that stops, and the result's own time.
    expect(now).toBeLessThanOrEqual(60 + 8);
    expect(now).toBeGreaterThan(30);
  });

  it('the later plies of a turn come from the first search’s line when it reaches them', async () => {
    const searches: number[] = [];
    const agent = alphaBetaAgent('pv', { depth: 3 }, (r) => searches.push(r.depth));
    await agent.choose(nonaga, start(), { rng: Rng.fromSeed('pv') });
    expect(searches).toEqual([3]);
  });
});

describe('trivial positions are not thought over', () => {
  it('Hive max answers its first placements at once instead of spending its five seconds', async () => {
    const max = unwrap(createAgent(hive, 'max'));
    let state = hive.newGame(hive.defaultOptions, 'quick');
    for (let ply = 0; ply < 4; ply++) {
      let now = 0;
      const move = await max.choose(hive, state, { rng: Rng.fromSeed(`q${ply}`), clock: () => now++ });
      // A few readings of the clock, against 2,250 (45% of 5 s, read every 1,024 nodes) before.
      expect(now, `ply ${ply}`).toBeLessThan(20);
      state = hive.play(state, move as number);
    }
    // Once pieces meet, max thinks again.
    let now = 0;
    const searcher = alphaBetaAgent('timed', { timeMs: 200 });
    await searcher.choose(hive, state, { rng: Rng.fromSeed('q'), clock: () => now++ });
    expect(now).toBeGreaterThan(80);
  });
});
