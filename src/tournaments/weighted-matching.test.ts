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

/** Wider than any weight of these tests (the matching computer's values are as wide as it is told). */
const WIDEST = 1n << 110n;

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
      const m = new MatchingComputer(n, WIDEST);
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

  /**
   * The matching computer keeps its blossoms and duals between answers and dissolves only the
   * blossoms of the vertices whose edges changed: on graphs of many equal weights (odd cycles of
   * tight edges, so blossoms are made and kept), after weights changed and pairs fixed as the
   * Dutch pairing fixes them, each answer is a best matching of what is left, as one from scratch.
   */
  it('kept from one answer to the next (blossoms and all), each answer is a best matching as one from scratch finds', () => {
    const rnd = lcg(23);
    let checked = 0;
    // Two families, both of which caught a dissolved blossom's outside pair kept though no longer
    // tight: few distinct high parts (as score groups and criteria make them) with small low parts,
    // and one high part with a spread of low parts (blossoms whose duals grow).
    const families = [
      { high: 3, low: 3, none: 5 },
      { high: 1, low: 1000, none: 3 },
    ];
    for (let trial = 0; trial < 200; trial++) {
      const { high, low, none } = families[trial % 2] as (typeof families)[number];
      const weight = (): bigint => (rnd(none) === 0 ? 0n : (BigInt(1 + rnd(high)) << 90n) + (BigInt(rnd(low)) << 40n) + BigInt(rnd(4)));
      const n = 6 + rnd(30);
      const m = new MatchingComputer(n, WIDEST);
      const fixed = new Set<number>();
      for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) m.setWeight(a, b, weight());
      for (let step = 0; step < 12; step++) {
        m.compute();
        const live = Array.from({ length: n }, (_, v) => v).filter((v) => !fixed.has(v));
        const edges: WeightedEdge[] = [];
        for (const [i, a] of live.entries())
          for (const b of live.slice(i + 1))
            if (m.weight(a, b) > 0n) edges.push({ a: live.indexOf(a), b: live.indexOf(b), weight: m.weight(a, b) });
        const scratch = maximumWeightMatching(live.length, edges).mate;
        const w = (a: number, b: number): bigint => m.weight(a, b);
        const kept = m.matching();
        const liveMates = live.map((v) => (kept[v] === v ? -1 : (kept[v] as number)));
        for (const [i, v] of live.entries()) {
          const u = liveMates[i] as number;
          if (u < 0) continue;
          expect(kept[u], `trial ${trial} step ${step}: mates agree`).toBe(v);
          expect(fixed.has(u), `trial ${trial} step ${step}: no live vertex matched to a fixed one`).toBe(false);
          expect(w(v, u) > 0n, `trial ${trial} step ${step}: only edges of weight > 0`).toBe(true);
        }
        const keptWeight = matchingWeight(
          live.map((v) => (kept[v] === v ? -1 : live.indexOf(kept[v] as number))),
          (i, j) => w(live[i] as number, live[j] as number),
        );
        const scratchWeight = matchingWeight(scratch, (i, j) => w(live[i] as number, live[j] as number));
        expect(keptWeight, `trial ${trial} step ${step}`).toBe(scratchWeight);
        for (const v of fixed) expect(fixed.has(kept[v] as number), `trial ${trial} step ${step}: a fixed pair stays`).toBe(true);
        checked++;
        // As the Dutch pairing decides: some vertices' edges raised or lowered, then one matched pair fixed for good.
        for (let changed = 1 + rnd(3); changed > 0 && live.length > 0; changed--) {
          const d = live[rnd(live.length)] as number;
          for (const u of live) if (u !== d && rnd(2)) m.setWeight(d, u, weight());
        }
        const paired = live.filter((v) => kept[v] !== v);
        if (paired.length > 0 && rnd(2)) {
          const a = paired[rnd(paired.length)] as number;
          const b = kept[a] as number;
          m.finalizePair(a, b, 1n << 100n);
          fixed.add(a).add(b);
        }
      }
    }
    expect(checked).toBe(200 * 12);
  });

  it('with distinct weights (one best matching), the answer kept from the last is the very matching one from scratch finds', () => {
    const rnd = lcg(31);
    for (let trial = 0; trial < 40; trial++) {
      const n = 6 + rnd(24);
      const m = new MatchingComputer(n, WIDEST);
      // High parts tie (blossoms), random low bits wide enough that no two matchings weigh the same.
      const weight = (): bigint => (rnd(6) === 0 ? 0n : (BigInt(1 + rnd(2)) << 80n) + (BigInt(rnd(1 << 20)) << 20n) + BigInt(rnd(1 << 20)));
      for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) m.setWeight(a, b, weight());
      for (let step = 0; step < 8; step++) {
        m.compute();
        const edges: WeightedEdge[] = [];
        for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (m.weight(a, b) > 0n) edges.push({ a, b, weight: m.weight(a, b) });
        const scratch = maximumWeightMatching(n, edges).mate;
        expect(
          Array.from(m.matching(), (u, v) => (u === v ? -1 : u)),
          `trial ${trial} step ${step}`,
        ).toEqual(Array.from(scratch));
        const d = rnd(n);
        for (let u = 0; u < n; u++) if (u !== d && rnd(2)) m.setWeight(d, u, weight());
      }
    }
  });
});
