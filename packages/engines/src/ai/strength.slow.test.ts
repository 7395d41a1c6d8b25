import { describe, expect, it } from 'vitest';
import { STRENGTH_CASES } from './strength.testing.ts';

/** The strength claims at full size (minutes each on two cores): `npm run test:slow`. */
describe('AI strength, full seeded matches', () => {
  for (const c of STRENGTH_CASES) {
    it(`${c.title} (${c.full.games} games)`, async () => {
      const wins = await c.play(c.full.games, c.seed, c.maxMoves);
      expect(wins / c.full.games).toBeGreaterThanOrEqual(c.full.atLeast);
    });
  }
});
