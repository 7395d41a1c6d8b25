import { describe, expect, it } from 'vitest';
import { LICHESS, NEW_PLAYER, rateGame } from './glicko2.ts';
import { CLUELESS_DEVIATION, NEW_PUZZLE, nextAtLevel, PUZZLE_RATING, rateFirstTry, rateTry } from './puzzle-rating.ts';

const established = { rating: 1600, deviation: 60, volatility: 0.06 };
const settledPuzzle = { rating: 1700, deviation: 70, volatility: 0.06 };

describe('puzzle ratings', () => {
  it('a solve is one Glicko-2 game won against the puzzle: the player goes up, the puzzle down; a miss the other way', () => {
    const { player, puzzle } = rateTry(established, settledPuzzle, true);
    const [p, z] = rateGame(established, settledPuzzle, 1);
    expect(player).toEqual(p);
    expect(puzzle).toEqual(z);
    expect(player.rating).toBeGreaterThan(established.rating);
    expect(puzzle.rating).toBeLessThan(settledPuzzle.rating);
    const missed = rateTry(established, settledPuzzle, false);
    expect(missed.player.rating).toBeLessThan(established.rating);
    expect(missed.puzzle.rating).toBeGreaterThan(settledPuzzle.rating);
  });

  it('a provisional puzzle moves the player 0.8 of the way on a solve and 0.3 on a miss', () => {
    for (const [solved, weight] of [
      [true, 0.8],
      [false, 0.3],
    ] as const) {
      const { player } = rateTry(established, NEW_PUZZLE, solved);
      const [full] = rateGame(established, NEW_PUZZLE, solved ? 1 : 0);
      expect(player.rating - established.rating).toBeCloseTo((full.rating - established.rating) * weight, 9);
      expect(player.deviation).toBeCloseTo(established.deviation + (full.deviation - established.deviation) * weight, 9);
    }
  });

  it('a player whose rating says nothing yet leaves the puzzle’s rating alone', () => {
    expect(NEW_PLAYER.deviation).toBeGreaterThanOrEqual(CLUELESS_DEVIATION);
    expect(rateTry(NEW_PLAYER, settledPuzzle, true).puzzle).toEqual(settledPuzzle);
    expect(rateTry({ ...NEW_PLAYER, deviation: CLUELESS_DEVIATION - 1 }, settledPuzzle, true).puzzle).not.toEqual(settledPuzzle);
  });

  it('a first try is rated from the stored ratings, a new player and an untried puzzle starting where the settings say', () => {
    expect(rateFirstTry(null, null, true)).toEqual(rateTry(NEW_PLAYER, NEW_PUZZLE, true));
    expect(rateFirstTry(established, settledPuzzle, false)).toEqual(rateTry(established, settledPuzzle, false));
    const start = { ...PUZZLE_RATING, newPlayer: established, newPuzzle: settledPuzzle };
    expect(rateFirstTry(null, null, true, start)).toEqual(rateTry(established, settledPuzzle, true));
    // Glicko-2's constants come with the settings: a bound on the change bites.
    const capped = rateFirstTry(established, settledPuzzle, true, { ...start, glicko: { ...LICHESS, maxChange: 1 } });
    expect(capped.player.rating).toBeCloseTo(established.rating + 1, 9);
  });

  it('a stream at your level: the untried puzzle nearest your rating, none when all are tried', () => {
    const puzzles = [
      { id: 'a', rating: 1200 },
      { id: 'b', rating: 1550 },
      { id: 'c', rating: 1650 },
      { id: 'd', rating: 2000 },
    ];
    expect(nextAtLevel(puzzles, established, new Set())?.id).toBe('b');
    expect(nextAtLevel(puzzles, established, new Set(['b']))?.id).toBe('c');
    expect(nextAtLevel(puzzles, { ...established, rating: 2400 }, new Set())?.id).toBe('d');
    expect(nextAtLevel(puzzles, established, new Set(['a', 'b', 'c', 'd']))).toBeUndefined();
  });
});
