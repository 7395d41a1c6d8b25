import type { GameAi } from '../../engine/game.ts';
import { formatBoard } from './board.ts';
import type { TicTacToeMove, TicTacToeState } from './game.ts';
import { canonicalBoard } from './symmetry.ts';

/** What tic-tac-toe gives the AIs: it is small enough to solve, and its positions have exact keys. */
export const tictactoeAi: GameAi<TicTacToeState, TicTacToeMove> & {
  positionKey(state: TicTacToeState): string;
  symmetryKey(state: TicTacToeState): string;
} = {
  solvable: true,
  positionKey: (state) => formatBoard(state.board),
  symmetryKey: (state) => canonicalBoard(state.board),
};
