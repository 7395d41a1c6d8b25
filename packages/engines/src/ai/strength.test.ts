import { describe, expect, it } from 'vitest';
import { STRENGTH_CASES } from './strength.testing.ts';

/** Each strength claim at its quick, seeded size; `npm run test:slow` plays them in full. */
describe('AI strength, quick seeded matches', () => {
  for (const c of STRENGTH_CASES) {
    it(`${c.title} (${c.quick.games} games)`, async () => {
      const wins = await c.play(c.quick.games, c.seed, c.maxMoves);
      expect(wins / c.quick.games).toBeGreaterThanOrEqual(c.quick.atLeast);
    });
  }
});
