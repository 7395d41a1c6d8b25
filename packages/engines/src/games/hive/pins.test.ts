import { describe, expect, it } from 'vitest';
import { CELLS, cellOf, NEIGHBORS } from './grid.ts';
import { isPinned, markPinned } from './pins.ts';
import type { HivePosition } from './position.ts';
import { arrangeHive, unfinishedGame } from './testing.ts';

/** Does lifting the piece alone on `cell` leave the other occupied cells in more than one group? (By flood fill.) */
function splitsByFill(pos: HivePosition, cell: number): boolean {
  const occupied: number[] = [];
  for (let c = 0; c < CELLS; c++) if (c !== cell && (pos.height[c] as number) > 0) occupied.push(c);
  if (occupied.length === 0) return false;
  const seen = new Set<number>([occupied[0] as number]);
  const todo = [occupied[0] as number];
  while (todo.length > 0) {
    const c = todo.pop() as number;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBORS[c * 6 + d] as number;
      if (n !== cell && (pos.height[n] as number) > 0 && !seen.has(n)) {
        seen.add(n);
        todo.push(n);
      }
    }
  }
  return seen.size < occupied.length;
}

/** Every cell holding one piece: isPinned's answer beside the flood fill's. */
function disagreements(pos: HivePosition): number[] {
  markPinned(pos);
  const wrong: number[] = [];
  for (let c = 0; c < CELLS; c++) if (pos.height[c] === 1 && isPinned(c) !== splitsByFill(pos, c)) wrong.push(c);
  return wrong;
}

describe('one hive: isPinned', () => {
  it('agrees with a flood fill on every single piece of random games, from their first moves (small hives) to long ones (rings)', () => {
    let checked = 0;
    for (let s = 0; s < 40; s++) {
      const { state } = unfinishedGame(`pins-${s}`, 2 + s * 2);
      expect(disagreements(state.pos)).toEqual([]);
      checked++;
    }
    expect(checked).toBe(40);
  });

  it('a line of five pins its middle three; a ring of six around an empty cell pins none', () => {
    const line = arrangeHive('wQ 0 0; bQ 1 0; wA1 2 0; bA1 3 0; wA2 4 0');
    markPinned(line);
    expect([0, 1, 2, 3, 4].map((q) => isPinned(cellOf(q, 0)))).toEqual([false, true, true, true, false]);
    const ring = arrangeHive('wQ 1 0; bQ 1 -1; wA1 0 -1; bA1 -1 0; wA2 -1 1; bA2 0 1');
    markPinned(ring);
    expect(disagreements(ring)).toEqual([]);
    for (let c = 0; c < CELLS; c++) if (ring.height[c] === 1) expect(isPinned(c)).toBe(false);
  });
});
