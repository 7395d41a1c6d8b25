/**
 * A maximum-weight matching of a general graph (Edmonds' blossoms with dual variables, O(n³)), on
 * integer weights of any width (given as bigint, worked on as runs of float64 limbs, as
 * wide-integers.ts keeps them): the Dutch pairing packs every criterion into one edge weight,
 * hundreds of bits wide. Not necessarily of maximum cardinality: a weight large enough in its high
 * bits makes completeness the first thing maximised. The method follows J. van Rantwijk's
 * public-domain mwmatching (after Galil 1986); duals are kept doubled, so every step is exact.
 */

import { augmentMatching, type Blossoms as BlossomState, freeVertex, relabelExpanded } from './blossom-paths.ts';
import { addSub, addTo, compare, copy, fromBigInt, halve, isZero, limbsFor, sign, toBigInt } from './wide-integers.ts';

export interface WeightedEdge {
  readonly a: number;
  readonly b: number;
  readonly weight: bigint;
  /** The weight doubled, when the caller keeps it (a matching asked again and again need not double it each time). */
  readonly twice?: bigint;
}

/**
 * A matching and vertex duals to start from: each matched edge tight (its ends' duals add up to
 * twice its weight), every edge covered (no pair's duals under twice its weight), every dual ≥ 0.
 * Single vertices may have any dual: those above 0 are grown from, as new vertices are.
 */
export interface MatchingStart {
  readonly mate: Int32Array;
  readonly dual: readonly bigint[];
}

/** The result, with the duals that prove it optimal (blossoms dissolved into their vertices) to start the next from. */
export interface MatchingResult {
  /** Each vertex's mate, −1 when single. */
  readonly mate: Int32Array;
  /** A start for a later matching of the same vertices: only the edges left tight without blossoms kept matched. */
  readonly next: MatchingStart;
}

/**
 * The mate of each vertex of 0…n−1, −1 for one left single. Edges of weight ≤ 0 are never used.
 * From `start` when given: after a few vertices' edges changed, only those vertices (freed, their
 * duals raised to cover their edges again) are matched anew, in a few stages instead of n.
 */
export function maximumWeightMatching(n: number, edges: readonly WeightedEdge[], start?: MatchingStart): MatchingResult {
  const used = edges.filter((e) => e.weight > 0n && e.a !== e.b);
  const ends = new Int32Array(2 * used.length);
  used.forEach((e, k) => {
    ends[2 * k] = e.a;
    ends[2 * k + 1] = e.b;
  });
  return matchEdges(
    n,
    ends,
    used.map((e) => e.twice ?? 2n * e.weight),
    start,
  );
}

/**
 * The same on edges given as arrays, as a caller asking again and again keeps them: edge k joins
 * `ends[2k]` and `ends[2k+1]` with weight `twice[k] / 2` (every weight > 0, no loop).
 */
export function matchEdges(
  n: number,
  ends: Int32Array,
  twice: readonly bigint[],
  start?: MatchingStart,
  edgeCount = twice.length,
  scratch = new MatchingScratch(),
): MatchingResult {
  // From scratch every vertex's dual starts at the largest weight; from a start, at the start's.
  let maxtwice = 0n;
  for (let k = 0; k < edgeCount; k++) if ((twice[k] as bigint) > maxtwice) maxtwice = twice[k] as bigint;
  let widest = maxtwice;
  if (start) for (const y of start.dual) if (y > widest) widest = y;
  const limbs = limbsFor(widest);
  const wide = new Float64Array(edgeCount * limbs);
  for (let k = 0; k < edgeCount; k++) fromBigInt(twice[k] as bigint, wide, k * limbs, limbs);
  const ids = new Int32Array(edgeCount);
  for (let k = 0; k < edgeCount; k++) ids[k] = k;
  const bl = new Blossoms(n, ends, wide, limbs, edgeCount, scratch, start ? 0n : maxtwice >> 1n);
  bl.link(ids, edgeCount);
  if (start) bl.begin(start, edgeCount, ids);
  bl.solve();
  return bl.result();
}

/**
 * The buffers of a matching, lent by a caller that asks one after another (the Dutch pairing asks
 * hundreds on the same players), so each is not allocated anew: at 500 players making them was a
 * quarter of the time, most of it the garbage collector's.
 */
export class MatchingScratch {
  /** Each edge's slack, `limbs` numbers an edge (wide-integers.ts). */
  slackOf = new Float64Array(0);
  slackSign = new Int8Array(0);
  slackEpoch = new Int32Array(0);
  /** Counts on from one matching to the next, so no slack of an earlier one is read as current. */
  epoch = 0;
  offsets = new Int32Array(0);
  neighbours = new Int32Array(0);
  across = new Int32Array(0);
  allowedge = new Uint8Array(0);

  /** Room for `n` vertices and `edges` edges, values of `limbs` limbs. */
  fit(n: number, edges: number, limbs: number): void {
    if (this.slackOf.length < edges * limbs) this.slackOf = new Float64Array(edges * limbs);
    if (this.slackEpoch.length < edges) {
      this.slackEpoch = new Int32Array(edges * 2);
      this.slackSign = new Int8Array(edges * 2);
      this.allowedge = new Uint8Array(edges * 2);
      this.neighbours = new Int32Array(edges * 4);
      this.across = new Int32Array(edges * 4);
    }
    if (this.offsets.length < n + 1) this.offsets = new Int32Array(2 * n + 1);
  }
}

/**
 * The blossom algorithm's state (mwmatching's arrays). Kept by a caller that asks again and again
 * (matching-computer.ts): the blossoms, the duals and the matching outlive a solve, and only the
 * blossoms holding a changed vertex are dissolved before the next (`isolate`).
 */
export class Blossoms implements BlossomState {
  /** The endpoints facing away from vertex v: `neighbours[offsets[v] … offsets[v+1])`, in edge order. */
  offsets: Int32Array;
  neighbours: Int32Array;
  /**
   * The vertex at the far end of each of `neighbours` (`endpoint[neighbours[i]]`), beside it: read
   * straight along a vertex's run instead of from the n²-long endpoint array, a cache miss a visit.
   */
  across: Int32Array;
  /**
   * Which linked edges may be used (1) by edge number, when a caller keeps its graph linked while
   * edges lose their weight (so not relinked after each change); null: every linked edge.
   */
  usable: Uint8Array | null = null;
  readonly mate: Int32Array;
  readonly label: Int8Array;
  readonly labelend: Int32Array;
  readonly inblossom: Int32Array;
  readonly blossomparent: Int32Array;
  readonly blossomchilds: (number[] | null)[];
  readonly blossombase: Int32Array;
  readonly blossomendps: (number[] | null)[];
  readonly bestedge: Int32Array;
  readonly unusedblossoms: number[];
  /** `leaves`'s stack: a blossom tree has fewer than 2n nodes. */
  private readonly leafStack: Int32Array;
  /** Each vertex's dual (doubled) and each blossom's, `limbs` numbers apiece (wide-integers.ts). */
  readonly dualvar: Float64Array;
  readonly allowedge: Uint8Array;
  /**
   * The edges marked in `allowedge` this stage, to clear them alone after it: clearing the whole
   * array each stage (n² edge numbers on the Dutch pairing's graphs, a stage often ending after a
   * few scans) cost more than many a stage.
   */
  private readonly allowed: number[] = [];
  /**
   * Each edge's slack as last worked out, valid while `epoch` is the one it was worked out in: the
   * duals change only at a dual update, and most stages end in an augmentation before any, so the
   * same edges' slacks (hundreds of bits each) are asked stage after stage.
   */
  readonly slackOf: Float64Array;
  /** The sign of each slack worked out (−1, 0, 1), beside it: whether an edge is tight is read without its limbs. */
  readonly slackSign: Int8Array;
  readonly slackEpoch: Int32Array;
  readonly scratch: MatchingScratch;
  /** The dual update's step, and a value worked out on the way (delta 3 halved, a sum of duals). */
  private readonly delta: Float64Array;
  private readonly work: Float64Array;
  queue: number[] = [];
  /** The next of `queue` to scan: first in, first out. */
  head = 0;
  /** The S-vertex whose dual the last update brought to 0. */
  zeroed = -1;

  constructor(
    readonly n: number,
    /** Edge k's ends: `endpoint[2k]` and `endpoint[2k+1]`. */
    readonly endpoint: Int32Array,
    /** Each edge's weight doubled, as the duals are: edge k's at `twice[k·limbs …]`. */
    readonly twice: Float64Array,
    /** How many limbs each value takes (wide-integers.ts). */
    readonly limbs: number,
    /** How many edge numbers there are (not all need be edges: `link` says which are). */
    slots: number,
    scratch: MatchingScratch,
    /** Every vertex's dual to begin with (a start's are set after). */
    dual: bigint,
  ) {
    scratch.fit(n, slots, limbs);
    this.scratch = scratch;
    this.offsets = scratch.offsets.subarray(0, n + 1);
    this.neighbours = scratch.neighbours;
    this.across = scratch.across;
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int8Array(2 * n);
    this.labelend = new Int32Array(2 * n).fill(-1);
    this.inblossom = new Int32Array(n);
    this.blossomparent = new Int32Array(2 * n).fill(-1);
    this.blossomchilds = new Array(2 * n).fill(null);
    this.blossombase = new Int32Array(2 * n).fill(-1);
    this.blossomendps = new Array(2 * n).fill(null);
    this.bestedge = new Int32Array(2 * n).fill(-1);
    this.unusedblossoms = new Array<number>(n);
    this.leafStack = new Int32Array(2 * n);
    this.dualvar = new Float64Array(2 * n * limbs);
    this.delta = new Float64Array(limbs);
    this.work = new Float64Array(limbs);
    // Plain loops: Array.from with a map walks an iterator, and a matching is made hundreds of times a round.
    for (let v = 0; v < n; v++) {
      this.inblossom[v] = v;
      this.blossombase[v] = v;
      this.unusedblossoms[v] = n + v;
      fromBigInt(dual, this.dualvar, v * limbs, limbs);
    }
    this.allowedge = scratch.allowedge.subarray(0, slots);
    this.slackOf = scratch.slackOf;
    this.slackSign = scratch.slackSign;
    this.slackEpoch = scratch.slackEpoch;
  }

  /** The graph: edges `ids[0 … count)` (each weight > 0, no loop); the others are not looked at. */
  link(ids: Int32Array, count: number): void {
    const { endpoint, n } = this;
    const offsets = this.offsets.fill(0);
    for (let i = 0; i < count; i++) {
      const k = ids[i] as number;
      (offsets[(endpoint[2 * k] as number) + 1] as number)++;
      (offsets[(endpoint[2 * k + 1] as number) + 1] as number)++;
    }
    for (let v = 0; v < n; v++) offsets[v + 1] = (offsets[v + 1] as number) + (offsets[v] as number);
    if (this.scratch.neighbours.length < 2 * count) {
      this.scratch.neighbours = new Int32Array(4 * count);
      this.scratch.across = new Int32Array(4 * count);
    }
    const { neighbours, across } = this.scratch;
    const fill = offsets.slice(0, n);
    for (let i = 0; i < count; i++) {
      const k = ids[i] as number;
      const a = endpoint[2 * k] as number;
      const b = endpoint[2 * k + 1] as number;
      const at = (fill[a] as number)++;
      neighbours[at] = 2 * k + 1;
      across[at] = b;
      const bt = (fill[b] as number)++;
      neighbours[bt] = 2 * k;
      across[bt] = a;
    }
    this.neighbours = neighbours;
    this.across = across;
  }

  /** Starts from `start`'s duals, and its pairs wherever an edge joins them. */
  begin(start: MatchingStart, count: number, ids: Int32Array): void {
    const { endpoint } = this;
    for (let v = 0; v < this.n; v++) this.setDual(v, start.dual[v] as bigint);
    for (let i = 0; i < count; i++) {
      const k = ids[i] as number;
      const a = endpoint[2 * k] as number;
      const b = endpoint[2 * k + 1] as number;
      if (start.mate[a] !== b) continue;
      this.mate[a] = 2 * k + 1;
      this.mate[b] = 2 * k;
    }
  }

  /**
   * Takes `v` out of every blossom that holds it, outermost first, between solves: each blossom's
   * dual is added to its vertices' (an edge inside stays exactly as tight, one leaving gains the
   * dual's slack), so its base's pair outside is let go when that dual is above 0. Then `v`'s
   * edges may change: no blossom's cycle runs through them.
   */
  isolate(v: number): void {
    const { dualvar, limbs } = this;
    for (let b = this.inblossom[v] as number; b >= this.n; b = this.inblossom[v] as number) {
      const z = !isZero(dualvar, b * limbs, limbs);
      if (z) for (const leaf of this.leaves(b)) addTo(dualvar, leaf * limbs, dualvar, b * limbs, 1, limbs);
      for (const s of this.blossomchilds[b] as number[]) {
        this.blossomparent[s] = -1;
        if (s < this.n) this.inblossom[s] = s;
        else for (const leaf of this.leaves(s)) this.inblossom[leaf] = s;
      }
      const base = this.blossombase[b] as number;
      if (z) this.unmatch(base);
      dualvar.fill(0, b * limbs, (b + 1) * limbs);
      this.label[b] = 0;
      this.free(b);
    }
  }

  /** Gives blossom `b`'s number back, its children and edges forgotten (its label and dual the caller's). */
  private free(b: number): void {
    this.labelend[b] = -1;
    this.blossomchilds[b] = null;
    this.blossomendps[b] = null;
    this.blossombase[b] = -1;
    this.bestedge[b] = -1;
    this.unusedblossoms.push(b);
  }

  /** Makes `v` and its mate single. */
  unmatch(v: number): void {
    const p = this.mate[v] as number;
    if (p < 0) return;
    this.mate[this.endpoint[p] as number] = -1;
    this.mate[v] = -1;
  }

  /** The mate of `v`, −1 when single. */
  mateOf(v: number): number {
    const p = this.mate[v] as number;
    return p >= 0 ? (this.endpoint[p] as number) : -1;
  }

  allow(k: number): void {
    if (this.allowedge[k]) return;
    this.allowedge[k] = 1;
    this.allowed.push(k);
  }

  private clearAllowed(): void {
    for (const k of this.allowed) this.allowedge[k] = 0;
    this.allowed.length = 0;
  }

  /** Sets `v`'s dual (a vertex's or a blossom's). */
  setDual(v: number, y: bigint): void {
    fromBigInt(y, this.dualvar, v * this.limbs, this.limbs);
  }

  /** `v`'s dual as a BigInt. */
  dualOf(v: number): bigint {
    return toBigInt(this.dualvar, v * this.limbs, this.limbs);
  }

  /** Whether `v`'s dual is 0, or its sign. */
  dualZero(v: number): boolean {
    return isZero(this.dualvar, v * this.limbs, this.limbs);
  }

  dualSign(v: number): number {
    return sign(this.dualvar, v * this.limbs, this.limbs);
  }

  /** Works out edge k's slack into `slackOf[k·limbs …]` (if not current); returns that offset. */
  slack(k: number): number {
    return this.slackBetween(k, this.endpoint[2 * k] as number, this.endpoint[2 * k + 1] as number);
  }

  /** `slack(k)` where the caller knows its ends `a` and `b` (either way round): not read from the n²-long endpoint array. */
  slackBetween(k: number, a: number, b: number): number {
    const limbs = this.limbs;
    const at = k * limbs;
    const epoch = this.scratch.epoch;
    if (this.slackEpoch[k] === epoch) return at;
    const d = this.dualvar;
    this.slackSign[k] = addSub(d, a * limbs, d, b * limbs, this.twice, at, this.slackOf, at, limbs);
    this.slackEpoch[k] = epoch;
    return at;
  }

  /** Edge k's slack as a BigInt (tests and checks). */
  slackValue(k: number): bigint {
    return toBigInt(this.slackOf, this.slack(k), this.limbs);
  }

  /**
   * The vertices of blossom `b`, in the order of its children, depth first. Walked with a stack of
   * its own rather than by recursion: on a round's nested blossoms the recursion was a tenth of
   * the matching's time.
   */
  leaves(b: number, out: number[] = []): number[] {
    const n = this.n;
    if (b < n) {
      out.push(b);
      return out;
    }
    const stack = this.leafStack;
    let top = 0;
    stack[top++] = b;
    while (top > 0) {
      const x = stack[--top] as number;
      if (x < n) {
        out.push(x);
        continue;
      }
      // Pushed last to first, so popped in their order.
      const childs = this.blossomchilds[x] as number[];
      for (let i = childs.length - 1; i >= 0; i--) stack[top++] = childs[i] as number;
    }
    return out;
  }

  assignLabel(w: number, t: number, p: number): void {
    const b = this.inblossom[w] as number;
    this.label[w] = this.label[b] = t;
    this.labelend[w] = this.labelend[b] = p;
    this.bestedge[w] = this.bestedge[b] = -1;
    if (t === 1) {
      if (b < this.n) this.queue.push(b);
      else this.queue.push(...this.leaves(b));
    } else if (t === 2) {
      const base = this.blossombase[b] as number;
      const m = this.mate[base] as number;
      this.assignLabel(this.endpoint[m] as number, 1, m ^ 1);
    }
  }

  scanBlossom(v0: number, w0: number): number {
    let v = v0;
    let w = w0;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inblossom[v] as number;
      if (this.label[b] & 4) {
        base = this.blossombase[b] as number;
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelend[b] === -1) v = -1;
      else {
        v = this.endpoint[this.labelend[b] as number] as number;
        b = this.inblossom[v] as number;
        v = this.endpoint[this.labelend[b] as number] as number;
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = 1;
    return base;
  }

  addBlossom(base: number, k: number): void {
    let v = this.endpoint[2 * k] as number;
    let w = this.endpoint[2 * k + 1] as number;
    const bb = this.inblossom[base] as number;
    let bv = this.inblossom[v] as number;
    let bw = this.inblossom[w] as number;
    const b = this.unusedblossoms.pop() as number;
    this.blossombase[b] = base;
    this.blossomparent[b] = -1;
    this.blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    this.blossomchilds[b] = path;
    this.blossomendps[b] = endps;
    while (bv !== bb) {
      this.blossomparent[bv] = b;
      path.push(bv);
      endps.push(this.labelend[bv] as number);
      v = this.endpoint[this.labelend[bv] as number] as number;
      bv = this.inblossom[v] as number;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      this.blossomparent[bw] = b;
      path.push(bw);
      endps.push((this.labelend[bw] as number) ^ 1);
      w = this.endpoint[this.labelend[bw] as number] as number;
      bw = this.inblossom[w] as number;
    }
    this.label[b] = 1;
    this.labelend[b] = this.labelend[bb] as number;
    this.dualvar.fill(0, b * this.limbs, (b + 1) * this.limbs);
    for (const leaf of this.leaves(b)) {
      if (this.label[this.inblossom[leaf] as number] === 2) this.queue.push(leaf);
      this.inblossom[leaf] = b;
    }
    this.bestedge[b] = -1;
  }

  /**
   * Delta 3: the least slack between two S-blossoms, halved, and its edge (−1: none). Worked out
   * only when the duals are to change — far rarer than a blossom is made on the dense graphs the
   * Dutch pairing asks — instead of kept up to date at each blossom (mwmatching's best edges).
   */
  leastBetweenBlossoms(): number {
    const { inblossom, label, across, offsets, neighbours, usable, slackOf, limbs } = this;
    let least = 0;
    let edge = -1;
    for (let v = 0; v < this.n; v++) {
      const bv = inblossom[v] as number;
      if (label[bv] !== 1) continue;
      const end = offsets[v + 1] as number;
      for (let i = offsets[v] as number; i < end; i++) {
        const w = across[i] as number;
        if (w < v) continue;
        const bw = inblossom[w] as number;
        if (bw === bv || label[bw] !== 1) continue;
        const p = neighbours[i] as number;
        if (usable !== null && usable[p >> 1] === 0) continue;
        const slack = this.slackBetween(p >> 1, v, w);
        if (edge === -1 || compare(slackOf, slack, slackOf, least, limbs) < 0) [least, edge] = [slack, p >> 1];
      }
    }
    if (edge !== -1) halve(slackOf, least, this.work, 0, limbs);
    return edge;
  }

  expandBlossom(b: number, endstage: boolean): void {
    const childs = this.blossomchilds[b] as number[];
    for (const s of childs) {
      this.blossomparent[s] = -1;
      if (s < this.n) this.inblossom[s] = s;
      else if (endstage && this.dualZero(s)) this.expandBlossom(s, endstage);
      else for (const leaf of this.leaves(s)) this.inblossom[leaf] = s;
    }
    if (!endstage && this.label[b] === 2) relabelExpanded(this, b, childs);
    this.label[b] = -1;
    this.free(b);
  }

  /** Scans the queue of S-vertices; true when an augmenting path was found and used. */
  scan(): boolean {
    const { offsets, neighbours, across, inblossom, label, allowedge, mate, blossombase, bestedge, usable, slackOf, limbs } = this;
    while (this.head < this.queue.length) {
      const v = this.queue[this.head++] as number;
      const end = offsets[v + 1] as number;
      for (let i = offsets[v] as number; i < end; i++) {
        // Read anew each edge: a blossom made along the way takes v in.
        const bv = inblossom[v] as number;
        const w = across[i] as number;
        const bw = inblossom[w] as number;
        if (bv === bw) continue;
        const p = neighbours[i] as number;
        const lbw = label[bw] as number;
        // Into a T-blossom whose vertex is marked already: nothing to learn, so no slack to work out
        // (hundreds of bits wide; skipping it is most of a scan's time on a dense graph).
        if (lbw === 2 && label[w] !== 0) continue;
        const k = p >> 1;
        if (usable !== null && usable[k] === 0) continue;
        let kslack = 0;
        if (!allowedge[k]) {
          kslack = this.slackBetween(k, v, w);
          if ((this.slackSign[k] as number) <= 0) this.allow(k);
        }
        if (allowedge[k]) {
          if (lbw === 0 && mate[blossombase[bw] as number] === -1) {
            // A single vertex already at dual 0 (no root): the path to it augments all the same.
            augmentMatching(this, k);
            return true;
          }
          if (lbw === 0) this.assignLabel(w, 2, p ^ 1);
          else if (lbw === 1) {
            const base = this.scanBlossom(v, w);
            if (base >= 0) this.addBlossom(base, k);
            else {
              augmentMatching(this, k);
              return true;
            }
          } else if (label[w] === 0) {
            label[w] = 2;
            this.labelend[w] = p ^ 1;
          }
        } else if (lbw !== 1 && label[w] === 0) {
          if (bestedge[w] === -1 || compare(slackOf, kslack, slackOf, this.slack(bestedge[w] as number), limbs) < 0) bestedge[w] = k;
        }
      }
    }
    return false;
  }

  /**
   * One dual update: 'done' when no vertex is grown from any more (the optimum), 'zero' when an
   * S-vertex's dual reached 0 (it is then made single, `zeroed`), 'more' to scan again.
   */
  updateDuals(): 'done' | 'zero' | 'more' {
    const { n, limbs, dualvar, slackOf } = this;
    // The least candidate so far: where it is (`from` at `at`), copied into `delta` once chosen.
    let deltatype = -1;
    let from = dualvar;
    let at = 0;
    for (let v = 0; v < n; v++)
      if (this.label[this.inblossom[v] as number] === 1 && (deltatype === -1 || compare(dualvar, v * limbs, from, at, limbs) < 0)) {
        [from, at, deltatype, this.zeroed] = [dualvar, v * limbs, 1, v];
      }
    if (deltatype === -1) return 'done';
    let deltaedge = -1;
    let deltablossom = -1;
    for (let v = 0; v < n; v++)
      if (this.label[this.inblossom[v] as number] === 0 && this.bestedge[v] !== -1) {
        const d = this.slack(this.bestedge[v] as number);
        if (compare(slackOf, d, from, at, limbs) < 0) [from, at, deltatype, deltaedge] = [slackOf, d, 2, this.bestedge[v] as number];
      }
    const edge = this.leastBetweenBlossoms();
    if (edge !== -1 && compare(this.work, 0, from, at, limbs) < 0) [from, at, deltatype, deltaedge] = [this.work, 0, 3, edge];
    for (let b = n; b < 2 * n; b++)
      if (
        this.blossombase[b] >= 0 &&
        this.blossomparent[b] === -1 &&
        this.label[b] === 2 &&
        compare(dualvar, b * limbs, from, at, limbs) < 0
      )
        [from, at, deltatype, deltablossom] = [dualvar, b * limbs, 4, b];
    // Copied before any dual changes: the candidate may be one of them.
    const delta = this.delta;
    copy(from, at, delta, 0, limbs);
    // The duals change: every slack worked out so far is stale.
    this.scratch.epoch++;
    for (let v = 0; v < n; v++) {
      const l = this.label[this.inblossom[v] as number];
      if (l === 1) addTo(dualvar, v * limbs, delta, 0, -1, limbs);
      else if (l === 2) addTo(dualvar, v * limbs, delta, 0, 1, limbs);
    }
    for (let b = n; b < 2 * n; b++)
      if (this.blossombase[b] >= 0 && this.blossomparent[b] === -1) {
        if (this.label[b] === 1) addTo(dualvar, b * limbs, delta, 0, 1, limbs);
        else if (this.label[b] === 2) addTo(dualvar, b * limbs, delta, 0, -1, limbs);
      }
    if (deltatype === 1) return 'zero';
    if (deltatype === 4) this.expandBlossom(deltablossom, false);
    else {
      this.allow(deltaedge);
      const a = this.endpoint[2 * deltaedge] as number;
      const b = this.endpoint[2 * deltaedge + 1] as number;
      this.queue.push(deltatype === 2 && this.label[this.inblossom[a] as number] === 0 ? b : a);
    }
    return 'more';
  }

  /** Matches to the optimum from the state as it is (every edge covered, every pair and blossom edge tight). */
  solve(): void {
    // Weights and duals may have changed since the last: no slack worked out before is current.
    this.scratch.epoch++;
    try {
      this.stages();
    } finally {
      // The marks are the stage's alone, and the scratch holding them is lent to the next matching.
      this.clearAllowed();
    }
  }

  /** Each stage augments, or frees a vertex whose dual reached 0, or retires a single one at 0. */
  private stages(): void {
    const n = this.n;
    for (let stage = 0; ; stage++) {
      if (stage > 4 * n + 4) throw new Error('weighted matching: no progress');
      this.label.fill(0);
      this.labelend.fill(-1);
      this.bestedge.fill(-1);
      this.clearAllowed();
      this.queue = [];
      this.head = 0;
      for (let v = 0; v < n; v++)
        if (this.mate[v] === -1 && this.label[this.inblossom[v] as number] === 0 && this.dualSign(v) > 0) this.assignLabel(v, 1, -1);
      let outcome: 'augmented' | 'done' | 'zero' | 'more' = 'more';
      while (outcome === 'more') outcome = this.scan() ? 'augmented' : this.updateDuals();
      if (outcome === 'done') break;
      if (outcome === 'zero') freeVertex(this, this.zeroed);
      for (let b = n; b < 2 * n; b++)
        if (this.blossomparent[b] === -1 && this.blossombase[b] >= 0 && this.label[b] === 1 && this.dualZero(b))
          this.expandBlossom(b, true);
    }
  }

  /** The mates, and the duals with each blossom's added to its vertices (a matched edge that leaves a blossom is let go). */
  result(): MatchingResult {
    const n = this.n;
    const mate = new Int32Array(n);
    for (let v = 0; v < n; v++) mate[v] = this.mate[v] >= 0 ? (this.endpoint[this.mate[v] as number] as number) : -1;
    const dual = new Array<bigint>(n);
    for (let v = 0; v < n; v++) {
      let y = this.dualOf(v);
      for (let b = this.blossomparent[v] as number; b !== -1; b = this.blossomparent[b] as number) y += this.dualOf(b);
      dual[v] = y;
    }
    const next = Int32Array.from(mate);
    for (let v = 0; v < n; v++) {
      const m = this.mate[v] as number;
      if (m < 0) continue;
      const k = m >> 1;
      const a = this.endpoint[2 * k] as number;
      const b = this.endpoint[2 * k + 1] as number;
      if ((dual[a] as bigint) + (dual[b] as bigint) !== toBigInt(this.twice, k * this.limbs, this.limbs)) next[v] = -1;
    }
    for (let v = 0; v < n; v++) if (next[v] >= 0 && next[next[v] as number] !== v) next[v] = -1;
    return { mate, next: { mate: next, dual } };
  }
}
