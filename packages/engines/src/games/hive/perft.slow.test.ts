import { describe, expect, it } from 'vitest';
import { perft } from './perft.ts';
import { PERFT } from './perft-table.ts';
import type { GameType } from './pieces.ts';
import { HivePosition } from './position.ts';

describe('perft depth 6 (npm run test:slow)', () => {
  for (const [type, counts] of Object.entries(PERFT) as [GameType, number[]][]) {
    if (counts[5] === undefined) continue;
    it(`${type}: ${counts[5].toLocaleString('en-US')}`, () => {
      expect(perft(new HivePosition({ type, tournament: true }), 6, true)).toBe(counts[5]);
    });
  }
});
