import { hexToPixel, type Layout } from '@hexarena/engines/hex/index.ts';
import { describe, expect, it } from 'vitest';
import { targetToward } from './arrow-focus.ts';

const LAYOUT: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };
/** A rhombus of pointy hexagons, as Hex draws it, named "q,r". */
const rhombus = (n: number) =>
  Array.from({ length: n * n }, (_, i) => ({
    key: `${i % n},${Math.floor(i / n)}`,
    at: hexToPixel(LAYOUT, { q: i % n, r: Math.floor(i / n) }),
  }));

describe('arrow keys between a board’s targets', () => {
  it('steps to the neighbour on either side, and up or down a row of hexagons', () => {
    const cells = rhombus(5);
    const at = (key: string) => (cells.find((c) => c.key === key) as { at: { x: number; y: number } }).at;
    expect(targetToward(at('2,2'), cells, 'right')).toBe('3,2');
    expect(targetToward(at('2,2'), cells, 'left')).toBe('1,2');
    // A pointy row below is offset by half a cell: ↓ goes to one of the two below, ↑ to one above.
    expect(['2,3', '1,3']).toContain(targetToward(at('2,2'), cells, 'down'));
    expect(['2,1', '3,1']).toContain(targetToward(at('2,2'), cells, 'up'));
  });

  it('skips what is not a target and stops at the edge', () => {
    const cells = rhombus(5);
    const at = (key: string) => (cells.find((c) => c.key === key) as { at: { x: number; y: number } }).at;
    const few = cells.filter((c) => ['0,2', '4,2', '4,0'].includes(c.key));
    // Far along the row, not the nearer cell up and aside.
    expect(targetToward(at('0,2'), few, 'right')).toBe('4,2');
    expect(targetToward(at('0,2'), few, 'left')).toBeNull();
    expect(targetToward(at('4,2'), few, 'up')).toBe('4,0');
    expect(targetToward(at('4,2'), few, 'down')).toBeNull();
  });
});
