import { CELLS, NEIGHBORS, ringBits } from './grid.ts';
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

function articulation(u: number, parent: number): void {
  const t = ++timer;
  disc[u] = t;
  let lowU = t;
  let children = 0;
  const at = u * 6;
  for (let around = ringBits(height, u); around !== 0; around &= around - 1) {
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
