import { describe, expect, it } from 'vitest';
import { perft } from './perft.ts';
import { PERFT } from './perft-table.ts';
import type { GameType } from './pieces.ts';
import { HivePosition } from './position.ts';

describe('perft from the start, all eight game types', () => {
  for (const [type, counts] of Object.entries(PERFT) as [GameType, number[]][]) {
    it(`${type}: depths 1–5 with bulk counting`, () => {
      const pos = new HivePosition({ type, tournament: true });
      for (let depth = 1; depth <= 5; depth++) expect(perft(pos, depth, true), `depth ${depth}`).toBe(counts[depth - 1]);
      expect(pos.ply).toBe(0);
    });
  }

  it('gives the same counts without bulk counting (every leaf made and unmade)', () => {
    const pos = new HivePosition({ type: 'Base+MLP', tournament: true });
    expect(perft(pos, 4, false)).toBe(151686);
  });

  it('without the tournament rule the queen may open: 5 first moves in Base', () => {
    const pos = new HivePosition({ type: 'Base', tournament: false });
    expect(perft(pos, 1)).toBe(5);
    expect(perft(pos, 2)).toBe(5 * 5 * 6);
  });
});
