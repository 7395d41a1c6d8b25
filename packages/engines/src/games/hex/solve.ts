import { columnOf, neighbours, rowOf } from './cells.ts';

/**
 * Hex solved exactly on small boards (up to 5×5, without the pie rule), by proof search: the first
 * moves with which the first player wins against any defence. Positions are two bit masks (Red's
 * stones, Blue's), remembered once decided; a win is found by flooding from a side.
 */
export function winningFirstMoves(size: number): number[] {
  if (size < 1 || size > 5) throw new Error('the exact solver is for boards of 1×1 to 5×5');
  const solver = new SmallHexSolver(size);
  const winners: number[] = [];
  for (let cell = 0; cell < size * size; cell++) if (!solver.wins(1 << cell, 0, 1)) winners.push(cell);
  return winners;
}

class SmallHexSolver {
  private readonly all: number;
  /** 2 to the number of cells: Red's stones above Blue's in a position's key. */
  private readonly redPlace: number;
  private readonly memo = new Map<number, boolean>();
  private readonly order: number[];
  /** Each cell's neighbours as a bit mask. */
  private readonly around: number[];
  /** By side (0 Red, 1 Blue): the cells of the side a chain starts from, and of the one it must reach. */
  private readonly firstEdge: [number, number];
  private readonly lastEdge: [number, number];

  constructor(size: number) {
    this.all = size * size;
    this.redPlace = 2 ** this.all;
    const n = size;
    const cells = Array.from({ length: this.all }, (_, c) => c);
    const table = neighbours(n);
    this.around = cells.map((c) => (table[c] as readonly number[]).reduce((mask, next) => mask | (1 << next), 0));
    const edge = (on: (c: number) => boolean) => cells.reduce((mask, c) => (on(c) ? mask | (1 << c) : mask), 0);
    this.firstEdge = [edge((c) => rowOf(n, c) === 0), edge((c) => columnOf(n, c) === 0)];
    this.lastEdge = [edge((c) => rowOf(n, c) === n - 1), edge((c) => columnOf(n, c) === n - 1)];
    // The centre first: where wins are found soonest.
    const mid = (size - 1) / 2;
    const far = (c: number) => Math.abs(columnOf(size, c) - mid) + Math.abs(rowOf(size, c) - mid);
    this.order = Array.from({ length: this.all }, (_, c) => c).sort((a, b) => far(a) - far(b));
  }

  /** Whether the side to move (`side`: 0 Red, 1 Blue) wins, Red and Blue holding these stones. */
  wins(red: number, blue: number, side: number): boolean {
    // The player who just moved may have joined their sides.
    if (this.joined(side === 0 ? blue : red, side === 0 ? 1 : 0)) return false;
    const key = red * this.redPlace + blue;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    let won = false;
    for (const cell of this.order) {
      const bit = 1 << cell;
      if ((red | blue) & bit) continue;
      if (side === 0 ? !this.wins(red | bit, blue, 1) : !this.wins(red, blue | bit, 0)) {
        won = true;
        break;
      }
    }
    this.memo.set(key, won);
    return won;
  }

  /** Whether `stones` of `side` join its two sides (Red: the top and bottom rows; Blue: the left and right columns). */
  private joined(stones: number, side: number): boolean {
    // A flood over bit masks: every node of the proof search asks this, so it allocates nothing.
    const last = this.lastEdge[side] as number;
    let seen = stones & (this.firstEdge[side] as number);
    let frontier = seen;
    while (frontier !== 0) {
      if (frontier & last) return true;
      let next = 0;
      for (let rest = frontier; rest !== 0; rest &= rest - 1) next |= this.around[31 - Math.clz32(rest & -rest)] as number;
      frontier = next & stones & ~seen;
      seen |= frontier;
    }
    return false;
  }
}
