import { Rng } from '../../engine/rng.ts';
import { CELLS, cellOf, NEIGHBORS } from './grid.ts';
import {
  COUNT_OF_BUG,
  type Color,
  type Expansions,
  expansionsOf,
  FIRST_INDEX_OF_BUG,
  type GameType,
  inGame,
  PIECE_COUNT,
  pieceId,
  QUEEN,
} from './pieces.ts';

/**
 * A move is one integer: piece | destination << 5, or PASS. Plain data that costs nothing to
 * store in move lists, compare, or send to a worker.
 */
export type HiveMove = number;
export const PASS: HiveMove = 1 << 15;
export const encodeMove = (piece: number, to: number): HiveMove => piece | (to << 5);
export const movePiece = (move: HiveMove): number => move & 31;
export const moveTo = (move: HiveMove): number => (move >> 5) & 1023;

/** Stacks never exceed 7 (a piece under 4 beetles and 2 mosquitoes); one level spare. */
export const MAX_HEIGHT = 8;
export const IN_HAND = -1;
/** Pieces of expansions not in this game. */
export const OUT_OF_GAME = -2;

export interface PositionOptions {
  readonly type: GameType;
  /** No queen on a player's first turn (on by default, as in tournaments and the reference engines). */
  readonly tournament: boolean;
}

// Zobrist keys, 64 bits as two 32-bit halves, from a fixed seed so hashes are the same everywhere.
const zobrist = (() => {
  const rng = Rng.fromSeed('hexarena/hive/zobrist');
  const fill = (n: number) => Int32Array.from({ length: n }, () => rng.nextUint32() | 0);
  const n = PIECE_COUNT * CELLS * MAX_HEIGHT;
  return {
    pieceLo: fill(n),
    pieceHi: fill(n),
    lastLo: fill(PIECE_COUNT + 1),
    lastHi: fill(PIECE_COUNT + 1),
    blackLo: fill(1)[0] as number,
    blackHi: fill(1)[0] as number,
  };
})();
const zIndex = (piece: number, cell: number, level: number) => (piece * CELLS + cell) * MAX_HEIGHT + level;

/**
 * The mutable Hive position: what is where, whose turn, and which piece moved last.
 * make/unmake for search; clone() for the pure game contract.
 */
/**
 * Five entries per move made: move, from, previous lastMoved, previous hash (lo, hi). `used` is how
 * far the line written so far goes; `owner` is the one position that may rewrite it, null once shared.
 */
interface UndoLog {
  data: Int32Array;
  used: number;
  owner: HivePosition | null;
}

export class HivePosition {
  readonly type: GameType;
  readonly expansions: Expansions;
  readonly tournament: boolean;
  /** Pieces on each cell. */
  readonly height: Uint8Array;
  /** stack[cell * MAX_HEIGHT + level]: the piece at that level, bottom first. */
  readonly stack: Int8Array;
  /** Cell of each piece, IN_HAND or OUT_OF_GAME. */
  readonly where: Int16Array;
  turn: Color = 0;
  /** Moves made so far, passes included. */
  ply = 0;
  /** The piece moved or thrown by the last move, or -1: it may not move, throw or be thrown now. */
  lastMoved = -1;
  hashLo = 0;
  hashHi = 0;
  /** The undo log of this position's line of play, shared with its clones (see `writeUndo`). */
  private log: UndoLog;
  /** The ply this position was arranged at (0 for a game from the start): unmake stops there. */
  private basePly = 0;

  constructor(options: PositionOptions, from?: HivePosition) {
    this.type = options.type;
    this.expansions = expansionsOf(options.type);
    this.tournament = options.tournament;
    if (from) {
      this.height = from.height.slice();
      this.stack = from.stack.slice();
      this.where = from.where.slice();
      this.turn = from.turn;
      this.ply = from.ply;
      this.lastMoved = from.lastMoved;
      this.hashLo = from.hashLo;
      this.hashHi = from.hashHi;
      // The moves so far are shared, not copied: replaying a game of n moves through clones costs
      // O(n), not O(n²). Once shared, the log is nobody's to rewrite (see writeUndo).
      if (from.log.owner === from) from.log.used = from.ply * 5;
      from.log.owner = null;
      this.log = from.log;
      this.basePly = from.basePly;
      return;
    }
    this.height = new Uint8Array(CELLS);
    this.stack = new Int8Array(CELLS * MAX_HEIGHT).fill(-1);
    this.where = new Int16Array(PIECE_COUNT);
    for (let p = 0; p < PIECE_COUNT; p++) this.where[p] = inGame(p, this.expansions) ? IN_HAND : OUT_OF_GAME;
    this.log = { data: new Int32Array(5 * 64), used: 0, owner: this };
    this.hashLo = zobrist.lastLo[0] as number;
    this.hashHi = zobrist.lastHi[0] as number;
  }

  clone(): HivePosition {
    return new HivePosition({ type: this.type, tournament: this.tournament }, this);
  }

  get options(): PositionOptions {
    return { type: this.type, tournament: this.tournament };
  }

  /** The piece on top of a cell, or -1 when it is empty. */
  top(cell: number): number {
    const h = this.height[cell] as number;
    return h === 0 ? -1 : (this.stack[cell * MAX_HEIGHT + h - 1] as number);
  }

  /** The number of the current player's turn, from 1 (white and black both have turn 1, 2, …). */
  get turnNumber(): number {
    return (this.ply >> 1) + 1;
  }

  queenPlaced(color: Color): boolean {
    return (this.where[pieceId(color, 0)] as number) >= 0;
  }

  /** The next piece of a bug a player may place (pieces of one bug enter in order), or -1. */
  nextInHand(color: Color, bug: number): number {
    const first = pieceId(color, FIRST_INDEX_OF_BUG[bug] as number);
    for (let k = 0; k < (COUNT_OF_BUG[bug] as number); k++) if (this.where[first + k] === IN_HAND) return first + k;
    return -1;
  }

  /** A queen with all six neighbours occupied, of any colour. */
  queenSurrounded(color: Color): boolean {
    const cell = this.where[pieceId(color, QUEEN)] as number;
    if (cell < 0) return false;
    const base = cell * 6;
    for (let d = 0; d < 6; d++) if (this.height[NEIGHBORS[base + d] as number] === 0) return false;
    return true;
  }

  /** Number of pieces on the board (a stack counts each of its pieces). */
  get piecesOnBoard(): number {
    let n = 0;
    for (let p = 0; p < PIECE_COUNT; p++) if ((this.where[p] as number) >= 0) n++;
    return n;
  }

  make(move: HiveMove): void {
    let u = this.ply * 5;
    const undo = this.writeUndo(u);
    undo[u++] = move;
    undo[u + 1] = this.lastMoved;
    undo[u + 2] = this.hashLo;
    undo[u + 3] = this.hashHi;
    let lo = this.hashLo ^ zobrist.blackLo ^ (zobrist.lastLo[this.lastMoved + 1] as number);
    let hi = this.hashHi ^ zobrist.blackHi ^ (zobrist.lastHi[this.lastMoved + 1] as number);
    if (move === PASS) {
      undo[u] = -3;
      this.lastMoved = -1;
    } else {
      const piece = move & 31;
      const to = (move >> 5) & 1023;
      const from = this.where[piece] as number;
      undo[u] = from;
      if (from >= 0) {
        const h = (this.height[from] as number) - 1;
        this.stack[from * MAX_HEIGHT + h] = -1;
        this.height[from] = h;
        const z = zIndex(piece, from, h);
        lo ^= zobrist.pieceLo[z] as number;
        hi ^= zobrist.pieceHi[z] as number;
      }
      const h = this.height[to] as number;
      this.stack[to * MAX_HEIGHT + h] = piece;
      this.height[to] = h + 1;
      this.where[piece] = to;
      const z = zIndex(piece, to, h);
      lo ^= zobrist.pieceLo[z] as number;
      hi ^= zobrist.pieceHi[z] as number;
      this.lastMoved = piece;
    }
    this.hashLo = lo ^ (zobrist.lastLo[this.lastMoved + 1] as number);
    this.hashHi = hi ^ (zobrist.lastHi[this.lastMoved + 1] as number);
    this.turn = (this.turn ^ 1) as Color;
    this.ply++;
  }

  /**
   * A position set up directly (puzzles, tests): pieces listed bottom first for stacks, at axial
   * coordinates. `ply` sets the turn number, so the opening rules apply or not as wanted.
   */
  static arrange(
    options: PositionOptions,
    pieces: readonly (readonly [piece: number, q: number, r: number])[],
    setup: { turn: Color; ply: number; lastMoved?: number },
  ): HivePosition {
    const pos = new HivePosition(options);
    for (const [piece, q, r] of pieces) {
      if (pos.where[piece] !== IN_HAND) throw new Error(`arrange: piece ${piece} is placed twice or not in a ${options.type} game`);
      pos.make(encodeMove(piece, cellOf(q, r)));
    }
    if (setup.ply % 2 !== setup.turn) throw new Error('arrange: white moves on even plies, black on odd ones');
    pos.turn = setup.turn;
    pos.ply = setup.ply;
    pos.basePly = setup.ply;
    pos.lastMoved = setup.lastMoved ?? -1;
    pos.log = { data: new Int32Array(5 * (setup.ply + 64)), used: setup.ply * 5, owner: pos };
    [pos.hashLo, pos.hashHi] = pos.computeHash();
    return pos;
  }

  /**
   * The log, ready for the entry at `u`. Its owner writes anywhere. A shared log takes an entry only
   * at its frontier (the first position to move on from a shared ply extends the line); any other
   * writer would overwrite a move its sharers still stand on, so it first copies its own line.
   */
  private writeUndo(u: number): Int32Array {
    let log = this.log;
    if (log.owner !== this && log.used !== u) {
      const data = new Int32Array(Math.max(5 * 64, u * 2));
      data.set(log.data.subarray(0, u));
      log = this.log = { data, used: u, owner: this };
    }
    if (u + 5 > log.data.length) {
      const grown = new Int32Array(log.data.length * 2);
      grown.set(log.data);
      log.data = grown;
    }
    log.used = u + 5;
    return log.data;
  }

  unmake(): void {
    if (this.ply === this.basePly) throw new Error('unmake with no move made');
    this.ply--;
    this.turn = (this.turn ^ 1) as Color;
    const u = this.ply * 5;
    const undo = this.log.data;
    const move = undo[u] as number;
    const from = undo[u + 1] as number;
    this.lastMoved = undo[u + 2] as number;
    this.hashLo = undo[u + 3] as number;
    this.hashHi = undo[u + 4] as number;
    if (move === PASS) return;
    const piece = move & 31;
    const to = (move >> 5) & 1023;
    const h = (this.height[to] as number) - 1;
    this.stack[to * MAX_HEIGHT + h] = -1;
    this.height[to] = h;
    if (from >= 0) {
      const fh = this.height[from] as number;
      this.stack[from * MAX_HEIGHT + fh] = piece;
      this.height[from] = fh + 1;
    }
    this.where[piece] = from;
  }

  /** The moves made since the start, oldest first. */
  history(): HiveMove[] {
    const undo = this.log.data;
    return Array.from({ length: this.ply - this.basePly }, (_, i) => undo[(this.basePly + i) * 5] as number);
  }

  /** True for a position made from the start by moves alone (it has a GameString). */
  get fromStart(): boolean {
    return this.basePly === 0;
  }

  /** How many times the current position has occurred, this time included. */
  repetitions(): number {
    let count = 1;
    const undo = this.log.data;
    // Positions repeat only with the same side to move, so every second entry back is compared.
    for (let i = this.ply - 2; i >= this.basePly; i -= 2) {
      if (undo[i * 5 + 3] === this.hashLo && undo[i * 5 + 4] === this.hashHi) count++;
    }
    return count;
  }

  /**
   * Has the current position occurred before since the last placement? Placements are never undone,
   * so nothing earlier can repeat. Searches score such a position as a draw, which stops the side
   * that is ahead from shuffling back and forth.
   */
  repeatsSinceLastPlacement(): boolean {
    const undo = this.log.data;
    for (let i = this.ply - 1; i >= this.basePly; i--) {
      if (undo[i * 5 + 1] === IN_HAND) return false;
      if ((this.ply - i) % 2 === 0 && undo[i * 5 + 3] === this.hashLo && undo[i * 5 + 4] === this.hashHi) return true;
    }
    return false;
  }

  /** The hash recomputed from scratch: the incremental one must always equal it. */
  computeHash(): [number, number] {
    let lo = 0;
    let hi = 0;
    for (let cell = 0; cell < CELLS; cell++) {
      for (let level = 0; level < (this.height[cell] as number); level++) {
        const z = zIndex(this.stack[cell * MAX_HEIGHT + level] as number, cell, level);
        lo ^= zobrist.pieceLo[z] as number;
        hi ^= zobrist.pieceHi[z] as number;
      }
    }
    if (this.turn === 1) {
      lo ^= zobrist.blackLo;
      hi ^= zobrist.blackHi;
    }
    return [lo ^ (zobrist.lastLo[this.lastMoved + 1] as number), hi ^ (zobrist.lastHi[this.lastMoved + 1] as number)];
  }
}
