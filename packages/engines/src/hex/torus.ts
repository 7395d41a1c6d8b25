import { DIRECTIONS, type Hex } from './coords.ts';

/**
 * A 32 × 32 torus of cells for games without a board (Hive, Nonaga): any arrangement that spans
 * fewer than 30 cells fits without wrapping onto itself, and a cell is a 10-bit integer.
 * Cell of (q, r) = (q mod 32) + 32 (r mod 32).
 */
export const TORUS_SIZE = 32;
export const TORUS_CELLS = TORUS_SIZE * TORUS_SIZE;
const MASK = TORUS_SIZE - 1;

export const torusCell = (q: number, r: number): number => (q & MASK) | ((r & MASK) << 5);

/** TORUS_NEIGHBORS[cell * 6 + d]: the neighbour in direction d (UHP order NW, NE, E, SE, SW, W). */
export const TORUS_NEIGHBORS: Int16Array = (() => {
  const table = new Int16Array(TORUS_CELLS * 6);
  for (let r = 0; r < TORUS_SIZE; r++) {
    for (let q = 0; q < TORUS_SIZE; q++) {
      for (let d = 0; d < 6; d++) {
        const dir = DIRECTIONS[d] as Hex;
        table[torusCell(q, r) * 6 + d] = torusCell(q + dir.q, r + dir.r);
      }
    }
  }
  return table;
})();

/** The axial coordinates of a cell nearest to (q0, r0): unwraps the torus around a known point. */
export function unwrapNear(cell: number, q0: number, r0: number): Hex {
  const near = (v: number, centre: number) => v + Math.round((centre - v) / TORUS_SIZE) * TORUS_SIZE;
  return { q: near(cell & MASK, q0), r: near(cell >> 5, r0) };
}
