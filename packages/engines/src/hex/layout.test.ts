import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, type Hex, neighbors, ORIGIN } from './coords.ts';
import { cellExtent, hexCorners, hexToPixel, type Layout, type Orientation, pixelToHex } from './layout.ts';

const arbHex = fc.record({ q: fc.integer({ min: -200, max: 200 }), r: fc.integer({ min: -200, max: 200 }) });
const arbLayout = fc.record({
  orientation: fc.constantFrom<Orientation>('pointy', 'flat'),
  size: fc.double({ min: 1, max: 100, noNaN: true }),
  origin: fc.record({ x: fc.double({ min: -500, max: 500, noNaN: true }), y: fc.double({ min: -500, max: 500, noNaN: true }) }),
});

describe('pixel layout', () => {
  it('pixelToHex inverts hexToPixel, in both orientations', () => {
    fc.assert(
      fc.property(arbLayout, arbHex, (layout, h) => {
        expect(pixelToHex(layout, hexToPixel(layout, h))).toEqual(h);
      }),
    );
  });

  it('any point inside a cell (within the inscribed circle) maps back to it', () => {
    fc.assert(
      fc.property(
        arbLayout,
        arbHex,
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 0.85, noNaN: true }),
        (layout, h, angle, frac) => {
          const c = hexToPixel(layout, h);
          const rad = ((frac * Math.sqrt(3)) / 2) * layout.size;
          expect(pixelToHex(layout, { x: c.x + rad * Math.cos(angle), y: c.y + rad * Math.sin(angle) })).toEqual(h);
        },
      ),
    );
  });

  it('neighbouring centres are sqrt(3)·size apart', () => {
    for (const orientation of ['pointy', 'flat'] as const) {
      const layout: Layout = { orientation, size: 10, origin: { x: 0, y: 0 } };
      for (const n of neighbors(ORIGIN)) {
        const p = hexToPixel(layout, n);
        expect(Math.hypot(p.x, p.y)).toBeCloseTo(10 * Math.sqrt(3), 9);
      }
    }
  });

  it('pointy-top puts east on the x axis and rows on y; flat-top puts columns on x', () => {
    const pointy: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };
    expect(hexToPixel(pointy, { q: 1, r: 0 }).y).toBeCloseTo(0);
    expect(hexToPixel(pointy, { q: 0, r: 1 }).y).toBeCloseTo(1.5);
    const flat: Layout = { orientation: 'flat', size: 1, origin: { x: 0, y: 0 } };
    expect(hexToPixel(flat, { q: 0, r: 1 }).x).toBeCloseTo(0);
    expect(hexToPixel(flat, { q: 1, r: 0 }).x).toBeCloseTo(1.5);
  });

  it('corners lie at distance size from the centre and are shared with the neighbours', () => {
    const layout: Layout = { orientation: 'pointy', size: 7, origin: { x: 3, y: 4 } };
    const h: Hex = { q: 2, r: -1 };
    const corners = hexCorners(layout, h);
    const c = hexToPixel(layout, h);
    expect(corners).toHaveLength(6);
    for (const p of corners) expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeCloseTo(7, 9);
    const near = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y) < 1e-9;
    for (const n of neighbors(h)) {
      const shared = hexCorners(layout, n).filter((p) => corners.some((q) => near(p, q)));
      expect(shared).toHaveLength(2);
      expect(distance(n, h)).toBe(1);
    }
  });

  it('cell extent matches the orientation', () => {
    expect(cellExtent({ orientation: 'pointy', size: 2, origin: { x: 0, y: 0 } })).toEqual({ width: 2 * Math.sqrt(3), height: 4 });
    expect(cellExtent({ orientation: 'flat', size: 2, origin: { x: 0, y: 0 } })).toEqual({ width: 4, height: 2 * Math.sqrt(3) });
  });
});
