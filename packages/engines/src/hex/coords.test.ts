import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  DIRECTIONS,
  type Direction,
  directionBetween,
  distance,
  equals,
  type Hex,
  hexKey,
  lineBetween,
  neighbor,
  neighbors,
  ORIGIN,
  opposite,
  parseHexKey,
  ring,
  round,
  spiral,
  subtract,
  walk,
} from './coords.ts';

const arbHex = fc.record({ q: fc.integer({ min: -300, max: 300 }), r: fc.integer({ min: -300, max: 300 }) });
const arbDir = fc.integer({ min: 0, max: 5 }).map((d) => d as Direction);

describe('directions', () => {
  it('are in UHP order NW, NE, E, SE, SW, W', () => {
    expect(DIRECTIONS).toEqual([
      { q: 0, r: -1 },
      { q: 1, r: -1 },
      { q: 1, r: 0 },
      { q: 0, r: 1 },
      { q: -1, r: 1 },
      { q: -1, r: 0 },
    ]);
  });

  it('opposite directions cancel and are found back by directionBetween', () => {
    fc.assert(
      fc.property(arbHex, arbDir, (h, d) => {
        expect(neighbor(neighbor(h, d), opposite(d))).toEqual(h);
        expect(directionBetween(h, neighbor(h, d))).toBe(d);
      }),
    );
  });

  it('directionBetween is undefined for cells that do not touch', () => {
    expect(directionBetween(ORIGIN, { q: 2, r: 0 })).toBeUndefined();
    expect(directionBetween(ORIGIN, ORIGIN)).toBeUndefined();
    expect(directionBetween(ORIGIN, { q: 1, r: 1 })).toBeUndefined();
  });

  it('each neighbour of a cell touches two other neighbours (the hexagon around it)', () => {
    const ns = neighbors(ORIGIN);
    for (let i = 0; i < 6; i++) {
      const touching = ns.filter((n) => distance(n, ns[i] as Hex) === 1);
      expect(touching).toEqual(expect.arrayContaining([ns[(i + 1) % 6], ns[(i + 5) % 6]]));
      expect(touching).toHaveLength(2);
    }
  });
});

describe('distance', () => {
  it('is a metric that counts neighbour steps', () => {
    fc.assert(
      fc.property(arbHex, arbHex, arbHex, (a, b, c) => {
        expect(distance(a, a)).toBe(0);
        expect(distance(a, b)).toBe(distance(b, a));
        expect(distance(a, c)).toBeLessThanOrEqual(distance(a, b) + distance(b, c));
        expect(distance(add(a, c), add(b, c))).toBe(distance(a, b));
      }),
    );
  });

  it('is 1 exactly for the six neighbours', () => {
    fc.assert(fc.property(arbHex, arbDir, (h, d) => distance(h, neighbor(h, d)) === 1));
  });

  it('matches hand-worked values', () => {
    expect(distance(ORIGIN, { q: 3, r: -1 })).toBe(3);
    expect(distance({ q: -2, r: 2 }, { q: 2, r: -2 })).toBe(4);
    expect(distance({ q: 1, r: 1 }, { q: -1, r: -1 })).toBe(4);
  });
});

describe('rings and spirals', () => {
  it('a ring of radius k has 6k distinct cells, all at distance k, each touching the next', () => {
    fc.assert(
      fc.property(arbHex, fc.integer({ min: 1, max: 12 }), (c, k) => {
        const cells = ring(c, k);
        expect(cells).toHaveLength(6 * k);
        expect(new Set(cells.map(hexKey)).size).toBe(6 * k);
        for (let i = 0; i < cells.length; i++) {
          expect(distance(cells[i] as Hex, c)).toBe(k);
          expect(distance(cells[i] as Hex, cells[(i + 1) % cells.length] as Hex)).toBe(1);
        }
      }),
    );
  });

  it('a spiral of radius k holds the 3k(k+1)+1 cells within k, no more', () => {
    for (let k = 0; k <= 6; k++) {
      const cells = spiral(ORIGIN, k);
      expect(cells).toHaveLength(3 * k * (k + 1) + 1);
      expect(new Set(cells.map(hexKey)).size).toBe(cells.length);
      expect(cells.every((h) => distance(h, ORIGIN) <= k)).toBe(true);
    }
  });

  it('ring 0 is the centre itself', () => {
    expect(ring({ q: 4, r: -2 }, 0)).toEqual([{ q: 4, r: -2 }]);
  });
});

describe('lines', () => {
  it('walk goes straight, one step at a time', () => {
    fc.assert(
      fc.property(arbHex, arbDir, fc.integer({ min: 1, max: 20 }), (h, d, n) => {
        const it = walk(h, d);
        let last = h;
        for (let i = 1; i <= n; i++) last = it.next().value;
        expect(last).toEqual(add(h, { q: (DIRECTIONS[d] as Hex).q * n, r: (DIRECTIONS[d] as Hex).r * n }));
      }),
    );
  });

  it('lineBetween gives distance+1 cells, each a neighbour of the last, from a to b', () => {
    fc.assert(
      fc.property(arbHex, arbHex, (a, b) => {
        const cells = lineBetween(a, b);
        expect(cells).toHaveLength(distance(a, b) + 1);
        expect(cells[0]).toEqual(a);
        expect(cells[cells.length - 1]).toEqual(b);
        for (let i = 1; i < cells.length; i++) expect(distance(cells[i - 1] as Hex, cells[i] as Hex)).toBe(1);
      }),
    );
  });
});

describe('round', () => {
  it('returns the cell for its own centre and for points near it', () => {
    fc.assert(
      fc.property(arbHex, fc.double({ min: -0.2, max: 0.2, noNaN: true }), (h, e) => {
        expect(round(h.q + e, h.r - e / 2)).toEqual(h);
      }),
    );
  });

  it('never returns negative zero', () => {
    expect(Object.is(round(-0.1, 0.05).q, -0)).toBe(false);
  });
});

describe('keys', () => {
  it('round-trip', () => {
    fc.assert(
      fc.property(arbHex, (h) => {
        expect(parseHexKey(hexKey(h))).toEqual(h);
      }),
    );
  });

  it('reject garbage', () => {
    expect(parseHexKey('1;2')).toBeUndefined();
    expect(parseHexKey('')).toBeUndefined();
    expect(parseHexKey('a,1')).toBeUndefined();
  });

  it('equal cells have equal keys and arithmetic round-trips', () => {
    fc.assert(
      fc.property(arbHex, arbHex, (a, b) => {
        expect(equals(subtract(add(a, b), b), a)).toBe(true);
        expect(hexKey(a) === hexKey(b)).toBe(equals(a, b));
      }),
    );
  });
});
