import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviationAfter, type Glicko, LICHESS, LICHESS_VECTORS_ADVANTAGE, NEW_PLAYER, rateGame } from './glicko2.ts';

const r = (rating: number, deviation: number, volatility: number): Glicko => ({ rating, deviation, volatility });

/** lichess's own test vectors: one game each, no deviation growth before it. */
const VECTORS: [Glicko, Glicko, number, number, number, number, number, number, number][] = [
  [r(1500, 500, 0.09), r(1500, 500, 0.09), 1, 1739, 1261, 396.7003, 396.7003, 0.09, 0.09],
  [r(1500, 500, 0.09), r(1500, 500, 0.09), 0, 1256, 1744, 396.7003, 396.7003, 0.09, 0.09],
  [r(1500, 500, 0.09), r(1500, 500, 0.09), 0.5, 1497, 1503, 396.7003, 396.7003, 0.09, 0.09],
  [r(1500, 80, 0.06), r(1500, 80, 0.06), 1, 1517, 1483, 78.08, 78.08, 0.06, 0.06],
  [r(1400, 79, 0.06), r(1550, 110, 0.065), 1, 1422, 1507, 77.472, 105.8046, 0.06, 0.065],
  [r(1400, 79, 0.06), r(1550, 110, 0.065), 0, 1390, 1569, 77.472, 105.8046, 0.06, 0.065],
  [r(1400, 79, 0.06), r(1550, 110, 0.065), 0.5, 1406, 1538, 77.472, 105.8046, 0.06, 0.065],
  [r(1200, 60, 0.053), r(1850, 200, 0.062), 1, 1217, 1637, 59.8971, 196.8617, 0.053013, 0.062028],
  [r(1200, 60, 0.053), r(1850, 200, 0.062), 0, 1199, 1856, 59.8971, 196.8617, 0.052999, 0.061999],
  [r(1200, 60, 0.053), r(1850, 200, 0.062), 0.5, 1208, 1746, 59.8971, 196.8617, 0.052999, 0.062006],
];

describe('Glicko-2 as lichess runs it', () => {
  it('reproduces lichess’s test vectors', () => {
    for (const [first, second, score, r1, r2, d1, d2, v1, v2] of VECTORS) {
      const [a, b] = rateGame(first, second, score, { ...LICHESS, firstMoveAdvantage: LICHESS_VECTORS_ADVANTAGE });
      const got = [a.rating, b.rating, a.deviation, b.deviation, a.volatility, b.volatility].map((x) => x.toFixed(6));
      const label = `${JSON.stringify(first)} v ${JSON.stringify(second)} ${score}: ${got.join(' ')}`;
      expect(Math.abs(a.rating - r1), label).toBeLessThanOrEqual(0.5);
      expect(Math.abs(b.rating - r2), label).toBeLessThanOrEqual(0.5);
      expect(Math.abs(a.deviation - d1), label).toBeLessThanOrEqual(0.0001);
      expect(Math.abs(b.deviation - d2), label).toBeLessThanOrEqual(0.0001);
      expect(Math.abs(a.volatility - v1), label).toBeLessThanOrEqual(0.00001);
      expect(Math.abs(b.volatility - v2), label).toBeLessThanOrEqual(0.00001);
    }
  });

  const glicko = fc.record({
    rating: fc.double({ min: 400, max: 4000, noNaN: true }),
    deviation: fc.double({ min: 45, max: 500, noNaN: true }),
    volatility: fc.double({ min: 0.04, max: 0.1, noNaN: true }),
  });

  it('a win never lowers a rating nor a loss raises one; a game never widens a deviation; the bounds hold', () => {
    fc.assert(
      fc.property(glicko, glicko, fc.constantFrom(0, 0.5, 1), fc.double({ min: 0, max: 30, noNaN: true }), (a, b, score, edge) => {
        const [x, y] = rateGame(a, b, score, { ...LICHESS, firstMoveAdvantage: edge });
        if (score === 1) expect(x.rating).toBeGreaterThanOrEqual(a.rating - 1e-9);
        if (score === 0) expect(x.rating).toBeLessThanOrEqual(a.rating + 1e-9);
        for (const [before, after] of [
          [a, x],
          [b, y],
        ] as const) {
          expect(after.deviation).toBeLessThanOrEqual(before.deviation + 1e-9);
          expect(after.deviation).toBeGreaterThanOrEqual(45);
          expect(after.rating).toBeGreaterThanOrEqual(400);
          expect(after.rating).toBeLessThanOrEqual(4000);
          expect(Math.abs(after.rating - before.rating)).toBeLessThanOrEqual(700 + 1e-9);
          expect(after.volatility).toBeLessThanOrEqual(0.1);
        }
      }),
    );
  });

  it('a deviation grows with time away, at most to 500; a new player starts at 1500 ± 500', () => {
    fc.assert(
      fc.property(glicko, fc.double({ min: 0, max: 3650, noNaN: true }), (a, days) => {
        const grown = deviationAfter(a, days * LICHESS.periodsPerDay);
        expect(grown).toBeGreaterThanOrEqual(Math.min(a.deviation, 500) - 1e-9);
        expect(grown).toBeLessThanOrEqual(500);
      }),
    );
    // lichess chose 0.21436 periods a day so that a year away takes a deviation of 60 to 110.
    expect(deviationAfter({ rating: 1500, deviation: 60, volatility: 0.06 }, 365 * LICHESS.periodsPerDay)).toBeCloseTo(110, 2);
    expect(NEW_PLAYER).toEqual({ rating: 1500, deviation: 500, volatility: 0.09 });
  });
});
