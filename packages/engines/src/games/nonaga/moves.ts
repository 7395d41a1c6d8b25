import { TORUS_NEIGHBORS as NB, TORUS_CELLS } from '../../hex/torus.ts';
import { DISC, type NonagaPosition, PASS_DISC, PASS_SLIDE, PLAYING } from './position.ts';

/** Move generation for both plies of a turn. No allocation per move: callers pass the buffer. */
export const MAX_PLY_MOVES = 1024;

let discStamp = 0;
const discSeen = new Uint32Array(TORUS_CELLS);
const pinned = new Uint32Array(TORUS_CELLS);
const disc = new Int32Array(TORUS_CELLS);
const low = new Int32Array(TORUS_CELLS);
let timer = 0;
let board: Uint8Array = new Uint8Array(0);

function articulation(u: number, parent: number): void {
  discSeen[u] = discStamp;
  disc[u] = ++timer;
  low[u] = disc[u] as number;
  let children = 0;
  for (let d = 0; d < 6; d++) {
    const v = NB[u * 6 + d] as number;
    if (!board[v]) continue;
    if (discSeen[v] !== discStamp) {
      children++;
      articulation(v, u);
      if ((low[v] as number) < (low[u] as number)) low[u] = low[v] as number;
      if (parent !== -1 && (low[v] as number) >= (disc[u] as number)) pinned[u] = discStamp;
    } else if (v !== parent && (disc[v] as number) < (low[u] as number)) low[u] = disc[v] as number;
  }
  if (parent === -1 && children > 1) pinned[u] = discStamp;
}

/** Could the disc slide out flat: two neighbouring sides in a row with no disc. */
export function hasGap(discs: Uint8Array, c: number): boolean {
  for (let d = 0; d < 6; d++) if (!discs[NB[c * 6 + d] as number] && !discs[NB[c * 6 + ((d + 1) % 6)] as number]) return true;
  return false;
}

/** Would removing the disc split the others? (Articulation points, found once per call.) */
function markPinned(pos: NonagaPosition): void {
  board = pos.disc;
  discStamp++;
  timer = 0;
  for (let c = 0; c < TORUS_CELLS; c++) {
    if (pos.disc[c]) {
      articulation(c, -1);
      return;
    }
  }
}

export function slides(pos: NonagaPosition, out: Int32Array, offset = 0): number {
  let n = offset;
  for (let i = pos.turn * 3; i < pos.turn * 3 + 3; i++) {
    const from = pos.tokens[i] as number;
    for (let d = 0; d < 6; d++) {
      const to = pos.slideEnd(from, d);
      if (to >= 0) out[n++] = (from << 10) | to;
    }
  }
  return n - offset;
}

const count = new Int32Array(TORUS_CELLS);
const candidates = new Int32Array(TORUS_CELLS);

/** Is the board (with `from` moved to `to`) in one piece? For the `final` connectivity option. */
function connectedAfter(pos: NonagaPosition, from: number, to: number, discs: number): boolean {
  pos.disc[from] = 0;
  pos.disc[to] = 1;
  const stamp = ++discStamp;
  const stack = [to];
  discSeen[to] = stamp;
  let seen = 1;
  while (stack.length > 0) {
    const c = stack.pop() as number;
    for (let d = 0; d < 6; d++) {
      const m = NB[c * 6 + d] as number;
      if (pos.disc[m] && discSeen[m] !== stamp) {
        discSeen[m] = stamp;
        seen++;
        stack.push(m);
      }
    }
  }
  pos.disc[to] = 0;
  pos.disc[from] = 1;
  return seen === discs;
}

export function discMoves(pos: NonagaPosition, out: Int32Array, offset = 0): number {
  const rules = pos.rules;
  let n = offset;
  if (rules.connectivity === 'strict') markPinned(pos);
  const pinStamp = discStamp;
  // Empty cells by how many discs they touch (the candidates for the new place).
  let nc = 0;
  let discs = 0;
  const stamp = ++discStamp;
  for (let c = 0; c < TORUS_CELLS; c++) {
    if (!pos.disc[c]) continue;
    discs++;
    for (let d = 0; d < 6; d++) {
      const e = NB[c * 6 + d] as number;
      if (pos.disc[e]) continue;
      if (discSeen[e] !== stamp) {
        discSeen[e] = stamp;
        count[e] = 0;
        candidates[nc++] = e;
      }
      count[e] = (count[e] as number) + 1;
    }
  }
  for (let from = 0; from < TORUS_CELLS; from++) {
    if (!pos.disc[from] || pos.token[from] !== -1 || from === pos.blocked) continue;
    if (!hasGap(pos.disc, from)) continue;
    if (rules.connectivity === 'strict' && pinned[from] === pinStamp) continue;
    for (let i = 0; i < nc; i++) {
      const to = candidates[i] as number;
      // Touches of the new place, not counting the disc being moved.
      let touching = count[to] as number;
      for (let d = 0; d < 6; d++) if (NB[to * 6 + d] === from) touching--;
      if (touching < 2 || (rules.placementCap && touching > 4)) continue;
      if (rules.connectivity === 'final' && !connectedAfter(pos, from, to, discs)) continue;
      out[n++] = DISC | (from << 10) | to;
    }
  }
  return n - offset;
}

/**
 * The legal moves for the ply to play: slides, then disc moves. A stuck player passes that step
 * when the rules allow, and otherwise has no move (and loses: see `stuckLoses`).
 */
export function generate(pos: NonagaPosition, out: Int32Array): number {
  if (pos.result !== PLAYING) return 0;
  const n = pos.phase === 0 ? slides(pos, out) : discMoves(pos, out);
  if (n === 0 && pos.rules.stuckPasses) {
    out[0] = pos.phase === 0 ? PASS_SLIDE : PASS_DISC;
    return 1;
  }
  return n;
}

/** A player with no legal step (and no passing) has lost. */
export const stuckLoses = (pos: NonagaPosition, moves: number): boolean => pos.result === PLAYING && moves === 0;
