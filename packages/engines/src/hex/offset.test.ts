import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, type Hex } from './coords.ts';
import { axialToOddR, oddRToAxial } from './offset.ts';

describe('odd-r offset coordinates', () => {
  it('round-trip with axial, negative rows included', () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), (col, row) => {
        expect(axialToOddR(oddRToAxial({ col, row }))).toEqual({ col, row });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), (q, r) => {
        expect(oddRToAxial(axialToOddR({ q, r }))).toEqual({ q, r });
      }),
    );
  });

  it('shifts odd rows right: (0,1) touches (0,0) and (1,0); (0,2) touches (0,1) but not (1,1)', () => {
    const d = (a: Hex, b: Hex) => distance(a, b);
    const at = (col: number, row: number) => oddRToAxial({ col, row });
    expect(d(at(0, 1), at(0, 0))).toBe(1);
    expect(d(at(0, 1), at(1, 0))).toBe(1);
    expect(d(at(0, 2), at(0, 1))).toBe(1);
    expect(d(at(0, 2), at(1, 1))).toBe(2);
    expect(d(at(1, 1), at(1, 2))).toBe(1);
  });

  it('every interior cell of a grid has six in-grid neighbours', () => {
    const w = 6;
    const h = 6;
    for (let row = 1; row < h - 1; row++) {
      for (let col = 1; col < w - 1; col++) {
        let n = 0;
        for (let r2 = 0; r2 < h; r2++)
          for (let c2 = 0; c2 < w; c2++) if (distance(oddRToAxial({ col, row }), oddRToAxial({ col: c2, row: r2 })) === 1) n++;
        expect(n).toBe(6);
      }
    }
  });
});
