import { Rng } from '../../engine/rng.ts';
import { columnOf, mirrored, neighbours, rowOf } from './cells.ts';

/** Red moves first and joins the top and bottom rows; Blue joins the left and right columns. */
export const RED = 0;
export const BLUE = 1;
export type Side = typeof RED | typeof BLUE;
const EMPTY = -1;

/** The pie rule's answer to the first stone, as a move number (cells are 0 to n²−1). */
export const SWAP = 1000;

/**
 * A Hex position that changes in place (make/unmake, `clone()` for a copy), chessops style: the
 * stones, whose turn, and the chains as a union-find over the cells and four sides, so a move that
 * joins a player's sides is seen in the move itself. Union by size without path compression keeps
 * every union undoable exactly, for the search's make/unmake.
 */
export class HexBoard {
  readonly stones: Int8Array;
  /** Moves made so far (cells, or SWAP), the first first. */
  readonly history: number[] = [];
  winner: Side | -1 = -1;
  private readonly parent: Int16Array;
  private readonly weight: Int16Array;
  /** Unions made, to undo: child, then the root it was put under, per union. */
  private readonly unions: number[] = [];
  /** Per move: how many unions were made before it, and the winner before it. */
  private readonly marks: number[] = [];
  hashLo = 0;
  hashHi = 0;

  constructor(
    readonly size: number,
    /** Whether the second player may answer the first stone with `swap`. */
    readonly pie: boolean,
  ) {
    const nodes = size * size + 4;
    this.stones = new Int8Array(size * size).fill(EMPTY);
    this.parent = Int16Array.from({ length: nodes }, (_, i) => i);
    this.weight = new Int16Array(nodes).fill(1);
  }

  /** The four sides, as union-find nodes after the cells. */
  get top(): number {
    return this.size * this.size;
  }
  get bottom(): number {
    return this.top + 1;
  }
  get left(): number {
    return this.top + 2;
  }
  get right(): number {
    return this.top + 3;
  }

  get plies(): number {
    return this.history.length;
  }

  /** Whose turn: the players alternate, a swap counting as the second player's move. */
  get turn(): Side {
    return (this.history.length % 2) as Side;
  }

  get over(): boolean {
    return this.winner !== -1;
  }

  /** Whether `swap` may be played now: with the pie rule, as the second move only. */
  get maySwap(): boolean {
    return this.pie && this.history.length === 1 && !this.over;
  }

  /** The legal moves into `buffer` (empty cells, then SWAP when it may be played); their number. */
  generate(buffer: Int32Array): number {
    if (this.over) return 0;
    let n = 0;
    for (let cell = 0; cell < this.stones.length; cell++) if (this.stones[cell] === EMPTY) buffer[n++] = cell;
    if (this.maySwap) buffer[n++] = SWAP;
    return n;
  }

  isLegal(move: number): boolean {
    if (this.over) return false;
    if (move === SWAP) return this.maySwap;
    return Number.isInteger(move) && move >= 0 && move < this.stones.length && this.stones[move] === EMPTY;
  }

  make(move: number): void {
    this.marks.push(this.unions.length, this.winner);
    if (move === SWAP) {
      // The pie rule as swapping the stone: the first stone becomes the second player's, reflected
      // across the long diagonal so it serves their direction; the first player moves on.
      const first = this.history[0] as number;
      this.clear();
      this.place(mirrored(this.size, first), BLUE);
    } else this.place(move, this.turn);
    this.history.push(move);
    this.flipSide();
  }

  unmake(): void {
    const move = this.history.pop();
    if (move === undefined) throw new Error('no move to take back');
    this.flipSide();
    const winner = this.marks.pop() as Side | -1;
    const unions = this.marks.pop() as number;
    if (move === SWAP) {
      // The first stone comes back, with its unions as the first move made them.
      this.clear();
      this.place(this.history[0] as number, RED);
    } else {
      while (this.unions.length > unions) {
        const root = this.unions.pop() as number;
        const child = this.unions.pop() as number;
        this.parent[child] = child;
        this.weight[root] = (this.weight[root] as number) - (this.weight[child] as number);
      }
      this.toggleStone(move, this.stones[move] as Side);
      this.stones[move] = EMPTY;
    }
    this.winner = winner;
  }

  /** A copy that changes apart from this one (undo log and all). */
  clone(): HexBoard {
    const copy = new HexBoard(this.size, this.pie);
    copy.stones.set(this.stones);
    copy.parent.set(this.parent);
    copy.weight.set(this.weight);
    copy.history.push(...this.history);
    copy.unions.push(...this.unions);
    copy.marks.push(...this.marks);
    copy.winner = this.winner;
    copy.hashLo = this.hashLo;
    copy.hashHi = this.hashHi;
    return copy;
  }

  /** The root of a node's chain. */
  find(node: number): number {
    let n = node;
    while (this.parent[n] !== n) n = this.parent[n] as number;
    return n;
  }

  /** Whether two nodes (cells or sides) are in one chain. */
  joined(a: number, b: number): boolean {
    return this.find(a) === this.find(b);
  }

  private place(cell: number, side: Side): void {
    this.stones[cell] = side;
    this.toggleStone(cell, side);
    for (const next of neighbours(this.size)[cell] as readonly number[]) if (this.stones[next] === side) this.union(cell, next);
    const n = this.size;
    if (side === RED) {
      if (rowOf(n, cell) === 0) this.union(cell, this.top);
      if (rowOf(n, cell) === n - 1) this.union(cell, this.bottom);
      if (this.joined(this.top, this.bottom)) this.winner = RED;
    } else {
      if (columnOf(n, cell) === 0) this.union(cell, this.left);
      if (columnOf(n, cell) === n - 1) this.union(cell, this.right);
      if (this.joined(this.left, this.right)) this.winner = BLUE;
    }
  }

  private union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    if ((this.weight[ra] as number) > (this.weight[rb] as number)) [ra, rb] = [rb, ra];
    this.parent[ra] = rb;
    this.weight[rb] = (this.weight[rb] as number) + (this.weight[ra] as number);
    this.unions.push(ra, rb);
  }

  /** Empties the board, its chains and their log (`history` is the caller's to keep right). */
  private clear(): void {
    this.stones.fill(EMPTY);
    for (let i = 0; i < this.parent.length; i++) {
      this.parent[i] = i;
      this.weight[i] = 1;
    }
    this.unions.length = 0;
    this.winner = -1;
    // What is left of the hash is whose turn it is.
    const odd = this.history.length % 2 === 1;
    this.hashLo = odd ? ZOBRIST_SIDE[0] : 0;
    this.hashHi = odd ? ZOBRIST_SIDE[1] : 0;
  }

  private toggleStone(cell: number, side: Side): void {
    const table = zobrist(this.size);
    const i = (cell * 2 + side) * 2;
    this.hashLo ^= table[i] as number;
    this.hashHi ^= table[i + 1] as number;
  }

  private flipSide(): void {
    this.hashLo ^= ZOBRIST_SIDE[0];
    this.hashHi ^= ZOBRIST_SIDE[1];
  }
}

/** The side to move's share of the hash (a fixed pair: one position, one hash whoever reached it). */
const ZOBRIST_SIDE: readonly [number, number] = (() => {
  const rng = Rng.fromSeed('hex/zobrist/side');
  return [rng.nextUint32() | 0, rng.nextUint32() | 0];
})();

const zobristTables = new Map<number, Int32Array>();

/** Two random 32-bit halves per cell and side, one table a board size (drawn from a fixed seed). */
function zobrist(size: number): Int32Array {
  let table = zobristTables.get(size);
  if (!table) {
    const rng = Rng.fromSeed(`hex/zobrist/${size}`);
    table = Int32Array.from({ length: size * size * 4 }, () => rng.nextUint32() | 0);
    zobristTables.set(size, table);
  }
  return table;
}
