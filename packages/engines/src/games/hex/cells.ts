import { refuse } from '../../engine/refusal.ts';
import { ok, type Result } from '../../engine/result.ts';

/**
 * The cells of an n×n Hex board (a rhombus of hexagons), numbered row by row: cell = row·n + column,
 * both from 0. Written as HexGui and most sites write them: a column letter and a row number from 1,
 * `a1` the top-left corner (an acute one), row 1 the top side, column a the left side.
 */

/** The largest board hexarena plays (and the letters a to s name its columns). */
export const MAX_SIZE = 19;
/** The smallest board a game is played on (smaller ones only for study and tests). */
export const MIN_SIZE = 5;

export const columnOf = (size: number, cell: number): number => cell % size;
export const rowOf = (size: number, cell: number): number => Math.floor(cell / size);

export function cellName(size: number, cell: number): string {
  return `${String.fromCharCode(97 + columnOf(size, cell))}${rowOf(size, cell) + 1}`;
}

/** A cell from its name (`c7`, any case), or why it is none on this board. */
export function parseCellName(size: number, text: string): Result<number> {
  const m = /^([a-s])([1-9][0-9]?)$/.exec(text.trim().toLowerCase());
  if (!m)
    return refuse('hex.notACell', `"${text.slice(0, 20)}" is not a cell: a column letter and a row number, such as c3`, {
      text: text.slice(0, 20),
    });
  const column = (m[1] as string).charCodeAt(0) - 97;
  const row = Number(m[2]) - 1;
  if (column >= size || row >= size) {
    const cell = text.trim().toLowerCase();
    return refuse('hex.offBoard', `${cell} is off the ${size}×${size} board`, { cell, size });
  }
  return ok(row * size + column);
}

/** The six neighbours of (c, r): (c±1, r), (c, r±1), (c+1, r−1), (c−1, r+1), those on the board. */
const STEPS: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
];

const neighbourTables = new Map<number, readonly (readonly number[])[]>();

/** Each cell's neighbours on an n×n board (made once a size). */
export function neighbours(size: number): readonly (readonly number[])[] {
  let table = neighbourTables.get(size);
  if (!table) {
    table = Array.from({ length: size * size }, (_, cell) =>
      STEPS.flatMap(([dc, dr]) => {
        const c = columnOf(size, cell) + dc;
        const r = rowOf(size, cell) + dr;
        return c >= 0 && r >= 0 && c < size && r < size ? [r * size + c] : [];
      }),
    );
    neighbourTables.set(size, table);
  }
  return table;
}

/** The cell reflected across the long diagonal (a1 to the far corner): (c, r) → (r, c). */
export const mirrored = (size: number, cell: number): number => columnOf(size, cell) * size + rowOf(size, cell);

/** The cell turned half way round the board's centre: (c, r) → (n−1−c, n−1−r). */
export const halfTurned = (size: number, cell: number): number => size * size - 1 - cell;
