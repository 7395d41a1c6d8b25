import { CELLS, NEIGHBORS, ringBits } from './grid.ts';
import { ANT, BEETLE, bugOf, type Color, colorOf, LADYBUG, MOSQUITO, PIECES_PER_COLOR, PILLBUG, pieceId, QUEEN, SPIDER } from './pieces.ts';
import { isPinned, markPinned } from './pins.ts';
import { type HivePosition, MAX_HEIGHT } from './position.ts';

/**
 * The features of a Hive position that the evaluation weighs: one definition shared by the
 * evaluation (evaluate.ts) and the tuner (tune.ts), so that what is tuned is what is played.
 * Every feature is the side to move's count less the opponent's: swapping the colours negates
 * the vector, and the evaluation, a weighted sum, is antisymmetric by construction.
 */

/** Per bug (Q S B G A M L P), eight features each. */
export const F_MOVABLE = 0; // on top and free to leave its cell
export const F_IMMOVABLE = 8; // alone on its cell and pinned, or a crawler gated in
export const F_COVERED = 16; // under another piece
export const F_IN_HAND = 24;
/** A beetle or mosquito on top of a stack: it pins what it covers and cannot be gated. */
export const F_ON_TOP = 32;
/** One-hot: the own queen has n occupied neighbours (0 to 6). */
export const F_RING = 33;
/** The own queen's neighbours: own pieces that cannot leave, own pieces that can, enemy pieces. */
export const F_RING_OWN_STUCK = 40;
export const F_RING_OWN_FREE = 41;
export const F_RING_ENEMY = 42;
/** The own queen is under an enemy piece (cannot move, and its cell counts against it). */
export const F_QUEEN_COVERED = 43;
/** The own queen can leave its cell. */
export const F_QUEEN_FREE = 44;
/** The own queen is still in hand; and how many turns past the second it has stayed there. */
export const F_QUEEN_IN_HAND = 45;
export const F_QUEEN_LATE = 46;
/** Free ants, beetles, mosquitoes and ladybugs not yet at the enemy queen, while it has a liberty to fill. */
export const F_REACH = 47;
/** Free pieces one step from the enemy queen's ring (two cells from it). */
export const F_NEAR = 48;
/** Free ants, mosquitoes, ladybugs and beetles already beside the enemy queen (spent there, or pressing). */
export const F_AT_QUEEN = 49;
/** An own pillbug beside the own queen with an empty cell to throw to. */
export const F_PILLBUG_GUARD = 50;
/** The pillbug still in hand, with a cell beside the own queen where it could be placed. */
export const F_PILLBUG_READY = 51;
/** A free mosquito beside a beetle: it can move as one. */
export const F_MOSQUITO_BEETLE = 52;

export const FEATURE_COUNT = 53;

const BUG_LETTERS = 'QSBGAMLP';
/** Names for the weights file and the docs, in index order. */
export const FEATURE_NAMES: readonly string[] = [
  ...[...BUG_LETTERS].map((b) => `movable ${b}`),
  ...[...BUG_LETTERS].map((b) => `immovable ${b}`),
  ...[...BUG_LETTERS].map((b) => `covered ${b}`),
  ...[...BUG_LETTERS].map((b) => `in hand ${b}`),
  'on top',
  ...Array.from({ length: 7 }, (_, n) => `queen ring ${n}`),
  'ring own stuck',
  'ring own free',
  'ring enemy',
  'queen covered',
  'queen free',
  'queen in hand',
  'queen late',
  'reach enemy queen',
  'near enemy queen',
  'at enemy queen',
  'pillbug guard',
  'pillbug ready',
  'mosquito as beetle',
];

const LEFT = [5, 0, 1, 2, 3, 4];
const RIGHT = [1, 2, 3, 4, 5, 0];
/**
 * CAN_SLIDE[m]: can a crawler on a cell whose occupied neighbours are the bits of m slide out at
 * all (into an empty neighbour with exactly one of the two shared neighbours occupied)?
 * A crawler that cannot is as stuck as a pinned one.
 */
const CAN_SLIDE = Uint8Array.from({ length: 64 }, (_, m) => {
  for (let d = 0; d < 6; d++) {
    if (((m >> d) & 1) === 0 && ((m >> (LEFT[d] as number)) & 1) !== ((m >> (RIGHT[d] as number)) & 1)) return 1;
  }
  return 0;
});

// Scratch shared by one call at a time: the search evaluates one position at once.
let height: Uint8Array = new Uint8Array(0);
/** Per piece: 1 if it is on top of its cell and free to leave it. */
const free = new Uint8Array(2 * PIECES_PER_COLOR);
/** near[cell] === nearStamp[colour]: the cell is within two of that colour's queen; ring[cell] too: beside it. */
const near = [new Uint32Array(CELLS), new Uint32Array(CELLS)] as const;
const ring = [new Uint32Array(CELLS), new Uint32Array(CELLS)] as const;
const nearStamp = [0, 0];
/** One side's counts, written before they are subtracted. */
const side = [new Int32Array(FEATURE_COUNT), new Int32Array(FEATURE_COUNT)] as const;

const isCrawler = (bug: number): boolean => bug === QUEEN || bug === ANT || bug === PILLBUG || bug === SPIDER;

/** Marks which pieces can leave their cells, and counts them by bug into each side's vector. */
function countPieces(pos: HivePosition): void {
  const stack = pos.stack;
  for (let p = 0; p < 2 * PIECES_PER_COLOR; p++) {
    free[p] = 0;
    const cell = pos.where[p] as number;
    const v = side[colorOf(p)];
    const bug = bugOf(p);
    if (cell === -1) {
      v[F_IN_HAND + bug]++;
      continue;
    }
    if (cell < 0) continue;
    const h = height[cell] as number;
    if (stack[cell * MAX_HEIGHT + h - 1] !== p) {
      v[F_COVERED + bug]++;
      continue;
    }
    if (h > 1) {
      free[p] = 1;
      v[F_MOVABLE + bug]++;
      v[F_ON_TOP]++;
      continue;
    }
    if (isPinned(cell) || (isCrawler(bug) && CAN_SLIDE[ringBits(height, cell)] === 0)) {
      v[F_IMMOVABLE + bug]++;
      continue;
    }
    free[p] = 1;
    v[F_MOVABLE + bug]++;
  }
}

/** The own queen's ring, and the pillbug's guard of it. */
function countQueen(pos: HivePosition, color: Color): void {
  const v = side[color];
  const queen = pieceId(color, QUEEN);
  const cell = pos.where[queen] as number;
  if (cell < 0) {
    v[F_QUEEN_IN_HAND] = 1;
    v[F_QUEEN_LATE] = Math.max(0, pos.turnNumber - 2);
    return;
  }
  if (free[queen] === 1) v[F_QUEEN_FREE] = 1;
  if ((height[cell] as number) > 1) v[F_QUEEN_COVERED] = 1;
  const stack = pos.stack;
  const pillbug = pieceId(color, 13);
  let ring = 0;
  let placeable = false;
  for (let d = 0; d < 6; d++) {
    const c = NEIGHBORS[cell * 6 + d] as number;
    const h = height[c] as number;
    if (h === 0) {
      if (!placeable && touchesOnly(pos, c, color)) placeable = true;
      continue;
    }
    ring++;
    const top = stack[c * MAX_HEIGHT + h - 1] as number;
    if (colorOf(top) !== color) v[F_RING_ENEMY]++;
    else if (free[top] === 1) v[F_RING_OWN_FREE]++;
    else v[F_RING_OWN_STUCK]++;
    // A pillbug throws from where it stands, pinned or not, if nothing is on it and a cell is empty.
    if (top === pillbug && h === 1 && ringBits(height, c) !== 63) v[F_PILLBUG_GUARD] = 1;
  }
  v[F_RING + ring] = 1;
  if (placeable && pos.where[pillbug] === -1) v[F_PILLBUG_READY] = 1;
}

/** Could a piece of this colour be placed on this empty cell (no enemy piece on top beside it)? */
function touchesOnly(pos: HivePosition, cell: number, color: Color): boolean {
  for (let d = 0; d < 6; d++) {
    const top = pos.top(NEIGHBORS[cell * 6 + d] as number);
    if (top >= 0 && colorOf(top) !== color) return false;
  }
  return true;
}

/** Marks the cells within two of a queen (its ring and one step beyond). */
function markNear(color: Color, queenCell: number): void {
  const stamp = ++nearStamp[color];
  const marks = near[color];
  const beside = ring[color];
  for (let d = 0; d < 6; d++) {
    const c = NEIGHBORS[queenCell * 6 + d] as number;
    beside[c] = stamp;
    for (let e = 0; e < 6; e++) marks[NEIGHBORS[c * 6 + e] as number] = stamp;
  }
}

/** Free pieces that can reach the enemy queen's liberties soon. */
function countAttack(pos: HivePosition, color: Color): void {
  const enemy = (color ^ 1) as Color;
  const queenCell = pos.where[pieceId(enemy, QUEEN)] as number;
  if (queenCell < 0) return;
  const v = side[color];
  let liberty = false;
  for (let d = 0; d < 6; d++) if (height[NEIGHBORS[queenCell * 6 + d] as number] === 0) liberty = true;
  markNear(enemy, queenCell);
  const stamp = nearStamp[enemy];
  const marks = near[enemy];
  const first = color * PIECES_PER_COLOR;
  const stack = pos.stack;
  for (let p = first + 1; p < first + PIECES_PER_COLOR; p++) {
    if (free[p] === 0) continue;
    const cell = pos.where[p] as number;
    const bug = bugOf(p);
    const long = bug === ANT || bug === BEETLE || bug === MOSQUITO || bug === LADYBUG;
    if (ring[enemy][cell] === stamp) {
      if (long) v[F_AT_QUEEN]++;
      continue;
    }
    if (cell === queenCell) continue;
    if (long && liberty) v[F_REACH]++;
    if (marks[cell] === stamp) v[F_NEAR]++;
    if (bug === MOSQUITO) {
      for (let d = 0; d < 6; d++) {
        const c = NEIGHBORS[cell * 6 + d] as number;
        const h = height[c] as number;
        if (h > 0 && bugOf(stack[c * MAX_HEIGHT + h - 1] as number) === BEETLE) {
          v[F_MOSQUITO_BEETLE] = 1;
          break;
        }
      }
    }
  }
}

/**
 * Writes the position's features, the side to move's less the opponent's, into `out` (at least
 * FEATURE_COUNT long). Allocates nothing: it runs at every leaf of the search.
 */
export function hiveFeatures(pos: HivePosition, out: Int32Array | Float64Array): void {
  height = pos.height;
  markPinned(pos);
  side[0].fill(0);
  side[1].fill(0);
  countPieces(pos);
  countQueen(pos, 0);
  countQueen(pos, 1);
  countAttack(pos, 0);
  countAttack(pos, 1);
  const own = side[pos.turn];
  const other = side[pos.turn ^ 1] as Int32Array;
  for (let f = 0; f < FEATURE_COUNT; f++) out[f] = (own[f] as number) - (other[f] as number);
}
