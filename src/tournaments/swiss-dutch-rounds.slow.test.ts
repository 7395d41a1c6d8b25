import { describe, expect, it } from 'vitest';
import { BBP_MISSING, BBP_PAIRINGS, generateTournament } from '../../scripts/bbp-pairings.ts';
import { compareGenerated } from './dutch-comparison.testing.ts';

/** The long comparison (`npm run test:slow`): 208 tournaments bbpPairings generates, every round (1,433 rounds). */
describe.skipIf(BBP_PAIRINGS === null)(
  `the Dutch system against bbpPairings over 208 tournaments${BBP_PAIRINGS === null ? ` — ${BBP_MISSING}` : ''}`,
  () => {
    it('pairs every round as the tool paired it', () => {
      const { differ } = compareGenerated(208, generateTournament);
      expect(differ).toEqual([]);
    });
  },
);
