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
const disc = new Int32Array(CELLS);
const low = new Int32Array(CELLS);
const discovered = new Uint32Array(CELLS);
let timer = 0;

function articulation(u: number, parent: number): void {
  discovered[u] = pinStamp;
  timer++;
  disc[u] = timer;
  low[u] = timer;
  let children = 0;
  for (let d = 0; d < 6; d++) {
    const v = NEIGHBORS[u * 6 + d] as number;
    if (height[v] === 0) continue;
    if (discovered[v] !== pinStamp) {
      children++;
      articulation(v, u);
      if ((low[v] as number) < (low[u] as number)) low[u] = low[v] as number;
      if (parent !== -1 && (low[v] as number) >= (disc[u] as number)) pinned[u] = pinStamp;
    } else if (v !== parent && (disc[v] as number) < (low[u] as number)) {
      low[u] = disc[v] as number;
    }
  }
  if (parent === -1 && children > 1) pinned[u] = pinStamp;
}

/** Marks the cells whose removal would split the hive (for the pieces alone on them). */
export function markPinned(pos: HivePosition): void {
  height = pos.height;
  pinStamp++;
  timer = 0;
  const any = pos.onBoard;
  if (any !== 0) articulation(pos.where[31 - Math.clz32(any & -any)] as number, -1);
}

/** Would lifting the piece alone on this cell split the hive? Valid after markPinned. */
export const isPinned = (cell: number): boolean => pinned[cell] === pinStamp;
