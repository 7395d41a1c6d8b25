/**
 * The matching's changes along alternating paths, for weighted-matching.ts: an augmenting path
 * flipped through the blossoms it crosses (each turned so its new base is where the path enters),
 * and the labels of a T-blossom's children when it is expanded mid-stage.
 */

/** The part of weighted-matching.ts's state (mwmatching's arrays) that the paths read and change. */
export interface Blossoms {
  readonly n: number;
  readonly endpoint: Int32Array;
  readonly mate: Int32Array;
  readonly label: Int8Array;
  readonly labelend: Int32Array;
  readonly inblossom: Int32Array;
  readonly blossomparent: Int32Array;
  readonly blossomchilds: (number[] | null)[];
  readonly blossombase: Int32Array;
  readonly blossomendps: (number[] | null)[];
  readonly bestedge: Int32Array;
  readonly allowedge: Uint8Array;
  /** Marks edge k usable for the rest of the stage (its slack 0). */
  allow(k: number): void;
  assignLabel(w: number, t: number, p: number): void;
  leaves(b: number): number[];
}

/** A blossom's cycle read from either end: a negative index counts back from the last. */
const around = (cycle: readonly number[], i: number): number => cycle[i < 0 ? cycle.length + i : i] as number;

/**
 * The way round a blossom's cycle from child `i` to its base (index 0) along the even-length side:
 * forward from an odd index (counted from the end), backward from an even one; `endptrick` picks
 * which end of each cycle edge faces the walk.
 */
function walkToBase(length: number, i: number): { j: number; jstep: number; endptrick: number } {
  return i & 1 ? { j: i - length, jstep: 1, endptrick: 0 } : { j: i, jstep: -1, endptrick: 1 };
}

/** A T-blossom expanded mid-stage: its children on the path from its entry to its base become T and S again. */
export function relabelExpanded(bl: Blossoms, b: number, childs: readonly number[]): void {
  const endps = bl.blossomendps[b] as number[];
  const at = (i: number): number => around(childs, i);
  const endAt = (i: number): number => around(endps, i);
  const entrychild = bl.inblossom[bl.endpoint[(bl.labelend[b] as number) ^ 1] as number] as number;
  const walk = walkToBase(childs.length, childs.indexOf(entrychild));
  const { jstep, endptrick } = walk;
  let j = walk.j;
  let p = bl.labelend[b] as number;
  while (j !== 0) {
    bl.label[bl.endpoint[p ^ 1] as number] = 0;
    bl.label[bl.endpoint[endAt(j - endptrick) ^ endptrick ^ 1] as number] = 0;
    bl.assignLabel(bl.endpoint[p ^ 1] as number, 2, p);
    bl.allow(endAt(j - endptrick) >> 1);
    j += jstep;
    p = endAt(j - endptrick) ^ endptrick;
    bl.allow(p >> 1);
    j += jstep;
  }
  let bv = at(j);
  bl.label[bl.endpoint[p ^ 1] as number] = bl.label[bv] = 2;
  bl.labelend[bl.endpoint[p ^ 1] as number] = bl.labelend[bv] = p;
  bl.bestedge[bv] = -1;
  j += jstep;
  while (at(j) !== entrychild) {
    bv = at(j);
    if (bl.label[bv] === 1) {
      j += jstep;
      continue;
    }
    let found = -1;
    for (const leaf of bl.leaves(bv))
      if (bl.label[leaf] !== 0) {
        found = leaf;
        break;
      }
    if (found >= 0) {
      bl.label[found] = 0;
      bl.label[bl.endpoint[bl.mate[bl.blossombase[bv] as number] as number] as number] = 0;
      bl.assignLabel(found, 2, bl.labelend[found] as number);
    }
    j += jstep;
  }
}

function augmentBlossom(bl: Blossoms, b: number, v: number): void {
  let t = v;
  while (bl.blossomparent[t] !== b) t = bl.blossomparent[t] as number;
  if (t >= bl.n) augmentBlossom(bl, t, v);
  const childs = bl.blossomchilds[b] as number[];
  const endps = bl.blossomendps[b] as number[];
  const at = (i: number): number => around(childs, i);
  const endAt = (i: number): number => around(endps, i);
  const i = childs.indexOf(t);
  const walk = walkToBase(childs.length, i);
  const { jstep, endptrick } = walk;
  let j = walk.j;
  while (j !== 0) {
    j += jstep;
    t = at(j);
    const p = endAt(j - endptrick) ^ endptrick;
    if (t >= bl.n) augmentBlossom(bl, t, bl.endpoint[p] as number);
    j += jstep;
    t = at(j);
    if (t >= bl.n) augmentBlossom(bl, t, bl.endpoint[p ^ 1] as number);
    bl.mate[bl.endpoint[p] as number] = p ^ 1;
    bl.mate[bl.endpoint[p ^ 1] as number] = p;
  }
  bl.blossomchilds[b] = [...childs.slice(i), ...childs.slice(0, i)];
  bl.blossomendps[b] = [...endps.slice(i), ...endps.slice(0, i)];
  bl.blossombase[b] = bl.blossombase[(bl.blossomchilds[b] as number[])[0] as number] as number;
}

/** Flips the augmenting path through edge `k`: both its ends' paths back to their roots. */
export function augmentMatching(bl: Blossoms, k: number): void {
  for (const [s0, p0] of [
    [bl.endpoint[2 * k] as number, 2 * k + 1],
    [bl.endpoint[2 * k + 1] as number, 2 * k],
  ] as const) {
    flipToRoot(bl, s0, p0);
  }
}

/**
 * Makes S-vertex `v`, whose dual reached 0, single: the tight path from it back to its root is
 * flipped, so the root (single until now) is matched and `v` is not; the weight is the same.
 */
export function freeVertex(bl: Blossoms, v: number): void {
  flipToRoot(bl, v, -1);
}

/** Matches `s0` to endpoint `p0` (-1: none) and flips the alternating path from it back to its tree's root. */
function flipToRoot(bl: Blossoms, s0: number, p0: number): void {
  let s = s0;
  let p = p0;
  for (;;) {
    const bs = bl.inblossom[s] as number;
    if (bs >= bl.n) augmentBlossom(bl, bs, s);
    bl.mate[s] = p;
    if (bl.labelend[bs] === -1) break;
    const t = bl.endpoint[bl.labelend[bs] as number] as number;
    const bt = bl.inblossom[t] as number;
    s = bl.endpoint[bl.labelend[bt] as number] as number;
    const j = bl.endpoint[(bl.labelend[bt] as number) ^ 1] as number;
    if (bt >= bl.n) augmentBlossom(bl, bt, j);
    bl.mate[j] = bl.labelend[bt] as number;
    p = (bl.labelend[bt] as number) ^ 1;
  }
}
