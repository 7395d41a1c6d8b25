import type { Hex } from '../../hex/coords.ts';
import { DIRECTIONS } from '../../hex/coords.ts';
import { oddRToAxial } from '../../hex/offset.ts';

/**
 * The map both rule sets play on: a grid of hex cells grouped into territories (in the strength
 * rule set every passable cell is a territory of its own), and which territories touch.
 * Immutable once made; positions share it.
 */
export interface DiceWarsBoard {
  /** 'odd-r': a cols × rows offset grid (classic). 'axial': an N × N rhombus (strength). */
  readonly grid: 'odd-r' | 'axial';
  readonly cols: number;
  readonly rows: number;
  /** For each grid cell (row-major): its territory, or -1 for sea / blocked cells. */
  readonly cellTerritory: Int16Array;
  readonly territories: number;
  /** Neighbouring territories of t: adjacency[adjStart[t] .. adjStart[t + 1]). */
  readonly adjStart: Int32Array;
  readonly adjacency: Int16Array;
}

/** Axial coordinates of a grid cell, for drawing and for neighbour tests. */
export function cellHex(board: Pick<DiceWarsBoard, 'grid' | 'cols'>, cell: number): Hex {
  const col = cell % board.cols;
  const row = Math.floor(cell / board.cols);
  return board.grid === 'odd-r' ? oddRToAxial({ col, row }) : { q: col, r: row };
}

const neighbourTables = new Map<string, Int32Array>();

/** The in-grid neighbours of every cell: NEIGHBOURS[cell * 6 + d], or -1 off the grid. Made once per grid shape. */
export function gridNeighbours(grid: 'odd-r' | 'axial', cols: number, rows: number): Int32Array {
  const key = `${grid}/${cols}/${rows}`;
  const cached = neighbourTables.get(key);
  if (cached) return cached;
  const table = new Int32Array(cols * rows * 6).fill(-1);
  const index = new Map<string, number>();
  for (let cell = 0; cell < cols * rows; cell++) {
    const h = cellHex({ grid, cols }, cell);
    index.set(`${h.q},${h.r}`, cell);
  }
  for (let cell = 0; cell < cols * rows; cell++) {
    const h = cellHex({ grid, cols }, cell);
    for (let d = 0; d < 6; d++) {
      const dir = DIRECTIONS[d] as Hex;
      table[cell * 6 + d] = index.get(`${h.q + dir.q},${h.r + dir.r}`) ?? -1;
    }
  }
  neighbourTables.set(key, table);
  return table;
}

/** Builds the territory graph from a cell → territory map. */
export function makeBoard(
  grid: 'odd-r' | 'axial',
  cols: number,
  rows: number,
  cellTerritory: Int16Array,
  territories: number,
): DiceWarsBoard {
  const neighbours = gridNeighbours(grid, cols, rows);
  const sets = Array.from({ length: territories }, () => new Set<number>());
  for (let cell = 0; cell < cellTerritory.length; cell++) {
    const t = cellTerritory[cell] as number;
    if (t < 0) continue;
    for (let d = 0; d < 6; d++) {
      const n = neighbours[cell * 6 + d] as number;
      const u = n < 0 ? -1 : (cellTerritory[n] as number);
      if (u >= 0 && u !== t) sets[t]?.add(u);
    }
  }
  const adjStart = new Int32Array(territories + 1);
  const list: number[] = [];
  for (let t = 0; t < territories; t++) {
    adjStart[t] = list.length;
    list.push(...[...(sets[t] as Set<number>)].sort((a, b) => a - b));
  }
  adjStart[territories] = list.length;
  return { grid, cols, rows, cellTerritory, territories, adjStart, adjacency: Int16Array.from(list) };
}

export function neighboursOf(board: DiceWarsBoard, t: number): Int16Array {
  return board.adjacency.subarray(board.adjStart[t], board.adjStart[t + 1]);
}

/** Is every territory reachable from every other? (An island would make the game unwinnable.) */
export function isConnected(board: DiceWarsBoard): boolean {
  if (board.territories === 0) return false;
  const seen = new Uint8Array(board.territories);
  const stack = [0];
  seen[0] = 1;
  let count = 1;
  while (stack.length > 0) {
    const t = stack.pop() as number;
    for (const u of neighboursOf(board, t)) {
      if (seen[u]) continue;
      seen[u] = 1;
      count++;
      stack.push(u);
    }
  }
  return count === board.territories;
}

/** Size of the largest group of connected territories owned by `seat` (what reinforcement pays). */
export function largestGroup(board: DiceWarsBoard, owner: Int8Array, seat: number, scratch = new Int16Array(board.territories)): number {
  const seen = new Uint8Array(board.territories);
  let best = 0;
  for (let t = 0; t < board.territories; t++) {
    if (owner[t] !== seat || seen[t]) continue;
    let size = 0;
    let top = 0;
    scratch[top++] = t;
    seen[t] = 1;
    while (top > 0) {
      const u = scratch[--top] as number;
      size++;
      for (let e = board.adjStart[u] as number; e < (board.adjStart[u + 1] as number); e++) {
        const v = board.adjacency[e] as number;
        if (!seen[v] && owner[v] === seat) {
          seen[v] = 1;
          scratch[top++] = v;
        }
      }
    }
    if (size > best) best = size;
  }
  return best;
}

/** The cells of each territory (for drawing outlines and for the text map). */
export function territoryCells(board: DiceWarsBoard): number[][] {
  const cells: number[][] = Array.from({ length: board.territories }, () => []);
  for (let cell = 0; cell < board.cellTerritory.length; cell++) {
    const t = board.cellTerritory[cell] as number;
    if (t >= 0) cells[t]?.push(cell);
  }
  return cells;
}
