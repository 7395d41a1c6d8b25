import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIMULATION,
  glickoAveraged,
  glickoEveryPair,
  glickoWinnerOnly,
  OPENSKILL_DEFAULTS,
  openSkillPlackettLuce,
  pairwiseAccuracy,
  simulate,
  spearman,
  wengLinPlackettLuce,
} from './free-for-all.simulation.ts';
import { placesOf, rateFreeForAll, ratingPeriod } from './free-for-all.ts';
import { type Glicko, LICHESS, NEW_PLAYER, rateGame } from './glicko2.ts';

const r = (rating: number, deviation: number, volatility: number): Glicko => ({ rating, deviation, volatility });

const glicko = fc.record({
  rating: fc.double({ min: 400, max: 4000, noNaN: true }),
  deviation: fc.double({ min: 45, max: 500, noNaN: true }),
  volatility: fc.double({ min: 0.04, max: 0.1, noNaN: true }),
});

/** A game of 2 to 8 seats: ratings (some new) and places (ties allowed). */
const game = fc
  .integer({ min: 2, max: 8 })
  .chain((n) =>
    fc.tuple(
      fc.array(fc.option(glicko, { nil: null }), { minLength: n, maxLength: n }),
      fc.array(fc.nat(n - 1), { minLength: n, maxLength: n }),
    ),
  );

describe('free-for-all ratings: Glicko-2 over the pairs, averaged into one game', () => {
  it('a rating period reproduces Glickman’s worked example (τ = 0.5), as lichess runs Glicko-2', () => {
    // Glickman, "Example of the Glicko-2 system": 1500 ± 200 (σ 0.06) beats 1400 ± 30, loses to 1550 ± 100 and 1700 ± 300;
    // v = 1.7785, Δ = −0.4834, σ′ = 0.05999. Its 1464.06 ± 151.52 grows φ by σ′ within the period (step 6); lichess, and
    // so rateGame and this, do not (the growth is deviationAfter's, for time away): φ′ = 1/√(1/φ² + 1/v), μ′ = φ′² Δ / v.
    const after = ratingPeriod(
      r(1500, 200, 0.06),
      [
        { opponent: r(1400, 30, 0.06), score: 1, weight: 1 },
        { opponent: r(1550, 100, 0.06), score: 0, weight: 1 },
        { opponent: r(1700, 300, 0.06), score: 0, weight: 1 },
      ],
      { ...LICHESS, tau: 0.5 },
    );
    const scale = 173.7178;
    const phi = 1 / Math.sqrt(1 / (200 / scale) ** 2 + 1 / 1.7785);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
    expect(after.deviation).toBeCloseTo(phi * scale, 1);
    expect(after.rating).toBeCloseTo(1500 + scale * phi * phi * (-0.4834 / 1.7785), 1);
    expect([after.rating, after.deviation]).toEqual([expect.closeTo(1464.11, 2), expect.closeTo(151.4, 2)]);
  });

  it('between two seats it is the two-player rating (rateGame without a first-move advantage)', () => {
    fc.assert(
      fc.property(glicko, glicko, fc.constantFrom([0, 1], [1, 0], [0, 0]), (a, b, places) => {
        const got = rateFreeForAll([a, b], places);
        const want = rateGame(a, b, places[0] === places[1] ? 0.5 : places[0] === 0 ? 1 : 0, LICHESS);
        for (let i = 0; i < 2; i++) {
          expect(got[i]?.rating).toBeCloseTo(want[i]?.rating as number, 9);
          expect(got[i]?.deviation).toBeCloseTo(want[i]?.deviation as number, 9);
          expect(got[i]?.volatility).toBeCloseTo(want[i]?.volatility as number, 9);
        }
      }),
    );
  });

  it('among new players, three seats: the winner gains what a two-player win gains, the second what a draw does, the last loses what a loss loses', () => {
    const [win, loss] = rateGame(NEW_PLAYER, NEW_PLAYER, 1, LICHESS);
    const [draw] = rateGame(NEW_PLAYER, NEW_PLAYER, 0.5, LICHESS);
    const [first, second, third] = rateFreeForAll([null, null, null], [0, 1, 2]);
    expect(first).toEqual(win);
    expect(second).toEqual(draw);
    expect(third).toEqual(loss);
    // The numbers (lichess's first vector, 1739/1261 ± 396.7, carries a first-move advantage: these have none).
    expect(first?.rating).toBeCloseTo(1741.48, 2);
    expect(second?.rating).toBe(1500);
    expect(third?.rating).toBeCloseTo(1258.52, 2);
    expect(first?.deviation).toBeCloseTo(396.7, 1);
  });

  it('a sole winner never loses rating, a sole last never gains; no deviation widens; the bounds hold', () => {
    fc.assert(
      fc.property(game, ([before, places]) => {
        const after = rateFreeForAll(before, places);
        const best = Math.min(...places);
        const worst = Math.max(...places);
        const alone = (p: number) => places.filter((q) => q === p).length === 1;
        after.forEach((a, i) => {
          const b = before[i] ?? NEW_PLAYER;
          if (places[i] === best && alone(best) && best !== worst) expect(a.rating).toBeGreaterThanOrEqual(b.rating);
          if (places[i] === worst && alone(worst) && best !== worst) expect(a.rating).toBeLessThanOrEqual(b.rating);
          expect(a.deviation).toBeLessThanOrEqual(b.deviation + 1e-9);
          expect(a.deviation).toBeGreaterThanOrEqual(45);
          expect(a.rating).toBeGreaterThanOrEqual(400);
          expect(a.rating).toBeLessThanOrEqual(4000);
          expect(Math.abs(a.rating - b.rating)).toBeLessThanOrEqual(700 + 1e-9);
          expect(a.volatility).toBeLessThanOrEqual(0.1);
        });
      }),
    );
  });

  it('seats tied at a place with equal ratings move equally; the seats’ order does not matter; the same game rates the same', () => {
    fc.assert(
      fc.property(game, glicko, fc.nat(), ([before, places], shared, pick) => {
        // Two seats made equal and tied.
        const [i, j] = [pick % before.length, (pick + 1) % before.length];
        const ratings = before.map((b, k) => (k === i || k === j ? shared : b));
        const tied = places.map((p, k) => (k === j ? (places[i] as number) : p));
        const after = rateFreeForAll(ratings, tied);
        // Equal up to the order the other seats' results are summed in.
        for (const key of ['rating', 'deviation', 'volatility'] as const) expect(after[i]?.[key]).toBeCloseTo(after[j]?.[key] as number, 9);
        // Reversed seats, reversed results.
        const reversed = rateFreeForAll([...ratings].reverse(), [...tied].reverse()).reverse();
        reversed.forEach((x, k) => {
          expect(x.rating).toBeCloseTo(after[k]?.rating as number, 6);
          expect(x.deviation).toBeCloseTo(after[k]?.deviation as number, 6);
        });
        expect(rateFreeForAll(ratings, tied)).toEqual(after);
      }),
    );
  });

  it('refuses a game it cannot rate', () => {
    expect(() => rateFreeForAll([null], [0])).toThrow(RangeError);
    expect(() => rateFreeForAll([null, null], [0])).toThrow(RangeError);
    expect(() => rateFreeForAll([null, null], [0, -1])).toThrow(RangeError);
    expect(() => rateFreeForAll([null, null], [0, 0.5])).toThrow(RangeError);
  });
});

describe('placesOf', () => {
  it('reads a ranking, a bare winner and a draw', () => {
    // DiceWars's: the winner, then the seats out, the last out first.
    expect(placesOf({ kind: 'win', winner: 2, ranking: [2, 0, 3, 1] }, 4)).toEqual([1, 3, 0, 2]);
    expect(placesOf({ kind: 'win', winner: 1 }, 4)).toEqual([1, 0, 1, 1]);
    expect(placesOf({ kind: 'win', winner: 1, ranking: [1, 3] }, 4)).toEqual([2, 0, 2, 1]);
    expect(placesOf({ kind: 'draw', reason: 'no winner after 500 rounds' }, 3)).toEqual([0, 0, 0]);
  });

  it('refuses a ranking that does not fit the seats', () => {
    expect(() => placesOf({ kind: 'win', winner: 0, ranking: [1, 0] }, 2)).toThrow(RangeError);
    expect(() => placesOf({ kind: 'win', winner: 0, ranking: [0, 2] }, 2)).toThrow(RangeError);
    expect(() => placesOf({ kind: 'win', winner: 0, ranking: [0, 1, 1] }, 3)).toThrow(RangeError);
    expect(() => placesOf({ kind: 'win', winner: 0 }, 0)).toThrow(RangeError);
  });
});

describe('the measurement that chose the method', () => {
  it('Weng–Lin under Plackett–Luce, as compared, reproduces the update worked by hand for three new players', () => {
    // No τ: c² = 3 (500² + 250²); the winner's share 1/3 of the first draw, the second's 1/2 of the second.
    const settings = { ...OPENSKILL_DEFAULTS, tau: 0 };
    const c = Math.sqrt(3 * (500 ** 2 + 250 ** 2));
    const step = 500 ** 2 / c;
    const shrink = (500 / c) * (500 ** 2 / c ** 2);
    const [a, b, d] = wengLinPlackettLuce([NEW_PLAYER, NEW_PLAYER, NEW_PLAYER], [0, 1, 2], settings);
    expect(a?.rating).toBeCloseTo(1500 + step * (2 / 3), 9);
    expect(b?.rating).toBeCloseTo(1500 + step * (1 / 2 - 1 / 3), 9);
    expect(d?.rating).toBeCloseTo(1500 - step * (1 / 3 + 1 / 2), 9);
    expect(a?.deviation).toBeCloseTo(500 * Math.sqrt(1 - shrink * (2 / 9)), 9);
    expect(b?.deviation).toBeCloseTo(500 * Math.sqrt(1 - shrink * (2 / 9 + 1 / 4)), 9);
    expect(d?.deviation).toBeCloseTo(b?.deviation as number, 9);
    expect(a?.rating).toBeCloseTo(1672.13, 2);
    // A tie for the last place among equals splits it evenly; an all-tied game moves nobody.
    const [, x, y] = wengLinPlackettLuce([NEW_PLAYER, NEW_PLAYER, NEW_PLAYER], [0, 1, 1], settings);
    expect(x).toEqual(y);
    expect(wengLinPlackettLuce([NEW_PLAYER, NEW_PLAYER], [0, 0], settings).map((z) => z.rating)).toEqual([1500, 1500]);
  });

  it('Spearman and the pairwise share', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearman([1, 2, 3], [5, 5, 5])).toBe(0);
    const games = [{ seats: [0, 1, 2], places: [0, 1, 2] }];
    expect(pairwiseAccuracy(games, (p) => -p)).toBe(1);
    expect(pairwiseAccuracy(games, () => 0)).toBe(0.5);
  });

  it('on a fixed seed (200 players, 2000 games of 3–8 seats) the chosen method ranks the true strengths best', () => {
    const options = { ...DEFAULT_SIMULATION, seed: 'test', checkpoints: [2000], heldOut: 1000, newcomers: 0, newcomerCheckpoints: [] };
    const result = simulate([glickoAveraged, openSkillPlackettLuce, glickoEveryPair, glickoWinnerOnly], options);
    const [chosen, pl, everyPair, winnerOnly] = result.methods.map((m) => m.checkpoints[0]);
    if (!chosen || !pl || !everyPair || !winnerOnly) throw new Error('missing results');
    // Observed: 0.9682 against 0.9618, 0.9578 and 0.8890; held-out pairs 71.3% against 70.8% (72.4% from the truth).
    expect(chosen.spearman).toBeGreaterThan(0.96);
    expect(chosen.spearman - pl.spearman).toBeGreaterThan(0.003);
    expect(chosen.spearman - everyPair.spearman).toBeGreaterThan(0.005);
    expect(chosen.spearman - winnerOnly.spearman).toBeGreaterThan(0.05);
    expect(chosen.pairwise).toBeGreaterThanOrEqual(pl.pairwise);
    expect(chosen.pairwise).toBeLessThanOrEqual(result.oraclePairwise);
    // Weng–Lin's deviations stay wide: nobody is established (under 75); every Glicko-2 rating is.
    expect(pl.established).toBe(0);
    expect(chosen.established).toBeGreaterThan(0.9);
    // Deterministic: the same seed, the same figures.
    expect(simulate([glickoAveraged], options).methods[0]?.checkpoints).toEqual([chosen]);
  });
});
