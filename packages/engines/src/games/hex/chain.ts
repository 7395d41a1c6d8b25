import { type HexBoard, RED } from './board.ts';

/**
 * The winner's chain: their stones joined to both their sides (what a board shows as the win, side
 * branches included); empty while nobody has won.
 */
export function winningChain(board: HexBoard): number[] {
  if (board.winner === -1) return [];
  const side = board.winner;
  const edge = side === RED ? board.top : board.left;
  const cells: number[] = [];
  for (let cell = 0; cell < board.stones.length; cell++) if (board.stones[cell] === side && board.joined(cell, edge)) cells.push(cell);
  return cells;
}
