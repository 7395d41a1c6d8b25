import { bitCount } from './bits.ts';
import { CELLS, cellOf, MAX_HEIGHT, NEIGHBORS, SIZE } from './grid.ts';
import {
  BUG_MASK,
  type Color,
  type Expansions,
  expansionsOf,
  type GameType,
  inGame,
  PIECE_COUNT,
  PIECES_PER_COLOR,
  pieceId,
  QUEEN,
} from './pieces.ts';
import { drawnZobrist, zIndex, zobrist } from './zobrist.ts';

/**
 * A move is one integer: piece | destination << 5, or PASS. Plain data that costs nothing to
 * store in move lists, compare, or send to a worker.
 */
export type HiveMove = number;
export const PASS: HiveMove = 1 << 15;
export const encodeMove = (piece: number, to: number): HiveMove => piece | (to << 5);
export const movePiece = (move: HiveMove): number => move & 31;
export const moveTo = (move: HiveMove): number => (move >> 5) & 1023;

export { MAX_HEIGHT };
export const IN_HAND = -1;
/** Pieces of expansions not in this game. */
export const OUT_OF_GAME = -2;

export interface PositionOptions {
  readonly type: GameType;
  /** No queen on a player's first turn (on by default, as in tournaments and the reference engines). */
  readonly tournament: boolean;
}

/** Where a piece's colour's rows begin in `tops`. */
const topsRow = (piece: number): number => (piece < PIECES_PER_COLOR ? 0 : SIZE);

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
  /**
   * Bit p set: piece p is in its owner's hand. Pieces of a bug enter in order, so the next one a
   * player may place is the lowest bit of that bug's (BUG_MASK).
   */
  inHand = 0;
  /** Bit p set: piece p is on the board (generation walks these bits, not all 28 pieces). */
  onBoard = 0;
  /**
   * Bitboards of the torus, one 32-bit row per r (bit q: the cell q + 32r): rows 0–31 mark the
   * cells with a white piece on top, rows 32–63 those with a black one (either: occupied).
   * Placement reads the hive's neighbourhoods from them a row at a time (placements.ts); a move
   * changes a bit or two.
   */
  readonly tops: Int32Array;
  /**
   * Bit r of topRows[c]: row r of `tops` holds a piece of colour c on top. The hive is connected, so
   * the rows it spans are one run around the torus: placement finds it here, without a scan.
   */
  readonly topRows: Int32Array;
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
      this.inHand = from.inHand;
      this.onBoard = from.onBoard;
      this.tops = from.tops.slice();
      this.topRows = from.topRows.slice();
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
    this.tops = new Int32Array(2 * SIZE);
    this.topRows = new Int32Array(2);
    for (let p = 0; p < PIECE_COUNT; p++) {
      const playing = inGame(p, this.expansions);
      this.where[p] = playing ? IN_HAND : OUT_OF_GAME;
      if (playing) this.inHand |= 1 << p;
    }
    this.log = { data: new Int32Array(5 * 64), used: 0, owner: this };
    const keys = drawnZobrist();
    this.hashLo = keys.lastLo[0] as number;
    this.hashHi = keys.lastHi[0] as number;
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
    const hand = (this.inHand >>> (color * PIECES_PER_COLOR)) & (BUG_MASK[bug] as number);
    return hand === 0 ? -1 : color * PIECES_PER_COLOR + 31 - Math.clz32(hand & -hand);
  }

  /** A queen with all six neighbours occupied, of any colour. */
  queenSurrounded(color: Color): boolean {
    // A queen and six around it: with fewer than seven pieces on the board none is surrounded.
    if (bitCount(this.onBoard) < 7) return false;
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
    const ply = this.ply;
    const u = ply * 5;
    // The owner of a log with room writes straight in (its `used` is read only once it is shared).
    const log = this.log;
    const undo = log.owner === this && u + 5 <= log.data.length ? log.data : this.writeUndo(u);
    const last = this.lastMoved;
    const keys = zobrist;
    let lo = this.hashLo;
    let hi = this.hashHi;
    undo[u] = move;
    undo[u + 2] = last;
    undo[u + 3] = lo;
    undo[u + 4] = hi;
    lo ^= keys.blackLo ^ (keys.lastLo[last + 1] as number);
    hi ^= keys.blackHi ^ (keys.lastHi[last + 1] as number);
    this.turn = (this.turn ^ 1) as Color;
    this.ply = ply + 1;
    if (move === PASS) {
      undo[u + 1] = -3;
      this.lastMoved = -1;
      this.hashLo = lo ^ (keys.lastLo[0] as number);
      this.hashHi = hi ^ (keys.lastHi[0] as number);
      return;
    }
    const piece = move & 31;
    const to = (move >> 5) & 1023;
    const where = this.where;
    const height = this.height;
    const stack = this.stack;
    const zp = keys.piece;
    const from = where[piece] as number;
    undo[u + 1] = from;
    if (from >= 0) {
      const h = (height[from] as number) - 1;
      stack[from * MAX_HEIGHT + h] = -1;
      height[from] = h;
      this.retop(from, piece, h === 0 ? -1 : (stack[from * MAX_HEIGHT + h - 1] as number));
      const z = zIndex(piece, from, h);
      lo ^= zp[z] as number;
      hi ^= zp[z + 1] as number;
    } else {
      this.inHand &= ~(1 << piece);
      this.onBoard |= 1 << piece;
    }
    const h = height[to] as number;
    if (h === 0) this.setTop(to, piece);
    else this.retop(to, stack[to * MAX_HEIGHT + h - 1] as number, piece);
    stack[to * MAX_HEIGHT + h] = piece;
    height[to] = h + 1;
    where[piece] = to;
    const z = zIndex(piece, to, h);
    this.lastMoved = piece;
    this.hashLo = lo ^ (zp[z] as number) ^ (keys.lastLo[piece + 1] as number);
    this.hashHi = hi ^ (zp[z + 1] as number) ^ (keys.lastHi[piece + 1] as number);
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
    const ply = this.ply - 1;
    if (ply < this.basePly) throw new Error('unmake with no move made');
    this.ply = ply;
    this.turn = (this.turn ^ 1) as Color;
    const u = ply * 5;
    const undo = this.log.data;
    const move = undo[u] as number;
    this.lastMoved = undo[u + 2] as number;
    this.hashLo = undo[u + 3] as number;
    this.hashHi = undo[u + 4] as number;
    if (move === PASS) return;
    const from = undo[u + 1] as number;
    const piece = move & 31;
    const to = (move >> 5) & 1023;
    const height = this.height;
    const stack = this.stack;
    const h = (height[to] as number) - 1;
    stack[to * MAX_HEIGHT + h] = -1;
    height[to] = h;
    this.retop(to, piece, h === 0 ? -1 : (stack[to * MAX_HEIGHT + h - 1] as number));
    if (from >= 0) {
      const fh = height[from] as number;
      if (fh === 0) this.setTop(from, piece);
      else this.retop(from, stack[from * MAX_HEIGHT + fh - 1] as number, piece);
      stack[from * MAX_HEIGHT + fh] = piece;
      height[from] = fh + 1;
    } else {
      this.inHand |= 1 << piece;
      this.onBoard &= ~(1 << piece);
    }
    this.where[piece] = from;
  }

  /** The piece on top of `cell` changed from `before` to `after` (-1: none): the bitboards follow. */
  private retop(cell: number, before: number, after: number): void {
    const row = cell >> 5;
    const bit = 1 << (cell & 31);
    const tops = this.tops;
    if (before >= 0) {
      const color = before < PIECES_PER_COLOR ? 0 : 1;
      // A piece of the same colour above or below leaves the bit as it was.
      if (after >= 0 && (after < PIECES_PER_COLOR ? 0 : 1) === color) return;
      const at = color * SIZE + row;
      const left = (tops[at] as number) & ~bit;
      tops[at] = left;
      if (left === 0) this.topRows[color] = (this.topRows[color] as number) & ~(1 << row);
    }
    if (after >= 0) this.setTop(cell, after);
  }

  /** `piece` is now on top of `cell`, which had nothing on top or a piece of the other colour (retop). */
  private setTop(cell: number, piece: number): void {
    const row = cell >> 5;
    const color = piece < PIECES_PER_COLOR ? 0 : 1;
    const at = color * SIZE + row;
    this.tops[at] = (this.tops[at] as number) | (1 << (cell & 31));
    this.topRows[color] = (this.topRows[color] as number) | (1 << row);
  }

  /** The bitboards computed afresh: the incremental ones must always equal them. */
  computeTops(): Int32Array {
    const tops = new Int32Array(2 * SIZE);
    for (let cell = 0; cell < CELLS; cell++) {
      const top = this.top(cell);
      if (top >= 0) tops[topsRow(top) + (cell >> 5)] |= 1 << (cell & 31);
    }
    return tops;
  }

  /** The rows of each colour's bitboard that hold a piece, computed afresh (see topRows). */
  computeTopRows(): Int32Array {
    const tops = this.computeTops();
    const rows = new Int32Array(2);
    for (let r = 0; r < SIZE; r++) {
      if (tops[r] !== 0) rows[0] |= 1 << r;
      if (tops[SIZE + r] !== 0) rows[1] |= 1 << r;
    }
    return rows;
  }

  /** The moves made since the start, oldest first. */
  history(): HiveMove[] {
    const undo = this.log.data;
    return Array.from({ length: this.ply - this.basePly }, (_, i) => undo[(this.basePly + i) * 5] as number);
  }

  /** The position this one's line of play starts from: the start of the game, or the one arranged. */
  base(): HivePosition {
    if (this.basePly === 0) return new HivePosition(this.options);
    const base = this.clone();
    while (base.ply > base.basePly) base.unmake();
    return base;
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
        lo ^= zobrist.piece[z] as number;
        hi ^= zobrist.piece[z + 1] as number;
      }
    }
    if (this.turn === 1) {
      lo ^= zobrist.blackLo;
      hi ^= zobrist.blackHi;
    }
    return [lo ^ (zobrist.lastLo[this.lastMoved + 1] as number), hi ^ (zobrist.lastHi[this.lastMoved + 1] as number)];
  }
}
