import { CELLS, NEIGHBORS } from './grid.ts';
import type { HivePosition } from './position.ts';

/**
 * One Hive: which pieces, lifted, would split the hive: the articulation points of the occupied
 * cells (Tarjan), found once per position rather than once per piece.
 */

let height: Uint8Array = new Uint8Array(0);
/** pinned[cell] === pinStamp: the cell is an articulation point of the hive. */
let pinStamp = 0;
const pinned = new Uint32Array(CELLS);
/**
 * Discovery times count on from one search to the next, so a cell was reached by this search iff
 * its time is above `base` (no separate marks to write and read).
 */
const disc = new Int32Array(CELLS);
const low = new Int32Array(CELLS);
let timer = 0;
let base = 0;

/** 1 for an occupied cell, 0 for an empty one, without a branch (heights are 0 to 7). */
const occupied = (cell: number): number => ((height[cell] as number) + 7) >> 3;

/**
 * The occupied neighbours of the cell whose neighbours start at `at`, as six bits: the search then
 * visits only those, with no branch on each neighbour's emptiness (which the processor mispredicts).
 */
function occupiedAround(at: number): number {
  return (
    occupied(NEIGHBORS[at] as number) |
    (occupied(NEIGHBORS[at + 1] as number) << 1) |
    (occupied(NEIGHBORS[at + 2] as number) << 2) |
    (occupied(NEIGHBORS[at + 3] as number) << 3) |
    (occupied(NEIGHBORS[at + 4] as number) << 4) |
    (occupied(NEIGHBORS[at + 5] as number) << 5)
  );
}

function articulation(u: number, parent: number): void {
  const t = ++timer;
  disc[u] = t;
  let lowU = t;
  let children = 0;
  const at = u * 6;
  for (let around = occupiedAround(at); around !== 0; around &= around - 1) {
    const v = NEIGHBORS[at + 31 - Math.clz32(around & -around)] as number;
    const dv = disc[v] as number;
    if (dv <= base) {
      children++;
      articulation(v, u);
      const lowV = low[v] as number;
      if (lowV < lowU) lowU = lowV;
      if (parent !== -1 && lowV >= t) pinned[u] = pinStamp;
    } else if (v !== parent && dv < lowU) {
      lowU = dv;
    }
  }
  low[u] = lowU;
  if (parent === -1 && children > 1) pinned[u] = pinStamp;
}

/** Marks the cells whose removal would split the hive (for the pieces alone on them). */
export function markPinned(pos: HivePosition): void {
  height = pos.height;
  pinStamp++;
  if (timer > 1 << 30) {
    // Long before the times would overflow, start them again.
    disc.fill(0);
    timer = 0;
  }
  base = timer;
  const any = pos.onBoard;
  if (any !== 0) articulation(pos.where[31 - Math.clz32(any & -any)] as number, -1);
}

/** Would lifting the piece alone on this cell split the hive? Valid after markPinned. */
export const isPinned = (cell: number): boolean => pinned[cell] === pinStamp;
