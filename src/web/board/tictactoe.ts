import { formatCell, type TicTacToeMove, type TicTacToeState, tictactoe } from '../../games/tictactoe/index.ts';
import { type BoardState, boardState } from './selection.ts';

/** Tic-tac-toe: every free cell ("a1".."c3") places a mark in one click. */
export function tictactoeBoard(state: TicTacToeState, movable: boolean): BoardState<string, TicTacToeMove> {
  const direct = new Map(tictactoe.legalMoves(state).map((m) => [formatCell(m.cell), m] as const));
  return boardState(new Map(), direct, movable && tictactoe.result(state) === null);
}
