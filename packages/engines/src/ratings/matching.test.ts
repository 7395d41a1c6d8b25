import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxWeightMatching, type WeightedEdge } from './matching.ts';

/** Every matching of the graph, tried one by one: the best total weight (among the largest, with `cardinality`). */
function bestByHand(n: number, edges: readonly WeightedEdge[], cardinality: boolean): { size: number; weight: number } {
  let best = { size: 0, weight: 0 };
  const used = new Uint8Array(n);
  const walk = (from: number, size: number, weight: number) => {
    const better = cardinality ? size > best.size || (size === best.size && weight > best.weight) : weight > best.weight;
    if (better) best = { size, weight };
    for (let k = from; k < edges.length; k++) {
      const e = edges[k] as WeightedEdge;
      if (used[e.a] || used[e.b]) continue;
      used[e.a] = used[e.b] = 1;
      walk(k + 1, size + 1, weight + e.weight);
      used[e.a] = used[e.b] = 0;
    }
  };
  walk(0, 0, 0);
  return best;
}

function measure(mate: Int32Array, edges: readonly WeightedEdge[]): { size: number; weight: number } {
  let size = 0;
  let weight = 0;
  for (const [v, w] of mate.entries()) {
    if (w === -1) continue;
    expect(mate[w]).toBe(v);
    if (v < w) {
      // The heaviest edge between the pair counts (a multigraph may have several).
      const between = edges.filter((e) => (e.a === v && e.b === w) || (e.a === w && e.b === v));
      expect(between.length).toBeGreaterThan(0);
      size++;
      weight += Math.max(...between.map((e) => e.weight));
    }
  }
  return { size, weight };
}

const graphs = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.uniqueArray(
      fc
        .tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: -5, max: 30 }))
        .filter(([a, b]) => a !== b)
        .map(([a, b, weight]) => ({ a: Math.min(a, b), b: Math.max(a, b), weight })),
      { maxLength: 16, selector: (e) => `${e.a}-${e.b}` },
    ),
  }),
);

describe('maximum-weight matching', () => {
  it('small cases with known answers (a blossom, a nested blossom, a blossom that must be expanded)', () => {
    expect([...maxWeightMatching(2, [{ a: 0, b: 1, weight: 1 }])]).toEqual([1, 0]);
    expect([...maxWeightMatching(3, [])]).toEqual([-1, -1, -1]);
    // A path 0–1–2–3 whose middle is heaviest: weight prefers it, cardinality the two ends.
    const path = [
      { a: 0, b: 1, weight: 2 },
      { a: 1, b: 2, weight: 5 },
      { a: 2, b: 3, weight: 2 },
    ];
    expect([...maxWeightMatching(4, path)]).toEqual([-1, 2, 1, -1]);
    expect([...maxWeightMatching(4, path, true)]).toEqual([1, 0, 3, 2]);
    // A triangle with a tail: the odd cycle is shrunk and the tail's vertex matched through it.
    const triangle = [
      { a: 0, b: 1, weight: 8 },
      { a: 1, b: 2, weight: 9 },
      { a: 0, b: 2, weight: 10 },
      { a: 2, b: 3, weight: 7 },
    ];
    expect([...maxWeightMatching(4, triangle)]).toEqual([1, 0, 3, 2]);
    // Nested blossoms, then an augmenting path through them.
    const nested = [
      { a: 1, b: 2, weight: 9 },
      { a: 1, b: 3, weight: 9 },
      { a: 2, b: 3, weight: 10 },
      { a: 2, b: 4, weight: 8 },
      { a: 3, b: 5, weight: 8 },
      { a: 4, b: 5, weight: 10 },
      { a: 5, b: 6, weight: 6 },
    ];
    expect([...maxWeightMatching(7, nested)]).toEqual([-1, 3, 4, 1, 2, 6, 5]);
  });

  it('finds the best matching of random graphs, as trying every matching does', () => {
    fc.assert(
      fc.property(graphs, fc.boolean(), ({ n, edges }, cardinality) => {
        const found = measure(maxWeightMatching(n, edges, cardinality), edges);
        const best = bestByHand(n, edges, cardinality);
        // Without cardinality, edges of weight 0 may be in or out: only the weight is the optimum's.
        expect(cardinality ? found : found.weight).toEqual(cardinality ? best : best.weight);
      }),
      { numRuns: 1500 },
    );
  });

  it('refuses an edge that is not between two vertices of the graph', () => {
    expect(() => maxWeightMatching(2, [{ a: 0, b: 2, weight: 1 }])).toThrow(/not between two of 2 vertices/);
    expect(() => maxWeightMatching(2, [{ a: 1, b: 1, weight: 1 }])).toThrow(RangeError);
  });
});
