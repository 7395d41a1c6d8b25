import { describe, expect, it } from 'vitest';
import { unwrap } from '../engine/result.ts';
import { Rng } from '../engine/rng.ts';
import { dicewars } from '../games/dicewars/index.ts';
import { hex } from '../games/hex/index.ts';
import { hive } from '../games/hive/index.ts';
import { arrangeHive } from '../games/hive/testing.ts';
import { nonaga } from '../games/nonaga/index.ts';
import { tictactoe } from '../games/tictactoe/index.ts';
import { searchHooks } from './alphabeta.ts';
import { analysePosition, canSearch, lineTexts, simulateChances } from './analysis.ts';
import { firstPlayerChance } from './score.ts';
import { MATE_BOUND, Searcher, WIN } from './search.ts';

// bQ at (0,0) has five neighbours; wA1 at (-1,-1) can slide into the sixth and win.
const WIN_IN_ONE = {
  pos: arrangeHive('bQ 0 0; wS1 0 -1; wS2 1 -1; bS1 1 0; bS2 0 1; wB1 -1 1; wQ 2 -1; wA1 -1 -1; bA1 2 1'),
  options: hive.defaultOptions,
};

const playLine = <S, M>(game: { play(s: S, m: M): S; parseMove(s: S, t: string): { ok: boolean } }, state: S, moves: readonly string[]) =>
  moves.reduce((s, text) => game.play(s, unwrap(game.parseMove(s, text) as never) as M), state);

describe('analysis lines', () => {
  it('puts the winning move first, as a forced win, and gives every line a different first move', () => {
    const steps = [...analysePosition(hive, WIN_IN_ONE, { lines: 3, maxDepth: 3 })];
    const last = steps.at(-1)!;
    const [best, ...others] = last.lines;
    expect(best!.score).toBe(WIN - 1);
    const after = playLine(hive, WIN_IN_ONE, best!.moves);
    expect(hive.result(after)).toEqual(expect.objectContaining({ kind: 'win', winner: 0 }));
    expect(last.lines).toHaveLength(3);
    expect(new Set(last.lines.map((l) => l.moves[0])).size).toBe(3);
    // Best first: each line scores no better than the one above it.
    for (const [i, line] of others.entries()) expect(line.score).toBeLessThanOrEqual(last.lines[i]!.score);
  });

  it('agrees with a plain search on the best score, and deepens step by step', () => {
    const start = hex.newGame({ size: 5, pie: false }, 'x');
    const steps = [...analysePosition(hex, start, { lines: 2, maxDepth: 3 })];
    expect(steps.map((s) => s.depth)).toEqual([1, 2, 3]);
    const hooks = searchHooks(hex);
    const plain = new Searcher().search(hooks.open(start), hooks.maxMoves, { depth: 3 });
    expect(steps.at(-1)!.lines[0]!.score).toBe(plain.score);
    expect(steps.at(-1)!.lines[1]!.score).toBeLessThanOrEqual(plain.score);
    // Tic-tac-toe is the solver's: no search to analyse with.
    expect(canSearch(tictactoe)).toBe(false);
  });

  it('searches only the moves it is given', () => {
    const hooks = searchHooks(hive);
    const pos = hooks.open(WIN_IN_ONE);
    const buffer = new Int32Array(hooks.maxMoves);
    const legal = Array.from(buffer.subarray(0, pos.generate(buffer)));
    const best = new Searcher().search(pos, hooks.maxMoves, { depth: 2 });
    const rest = legal.filter((m) => m !== best.move);
    const second = new Searcher().search(pos, hooks.maxMoves, { depth: 2, searchMoves: rest });
    expect(rest).toContain(second.move);
    expect(second.score).toBeLessThan(MATE_BOUND);
    expect(() => new Searcher().search(pos, hooks.maxMoves, { depth: 1, searchMoves: [-5] })).toThrow(/none of the moves/);
  });

  it('writes a turn of several plies as one move (Nonaga: a slide and a disc)', () => {
    const start = nonaga.newGame(nonaga.defaultOptions, 'x');
    const [step] = [...analysePosition(nonaga, start, { lines: 1, maxDepth: 4 })].slice(-1);
    const line = step!.lines[0]!.moves;
    expect(line.length).toBeGreaterThanOrEqual(2);
    // Every text is a whole turn: it parses and plays in turn from the start.
    let state = start;
    for (const text of line) {
      const mover = nonaga.toMove(state);
      state = nonaga.play(state, unwrap(nonaga.parseMove(state, text)));
      expect(nonaga.toMove(state)).not.toBe(mover);
    }
    expect(lineTexts(nonaga, start, [])).toEqual([]);
  });

  it('stops at once on a finished game', () => {
    const over = playLine(hive, WIN_IN_ONE, [...analysePosition(hive, WIN_IN_ONE, { maxDepth: 1 })][0]!.lines[0]!.moves.slice(0, 1));
    expect([...analysePosition(hive, over)]).toEqual([]);
  });
});

describe('the evaluation bar', () => {
  it('is even at 0, certain for a forced result, and turns with the side to move', () => {
    expect(firstPlayerChance(0, 0)).toBe(0.5);
    expect(firstPlayerChance(WIN - 3, 0)).toBe(1);
    expect(firstPlayerChance(WIN - 3, 1)).toBe(0);
    expect(firstPlayerChance(-(WIN - 2), 0)).toBe(0);
    expect(firstPlayerChance(150, 0)).toBeGreaterThan(0.6);
    expect(firstPlayerChance(150, 0)).toBeCloseTo(1 - firstPlayerChance(150, 1), 10);
    expect(firstPlayerChance(300, 0)).toBeGreaterThan(firstPlayerChance(150, 0));
  });
});

describe('simulations for a game of chance', () => {
  const duel = dicewars.newGame({ ...dicewars.defaultOptions, players: 2, map: 'small' }, 'duel');
  it('counts every playout for a seat, the same for the same seed', () => {
    expect(canSearch(dicewars)).toBe(false);
    const run = () => [...simulateChances(dicewars, duel, 2, Rng.fromSeed('sim'), { batch: 20, playouts: 60 })];
    const steps = run();
    expect(steps.map((s) => s.playouts)).toEqual([20, 40, 60]);
    const last = steps.at(-1)!;
    expect(last.wins.reduce((a, b) => a + b, 0)).toBe(60);
    expect(run()).toEqual(steps);
  });
  it('refuses a game without playouts', () => {
    expect(() => [...simulateChances(hive, WIN_IN_ONE, 2, Rng.fromSeed('x'))]).toThrow(/no playouts/);
  });
});
