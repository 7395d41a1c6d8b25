import { columnOf, rowOf } from '@hexarena/engines/games/hex/index.ts';
import { hexCorners, hexToPixel, type Layout } from '@hexarena/engines/hex/index.ts';

/* The Hex board as drawn, for the game's view and the position editor alike. */

export const LAYOUT: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };
export const SIDES: readonly string[] = ['red', 'blue'];

/** A cell of the rhombus on the page: its column and row are the axial coordinates of a pointy hexagon. */
export const cellHex = (size: number, cell: number) => ({ q: columnOf(size, cell), r: rowOf(size, cell) });

/** A closed path through points, as an SVG `d`. */
const pathThrough = (points: readonly { x: number; y: number }[]) =>
  `M${points.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join('L')}`;

/** Each cell's hexagon as an SVG path, per board size: drawn once, not on every render of the board. */
const cellPathsBySize = new Map<number, readonly string[]>();
export function cellPaths(size: number): readonly string[] {
  let paths = cellPathsBySize.get(size);
  if (!paths) {
    paths = Array.from({ length: size * size }, (_, cell) => `${pathThrough(hexCorners(LAYOUT, cellHex(size, cell)))}Z`);
    cellPathsBySize.set(size, paths);
  }
  return paths;
}

/** The four sides' paths per board size (top, bottom, left, right). */
const sidePathsBySize = new Map<number, readonly [string, string, string, string]>();
function sidePaths(size: number): readonly [string, string, string, string] {
  const known = sidePathsBySize.get(size);
  if (known) return known;
  const corner = (cell: number, k: number) => hexCorners(LAYOUT, cellHex(size, cell))[k] as { x: number; y: number };
  const cells = Array.from({ length: size }, (_, i) => i);
  // Pointy corners run clockwise from 0 at the top: each side is the outer edges of its cells.
  const along = (cellsOf: (i: number) => number, ks: readonly number[]) =>
    pathThrough(cells.flatMap((i) => ks.map((k) => corner(cellsOf(i), k))));
  const paths = [
    along((c) => c, [5, 0, 1]),
    along((c) => (size - 1) * size + c, [4, 3, 2]),
    along((r) => r * size, [5, 4, 3]),
    along((r) => r * size + size - 1, [0, 1, 2]),
  ] as const;
  sidePathsBySize.set(size, paths);
  return paths;
}

/**
 * The board's four sides as coloured bands along its outer edges: Red's the top and bottom, Blue's
 * the left and right (the player who joins them wins).
 */
export function Sides({ size }: { size: number }) {
  const [top, bottom, left, right] = sidePaths(size);
  return (
    <g class="sides">
      <path class="side red" d={top} />
      <path class="side red" d={bottom} />
      <path class="side blue" d={left} />
      <path class="side blue" d={right} />
    </g>
  );
}

/**
 * The column letters above the top row and the row numbers left of the first column, as moves are
 * written (c11, k8): each in line with its column or row, just outside the coloured side.
 */
export function Coordinates({ size }: { size: number }) {
  const cells = Array.from({ length: size }, (_, i) => i);
  const above = (column: number) => {
    const p = hexToPixel(LAYOUT, { q: column, r: 0 });
    return { x: p.x, y: p.y - 1.45 };
  };
  const left = (row: number) => {
    const p = hexToPixel(LAYOUT, { q: 0, r: row });
    return { x: p.x - 1.5, y: p.y };
  };
  return (
    <g class="coordinates" data-testid="coordinates">
      {cells.map((c) => {
        const p = above(c);
        return (
          <text key={`c${c}`} x={p.x} y={p.y} dy="0.35em" text-anchor="middle" font-size="0.6">
            {String.fromCharCode(97 + c)}
          </text>
        );
      })}
      {cells.map((r) => {
        const p = left(r);
        return (
          <text key={`r${r}`} x={p.x} y={p.y} dy="0.35em" text-anchor="middle" font-size="0.6">
            {r + 1}
          </text>
        );
      })}
    </g>
  );
}
