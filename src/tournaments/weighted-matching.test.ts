import { describe, expect, it } from 'vitest';
import { MatchingComputer } from './matching-computer.ts';
import { maximumWeightMatching, type WeightedEdge } from './weighted-matching.ts';

/** A small deterministic generator: the graphs are the same on every run. */
function lcg(seed: number): (k: number) => number {
  let s = seed;
  return (k) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % k;
  };
}

/** The best matching by trying every one (small graphs only). */
function bruteForce(n: number, w: (a: number, b: number) => bigint): bigint {
  const best = (free: number[]): bigint => {
    const [v, ...rest] = free;
    if (v === undefined) return 0n;
    let top = best(rest);
    for (const [i, u] of rest.entries()) {
      if (w(v, u) <= 0n) continue;
      const value = w(v, u) + best(rest.filter((_, j) => j !== i));
      if (value > top) top = value;
    }
    return top;
  };
  return best(Array.from({ length: n }, (_, i) => i));
}

const matchingWeight = (mate: ArrayLike<number>, w: (a: number, b: number) => bigint): bigint => {
  let sum = 0n;
  for (let v = 0; v < mate.length; v++) if ((mate[v] as number) > v) sum += w(v, mate[v] as number);
  return sum;
};

describe('maximum-weight matching', () => {
  it('finds the best matching of small random graphs (against trying every one), weights wider than 64 bits', () => {
    const rnd = lcg(7);
    for (let trial = 0; trial < 120; trial++) {
      const n = 1 + rnd(9);
      const table = new Map<string, bigint>();
      const edges: WeightedEdge[] = [];
      for (let a = 0; a < n; a++)
        for (let b = a + 1; b < n; b++) {
          if (rnd(4) === 0) continue;
          const weight = (BigInt(rnd(30)) << 80n) + BigInt(rnd(1000));
          table.set(`${a},${b}`, weight);
          edges.push({ a, b, weight });
        }
      const w = (a: number, b: number): bigint => table.get(a < b ? `${a},${b}` : `${b},${a}`) ?? 0n;
      const { mate } = maximumWeightMatching(n, edges);
      for (let v = 0; v < n; v++) if ((mate[v] as number) >= 0) expect(mate[mate[v] as number]).toBe(v);
      expect(matchingWeight(mate, w), `trial ${trial}`).toBe(bruteForce(n, w));
    }
  });

  it('started from the last matching after some vertices’ edges changed, it is as good as one from scratch', () => {
    const rnd = lcg(11);
    for (let trial = 0; trial < 150; trial++) {
      const n = 2 + rnd(14);
      const m = new MatchingComputer(n);
      const weight = (): bigint => (rnd(3) === 0 ? 0n : BigInt(rnd(20)));
      for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) m.setWeight(a, b, weight());
      for (let step = 0; step < 10; step++) {
        m.compute();
        const edges: WeightedEdge[] = [];
        for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (m.weight(a, b) > 0n) edges.push({ a, b, weight: m.weight(a, b) });
        const w = (a: number, b: number): bigint => m.weight(a, b);
        const warm = Array.from(m.matching(), (u, v) => (u === v ? -1 : u));
        expect(matchingWeight(warm, w), `trial ${trial} step ${step}`).toBe(matchingWeight(maximumWeightMatching(n, edges).mate, w));
        for (let changed = 1 + rnd(2); changed > 0; changed--) {
          const d = rnd(n);
          for (let u = 0; u < n; u++) if (u !== d && rnd(2)) m.setWeight(d, u, weight());
        }
      }
    }
  });
});
