import { NEIGHBORS, ORIGIN_CELL } from '@hexarena/engines/games/hive/grid.ts';
import { displayCoordinates } from '@hexarena/engines/games/hive/layout.ts';
import { bugOf, type Color, PIECE_COUNT, PIECES_PER_COLOR, pieceId } from '@hexarena/engines/games/hive/pieces.ts';
import { HivePosition, IN_HAND, MAX_HEIGHT, movePiece, moveTo, PASS } from '@hexarena/engines/games/hive/position.ts';
import { add, DIRECTIONS, type Hex, ORIGIN, subtract } from '@hexarena/engines/hex/coords.ts';
import { SEED_TYPES, type SeedView, toOffset } from './board.ts';

/**
 * hexarena's referee's own view of its game in the seed's terms. The first piece stands at (0, 0)
 * and every piece keeps the numbers it arrived with, followed move by move: the engine's board is a
 * 32 × 32 torus, and numbers read off it alone would jump by 32 where the hive crosses its seam.
 * The pieces left to set come in hexarena's piece order (queen, spiders, beetles, …).
 */
export function refereeView(pos: HivePosition): SeedView {
  return { cells: trackedCells(pos), hands: [handOf(pos, 0), handOf(pos, 1)] };
}

function handOf(pos: HivePosition, color: Color): string[] {
  const hand: string[] = [];
  for (let i = 0; i < PIECES_PER_COLOR; i++) {
    const p = pieceId(color, i);
    if (pos.where[p] === IN_HAND) hand.push(SEED_TYPES[bugOf(p)] as string);
  }
  return hand;
}

/** Each cell of the hive and next to it, at the coordinates its pieces were given when they arrived. */
function trackedCells(pos: HivePosition): Map<number, { x: number; y: number }> {
  const at = where(pos);
  let anchor = -1;
  for (let p = 0; p < PIECE_COUNT && anchor < 0; p++) if ((pos.where[p] as number) >= 0) anchor = p;
  if (anchor < 0) return new Map([[ORIGIN_CELL, { x: 0, y: 0 }]]);
  // From one piece's place, the rest of the hive by steps: a hive of 28 pieces is far narrower than the torus.
  const shown = displayCoordinates(pos);
  const anchorCell = pos.where[anchor] as number;
  const shift = subtract(at.get(anchor) ?? (shown.get(anchorCell) as Hex), shown.get(anchorCell) as Hex);
  return new Map([...shown].map(([cell, h]) => [cell, toOffset(add(h, shift))]));
}

/**
 * Where each piece on the board stands, from the game's moves: a piece that arrives goes on top of
 * a stack, or next to a piece already placed (every move ends touching the hive). A position set up
 * without its moves (`fromStart` false) has none to follow: its pieces are read off the board.
 */
function where(pos: HivePosition): Map<number, Hex> {
  const at = new Map<number, Hex>();
  if (!pos.fromStart) return at;
  const replay = new HivePosition(pos.options);
  for (const move of pos.history()) {
    replay.make(move);
    if (move === PASS) continue;
    const piece = movePiece(move);
    const to = moveTo(move);
    let h: Hex = ORIGIN;
    if ((replay.height[to] as number) > 1) h = at.get(replay.stack[to * MAX_HEIGHT] as number) as Hex;
    else
      for (let d = 0; d < 6; d++) {
        const next = NEIGHBORS[to * 6 + d] as number;
        if (replay.height[next] === 0) continue;
        h = subtract(at.get(replay.stack[next * MAX_HEIGHT] as number) as Hex, DIRECTIONS[d] as Hex);
        break;
      }
    at.set(piece, h);
  }
  return at;
}
