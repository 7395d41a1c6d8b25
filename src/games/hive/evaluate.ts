import { NEIGHBORS } from './grid.ts';
import { ANT, BEETLE, bugOf, type Color, colorOf, LADYBUG, MOSQUITO, PIECES_PER_COLOR, PILLBUG, pieceId, QUEEN } from './pieces.ts';
import { isPinned, markPinned } from './pins.ts';
import { type HiveMove, type HivePosition, MAX_HEIGHT, PASS } from './position.ts';

/**
 * A static evaluation of a Hive position, in hundredths of a piece, for the side to move.
 * What decides Hive is the queens: how many neighbours each has, and who can still bring or take
 * pieces away. Mobility is approximated by which pieces are free to move at all (not pinned,
 * not covered): computing full move lists for both sides would cost more than it tells.
 */

/** Pressure on a queen by its number of occupied neighbours: the last two are nearly decisive. */
const QUEEN_PRESSURE = [0, 12, 30, 60, 120, 260, 0];
/** What a free piece on the board is worth, by bug (Q S B G A M L P). */
const FREE_VALUE = [12, 18, 30, 22, 45, 35, 28, 22];
/** A piece in hand can still go anywhere it is needed: worth a share of a free one. */
const HAND_VALUE = [0, 10, 16, 12, 26, 20, 16, 12];

function sideScore(pos: HivePosition, color: Color): number {
  const height = pos.height;
  const stack = pos.stack;
  let score = 0;
  const enemyQueen = pos.where[pieceId((color ^ 1) as Color, QUEEN)] as number;
  const ownQueen = pos.where[pieceId(color, QUEEN)] as number;

  if (ownQueen >= 0) {
    let occupied = 0;
    let ownPillbugNear = false;
    for (let d = 0; d < 6; d++) {
      const c = NEIGHBORS[ownQueen * 6 + d] as number;
      const h = height[c] as number;
      if (h === 0) continue;
      occupied++;
      const top = stack[c * MAX_HEIGHT + h - 1] as number;
      if (colorOf(top) === color && bugOf(top) === PILLBUG) ownPillbugNear = true;
    }
    score -= QUEEN_PRESSURE[occupied] as number;
    if (ownPillbugNear) score += 25;
    // An enemy on top of the queen pins it and counts as a neighbour that cannot be thrown off.
    if ((height[ownQueen] as number) > 1) score -= 90;
    else if (!isPinned(ownQueen)) score += 15;
  } else {
    // The queen must come in by the fourth turn; without it nothing moves.
    score -= 20 * Math.max(0, pos.turnNumber - 2);
  }

  const first = color * PIECES_PER_COLOR;
  for (let p = first; p < first + PIECES_PER_COLOR; p++) {
    const cell = pos.where[p] as number;
    const bug = bugOf(p);
    if (cell === -1) {
      score += HAND_VALUE[bug] as number;
      continue;
    }
    if (cell < 0) continue;
    const h = height[cell] as number;
    if (stack[cell * MAX_HEIGHT + h - 1] !== p) continue; // covered: worth nothing now
    if (h === 1 && isPinned(cell)) {
      // A pinned piece beside the enemy queen still presses on it; elsewhere it is dead weight.
      continue;
    }
    score += FREE_VALUE[bug] as number;
    if (h > 1 && (bug === BEETLE || bug === MOSQUITO)) score += 20;
    if (enemyQueen >= 0 && cell !== enemyQueen) {
      // Free attackers next to the enemy queen can keep it closed; ants and beetles best.
      for (let d = 0; d < 6; d++) {
        if (NEIGHBORS[cell * 6 + d] === enemyQueen) {
          score += bug === ANT || bug === BEETLE || bug === MOSQUITO || bug === LADYBUG ? 8 : 4;
          break;
        }
      }
    }
  }
  return score;
}

export function evaluateHive(pos: HivePosition): number {
  markPinned(pos);
  return sideScore(pos, pos.turn) - sideScore(pos, (pos.turn ^ 1) as Color);
}

/** Do two cells touch? (False when either is off the board.) Module-level: it runs in the search's inner loop. */
function touches(cell: number, target: number): boolean {
  if (cell < 0 || target < 0) return false;
  for (let d = 0; d < 6; d++) if (NEIGHBORS[cell * 6 + d] === target) return true;
  return false;
}

/** Moves that close in on the enemy queen are tried first; moves that free one's own next. */
export function hiveMoveOrder(pos: HivePosition, move: HiveMove): number {
  if (move === PASS) return 0;
  const piece = move & 31;
  const to = (move >> 5) & 1023;
  const from = pos.where[piece] as number;
  const me = colorOf(piece) === pos.turn ? pos.turn : ((pos.turn ^ 1) as Color);
  const enemyQueen = pos.where[pieceId((me ^ 1) as Color, QUEEN)] as number;
  const ownQueen = pos.where[pieceId(me, QUEEN)] as number;
  let score = 0;
  if (colorOf(piece) !== pos.turn) score += touches(from, ownQueen) ? 3 : 1; // a throw, best off our queen
  if (touches(to, enemyQueen) && !touches(from, enemyQueen)) score += 4;
  if (to === enemyQueen) score += 4;
  if (touches(from, ownQueen) && !touches(to, ownQueen)) score += 2;
  if (from >= 0) score += 1; // a move usually does more than a placement
  return score;
}
