import { type HiveState, hive } from '../../../games/hive/game.ts';
import { displayCoordinates } from '../../../games/hive/layout.ts';
import { colorOf, formatPiece, pieceId, QUEEN } from '../../../games/hive/pieces.ts';
import { type HiveMove, MAX_HEIGHT, PASS } from '../../../games/hive/position.ts';
import type { Hex } from '../../../hex/coords.ts';
import { type BoardState, boardState, groupDests } from '../../board/selection.ts';

export const cellKey = (h: Hex): string => `${h.q},${h.r}`;

/**
 * Hive: origins are the cells of pieces that may move (a pillbug's victims included: a throw is
 * the thrown piece's move) and the pieces in hand ("hand:wS1"); destinations are cells. Pass,
 * when it is the only move, is a direct key "pass".
 */
export function hiveBoard(
  state: HiveState,
  movable: boolean,
  coords: ReadonlyMap<number, Hex> = displayCoordinates(state.pos),
): BoardState<string, HiveMove> {
  const { pos } = state;
  const legal = hive.legalMoves(state);
  // An empty board has no coordinates yet: the first piece goes to the origin.
  const keyOf = (cell: number): string => cellKey(coords.get(cell) ?? { q: 0, r: 0 });
  const moves = legal
    .filter((m) => m !== PASS)
    .map((m) => {
      const piece = m & 31;
      const from = pos.where[piece] as number;
      return { from: from < 0 ? `hand:${formatPiece(piece)}` : keyOf(from), to: keyOf((m >> 5) & 1023), move: m };
    });
  const direct = new Map<string, HiveMove>(legal.includes(PASS) ? [['pass', PASS]] : []);
  return boardState(groupDests(moves), direct, movable && hive.result(state) === null);
}

/**
 * The cells holding the opponent's pieces that the mover may throw (with a pillbug, or a mosquito
 * copying one): the board marks them, since a throw starts from the thrown piece.
 */
export function throwableCells(state: HiveState, board: BoardState<string, HiveMove>, coords = displayCoordinates(state.pos)): string[] {
  const { pos } = state;
  const out: string[] = [];
  for (const [cell, h] of coords) {
    const height = pos.height[cell] as number;
    if (height === 0) continue;
    const top = pos.stack[cell * MAX_HEIGHT + height - 1] as number;
    const key = cellKey(h);
    if (colorOf(top) !== pos.turn && (board.dests.get(key)?.length ?? 0) > 0) out.push(key);
  }
  return out;
}

/** The surrounded queens that ended the game (one, or both for a draw), as board keys. */
export function surroundedQueens(state: HiveState, coords: ReadonlyMap<number, Hex> = displayCoordinates(state.pos)): string[] {
  return ([0, 1] as const).flatMap((color) => {
    if (!state.pos.queenSurrounded(color)) return [];
    const h = coords.get(state.pos.where[pieceId(color, QUEEN)] as number);
    return h ? [cellKey(h)] : [];
  });
}
