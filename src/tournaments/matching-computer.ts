import { type MatchingStart, maximumWeightMatching, type WeightedEdge } from './weighted-matching.ts';

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

  constructor(readonly size: number) {
    this.weights = new Array<bigint>(size * size).fill(0n);
    this.twice = new Array<bigint>(size * size).fill(0n);
    this.mates = Int32Array.from({ length: size }, (_, i) => i);
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

  compute(): void {
    const edges: WeightedEdge[] = [];
    for (let a = 0; a < this.size; a++)
      for (let b = a + 1; b < this.size; b++) {
        const weight = this.weights[a * this.size + b] as bigint;
        if (weight > 0n) edges.push({ a, b, weight, twice: this.twice[a * this.size + b] as bigint });
      }
    const result = maximumWeightMatching(this.size, edges, this.warmStart() ?? undefined);
    this.start = result.next;
    this.dirty.clear();
    this.mates = result.mate.map((m, v) => (m < 0 ? v : m));
  }

  /** The last matching with the changed vertices single, their duals raised until their edges are covered. */
  private warmStart(): MatchingStart | null {
    if (this.start === null) return null;
    const mate = Int32Array.from(this.start.mate);
    const dual = [...this.start.dual];
    for (const d of this.dirty) {
      const m = mate[d] as number;
      if (m >= 0) mate[m] = -1;
      mate[d] = -1;
    }
    for (const d of this.dirty) {
      let y = dual[d] as bigint;
      for (let u = 0; u < this.size; u++) {
        if (u === d) continue;
        const need = (this.twice[d * this.size + u] as bigint) - (dual[u] as bigint);
        if (need > y) y = need;
      }
      dual[d] = y;
    }
    return { mate, dual };
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
  }
}
