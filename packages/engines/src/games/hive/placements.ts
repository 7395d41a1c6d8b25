import { bitCount } from './bits.ts';
import { CELLS, NEIGHBORS, ORIGIN_CELL, SIZE } from './grid.ts';
import { type Color, nextOfEachBug, PIECES_PER_COLOR, QUEEN } from './pieces.ts';
import type { HivePosition } from './position.ts';

/**
 * Placements: which pieces may enter (the next of each bug in hand, the queen rules), and where —
 * the empty cells that touch a piece of the player's on top and none of the opponent's. The cells
 * come from the position's bitboards a row of the torus at a time, with no branch per cell: in a
 * perft from the start nearly every move is a placement.
 */

const COLOR_BITS = (1 << PIECES_PER_COLOR) - 1;
const ROW_MASK = SIZE - 1;
/** The cells a piece may be placed on, already shifted into a move's destination field. */
const placeCells = new Int32Array(CELLS);

/** Bit q moved to q − 1 and to q + 1 around the row (the neighbours at q + 1 and q − 1). */
const fromRight = (row: number): number => (row >>> 1) | (row << 31);
const fromLeft = (row: number): number => (row << 1) | (row >>> 31);

/** Bit r moved to r + 1 around the torus, and bits moved down by `by` (bit r + by to r). */
const rotateUp = (rows: number): number => (rows << 1) | (rows >>> 31);
const rotateDown = (rows: number, by: number): number => (rows >>> by) | (rows << (32 - by));

/*
 * A cell touches a row's pieces when a neighbour holds one. The neighbours of (q, r) are (q, r − 1),
 * (q + 1, r − 1), (q + 1, r), (q, r + 1), (q − 1, r + 1), (q − 1, r): bit q of the rows r − 1 and
 * fromRight of it, fromRight and fromLeft of row r, and row r + 1 and fromLeft of it.
 */

/**
 * Writes the placements of `color` into `out` from index n and returns the new count. The cells
 * come in order of rows, then of q; the pieces in order of their ids. With `list` false nothing is
 * written: the count is the cells times the pieces (countMoves, for perft's last ply).
 */
export function placements(pos: HivePosition, color: Color, queenIn: boolean, out: Int32Array, n: number, list = true): number {
  const shift = color * PIECES_PER_COLOR;
  let placeable = nextOfEachBug((pos.inHand >>> shift) & COLOR_BITS);
  const turn = pos.turnNumber;
  if (!queenIn && turn === 4) placeable &= 1 << QUEEN;
  else if (pos.tournament && turn === 1) placeable &= ~(1 << QUEEN);
  if (placeable === 0) return n;

  let cellCount = 0;
  if (((pos.onBoard >>> shift) & COLOR_BITS) === 0) {
    // A player's first piece: white's on the origin, black's anywhere touching white's.
    const other = firstOnBoard(pos, (color ^ 1) as Color);
    if (other < 0) placeCells[cellCount++] = ORIGIN_CELL << 5;
    else for (let d = 0; d < 6; d++) placeCells[cellCount++] = (NEIGHBORS[other * 6 + d] as number) << 5;
  } else {
    // (A player whose pieces are all covered by beetles touches nothing on top, and places nowhere.)
    const tops = pos.tops;
    const own = color * SIZE;
    const enemy = (color ^ 1) * SIZE;
    // The hive is connected, so the rows it spans are one run around the torus, which starts at the
    // row whose row above is empty. Placements lie in the player's rows and the rows on either side
    // of them: those are walked down, with a window of three rows of each colour sliding down.
    const hive = (pos.topRows[0] as number) | (pos.topRows[1] as number);
    const start = 31 - Math.clz32(hive & ~rotateUp(hive));
    const mine = rotateDown(pos.topRows[color] as number, start); // bit k: the row start + k
    if (mine === 0) return n;
    const first = 31 - Math.clz32(mine & -mine);
    let r = (start + first - 1) & ROW_MASK;
    const rows = 31 - Math.clz32(mine) - first + 3;
    // Each row's neighbours in the rows above and below, (q, r ± 1) and (q ∓ 1, r ± 1), are that
    // row with one of its shifts: the shifts of a row are made once, as it enters the window.
    const ownAbove = tops[own + ((r - 1) & ROW_MASK)] as number;
    const enemyAbove = tops[enemy + ((r - 1) & ROW_MASK)] as number;
    let ownUp = ownAbove | fromRight(ownAbove);
    let enemyUp = enemyAbove | fromRight(enemyAbove);
    let ownMid = tops[own + r] as number;
    let enemyMid = tops[enemy + r] as number;
    let ownMidRight = fromRight(ownMid);
    let enemyMidRight = fromRight(enemyMid);
    let ownSides = ownMidRight | fromLeft(ownMid);
    let enemySides = enemyMidRight | fromLeft(enemyMid);
    // Counted: each row's bits summed a byte at a time (at most 8 a byte, 31 rows: no byte overflows).
    let bytes = 0;
    for (let i = 0; i < rows; i++) {
      const next = (r + 1) & ROW_MASK;
      const ownDown = tops[own + next] as number;
      const enemyDown = tops[enemy + next] as number;
      const ownDownLeft = fromLeft(ownDown);
      const enemyDownLeft = fromLeft(enemyDown);
      let free = (ownUp | ownSides | ownDown | ownDownLeft) & ~(enemyUp | enemySides | enemyDown | enemyDownLeft | ownMid | enemyMid);
      if (list) {
        while (free !== 0) {
          placeCells[cellCount++] = ((31 - Math.clz32(free & -free)) | (r << 5)) << 5;
          free &= free - 1;
        }
      } else {
        free = (free - ((free >>> 1) & 0x55555555)) | 0;
        free = (free & 0x33333333) + ((free >>> 2) & 0x33333333);
        bytes += (free + (free >>> 4)) & 0x0f0f0f0f;
      }
      ownUp = ownMid | ownMidRight;
      enemyUp = enemyMid | enemyMidRight;
      ownMidRight = fromRight(ownDown);
      enemyMidRight = fromRight(enemyDown);
      ownSides = ownMidRight | ownDownLeft;
      enemySides = enemyMidRight | enemyDownLeft;
      ownMid = ownDown;
      enemyMid = enemyDown;
      r = next;
    }
    if (!list) {
      bytes = (bytes & 0x00ff00ff) + ((bytes >>> 8) & 0x00ff00ff);
      cellCount = (bytes & 0xffff) + (bytes >>> 16);
    }
  }

  if (!list) return n + bitCount(placeable) * cellCount;
  let pieceCount = 0;
  while (placeable !== 0) {
    pieces[pieceCount++] = shift + 31 - Math.clz32(placeable & -placeable);
    placeable &= placeable - 1;
  }
  return writePlacements(out, n, pieceCount, cellCount);
}

const pieces = new Int32Array(8);

/**
 * Every piece of `pieces` on every cell of `placeCells`, piece by piece: nearly all the moves of a
 * perft from the start. Up to four pieces share a pass over the cells, each writing its own run:
 * the loop's own cost, more than the stores, was this loop's time (perft 6 about a tenth faster).
 */
function writePlacements(out: Int32Array, n: number, pieceCount: number, cellCount: number): number {
  const cells = placeCells;
  let k = n;
  let i = 0;
  for (; i + 4 <= pieceCount; i += 4) {
    const p1 = pieces[i] as number;
    const p2 = pieces[i + 1] as number;
    const p3 = pieces[i + 2] as number;
    const p4 = pieces[i + 3] as number;
    const k2 = k + cellCount;
    const k3 = k2 + cellCount;
    const k4 = k3 + cellCount;
    for (let j = 0; j < cellCount; j++) {
      const c = cells[j] as number;
      out[k + j] = p1 | c;
      out[k2 + j] = p2 | c;
      out[k3 + j] = p3 | c;
      out[k4 + j] = p4 | c;
    }
    k = k4 + cellCount;
  }
  if (i + 2 <= pieceCount) {
    const p1 = pieces[i] as number;
    const p2 = pieces[i + 1] as number;
    const k2 = k + cellCount;
    for (let j = 0; j < cellCount; j++) {
      const c = cells[j] as number;
      out[k + j] = p1 | c;
      out[k2 + j] = p2 | c;
    }
    k = k2 + cellCount;
    i += 2;
  }
  if (i < pieceCount) {
    const p1 = pieces[i] as number;
    for (let j = 0; j < cellCount; j++) out[k + j] = p1 | (cells[j] as number);
    k += cellCount;
  }
  return k;
}

/** The cell of any piece of this colour on the board, or -1. */
function firstOnBoard(pos: HivePosition, color: Color): number {
  for (let p = color * PIECES_PER_COLOR; p < (color + 1) * PIECES_PER_COLOR; p++) {
    const cell = pos.where[p] as number;
    if (cell >= 0) return cell;
  }
  return -1;
}
