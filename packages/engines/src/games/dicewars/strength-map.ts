import type { Rng } from '../../engine/rng.ts';
import { type DiceWarsBoard, gridNeighbours, makeBoard } from './board.ts';

export const STRENGTH_SIZES = [10, 15, 20, 25] as const;
export type StrengthSize = (typeof STRENGTH_SIZES)[number];

const BLOCKED = 0.15;

/** Seed 000's corner starts: offset = max(1, ⌊N/10⌋); P1 (o,o), P2 (N−1−o, N−1−o), P3 (o, N−1−o), P4 (N−1−o, o). */
export function startCells(size: number): [q: number, r: number][] {
  const o = Math.max(1, Math.floor(size / 10));
  const far = size - 1 - o;
  return [
    [o, o],
    [far, far],
    [o, far],
    [far, o],
  ];
}

/**
 * An N × N axial grid where each cell is its own territory; 15% of cells are blocked (never a
 * start cell), and the passable cells must form one region, else the grid is drawn again.
 * Territory ids follow the cells in reading order, skipping blocked ones.
 */
export function generateStrengthMap(rng: Rng, size: StrengthSize): DiceWarsBoard {
  const n = size * size;
  const nb = gridNeighbours('axial', size, size);
  const starts = new Set(startCells(size).map(([q, r]) => r * size + q));
  for (;;) {
    const passable = new Uint8Array(n);
    for (let cell = 0; cell < n; cell++) passable[cell] = starts.has(cell) || !rng.chance(BLOCKED) ? 1 : 0;
    if (!connected(passable, nb)) continue;
    const cellTerritory = new Int16Array(n).fill(-1);
    let t = 0;
    for (let cell = 0; cell < n; cell++) if (passable[cell]) cellTerritory[cell] = t++;
    return makeBoard('axial', size, size, cellTerritory, t);
  }
}

function connected(passable: Uint8Array, nb: Int32Array): boolean {
  const first = passable.indexOf(1);
  const seen = new Uint8Array(passable.length);
  const stack = [first];
  seen[first] = 1;
  let count = 1;
  while (stack.length > 0) {
    const c = stack.pop() as number;
    for (let d = 0; d < 6; d++) {
      const m = nb[c * 6 + d] as number;
      if (m < 0 || !passable[m] || seen[m]) continue;
      seen[m] = 1;
      count++;
      stack.push(m);
    }
  }
  let total = 0;
  for (const p of passable) total += p;
  return count === total;
}
