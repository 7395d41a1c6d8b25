import type { GameAi } from '../../engine/game.ts';
import { MAX_SIZE } from './cells.ts';
import { type HexMove, type HexState, hexSearchPosition, toHexMove } from './game.ts';
import { hexMctsAgent } from './mcts.ts';

/**
 * What Hex gives the AIs: exact position keys, its board made and unmade in place for the alpha-beta
 * levels, and its own top level, a Monte-Carlo tree search (mcts.ts).
 */
export const hexAi: GameAi<HexState, HexMove> & { positionKey(state: HexState): string } = {
  positionKey: (state) =>
    `${state.board.size}:${state.board.turn}:${state.board.maySwap ? 's' : ''}:${Array.from(state.board.stones, (s) => '.rb'[s + 1]).join('')}`,
  search: {
    open: hexSearchPosition,
    toMove: (_state, plies) => toHexMove(plies[0] as number),
    maxMoves: MAX_SIZE * MAX_SIZE + 1,
  },
  agents: { max: hexMctsAgent('max') },
};
