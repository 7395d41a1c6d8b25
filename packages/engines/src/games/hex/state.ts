import type { HexBoard } from './board.ts';

/** A position of the contract: the board, never changed once made (play makes another). */
export interface HexState {
  readonly board: HexBoard;
}
