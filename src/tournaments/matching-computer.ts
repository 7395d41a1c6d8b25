import { Blossoms, MatchingScratch } from './weighted-matching.ts';
import { addSub, capacityOf, compare, copy, fromBigInt, isZero, limbsFor } from './wide-integers.ts';

/**
 * A complete graph of weighted edges (0: no edge) whose maximum-weight matching is asked again
 * and again as the Dutch pairing fixes one decision after another by changing weights. The
 * matching, its duals and its blossoms are kept from one answer to the next (as bbpPairings
 * keeps its own): before the next, only the blossoms holding a vertex whose edges changed are
 * dissolved, that vertex's dual is raised to cover its edges and it is freed if its pair is no
 * longer tight, so a decision costs a stage or two around the changed vertices, not a matching.
 * Dissolving every blossom after each answer (as the matchings handed a start did) freed each
 * blossom's base and cost several stages a decision, each growing trees over most of the graph.
 */
/** Zero in every limb, as wide as any matching computer's values (an operand of `addSub`). */
const ZERO = new Float64Array(64);

export class MatchingComputer {
  private readonly weights: bigint[];
  /**
   * The weights doubled (the matching's duals are), kept beside them as `limbs` float64 limbs each
   * (wide-integers.ts: no BigInt made or added in the matching); edge a–b (a < b) is number
   * `a·size + b` to the matching, so it reads them in place, at `twice[(a·size + b)·limbs …]`.
   */
  private readonly twice: Float64Array;
  private readonly limbs: number;
  /** The widest weight the limbs hold (a wider one is refused: its sums would be wrong). */
  private readonly capacity: bigint;
  /** A value worked out on the way (the need of an edge, a pair's duals). */
  private readonly work: Float64Array;
  /** Whether edge a–b has a weight above 0, by the same number: the graph linked for each matching. */
  private readonly present: Uint8Array;
  private readonly mates: Int32Array;
  /** The vertices whose edges changed since the last matching (`isDirty` says whether listed). */
  private readonly dirty: number[] = [];
  private readonly isDirty: Uint8Array;
  /** Vertices of a pair kept together for good (`finalizePair`): matched without asking. */
  private readonly fixed: Uint8Array;
  /** The fixed vertices already taken out of the matching's graph. */
  private readonly gone: Uint8Array;
  private readonly blossoms: Blossoms;
  private started = false;
  /**
   * Whether the linked graph still serves: edges that lost their weight are skipped (`present`),
   * so it is linked anew only when an edge gains one, or when enough fixed vertices' edges are
   * skipped that linking costs less than passing them over.
   */
  private relink = true;
  private linkedLive = 0;
  private live = 0;
  /** The edges linked for the matching (numbers), reused from one matching to the next. */
  private readonly ids: Int32Array;

  /** `widest`: the largest weight any edge will be given (it sets the width of every value). */
  constructor(
    readonly size: number,
    widest: bigint,
  ) {
    this.limbs = limbsFor(widest);
    this.capacity = capacityOf(this.limbs);
    if (this.limbs > ZERO.length)
      throw new RangeError(`matching computer: weights of ${widest.toString(2).length} bits are wider than it takes`);
    this.work = new Float64Array(this.limbs);
    this.weights = new Array<bigint>(size * size).fill(0n);
    this.twice = new Float64Array(size * size * this.limbs);
    this.present = new Uint8Array(size * size);
    this.mates = Int32Array.from({ length: size }, (_, i) => i);
    this.fixed = new Uint8Array(size);
    this.gone = new Uint8Array(size);
    this.isDirty = new Uint8Array(size);
    this.live = size;
    this.ids = new Int32Array((size * (size - 1)) / 2);
    const endpoint = new Int32Array(2 * size * size);
    for (let a = 0; a < size; a++)
      for (let b = a + 1; b < size; b++) {
        endpoint[2 * (a * size + b)] = a;
        endpoint[2 * (a * size + b) + 1] = b;
      }
    const scratch = new MatchingScratch();
    this.blossoms = new Blossoms(size, endpoint, this.twice, this.limbs, size * size, scratch, 0n);
    this.blossoms.usable = this.present;
  }

  /**
   * Sets the weight of edge a–b; `a` is the vertex freed before the next matching (its dual raised
   * covers the edge whatever `b`'s is), so a change to many edges of one vertex frees that one only.
   */
  setWeight(a: number, b: number, weight: bigint): void {
    if (this.weights[a * this.size + b] === weight) return;
    if (weight > this.capacity || weight < 0n)
      throw new RangeError(
        `matching computer: a weight of ${weight.toString(2).length} bits is wider than the ${this.limbs} limbs it was made for`,
      );
    const limbs = this.limbs;
    this.weights[a * this.size + b] = weight;
    this.weights[b * this.size + a] = weight;
    fromBigInt(weight << 1n, this.twice, (a * this.size + b) * limbs, limbs);
    copy(this.twice, (a * this.size + b) * limbs, this.twice, (b * this.size + a) * limbs, limbs);
    const k = a < b ? a * this.size + b : b * this.size + a;
    if (weight > 0n && !this.present[k]) this.relink = true;
    this.present[k] = weight > 0n ? 1 : 0;
    if (!this.isDirty[a]) {
      this.isDirty[a] = 1;
      this.dirty.push(a);
    }
  }

  weight(a: number, b: number): bigint {
    return this.weights[a * this.size + b] as bigint;
  }

  /**
   * The matching of the vertices not yet fixed: a fixed pair has no edge but its own, so it is
   * taken out of the graph, and as the Dutch pairing fixes pair after pair the graph left to
   * match shrinks (its edges with the square of its size).
   */
  compute(): void {
    const bl = this.blossoms;
    if (!this.started) {
      // From scratch: every vertex's dual at the largest weight, nothing matched.
      let max = 0n;
      for (const w of this.weights) if (w > max) max = w;
      for (let v = 0; v < this.size; v++) bl.setDual(v, max);
      this.started = true;
    } else this.update();
    for (const d of this.dirty) this.isDirty[d] = 0;
    this.dirty.length = 0;
    if (!this.settled()) {
      if (this.relink || 8 * (this.linkedLive - this.live) > this.live) {
        bl.link(this.ids, this.linkLive());
        this.relink = false;
        this.linkedLive = this.live;
      }
      bl.solve();
    }
    for (let v = 0; v < this.size; v++) {
      if (this.fixed[v]) continue;
      const m = bl.mateOf(v);
      this.mates[v] = m >= 0 ? m : v;
    }
  }

  /** Brings the kept matching up to the changed weights, every edge covered and every pair and blossom edge tight. */
  private update(): void {
    const bl = this.blossoms;
    for (const d of this.dirty) bl.isolate(d);
    for (const d of this.dirty) {
      if (this.fixed[d]) {
        if (this.gone[d]) continue;
        // Out of the graph: single at dual 0 (never a root), no edge linked to it.
        bl.unmatch(d);
        bl.setDual(d, 0n);
        this.gone[d] = 1;
        this.live--;
        continue;
      }
      // d's dual raised to the most any of its edges needs: twice the weight less the other end's dual.
      const { limbs, twice, work } = this;
      const dual = bl.dualvar;
      const row = d * this.size;
      for (let u = 0; u < this.size; u++) {
        if (u === d || this.fixed[u]) continue;
        // No blossom holds d now: the edge's duals are its ends' alone. need = twice + 0 − dual[u].
        addSub(twice, (row + u) * limbs, ZERO, 0, dual, u * limbs, work, 0, limbs);
        if (compare(work, 0, dual, d * limbs, limbs) > 0) copy(work, 0, dual, d * limbs, limbs);
      }
    }
    // A changed vertex whose edge to its mate is still tight keeps it: every edge is covered and
    // that one is tight, so the pair is as good as before and needs no stage to be found again.
    for (const d of this.dirty) {
      const m = bl.mateOf(d);
      if (m < 0 || this.fixed[d]) continue;
      const limbs = this.limbs;
      const k = (d * this.size + m) * limbs;
      const dual = bl.dualvar;
      // A pair whose edge lost its weight is let go even at duals of 0.
      if (this.weights[d * this.size + m] === 0n) bl.unmatch(d);
      else {
        addSub(dual, d * limbs, dual, m * limbs, this.twice, k, this.work, 0, limbs);
        if (!isZero(this.work, 0, limbs)) bl.unmatch(d);
      }
    }
  }

  /**
   * Whether the kept matching is already the answer: no vertex left to grow from (single with a
   * dual above 0) — what a matching would find in its first stage, without linking its graph.
   */
  private settled(): boolean {
    const bl = this.blossoms;
    for (let v = 0; v < this.size; v++) if (!this.fixed[v] && bl.mate[v] === -1 && bl.dualSign(v) > 0) return false;
    return true;
  }

  /** Numbers the edges of weight above 0 between vertices not fixed into `ids`; how many. */
  private linkLive(): number {
    const live: number[] = [];
    for (let v = 0; v < this.size; v++) if (!this.fixed[v]) live.push(v);
    let count = 0;
    for (let i = 0; i < live.length; i++) {
      const row = (live[i] as number) * this.size;
      for (let j = i + 1; j < live.length; j++) {
        const k = row + (live[j] as number);
        if (this.present[k]) this.ids[count++] = k;
      }
    }
    return count;
  }

  /** Each vertex's mate, the vertex itself when single. */
  matching(): Int32Array {
    return this.mates;
  }

  /** Keeps `a` and `b` together from now on: their edge at `weight`, their others gone. */
  finalizePair(a: number, b: number, weight: bigint): void {
    for (let u = 0; u < this.size; u++) {
      if (u !== a) this.setWeight(a, u, u === b ? weight : 0n);
      if (u !== b) this.setWeight(b, u, u === a ? weight : 0n);
    }
    this.fixed[a] = 1;
    this.fixed[b] = 1;
    this.mates[a] = b;
    this.mates[b] = a;
  }
}
