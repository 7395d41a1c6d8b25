import type { Rng } from '../../engine/rng.ts';
import { type DiceWarsBoard, gridNeighbours, isConnected, makeBoard } from './board.ts';

/** Map sizes: the original's 28 × 32, and a smaller and a larger one with proportionate territory limits. */
export const MAP_PRESETS = {
  small: { cols: 20, rows: 24, maxTerritories: 17 },
  classic: { cols: 28, rows: 32, maxTerritories: 31 },
  large: { cols: 36, rows: 40, maxTerritories: 50 },
} as const;
export type MapPreset = keyof typeof MAP_PRESETS;

/** The original's neighbour order when it fills a hole, as indices of DIRECTIONS (0 = NW … 5 = W). */
const HOLE_SCAN = [1, 2, 3, 4, 5, 0] as const;

/** Territories this small become sea. */
const MIN_TERRITORY = 6;
/** A territory's core grows to at most this many cells before its ring is added. */
const CORE_CELLS = 8;

/**
 * The original DiceWars map procedure. Cells get a random rank; the free candidate with the
 * lowest rank seeds a territory whose core grows, lowest rank first, up to 8 cells; then the whole
 * ring of free cells around the core joins it, and every cell next to the ring becomes a candidate.
 * Then holes are filled and small territories sink. Disconnected maps are drawn again.
 */
export function generateClassicMap(rng: Rng, preset: MapPreset = 'classic'): DiceWarsBoard {
  const { cols, rows, maxTerritories } = MAP_PRESETS[preset];
  const neighbours = gridNeighbours('odd-r', cols, rows);
  for (;;) {
    const board = drawMap(rng, cols, rows, maxTerritories, neighbours);
    if (board.territories >= 2 && isConnected(board)) return board;
  }
}

function drawMap(rng: Rng, cols: number, rows: number, maxTerritories: number, nb: Int32Array): DiceWarsBoard {
  const n = cols * rows;
  const rank = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  const area = new Int16Array(n); // 0 = free, else territory number from 1
  // Seed candidates in a min-heap by rank; cells taken since they were pushed are skipped when popped.
  const heap = new MinHeap(rank);
  const isCandidate = new Uint8Array(n);
  const first = rng.int(n);
  isCandidate[first] = 1;
  heap.push(first);
  const touchedStamp = new Int32Array(n);
  const touched: number[] = [];

  let next = 1;
  while (next <= maxTerritories) {
    let seed = -1;
    while (heap.size > 0) {
      const c = heap.pop();
      if (area[c] === 0) {
        seed = c;
        break;
      }
    }
    if (seed < 0) break;
    touched.length = 0;
    let cell = seed;
    let size = 0;
    for (;;) {
      area[cell] = next;
      size++;
      for (let d = 0; d < 6; d++) {
        const m = nb[cell * 6 + d] as number;
        if (m >= 0 && touchedStamp[m] !== next) {
          touchedStamp[m] = next;
          touched.push(m);
        }
      }
      // The core grows into the free touched cell of lowest rank.
      let grow = -1;
      for (const m of touched) if (area[m] === 0 && (grow < 0 || (rank[m] as number) < (rank[grow] as number))) grow = m;
      if (grow < 0 || size >= CORE_CELLS) break;
      cell = grow;
    }
    for (const i of touched) {
      if (area[i] !== 0) continue;
      area[i] = next;
      for (let d = 0; d < 6; d++) {
        const m = nb[i * 6 + d] as number;
        if (m >= 0 && !isCandidate[m]) {
          isCandidate[m] = 1;
          heap.push(m);
        }
      }
    }
    next++;
  }

  fillHoles(area, nb);

  const sizes = new Int32Array(next);
  for (let i = 0; i < n; i++) sizes[area[i] as number] = (sizes[area[i] as number] as number) + 1;
  const renumber = new Int16Array(next).fill(-1);
  let territories = 0;
  for (let a = 1; a < next; a++) if ((sizes[a] as number) >= MIN_TERRITORY) renumber[a] = territories++;
  const cellTerritory = Int16Array.from(area, (a) => (a === 0 ? -1 : (renumber[a] as number)));
  return makeBoard('odd-r', cols, rows, cellTerritory, territories);
}

/**
 * A free cell whose in-grid neighbours are all land is a hole: it joins the last land neighbour in
 * the original's scan order (NE, E, SE, SW, W, NW). Cells are taken in index order, and a filled
 * hole is land for the cells after it, as in the original.
 */
export function fillHoles(area: Int16Array, nb: Int32Array): void {
  for (let i = 0; i < area.length; i++) {
    if (area[i] !== 0) continue;
    let open = false;
    let land = 0;
    for (const d of HOLE_SCAN) {
      const m = nb[i * 6 + d] as number;
      if (m < 0) continue;
      if (area[m] === 0) open = true;
      else land = area[m] as number;
    }
    if (!open && land > 0) area[i] = land;
  }
}

/** A binary min-heap of cells ordered by their rank. */
class MinHeap {
  private readonly items: number[] = [];
  constructor(private readonly rank: readonly number[]) {}

  get size(): number {
    return this.items.length;
  }

  push(cell: number): void {
    const a = this.items;
    a.push(cell);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.rank[a[parent] as number] as number) <= (this.rank[cell] as number)) break;
      a[i] = a[parent] as number;
      i = parent;
    }
    a[i] = cell;
  }

  pop(): number {
    const a = this.items;
    const top = a[0] as number;
    const last = a.pop() as number;
    if (a.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const r = l + 1;
        const c = r < a.length && (this.rank[a[r] as number] as number) < (this.rank[a[l] as number] as number) ? r : l;
        if ((this.rank[a[c] as number] as number) >= (this.rank[last] as number)) break;
        a[i] = a[c] as number;
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}
