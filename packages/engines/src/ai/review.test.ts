import { describe, expect, it } from 'vitest';
import { unwrap } from '../engine/result.ts';
import { dicewars } from '../games/dicewars/index.ts';
import { hex } from '../games/hex/index.ts';
import { hive } from '../games/hive/index.ts';
import { arrangeHive } from '../games/hive/testing.ts';
import { tictactoe } from '../games/tictactoe/index.ts';
import {
  cannotReview,
  evaluatePosition,
  gameAccuracy,
  markOf,
  moveAccuracy,
  type ReviewBudget,
  reviewGame,
  summariseReview,
  THRESHOLDS,
} from './review.ts';
import { MATE_BOUND, WIN } from './score.ts';

const BUDGET: ReviewBudget = { depth: 3, nodes: 20_000 };

// bQ at (0,0) has five neighbours; wA1 at (-1,-1) can slide into the sixth and win.
const WIN_IN_ONE = {
  pos: arrangeHive('bQ 0 0; wS1 0 -1; wS2 1 -1; bS1 1 0; bS2 0 1; wB1 -1 1; wQ 2 -1; wA1 -1 -1; bA1 2 1'),
  options: hive.defaultOptions,
};

/** A game whose every move is the review's own choice, from the start, `plies` long. */
function enginesGame<S, M, O>(game: typeof hex | typeof hive, options: O, seed: string, plies: number): string[] {
  const g = game as unknown as import('../engine/game.ts').GameDefinition<S, M, O>;
  let state = g.newGame(options, seed);
  const moves: string[] = [];
  while (moves.length < plies && g.result(state) === null) {
    const best = evaluatePosition(g, state, BUDGET).best as string;
    moves.push(best);
    state = g.play(state, unwrap(g.parseMove(state, best)));
  }
  return moves;
}

describe('a computer review', () => {
  it('marks a move that lets a forced win go as a blunder, and names the winning move', () => {
    const start = WIN_IN_ONE;
    const judged = evaluatePosition(hive, start, BUDGET);
    expect(judged.score).toBe(WIN - 1);
    const legal = hive.legalMoves(start).map((m) => hive.formatMove(start, m));
    const winning = judged.best as string;
    const other = legal.find((t) => t !== winning && hive.result(hive.play(start, unwrap(hive.parseMove(start, t)))) === null) as string;
    const after = hive.play(start, unwrap(hive.parseMove(start, other)));
    const review = summariseReview(hive, [start, after], [other], [judged, evaluatePosition(hive, after, BUDGET)], BUDGET);
    const [move] = review.moves;
    expect(move).toMatchObject({ ply: 0, seat: 0, move: other, before: 100, mark: 'blunder', best: winning });
    expect(move!.loss).toBeGreaterThanOrEqual(THRESHOLDS.blunder);
    expect(move!.accuracy).toBeLessThan(100);

    // The winning move itself: no loss, no mark, no better move, and the finished position is a win.
    const won = hive.play(start, unwrap(hive.parseMove(start, winning)));
    const best = summariseReview(hive, [start, won], [winning], [judged, evaluatePosition(hive, won, BUDGET)], BUDGET);
    expect(best.moves[0]).toEqual({ ply: 0, seat: 0, move: winning, before: 100, after: 100, loss: 0, mark: null, accuracy: 100 });
    expect(best.positions.at(-1)).toEqual({ score: WIN, chance: 100 });
    expect(best.accuracy).toEqual([100, null]);
  });

  it('gives perfect play (the engine’s own moves) 100 for both players, and the same review every time', () => {
    const options = { size: 5, pie: false };
    const moves = enginesGame(hex, options, 'r', 12);
    expect(moves.length).toBeGreaterThanOrEqual(6);
    const review = unwrap(reviewGame(hex, options, 'r', moves, BUDGET));
    expect(review.moves.map((m) => m.loss)).toEqual(moves.map(() => 0));
    expect(review.moves.every((m) => m.mark === null && m.best === undefined)).toBe(true);
    expect(review.accuracy).toEqual([100, 100]);
    expect(review.positions).toHaveLength(moves.length + 1);
    expect(unwrap(reviewGame(hex, options, 'r', moves, BUDGET))).toEqual(review);
  });

  it('gives the player who blunders a lower accuracy (Hive: the engine’s moves, then one that lets a win go)', () => {
    const options = hive.defaultOptions;
    const moves = enginesGame(hive, options, 's', 8);
    const perfect = unwrap(reviewGame(hive, options, 's', moves, BUDGET));
    expect(perfect.accuracy).toEqual([100, 100]);
    // Black's last move replaced by its worst: the move the engine judges to lose most.
    const states = [hive.newGame(options, 's')];
    for (const m of moves) states.push(hive.play(states.at(-1)!, unwrap(hive.parseMove(states.at(-1)!, m))));
    const at = states[7]!;
    const worst = hive
      .legalMoves(at)
      .map((m) => ({ text: hive.formatMove(at, m), score: evaluatePosition(hive, hive.play(at, m), BUDGET).score }))
      .sort((a, b) => b.score - a.score)[0]!;
    const spoilt = unwrap(reviewGame(hive, options, 's', [...moves.slice(0, 7), worst.text], BUDGET));
    const last = spoilt.moves.at(-1)!;
    expect(last.loss).toBeGreaterThan(0);
    expect(last.best).toBe(moves[7]);
    expect(spoilt.accuracy[0]).toBe(100);
    expect(spoilt.accuracy[1]).toBeLessThan(100);
  });

  it('refuses games of chance and games without search, in words', () => {
    expect(cannotReview(dicewars, dicewars.defaultOptions)).toMatch(/game of chance/);
    expect(cannotReview(tictactoe, tictactoe.defaultOptions)).toMatch(/no search/);
    expect(reviewGame(tictactoe, tictactoe.defaultOptions, 'x', ['b2'])).toMatchObject({ ok: false });
    expect(cannotReview(hive, hive.defaultOptions)).toBeNull();
    expect(reviewGame(hive, hive.defaultOptions, 'x', ['wQ', 'nonsense'])).toMatchObject({ ok: false });
  });
});

describe('the review’s arithmetic', () => {
  it('marks by the loss of winning chances, and by forced results won or lost as lichess does', () => {
    expect(markOf(0, -10, 4.9)).toBeNull();
    expect(markOf(0, -10, 5)).toBe('inaccuracy');
    expect(markOf(0, -10, 10)).toBe('mistake');
    expect(markOf(0, -10, 15)).toBe('blunder');
    // A forced win let go: a blunder, unless still far ahead.
    expect(markOf(WIN - 3, 200, 0)).toBe('blunder');
    expect(markOf(WIN - 3, 800, 0)).toBe('mistake');
    expect(markOf(WIN - 3, 1200, 0)).toBe('inaccuracy');
    // A forced loss let in: a blunder, unless already far behind.
    expect(markOf(100, -MATE_BOUND, 0)).toBe('blunder');
    expect(markOf(-800, -MATE_BOUND, 0)).toBe('mistake');
    expect(markOf(-1200, -MATE_BOUND, 0)).toBe('inaccuracy');
    // A slower forced win, a forced loss made longer: no mark.
    expect(markOf(WIN - 3, WIN - 7, 0)).toBeNull();
    expect(markOf(-WIN + 3, -WIN + 5, 0)).toBeNull();
  });

  it('turns losses into accuracies on lichess’s curve, and weights each move by how the game swung', () => {
    expect(moveAccuracy(0)).toBe(100);
    expect(moveAccuracy(0.05)).toBe(100);
    expect(moveAccuracy(1)).toBeCloseTo(96.6, 1);
    expect(moveAccuracy(10)).toBeCloseTo(64.6, 1);
    expect(moveAccuracy(40)).toBeCloseTo(15.9, 0);
    expect(moveAccuracy(100)).toBe(0);
    // Two players, one loses 30 points once: the harmonic mean pulls their figure down.
    const chances = [50, 50, 50, 20, 20, 20, 20];
    const moves = [0, 1, 0, 1, 0, 1].map((seat, i) => ({ seat, accuracy: i === 2 ? moveAccuracy(30) : 100 }));
    const [first, second] = gameAccuracy(chances, moves);
    expect(second).toBe(100);
    expect(first).toBeLessThan(80);
    expect(first).toBeGreaterThan(moveAccuracy(30));
  });
});
