import { Rng } from '../../engine/rng.ts';
import { TORUS_NEIGHBORS as NB, TORUS_CELLS, torusCell, unwrapNear as unwrap } from '../../hex/torus.ts';

/**
 * Nonaga on the 32 × 32 torus of src/hex/torus.ts (19 discs span far less). A turn is two plies
 * for search: a slide, then a disc relocation by the same player. Moves are integers:
 * slide = from << 10 | to; disc = DISC | from << 10 | to; PASS_SLIDE / PASS_DISC when an option
 * lets a stuck player pass a step.
 */
export const DISC = 1 << 20;
export const PASS_SLIDE = 1 << 21;
export const PASS_DISC = (1 << 21) | 1;
export const moveFrom = (m: number): number => (m >> 10) & 1023;
export const moveTo = (m: number): number => m & 1023;

export const RED = 0;
export const BLACK = 1;
export type Side = 0 | 1;

export interface NonagaRules {
  /** strict: the 18 discs left must stay connected; final: only the 19 after placement; none. */
  readonly connectivity: 'strict' | 'final' | 'none';
  /** The new place may touch at most 4 discs. */
  readonly placementCap: boolean;
  /** Only a triangle wins (not the official rule). */
  readonly triangleOnly: boolean;
  /** A player who cannot slide or relocate passes that step instead of losing. */
  readonly stuckPasses: boolean;
  /** Draw after this many turns. */
  readonly maxTurns: number;
}

export const START_DISCS: readonly [number, number][] = (() => {
  const cells: [number, number][] = [];
  for (let r = -2; r <= 2; r++) for (let q = -2; q <= 2; q++) if (Math.abs(q + r) <= 2) cells.push([q, r]);
  return cells;
})();
export const START_TOKENS: readonly (readonly [number, number])[][] = [
  [
    [2, 0],
    [0, -2],
    [-2, 2],
  ],
  [
    [2, -2],
    [-2, 0],
    [0, 2],
  ],
];

/** The hash's random keys, drawn with the first hash, not as the module loads (a page that names the game pays nothing). */
type Keys = Readonly<Record<'discLo' | 'discHi' | 'tokLo' | 'tokHi' | 'misc' | 'relLo' | 'relHi', Int32Array>>;
let drawn: Keys | null = null;
function zobrist(): Keys {
  if (drawn) return drawn;
  const rng = Rng.fromSeed('hexarena/nonaga/zobrist');
  const fill = (n: number) => Int32Array.from({ length: n }, () => rng.nextUint32() | 0);
  drawn = {
    discLo: fill(TORUS_CELLS),
    discHi: fill(TORUS_CELLS),
    tokLo: fill(2 * TORUS_CELLS),
    tokHi: fill(2 * TORUS_CELLS),
    misc: fill(8),
    relLo: fill(TORUS_CELLS + 1),
    relHi: fill(TORUS_CELLS + 1),
  };
  return drawn;
}

/** Where the game stands: who won, or a draw, or still going. */
export const PLAYING = -1;
export const DRAWN = 2;

export class NonagaPosition {
  readonly disc = new Uint8Array(TORUS_CELLS);
  /** -1, or the side whose token stands on the cell. */
  readonly token = new Int8Array(TORUS_CELLS).fill(-1);
  /** Cells of the tokens: red 0..2, black 3..5. */
  readonly tokens = new Int16Array(6);
  turn: Side = RED;
  /** 0: the slide is next; 1: the disc move is next. */
  phase: 0 | 1 = 0;
  /** The disc the opponent relocated last turn (it may not move now), or -1. */
  blocked = -1;
  /** Turns completed. */
  turns = 0;
  /** PLAYING, RED, BLACK or DRAWN. */
  result = PLAYING;
  /** Sum of the discs' absolute coordinates: tells where the drifting board is (for notation). */
  sumQ = 0;
  sumR = 0;
  private undo: number[] = [];
  /** Translation-normalised keys of the positions at the start of each turn, for repetition. */
  private seen: string[] = [];

  constructor(readonly rules: NonagaRules) {}

  static start(rules: NonagaRules, first: Side = RED): NonagaPosition {
    const pos = new NonagaPosition(rules);
    for (const [q, r] of START_DISCS) pos.disc[torusCell(q, r)] = 1;
    for (let side = 0; side < 2; side++) {
      for (const [i, [q, r]] of (START_TOKENS[side] as [number, number][]).entries()) {
        const c = torusCell(q, r);
        pos.token[c] = side;
        pos.tokens[side * 3 + i] = c;
      }
    }
    pos.turn = first;
    pos.seen.push(pos.key());
    return pos;
  }

  /**
   * A position set up directly (a position text, an editor): discs and tokens at axial coordinates,
   * the turn so far. Repetitions count from here.
   */
  static arrange(
    rules: NonagaRules,
    discs: readonly (readonly [number, number])[],
    tokens: readonly [readonly (readonly [number, number])[], readonly (readonly [number, number])[]],
    setup: { turn: Side; turns: number; blocked: readonly [number, number] | null; result: number },
  ): NonagaPosition {
    const pos = new NonagaPosition(rules);
    for (const [q, r] of discs) {
      pos.disc[torusCell(q, r)] = 1;
      pos.sumQ += q;
      pos.sumR += r;
    }
    for (const [side, list] of tokens.entries()) {
      for (const [i, [q, r]] of list.entries()) {
        const c = torusCell(q, r);
        if (!pos.disc[c] || pos.token[c] !== -1) throw new Error(`arrange: a token at ${q},${r} stands on no disc or on another token`);
        pos.token[c] = side;
        pos.tokens[side * 3 + i] = c;
      }
    }
    pos.turn = setup.turn;
    pos.turns = setup.turns;
    pos.blocked = setup.blocked ? torusCell(...setup.blocked) : -1;
    pos.result = setup.result;
    pos.seen.push(pos.key());
    return pos;
  }

  clone(): NonagaPosition {
    const p = new NonagaPosition(this.rules);
    p.disc.set(this.disc);
    p.token.set(this.token);
    p.tokens.set(this.tokens);
    p.turn = this.turn;
    p.phase = this.phase;
    p.blocked = this.blocked;
    p.turns = this.turns;
    p.result = this.result;
    p.sumQ = this.sumQ;
    p.sumR = this.sumR;
    p.undo = [...this.undo];
    p.seen = [...this.seen];
    return p;
  }

  /** Three tokens of `side` touching pairwise enough: 2 of 3 pairs (3 for triangle-only). */
  won(side: Side): boolean {
    const a = this.tokens[side * 3] as number;
    const b = this.tokens[side * 3 + 1] as number;
    const c = this.tokens[side * 3 + 2] as number;
    const pairs = (touch(a, b) ? 1 : 0) + (touch(b, c) ? 1 : 0) + (touch(a, c) ? 1 : 0);
    return pairs >= (this.rules.triangleOnly ? 3 : 2);
  }

  /** Where a token slides in direction d: as far as it goes, or -1 when it cannot move. */
  slideEnd(from: number, d: number): number {
    let c = from;
    for (;;) {
      const next = NB[c * 6 + d] as number;
      if (this.disc[next] === 0 || this.token[next] !== -1) break;
      c = next;
    }
    return c === from ? -1 : c;
  }

  make(move: number): void {
    this.undo.push(move, this.blocked, this.result, this.turn | (this.phase << 1));
    if (move === PASS_SLIDE) {
      this.phase = 1;
      return;
    }
    if (move === PASS_DISC) {
      this.endTurn(-1);
      return;
    }
    const from = moveFrom(move);
    const to = moveTo(move);
    if ((move & DISC) === 0) {
      const side = this.moveToken(from, to);
      if (this.won(side)) this.result = side;
      else this.phase = 1;
      return;
    }
    this.moveDisc(from, to);
    this.endTurn(to);
  }

  /** Moves the token on `from` to `to` (either way: unmake passes them swapped), and says whose it is. */
  private moveToken(from: number, to: number): Side {
    const side = this.token[from] as Side;
    this.token[from] = -1;
    this.token[to] = side;
    for (let i = side * 3; i < side * 3 + 3; i++) if (this.tokens[i] === from) this.tokens[i] = to;
    return side;
  }

  private moveDisc(from: number, to: number): void {
    this.disc[from] = 0;
    this.disc[to] = 1;
    this.moveSum(from, to);
  }

  private endTurn(relocated: number): void {
    this.blocked = relocated;
    this.phase = 0;
    this.turn = (this.turn ^ 1) as Side;
    this.turns++;
    const key = this.key();
    this.seen.push(key);
    let count = 0;
    for (const k of this.seen) if (k === key) count++;
    if (count >= 3 || this.turns >= this.rules.maxTurns) this.result = DRAWN;
  }

  unmake(): void {
    const state = this.undo.pop() as number;
    this.result = this.undo.pop() as number;
    this.blocked = this.undo.pop() as number;
    const move = this.undo.pop() as number;
    const wasTurn = (state & 1) as Side;
    const wasPhase = (state >> 1) as 0 | 1;
    if (wasPhase === 1 && (move & DISC || move === PASS_DISC)) {
      // A disc move ended a turn: undo the turn's bookkeeping first.
      this.turns--;
      this.seen.pop();
    }
    this.turn = wasTurn;
    this.phase = wasPhase;
    if (move === PASS_SLIDE || move === PASS_DISC) return;
    const from = moveFrom(move);
    const to = moveTo(move);
    if ((move & DISC) === 0) this.moveToken(to, from);
    else this.moveDisc(to, from);
  }

  /** Keeps the board's coordinate sum as discs move (the discs are unwrapped near the centre). */
  private moveSum(from: number, to: number): void {
    const cq = this.sumQ / 19;
    const cr = this.sumR / 19;
    const f = unwrap(from, cq, cr);
    const t = unwrap(to, f.q, f.r);
    this.sumQ += t.q - f.q;
    this.sumR += t.r - f.r;
  }

  /** Absolute axial coordinates of a cell, near the board. */
  coordinates(cell: number): { q: number; r: number } {
    return unwrap(cell, this.sumQ / 19, this.sumR / 19);
  }

  /**
   * A key that ignores where the board drifted: every disc and token given relative to the
   * lowest disc (least r, then least q), plus side, phase and the blocked disc.
   */
  key(): string {
    const discs: number[] = [];
    for (let c = 0; c < TORUS_CELLS; c++) if (this.disc[c]) discs.push(c);
    const cq = this.sumQ / 19;
    const cr = this.sumR / 19;
    const anchor = this.anchor();
    const rel = (c: number) => {
      const h = unwrap(c, cq, cr);
      return `${h.q - anchor.q},${h.r - anchor.r}`;
    };
    const tokens = [0, 1].map((s) =>
      [0, 1, 2]
        .map((i) => rel(this.tokens[s * 3 + i] as number))
        .sort()
        .join(' '),
    );
    return `${discs.map(rel).sort().join(' ')}|${tokens.join('|')}|${this.turn}${this.phase}|${this.blocked < 0 ? '-' : rel(this.blocked)}`;
  }

  /** The lowest disc (least r, then least q): the origin of translation-free coordinates. */
  private anchor(): { q: number; r: number } {
    const cq = this.sumQ / 19;
    const cr = this.sumR / 19;
    let aq = Infinity;
    let ar = Infinity;
    for (let c = 0; c < TORUS_CELLS; c++) {
      if (!this.disc[c]) continue;
      const h = unwrap(c, cq, cr);
      if (h.r < ar || (h.r === ar && h.q < aq)) {
        aq = h.q;
        ar = h.r;
      }
    }
    return { q: aq, r: ar };
  }

  /** A 64-bit translation-invariant hash as two halves, for the search's table. */
  hash(): [number, number] {
    const cq = this.sumQ / 19;
    const cr = this.sumR / 19;
    const { q: aq, r: ar } = this.anchor();
    const Z = zobrist();
    let lo = Z.misc[this.turn * 2 + this.phase] as number;
    let hi = Z.misc[4 + this.turn * 2 + this.phase] as number;
    for (let c = 0; c < TORUS_CELLS; c++) {
      if (!this.disc[c]) continue;
      const h = unwrap(c, cq, cr);
      const r = torusCell(h.q - aq, h.r - ar);
      lo ^= Z.discLo[r] as number;
      hi ^= Z.discHi[r] as number;
      const t = this.token[c] as number;
      if (t >= 0) {
        lo ^= Z.tokLo[t * TORUS_CELLS + r] as number;
        hi ^= Z.tokHi[t * TORUS_CELLS + r] as number;
      }
    }
    let b = TORUS_CELLS;
    if (this.blocked >= 0) {
      const h = unwrap(this.blocked, cq, cr);
      b = torusCell(h.q - aq, h.r - ar);
    }
    return [lo ^ (Z.relLo[b] as number), hi ^ (Z.relHi[b] as number)];
  }
}

export function touch(a: number, b: number): boolean {
  for (let d = 0; d < 6; d++) if (NB[a * 6 + d] === b) return true;
  return false;
}
