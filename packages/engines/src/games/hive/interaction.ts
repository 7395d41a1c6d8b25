import { type BoardState, boardState, groupDests } from '../../engine/board-interaction.ts';
import type { Hex } from '../../hex/coords.ts';
import { type HiveState, hive } from './game.ts';
import { displayCoordinates } from './layout.ts';
import { colorOf, formatPiece, inGame, PIECE_COUNT, pieceId, QUEEN } from './pieces.ts';
import { type HiveMove, type HivePosition, IN_HAND, MAX_HEIGHT, movePiece, moveTo, PASS } from './position.ts';

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
      const piece = movePiece(m);
      const from = pos.where[piece] as number;
      return { from: from < 0 ? `hand:${formatPiece(piece)}` : keyOf(from), to: keyOf(moveTo(m)), move: m };
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

/** The pieces on a cell, bottom first (a beetle or mosquito may sit on others). */
export function stackAt(pos: HivePosition, cell: number): number[] {
  return Array.from({ length: pos.height[cell] as number }, (_, i) => pos.stack[cell * MAX_HEIGHT + i] as number);
}

/** The cell the last move went to, for the board to mark; null before the first move and after a pass. */
export function lastMoveCell(pos: HivePosition): number | null {
  const last = pos.history().at(-1);
  return last === undefined || last === PASS ? null : moveTo(last);
}

/** The pieces of `color` still in hand, in the order a hand shows them. */
export function handOf(pos: HivePosition, color: 0 | 1): number[] {
  const pieces: number[] = [];
  for (let p = color * 14; p < color * 14 + 14 && p < PIECE_COUNT; p++)
    if (inGame(p, pos.expansions) && pos.where[p] === IN_HAND) pieces.push(p);
  return pieces;
}

/**
 * The position as `color` would find it were the opponent to pass: a premove's board shows that
 * player's moves there on the opponent's turn (the rules judge the move queued when the turn
 * comes). The position itself when it is `color`'s turn; null once the game is over.
 */
export function hivePremoveState(state: HiveState, color: 0 | 1): HiveState | null {
  if (hive.result(state) !== null) return null;
  if (state.pos.turn === color) return state;
  const pos = state.pos.clone();
  pos.make(PASS);
  return { ...state, pos };
}
