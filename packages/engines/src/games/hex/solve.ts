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
  private readonly memo = new Map<number, boolean>();
  private readonly order: number[];

  constructor(private readonly size: number) {
    this.all = size * size;
    // The centre first: where wins are found soonest.
    const mid = (size - 1) / 2;
    const far = (c: number) => Math.abs(columnOf(size, c) - mid) + Math.abs(rowOf(size, c) - mid);
    this.order = Array.from({ length: this.all }, (_, c) => c).sort((a, b) => far(a) - far(b));
  }

  /** Whether the side to move (`side`: 0 Red, 1 Blue) wins, Red and Blue holding these stones. */
  wins(red: number, blue: number, side: number): boolean {
    // The player who just moved may have joined their sides.
    if (this.joined(side === 0 ? blue : red, side === 0 ? 1 : 0)) return false;
    const key = red * 2 ** this.all + blue;
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
    const n = this.size;
    const first = (c: number) => (side === 0 ? rowOf(n, c) === 0 : columnOf(n, c) === 0);
    const last = (c: number) => (side === 0 ? rowOf(n, c) === n - 1 : columnOf(n, c) === n - 1);
    const table = neighbours(n);
    let seen = 0;
    const stack: number[] = [];
    for (let c = 0; c < this.all; c++)
      if (stones & (1 << c) && first(c)) {
        seen |= 1 << c;
        stack.push(c);
      }
    while (stack.length > 0) {
      const c = stack.pop() as number;
      if (last(c)) return true;
      for (const next of table[c] as readonly number[])
        if (stones & (1 << next) && !(seen & (1 << next))) {
          seen |= 1 << next;
          stack.push(next);
        }
    }
    return false;
  }
}
