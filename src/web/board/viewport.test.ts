import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsBox, fitBox, panBox, pinchBox, zoomBox } from './viewport.ts';

const point = fc.record({ x: fc.double({ min: -50, max: 50, noNaN: true }), y: fc.double({ min: -50, max: 50, noNaN: true }) });
const box = fc.record({
  x: fc.double({ min: -50, max: 50, noNaN: true }),
  y: fc.double({ min: -50, max: 50, noNaN: true }),
  w: fc.double({ min: 1, max: 50, noNaN: true }),
  h: fc.double({ min: 1, max: 50, noNaN: true }),
});
const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

describe('viewport', () => {
  it('fits every point inside the margin', () => {
    expect(
      fitBox(
        [
          { x: 1, y: 2 },
          { x: -3, y: 5 },
        ],
        1,
      ),
    ).toEqual({ x: -4, y: 1, w: 6, h: 5 });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1 }), (points) => {
        const b = fitBox(points, 2);
        for (const p of points) expect(containsBox(b, { x: p.x - 1.999, y: p.y - 1.999, w: 3.998, h: 3.998 })).toBe(true);
      }),
    );
  });

  it('zooms about a point that stays put on screen, and zooming back restores the box', () => {
    fc.assert(
      fc.property(box, fc.double({ min: 0.25, max: 4, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (b, factor, t) => {
        const about = { x: b.x + t * b.w, y: b.y + (1 - t) * b.h };
        const z = zoomBox(b, factor, about);
        // The point's place on screen, as a fraction of the box, is unchanged.
        expect(close((about.x - z.x) / z.w, (about.x - b.x) / b.w)).toBe(true);
        expect(close((about.y - z.y) / z.h, (about.y - b.y) / b.h)).toBe(true);
        expect(close(z.w, b.w / factor)).toBe(true);
        const back = zoomBox(z, 1 / factor, about);
        expect(close(back.x, b.x) && close(back.y, b.y) && close(back.w, b.w)).toBe(true);
      }),
    );
  });

  it('a pinch keeps the board point under the fingers under their midpoint, wherever it moved', () => {
    fc.assert(
      fc.property(
        box,
        fc.double({ min: 0.25, max: 4, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        (b, factor, dx, dy) => {
          // The view is 400 pixels wide: a board unit is b.w / 400 pixels' worth.
          const k = b.w / 400;
          const about = { x: b.x + 0.3 * b.w, y: b.y + 0.6 * b.h };
          const z = pinchBox(b, about, factor, dx, dy, k);
          expect(close(z.w, b.w / factor)).toBe(true);
          // Where `about` is now drawn, in pixels from the view's corner: where it was, plus the fingers' shift.
          const kz = z.w / 400;
          expect(close((about.x - z.x) / kz, (about.x - b.x) / k + dx)).toBe(true);
          expect(close((about.y - z.y) / kz, (about.y - b.y) / k + dy)).toBe(true);
        },
      ),
    );
  });

  it('pans the plane under the view', () => {
    expect(panBox({ x: 0, y: 0, w: 4, h: 4 }, 1, -2)).toEqual({ x: -1, y: 2, w: 4, h: 4 });
    expect(containsBox({ x: 0, y: 0, w: 4, h: 4 }, { x: 1, y: 1, w: 4, h: 1 })).toBe(false);
  });
});
