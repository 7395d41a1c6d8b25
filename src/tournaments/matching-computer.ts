import { MatchingScratch, type MatchingStart, matchEdges } from './weighted-matching.ts';

/**
 * A complete graph of weighted edges (0: no edge) whose maximum-weight matching is asked again
 * and again as the Dutch pairing fixes one decision after another by changing weights. Each
 * matching starts from the last one's (as bbpPairings's does): only the vertices whose edges
 * changed since are freed and matched anew, so a decision costs a few stages, not a whole matching.
 */
export class MatchingComputer {
  private readonly weights: bigint[];
  /** The weights doubled (the matching's duals are), kept beside them. */
  private readonly twice: bigint[];
  private mates: Int32Array;
  private start: MatchingStart | null = null;
  private readonly dirty = new Set<number>();
  /** Vertices of a pair kept together for good (`finalizePair`): matched without asking. */
  private readonly fixed: Uint8Array;
  /** The edges handed to each matching, kept between them (a few hundred thousand at 500 players). */
  private readonly ends: Int32Array;
  private readonly edgeTwice: bigint[] = [];
  private readonly scratch = new MatchingScratch();

  constructor(readonly size: number) {
    this.weights = new Array<bigint>(size * size).fill(0n);
    this.twice = new Array<bigint>(size * size).fill(0n);
    this.mates = Int32Array.from({ length: size }, (_, i) => i);
    this.fixed = new Uint8Array(size);
    this.ends = new Int32Array(size * (size - 1));
  }

  /**
   * Sets the weight of edge a–b; `a` is the vertex freed before the next matching (its dual raised
   * covers the edge whatever `b`'s is), so a change to many edges of one vertex frees that one only.
   */
  setWeight(a: number, b: number, weight: bigint): void {
    if (this.weights[a * this.size + b] === weight) return;
    const twice = weight << 1n;
    this.weights[a * this.size + b] = weight;
    this.weights[b * this.size + a] = weight;
    this.twice[a * this.size + b] = twice;
    this.twice[b * this.size + a] = twice;
    this.dirty.add(a);
  }

  weight(a: number, b: number): bigint {
    return this.weights[a * this.size + b] as bigint;
  }

  /**
   * The matching, asked of the vertices not yet fixed only: a fixed pair has no edge but its own,
   * so it is matched whatever the rest does, and as the Dutch pairing fixes pair after pair the
   * graph left to match shrinks (its edges with the square of its size).
   */
  compute(): void {
    const warm = this.warmStart();
    if (warm && this.settled(warm)) return;
    const active: number[] = [];
    const at = new Int32Array(this.size).fill(-1);
    for (let v = 0; v < this.size; v++)
      if (!this.fixed[v]) {
        at[v] = active.length;
        active.push(v);
      }
    const { ends, edgeTwice } = this;
    let edges = 0;
    for (let i = 0; i < active.length; i++) {
      const row = (active[i] as number) * this.size;
      for (let j = i + 1; j < active.length; j++) {
        const k = row + (active[j] as number);
        if ((this.weights[k] as bigint) <= 0n) continue;
        ends[2 * edges] = i;
        ends[2 * edges + 1] = j;
        edgeTwice[edges++] = this.twice[k] as bigint;
      }
    }
    let start: MatchingStart | null = null;
    if (warm) {
      const mate = new Int32Array(active.length);
      for (let i = 0; i < active.length; i++) {
        const m = warm.mate[active[i] as number] as number;
        mate[i] = m >= 0 ? (at[m] as number) : -1;
      }
      start = { mate, dual: active.map((v) => warm.dual[v] as bigint) };
    }
    const result = matchEdges(active.length, ends, edgeTwice, start ?? undefined, edges, this.scratch);
    const mate = Int32Array.from(this.start?.mate ?? this.mates);
    const dual = [...(this.start?.dual ?? new Array<bigint>(this.size).fill(0n))];
    for (const [i, v] of active.entries()) {
      const m = result.next.mate[i] as number;
      mate[v] = m >= 0 ? (active[m] as number) : -1;
      dual[v] = result.next.dual[i] as bigint;
    }
    this.start = { mate, dual };
    this.dirty.clear();
    for (const [i, v] of active.entries()) {
      const m = result.mate[i] as number;
      this.mates[v] = m >= 0 ? (active[m] as number) : v;
    }
  }

  /** The last matching with the changed vertices single, their duals raised until their edges are covered. */
  private warmStart(): MatchingStart | null {
    if (this.start === null) return null;
    const mate = Int32Array.from(this.start.mate);
    const dual = [...this.start.dual];
    for (const d of this.dirty) {
      let y = dual[d] as bigint;
      const row = d * this.size;
      for (let u = 0; u < this.size; u++) {
        if (u === d) continue;
        const need = (this.twice[row + u] as bigint) - (dual[u] as bigint);
        if (need > y) y = need;
      }
      dual[d] = y;
    }
    // A changed vertex whose edge to its mate is still tight keeps it: every edge is covered and
    // that one is tight, so the pair is as good as before and needs no stage to be found again.
    for (const d of this.dirty) {
      const m = mate[d] as number;
      if (m < 0 || (dual[d] as bigint) + (dual[m] as bigint) === this.twice[d * this.size + m]) continue;
      mate[m] = -1;
      mate[d] = -1;
    }
    return { mate, dual };
  }

  /**
   * Whether the warm start is already the answer: no vertex left to grow from (single with a dual
   * above 0), every edge covered and every kept pair tight — what a matching would find in its
   * first stage, without building its graph. Taken as the new start when it is.
   */
  private settled(warm: MatchingStart): boolean {
    for (let v = 0; v < this.size; v++) if (!this.fixed[v] && warm.mate[v] === -1 && (warm.dual[v] as bigint) > 0n) return false;
    this.start = warm;
    this.dirty.clear();
    for (let v = 0; v < this.size; v++) if (!this.fixed[v] && warm.mate[v] === -1) this.mates[v] = v;
    return true;
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
