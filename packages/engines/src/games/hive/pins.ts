import { bitCount } from './bits.ts';
import { CELLS, NEIGHBORS, ringBits } from './grid.ts';
import type { HivePosition } from './position.ts';

/**
 * One Hive: which pieces, lifted, would split the hive. Most questions are answered from the cell's
 * own ring (RUNS); the rest from the articulation points of the occupied cells (Tarjan), found at
 * most once per position, and only when a question needs them.
 */

let height: Uint8Array = new Uint8Array(0);
let position: HivePosition | null = null;
/** pinned[cell] === pinStamp: the cell is an articulation point of the hive. */
let pinStamp = 0;
const pinned = new Uint32Array(CELLS);
/** The articulation points of this position are marked (with pinStamp). */
let searched = false;
/** The hive has at most five cells: it holds no ring around an empty cell (see isPinned). */
let small = false;
/**
 * Discovery times count on from one search to the next, so a cell was reached by this search iff
 * its time is above `base` (no separate marks to write and read).
 */
const disc = new Int32Array(CELLS);
const low = new Int32Array(CELLS);
let timer = 0;
let base = 0;

/**
 * RUNS[m]: how many separate runs of occupied neighbours the six bits m make around a cell
 * (neighbours in consecutive directions touch each other; a full ring is one run).
 */
const RUNS = Uint8Array.from({ length: 64 }, (_, m) => {
  if (m === 63) return 1;
  let runs = 0;
  for (let d = 0; d < 6; d++) if ((m >> d) & 1 && !((m >> ((d + 5) % 6)) & 1)) runs++;
  return runs;
});

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

/**
 * Makes `pos` the position isPinned answers for. Nothing is searched yet: many positions (early
 * ones, and those whose pieces all sit at the hive's edge) never need the articulation points.
 */
export function markPinned(pos: HivePosition): void {
  height = pos.height;
  position = pos;
  pinStamp++;
  searched = false;
  small = bitCount(pos.onBoard) <= 5;
}

function search(pos: HivePosition): void {
  searched = true;
  if (timer > 1 << 30) {
    // Long before the times would overflow, start them again.
    disc.fill(0);
    timer = 0;
  }
  base = timer;
  const any = pos.onBoard;
  if (any !== 0) articulation(pos.where[31 - Math.clz32(any & -any)] as number, -1);
}

/**
 * Would lifting the piece alone on this cell split the hive? Valid after markPinned, while the board
 * is as it was then. Neighbours in one run stay joined through each other, so such a piece never
 * splits the hive. Neighbours in two runs or more are joined without the piece only by a cycle
 * through it around an empty neighbour, and a cycle of cells around a cell takes six cells at
 * least: in a hive of five cells or fewer such a piece always splits it. Otherwise Tarjan decides.
 */
export function isPinned(cell: number): boolean {
  if ((RUNS[ringBits(height, cell)] as number) <= 1) return false;
  if (small) return true;
  if (!searched) search(position as HivePosition);
  return pinned[cell] === pinStamp;
}
