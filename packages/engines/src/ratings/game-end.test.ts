import { describe, expect, it } from 'vitest';
import { rateFreeForAll } from './free-for-all.ts';
import { type RatedGame, ratingsAfter } from './game-end.ts';
import { deviationAfter, LICHESS, NEW_PLAYER, rateGame } from './glicko2.ts';

const DAY = 86_400_000;
const game = (extra: Partial<RatedGame> = {}): RatedGame => ({
  perf: 'hive',
  accounts: ['a', 'b'],
  at: 10 * DAY,
  firstMoveAdvantage: 0,
  score: { first: 1 },
  ...extra,
});

describe('a rated game’s new ratings (a pure step from the ratings read)', () => {
  it('rates two new players by Glicko-2 and says the changes in whole points', () => {
    const { after, diffs } = ratingsAfter(game(), [null, null]);
    expect(after).toEqual(rateGame(NEW_PLAYER, NEW_PLAYER, 1, LICHESS));
    expect(diffs).toEqual(after.map((r) => Math.round(r.rating) - 1500));
    expect((diffs[0] as number) > 0 && (diffs[1] as number) < 0).toBe(true);
  });

  it('grows each deviation for the days since that player last played, then rates, with the first-move advantage', () => {
    const held = { rating: 1700, deviation: 60, volatility: 0.06, at: 0 };
    const { after } = ratingsAfter(game({ score: { first: 0.5 }, firstMoveAdvantage: 12 }), [held, null]);
    const settings = { ...LICHESS, firstMoveAdvantage: 12 };
    const grown = { ...held, deviation: deviationAfter(held, 10 * settings.periodsPerDay, settings) };
    expect(after).toEqual(rateGame(grown, NEW_PLAYER, 0.5, settings));
    expect(grown.deviation).toBeGreaterThan(60);
  });

  it('rates a free-for-all by its places', () => {
    const places = [2, 0, 1];
    const { after, diffs } = ratingsAfter(game({ accounts: ['a', 'b', 'c'], score: { places } }), [null, null, null]);
    expect(after).toEqual(rateFreeForAll([NEW_PLAYER, NEW_PLAYER, NEW_PLAYER], places, LICHESS));
    expect(diffs[1]).toBeGreaterThan(0);
    expect(diffs[0]).toBeLessThan(0);
  });
});
