import { DIRECTIONS, type Hex } from '../../hex/coords.ts';

/**
 * Hive has no board, so the engine uses a 32 × 32 torus of cells. A hive of 28 pieces spans at most
 * 28 cells in any direction, 30 with the empty cells around it, so it can never wrap onto itself,
 * and every cell index fits in 10 bits. Cell of (q, r) = (q mod 32) + 32 (r mod 32).
 */
export const SIZE = 32;
export const CELLS = SIZE * SIZE;
const MASK = SIZE - 1;

export const cellOf = (q: number, r: number): number => (q & MASK) | ((r & MASK) << 5);

/** The cell where white's first piece goes. */
export const ORIGIN_CELL = cellOf(0, 0);

/** NEIGHBORS[cell * 6 + d] is the neighbour of cell in direction d (UHP order NW, NE, E, SE, SW, W). */
export const NEIGHBORS: Int16Array = (() => {
  const table = new Int16Array(CELLS * 6);
  for (let r = 0; r < SIZE; r++) {
    for (let q = 0; q < SIZE; q++) {
      for (let d = 0; d < 6; d++) {
        const dir = DIRECTIONS[d] as Hex;
        table[cellOf(q, r) * 6 + d] = cellOf(q + dir.q, r + dir.r);
      }
    }
  }
  return table;
})();

/** The direction from a to b when they touch, else -1. */
export function directionTo(a: number, b: number): number {
  for (let d = 0; d < 6; d++) if (NEIGHBORS[a * 6 + d] === b) return d;
  return -1;
}

/** Axial coordinates of a cell, taken in [-16, 16) around the origin (for display only). */
export function wrappedHex(cell: number): Hex {
  const q = cell & MASK;
  const r = cell >> 5;
  return { q: q >= SIZE / 2 ? q - SIZE : q, r: r >= SIZE / 2 ? r - SIZE : r };
}
