import { describe, expect, it } from 'vitest';
import { countMoves, generateMoves, MAX_MOVES } from './movegen.ts';
import { perft } from './perft.ts';
import { PERFT } from './perft-table.ts';
import type { GameType } from './pieces.ts';
import { HivePosition, PASS } from './position.ts';
import { unfinishedGame } from './testing.ts';

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

  it('counts a position’s moves (countMoves, perft’s last ply) as many as it lists, along random games', () => {
    const list = new Int32Array(MAX_MOVES);
    const scratch = new Int32Array(MAX_MOVES);
    let positions = 0;
    let withMovements = 0;
    for (const seed of ['count-a', 'count-b', 'count-c']) {
      const { state } = unfinishedGame(seed, 300);
      const pos = state.pos.clone();
      // Back along the game, every position from its end to the start: placements, movements, throws.
      while (true) {
        const n = generateMoves(pos, list);
        expect(countMoves(pos, scratch), `${seed} at ply ${pos.ply}`).toBe(n);
        positions++;
        if (Array.from(list.subarray(0, n)).some((m) => m !== PASS && (pos.where[m & 31] as number) >= 0)) withMovements++;
        if (pos.ply === 0) break;
        pos.unmake();
      }
    }
    expect(positions).toBeGreaterThan(800);
    expect(withMovements).toBeGreaterThan(600);
  });
});
