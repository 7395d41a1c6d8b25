import { maximumWeightMatching, type WeightedEdge } from './weighted-matching.ts';

/**
 * A complete graph of weighted edges (0: no edge) whose maximum-weight matching is asked again
 * and again as the Dutch pairing fixes one decision after another by changing weights.
 */
export class MatchingComputer {
  private readonly weights: bigint[];
  private mates: Int32Array;

  constructor(readonly size: number) {
    this.weights = new Array<bigint>(size * size).fill(0n);
    this.mates = Int32Array.from({ length: size }, (_, i) => i);
  }

  setWeight(a: number, b: number, weight: bigint): void {
    this.weights[a * this.size + b] = weight;
    this.weights[b * this.size + a] = weight;
  }

  weight(a: number, b: number): bigint {
    return this.weights[a * this.size + b] as bigint;
  }

  compute(): void {
    const edges: WeightedEdge[] = [];
    for (let a = 0; a < this.size; a++)
      for (let b = a + 1; b < this.size; b++) {
        const weight = this.weights[a * this.size + b] as bigint;
        if (weight > 0n) edges.push({ a, b, weight });
      }
    const mate = maximumWeightMatching(this.size, edges);
    this.mates = mate.map((m, v) => (m < 0 ? v : m));
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
