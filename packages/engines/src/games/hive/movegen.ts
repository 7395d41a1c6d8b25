import { CELLS, NEIGHBORS } from './grid.ts';
import {
  ANT,
  BEETLE,
  bugOf,
  type Color,
  GRASSHOPPER,
  LADYBUG,
  MOSQUITO,
  PIECE_COUNT,
  PIECES_PER_COLOR,
  PILLBUG,
  QUEEN,
  SPIDER,
} from './pieces.ts';
import { isPinned, markPinned } from './pins.ts';
import { placements } from './placements.ts';
import { type HivePosition, MAX_HEIGHT, PASS } from './position.ts';

/**
 * Legal move generation. Written for speed: no allocation per call, integer cells, stamps instead
 * of clearing arrays, the moving piece lifted off the board while its moves are generated (so its
 * origin counts as empty), articulation points found once per position (pins.ts), placements
 * read from bitboards (placements.ts).
 */

/** The largest move list a position can have, with room to spare. */
export const MAX_MOVES = 2048;

const LEFT = [5, 0, 1, 2, 3, 4]; // the direction one step anticlockwise
const RIGHT = [1, 2, 3, 4, 5, 0];

// Scratch state shared by one generation at a time (generation never re-enters itself).
let height: Uint8Array = new Uint8Array(0);
let out: Int32Array = new Int32Array(0);
let n = 0;
/** seen[piece << 10 | cell] === moveStamp: that move was already emitted in this generation. */
let moveStamp = 0;
const seen = new Uint32Array(PIECE_COUNT * CELLS);
/** Flood fills and placement scans mark cells with their own stamp. */
let visitStamp = 0;
const visited = new Uint32Array(CELLS);
const queue = new Int16Array(CELLS);

function emit(piece: number, to: number): void {
  const key = (piece << 10) | to;
  if (seen[key] === moveStamp) return;
  seen[key] = moveStamp;
  out[n++] = piece | (to << 5);
}

/**
 * SLIDES[m]: the directions of the ground steps out of a cell whose occupied neighbours are the
 * bits of m: into an empty cell, with exactly one of the two neighbours they share occupied.
 * One table read answers all six directions, where testing each read three heights.
 */
const SLIDES = Uint8Array.from({ length: 64 }, (_, m) => {
  let dirs = 0;
  for (let d = 0; d < 6; d++) {
    const open = ((m >> d) & 1) === 0;
    if (open && ((m >> (LEFT[d] as number)) & 1) !== ((m >> (RIGHT[d] as number)) & 1)) dirs |= 1 << d;
  }
  return dirs;
});

/** 1 for an occupied cell, 0 for an empty one, without a branch (heights are 0 to 7). */
const occupied = (cell: number): number => ((height[cell] as number) + 7) >> 3;

/** The directions a ground step out of `cell` may take (see SLIDES). */
function slidesFrom(cell: number): number {
  const base = cell * 6;
  const around =
    occupied(NEIGHBORS[base] as number) |
    (occupied(NEIGHBORS[base + 1] as number) << 1) |
    (occupied(NEIGHBORS[base + 2] as number) << 2) |
    (occupied(NEIGHBORS[base + 3] as number) << 3) |
    (occupied(NEIGHBORS[base + 4] as number) << 4) |
    (occupied(NEIGHBORS[base + 5] as number) << 5);
  return SLIDES[around] as number;
}

/** The lowest direction in a mask of directions. */
const lowest = (dirs: number): number => 31 - Math.clz32(dirs & -dirs);

/**
 * A step at any height (beetle, ladybug): blocked iff both shared neighbours stand higher than
 * both the height left and the height reached. On the ground it must also keep contact.
 */
function canClimb(from: number, d: number): boolean {
  const base = from * 6;
  const h0 = height[from] as number;
  const h1 = height[NEIGHBORS[base + d] as number] as number;
  const hl = height[NEIGHBORS[base + (LEFT[d] as number)] as number] as number;
  const hr = height[NEIGHBORS[base + (RIGHT[d] as number)] as number] as number;
  if (h0 === 0 && h1 === 0) return (hl !== 0) !== (hr !== 0);
  return (hl < hr ? hl : hr) <= (h0 > h1 ? h0 : h1);
}

function stepMoves(piece: number, from: number): void {
  for (let dirs = slidesFrom(from); dirs !== 0; dirs &= dirs - 1) emit(piece, NEIGHBORS[from * 6 + lowest(dirs)] as number);
}

function beetleMoves(piece: number, from: number): void {
  for (let d = 0; d < 6; d++) if (canClimb(from, d)) emit(piece, NEIGHBORS[from * 6 + d] as number);
}

function grasshopperMoves(piece: number, from: number): void {
  for (let d = 0; d < 6; d++) {
    let c = NEIGHBORS[from * 6 + d] as number;
    if (height[c] === 0) continue;
    do c = NEIGHBORS[c * 6 + d] as number;
    while (height[c] !== 0);
    emit(piece, c);
  }
}

function spiderMoves(piece: number, c0: number): void {
  for (let dirs1 = slidesFrom(c0); dirs1 !== 0; dirs1 &= dirs1 - 1) {
    const c1 = NEIGHBORS[c0 * 6 + lowest(dirs1)] as number;
    for (let dirs2 = slidesFrom(c1); dirs2 !== 0; dirs2 &= dirs2 - 1) {
      const c2 = NEIGHBORS[c1 * 6 + lowest(dirs2)] as number;
      if (c2 === c0) continue;
      for (let dirs3 = slidesFrom(c2); dirs3 !== 0; dirs3 &= dirs3 - 1) {
        const c3 = NEIGHBORS[c2 * 6 + lowest(dirs3)] as number;
        if (c3 !== c1 && c3 !== c0) emit(piece, c3);
      }
    }
  }
}

function antMoves(piece: number, from: number): void {
  const s = ++visitStamp;
  visited[from] = s;
  let head = 0;
  let tail = 0;
  queue[tail++] = from;
  while (head < tail) {
    const c = queue[head++] as number;
    for (let dirs = slidesFrom(c); dirs !== 0; dirs &= dirs - 1) {
      const next = NEIGHBORS[c * 6 + lowest(dirs)] as number;
      if (visited[next] === s) continue;
      visited[next] = s;
      queue[tail++] = next;
      emit(piece, next);
    }
  }
}

function ladybugMoves(piece: number, c0: number): void {
  for (let d1 = 0; d1 < 6; d1++) {
    const c1 = NEIGHBORS[c0 * 6 + d1] as number;
    if (height[c1] === 0 || !canClimb(c0, d1)) continue;
    for (let d2 = 0; d2 < 6; d2++) {
      const c2 = NEIGHBORS[c1 * 6 + d2] as number;
      if (height[c2] === 0 || !canClimb(c1, d2)) continue;
      for (let d3 = 0; d3 < 6; d3++) {
        const c3 = NEIGHBORS[c2 * 6 + d3] as number;
        if (height[c3] !== 0 || c3 === c0 || !canClimb(c2, d3)) continue;
        emit(piece, c3);
      }
    }
  }
}

/**
 * The pillbug's special ability, from a pillbug (or a mosquito copying one) on the ground at `at`:
 * lift an adjacent unstacked piece that did not just move and does not hold the hive together,
 * over the gate onto itself, and down over the gate to an empty neighbour.
 */
function pillbugThrows(stack: Int8Array, lastMoved: number, at: number): void {
  const base = at * 6;
  for (let d = 0; d < 6; d++) {
    const victimCell = NEIGHBORS[base + d] as number;
    if (height[victimCell] !== 1 || isPinned(victimCell)) continue;
    const victim = stack[victimCell * MAX_HEIGHT] as number;
    if (victim === lastMoved) continue;
    // Up: from height 0 (lifted) onto the pillbug at height 1.
    const hl = height[NEIGHBORS[base + (LEFT[d] as number)] as number] as number;
    const hr = height[NEIGHBORS[base + (RIGHT[d] as number)] as number] as number;
    if ((hl < hr ? hl : hr) > 1) continue;
    height[victimCell] = 0;
    for (let d2 = 0; d2 < 6; d2++) {
      const to = NEIGHBORS[base + d2] as number;
      if (d2 === d || height[to] !== 0) continue;
      // Down: from on top of the pillbug (height 1) to the ground.
      const l2 = height[NEIGHBORS[base + (LEFT[d2] as number)] as number] as number;
      const r2 = height[NEIGHBORS[base + (RIGHT[d2] as number)] as number] as number;
      if ((l2 < r2 ? l2 : r2) > 1) continue;
      emit(victim, to);
    }
    height[victimCell] = 1;
  }
}

const COLOR_BITS = (1 << PIECES_PER_COLOR) - 1;

function movements(pos: HivePosition, color: Color): void {
  markPinned(pos);
  const where = pos.where;
  const stack = pos.stack;
  const lastMoved = pos.lastMoved;
  const shift = color * PIECES_PER_COLOR;
  let own = (pos.onBoard >>> shift) & COLOR_BITS;
  while (own !== 0) {
    const piece = shift + 31 - Math.clz32(own & -own);
    own &= own - 1;
    if (piece === lastMoved) continue;
    const from = where[piece] as number;
    const h = height[from] as number;
    if (stack[from * MAX_HEIGHT + h - 1] !== piece) continue; // covered
    const free = h > 1 || !isPinned(from);
    const bug = bugOf(piece);
    height[from] = h - 1; // lifted: its origin is empty while its moves are found
    if (free) {
      if (bug === QUEEN || bug === PILLBUG) stepMoves(piece, from);
      else if (bug === SPIDER) spiderMoves(piece, from);
      else if (bug === BEETLE) beetleMoves(piece, from);
      else if (bug === GRASSHOPPER) grasshopperMoves(piece, from);
      else if (bug === ANT) antMoves(piece, from);
      else if (bug === LADYBUG) ladybugMoves(piece, from);
    }
    let throws = bug === PILLBUG;
    if (bug === MOSQUITO) {
      if (h > 1) beetleMoves(piece, from);
      else {
        let mask = 0;
        for (let d = 0; d < 6; d++) {
          const c = NEIGHBORS[from * 6 + d] as number;
          const ch = height[c] as number;
          if (ch !== 0) mask |= 1 << bugOf(stack[c * MAX_HEIGHT + ch - 1] as number);
        }
        if (free) {
          if (mask & ((1 << QUEEN) | (1 << PILLBUG))) stepMoves(piece, from);
          if (mask & (1 << SPIDER)) spiderMoves(piece, from);
          if (mask & (1 << BEETLE)) beetleMoves(piece, from);
          if (mask & (1 << GRASSHOPPER)) grasshopperMoves(piece, from);
          if (mask & (1 << ANT)) antMoves(piece, from);
          if (mask & (1 << LADYBUG)) ladybugMoves(piece, from);
        }
        throws = (mask & (1 << PILLBUG)) !== 0;
      }
    }
    height[from] = h;
    if (throws && h === 1) pillbugThrows(stack, lastMoved, from);
  }
}

/**
 * Writes the legal moves of the position into `buffer` and returns how many there are.
 * A finished game has none; a player with nothing else to do has exactly one: PASS.
 */
export function generateMoves(pos: HivePosition, buffer: Int32Array): number {
  return generate(pos, buffer, true);
}

/**
 * How many legal moves the position has (generateMoves' count), with the placements counted, not
 * written: perft's last ply, where only the count is wanted ("bulk counting" by the size of the
 * sets, as bitboard chess move generators count their last ply). `buffer` takes the movements.
 */
export function countMoves(pos: HivePosition, buffer: Int32Array): number {
  return generate(pos, buffer, false);
}

function generate(pos: HivePosition, buffer: Int32Array, list: boolean): number {
  if (pos.queenSurrounded(0) || pos.queenSurrounded(1)) return 0;
  height = pos.height;
  out = buffer;
  n = 0;
  moveStamp++;
  const color = pos.turn;
  const queenIn = pos.queenPlaced(color);
  // Counted placements take no room: the movements are written from the start of the buffer.
  const placed = placements(pos, color, queenIn, buffer, 0, list);
  if (!list) {
    if (queenIn) movements(pos, color);
    return placed + n === 0 ? 1 : placed + n;
  }
  n = placed;
  // No piece moves, and no pillbug throws, before its side's queen is in.
  if (queenIn) movements(pos, color);
  if (n === 0) out[n++] = PASS;
  return n;
}

/** The legal moves as a fresh array (for callers off the hot path). */
export function legalMoves(pos: HivePosition): number[] {
  const buffer = new Int32Array(MAX_MOVES);
  return Array.from(buffer.subarray(0, generateMoves(pos, buffer)));
}
