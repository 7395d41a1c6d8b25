import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groupWave,
  MAX_MISS_BONUS,
  maxScore,
  NEIGHBOURS,
  pairScore,
  pairWave,
  RUN,
  type Seeker,
  WIDEST_AFTER_WAVES,
  widestGap,
} from './pairing.ts';

const seekers = (max: number) =>
  fc
    .uniqueArray(
      fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), rating: fc.integer({ min: 600, max: 2600 }), misses: fc.nat(50) }),
      {
        maxLength: max,
        selector: (s) => s.id,
      },
    )
    .map((list) => list as Seeker[]);

describe('pairing waves', () => {
  it('the window widens by 12 a wave missed, up to 460 more, as lichess widens it', () => {
    const a = { id: 'a', rating: 1500, misses: 0 };
    const b = { id: 'b', rating: 1700, misses: 0 };
    // 200 apart: beyond 1500's limit of 100 at first…
    expect(pairScore(a, b)).toBeNull();
    // …within it once both missed 9 waves (200 − 108 = 92); the newcomer's bonus is the one that counts.
    expect(pairScore({ ...a, misses: 9 }, { ...b, misses: 9 })).toBe(92);
    expect(pairScore({ ...a, misses: 40 }, b)).toBeNull();
    expect(WIDEST_AFTER_WAVES).toBe(39);
    expect(widestGap(1500)).toBe(100 + MAX_MISS_BONUS);
    expect([maxScore(900), maxScore(1200), maxScore(1800), maxScore(3000)]).toEqual([130, 100, 120, 200]);
  });

  it('pairs each seeker at most once, only pairs allowed, and leaves no two near neighbours that could meet unpaired', () => {
    fc.assert(
      fc.property(seekers(RUN), (list) => {
        const pairs = pairWave(list);
        const seen = new Set<string>();
        for (const [x, y] of pairs) {
          expect(seen.has(x.id) || seen.has(y.id)).toBe(false);
          seen.add(x.id);
          seen.add(y.id);
          expect(pairScore(x, y)).not.toBeNull();
        }
        // Edges go to the next NEIGHBOURS up in rating: two left unpaired that close could not meet.
        const sorted = [...list].sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : 1));
        for (const [i, x] of sorted.entries())
          for (const y of sorted.slice(i + 1, i + 1 + NEIGHBOURS))
            if (!seen.has(x.id) && !seen.has(y.id)) expect(pairScore(x, y)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('prefers the closest pairs: four in a row pair as neighbours, not across', () => {
    const four = [1500, 1520, 1580, 1600].map((rating, i) => ({ id: `s${i}`, rating, misses: 0 }));
    expect(pairWave(four).map(([x, y]) => [x.id, y.id])).toEqual([
      ['s0', 's1'],
      ['s2', 's3'],
    ]);
    // Cardinality first: a better single pair does not leave two unpaired.
    const chain = [1500, 1560, 1580, 1640].map((rating, i) => ({ id: `c${i}`, rating, misses: 0 }));
    expect(pairWave(chain)).toHaveLength(2);
  });

  it('more waiting than one run: cut into runs, neighbours across a cut still meet in the second pass', () => {
    const many = Array.from({ length: RUN * 3 + 1 }, (_, i) => ({ id: `m${i}`, rating: 1000 + i * 7, misses: 0 }));
    const pairs = pairWave(many);
    expect(pairs).toHaveLength(Math.floor(many.length / 2));
    for (const [x, y] of pairs) expect(Math.abs(x.rating - y.rating)).toBeLessThanOrEqual(100);
  });

  it('a free-for-all pool seats tables of neighbours whose spread is in everyone’s window', () => {
    fc.assert(
      fc.property(seekers(40), fc.integer({ min: 3, max: 8 }), (list, size) => {
        const tables = groupWave(list, size);
        const seated = tables.flat().map((s) => s.id);
        expect(new Set(seated).size).toBe(seated.length);
        for (const table of tables) {
          expect(table).toHaveLength(size);
          const ratings = table.map((s) => s.rating);
          const bonus = Math.min(...table.map((s) => Math.min(s.misses * 12, MAX_MISS_BONUS)));
          expect(Math.max(...ratings) - Math.min(...ratings) - bonus).toBeLessThanOrEqual(maxScore(Math.min(...ratings)));
        }
      }),
      { numRuns: 200 },
    );
  });
});
