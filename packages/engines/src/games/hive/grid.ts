import { type Hex, ORIGIN } from '../../hex/coords.ts';
import { TORUS_CELLS, TORUS_NEIGHBORS, TORUS_SIZE, torusCell, unwrapNear } from '../../hex/torus.ts';

/**
 * Hive has no board, so the engine uses the 32 × 32 torus of src/hex/torus.ts: a hive of 28 pieces
 * spans at most 28 cells in any direction, 30 with the empty cells around it.
 */
export const SIZE = TORUS_SIZE;
export const CELLS = TORUS_CELLS;
export const cellOf = torusCell;
export const NEIGHBORS = TORUS_NEIGHBORS;

/** Stacks never exceed 7 (a piece under 4 beetles and 2 mosquitoes); one level spare. */
export const MAX_HEIGHT = 8;

/** The cell where white's first piece goes. */
export const ORIGIN_CELL = cellOf(0, 0);

/** The direction from a to b when they touch, else -1. */
export function directionTo(a: number, b: number): number {
  for (let d = 0; d < 6; d++) if (NEIGHBORS[a * 6 + d] === b) return d;
  return -1;
}

/** Axial coordinates of a cell, taken in [-16, 16) around the origin (for display only). */
export function wrappedHex(cell: number): Hex {
  const h = unwrapNear(cell, ORIGIN.q - 0.5, ORIGIN.r - 0.5);
  return { q: h.q + 0, r: h.r + 0 };
}

/**
 * The occupied neighbours of a cell as six bits, direction d at bit d, read from a heights table
 * (0 to 7 a cell) without a branch per neighbour: the processor would mispredict those. The pinned
 * pieces' search and the evaluation's features both walk rings this way.
 */
export function ringBits(height: Uint8Array, cell: number): number {
  const at = cell * 6;
  return (
    (((height[NEIGHBORS[at] as number] as number) + 7) >> 3) |
    ((((height[NEIGHBORS[at + 1] as number] as number) + 7) >> 3) << 1) |
    ((((height[NEIGHBORS[at + 2] as number] as number) + 7) >> 3) << 2) |
    ((((height[NEIGHBORS[at + 3] as number] as number) + 7) >> 3) << 3) |
    ((((height[NEIGHBORS[at + 4] as number] as number) + 7) >> 3) << 4) |
    ((((height[NEIGHBORS[at + 5] as number] as number) + 7) >> 3) << 5)
  );
}

/** Do two cells touch? (False when either is off the board, -1.) The evaluation's move order and the search's threats ask it. */
export function touches(cell: number, target: number): boolean {
  if (cell < 0 || target < 0) return false;
  for (let d = 0; d < 6; d++) if (NEIGHBORS[cell * 6 + d] === target) return true;
  return false;
}
