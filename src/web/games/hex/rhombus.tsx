import { columnOf, rowOf } from '../../../games/hex/index.ts';
import { hexCorners, type Layout } from '../../../hex/index.ts';

/* The Hex board as drawn, for the game's view and the position editor alike. */

export const LAYOUT: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };
export const SIDES: readonly string[] = ['red', 'blue'];

/** A cell of the rhombus on the page: its column and row are the axial coordinates of a pointy hexagon. */
export const cellHex = (size: number, cell: number) => ({ q: columnOf(size, cell), r: rowOf(size, cell) });

/**
 * The board's four sides as coloured bands along its outer edges: Red's the top and bottom, Blue's
 * the left and right (the player who joins them wins).
 */
export function Sides({ size }: { size: number }) {
  const corner = (cell: number, k: number) => hexCorners(LAYOUT, cellHex(size, cell))[k] as { x: number; y: number };
  const path = (points: { x: number; y: number }[]) => `M${points.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join('L')}`;
  const cells = Array.from({ length: size }, (_, i) => i);
  // Pointy corners run clockwise from 0 at the top: each side is the outer edges of its cells.
  const along = (cellsOf: (i: number) => number, ks: readonly number[]) => cells.flatMap((i) => ks.map((k) => corner(cellsOf(i), k)));
  const top = along((c) => c, [5, 0, 1]);
  const bottom = along((c) => (size - 1) * size + c, [4, 3, 2]);
  const left = along((r) => r * size, [5, 4, 3]);
  const right = along((r) => r * size + size - 1, [0, 1, 2]);
  return (
    <g class="sides">
      <path class="side red" d={path(top)} />
      <path class="side red" d={path(bottom)} />
      <path class="side blue" d={path(left)} />
      <path class="side blue" d={path(right)} />
    </g>
  );
}
