import { type BoardState, boardState } from '../../engine/board-interaction.ts';
import { formatCell, LINES } from './board.ts';
import { type TicTacToeMove, type TicTacToeState, tictactoe } from './game.ts';

/** Tic-tac-toe: every free cell ("a1".."c3") places a mark in one click. */
export function tictactoeBoard(state: TicTacToeState, movable: boolean): BoardState<string, TicTacToeMove> {
  const direct = new Map(tictactoe.legalMoves(state).map((m) => [formatCell(m.cell), m] as const));
  return boardState(new Map(), direct, movable && tictactoe.result(state) === null);
}

/** The line of three that won the game, as cell names ("a1"), for the final position to show. */
export function winningCells(state: TicTacToeState): string[] {
  const line = LINES.find(([a, b, c]) => state.board[a] !== null && state.board[a] === state.board[b] && state.board[a] === state.board[c]);
  return line ? line.map(formatCell) : [];
}
