import { columnOf, rowOf } from './cells.ts';
import type { HexMove, HexState } from './game.ts';

/**
 * The pie rule decided from a table, not searched: a second's search cannot tell a first stone's
 * worth, which solved boards and the strong programs' swap tables do (MoHex's, drawn from solved
 * 8×8 and 9×9 openings and expert play, swaps most stones two or more rows and columns in from every
 * side on 9×9, and on 11×11 most stones off the first row and column). hexarena's table is that
 * outline, not a copy of it:
 * - a stone two or more rows and columns in from every side is swapped; from 10×10 up, one on the
 *   second row or column too; on any board the second-row stone beside an obtuse corner (h2, b8 on
 *   9×9: MoHex opens 9×9 with h2, and it won the games hexarena left it);
 * - as first player, the stone goes on the first row next to the obtuse top-right corner (h1 on 9×9,
 *   j1 on 11×11): an edge stone, which the table above does not swap, near the corner where edge
 *   stones are strongest.
 */

/** Whether the first stone `cell` on an n×n board is worth taking by the pie rule. */
export function worthSwapping(n: number, cell: number): boolean {
  const c = columnOf(n, cell);
  const r = rowOf(n, cell);
  const fromSides = Math.min(c, r, n - 1 - c, n - 1 - r);
  // The second-row stone beside an obtuse corner (h2 and b8 on 9×9): MoHex's table swaps it, and
  // MoHex opens 9×9 with it.
  const besideObtuse = (c === n - 2 && r === 1) || (c === 1 && r === n - 2);
  return fromSides >= (n >= 10 ? 1 : 2) || besideObtuse;
}

/** The first stone with the pie rule: on the first row, next to the obtuse top-right corner. */
export function firstStone(n: number): number {
  return n - 2;
}

/** The move the opening table gives here (the first stone, or the answer to it), or null: search. */
export function openingMove(state: HexState): HexMove | null {
  const { board } = state;
  if (!board.pie || board.size < 7) return null;
  if (board.plies === 0) return { kind: 'place', cell: firstStone(board.size) };
  if (board.maySwap && worthSwapping(board.size, board.history[0] as number)) return { kind: 'swap' };
  return null;
}
