import { wallClock } from '../../engine/agent.ts';
import type { Agent, ChooseContext } from '../../engine/game.ts';
import { BLUE, RED, SWAP } from './board.ts';
import { columnOf, rowOf } from './cells.ts';
import type { HexMove, HexState } from './game.ts';
import { openingMove } from './opening.ts';

/**
 * Hex's top level: Monte-Carlo tree search as the strong Hex programs play it (MoHex, after Arneson,
 * Hayward and Henderson), not the alpha-beta with a connection distance the other games' levels use —
 * a board's value in Hex is global, and a distance misjudges it where a playout to the full board
 * does not. What it takes from them:
 * - Playouts to the full board: Hex's board cannot fill without exactly one winner, so a playout
 *   never checks for a win on the way and one flood at its end says who won.
 * - Save-the-bridge in the playouts: where the last stone entered one of the two cells between two
 *   stones of the player to move (or a stone and its side), that player takes the other — the
 *   reply that keeps a bridge, which random play otherwise drops half the time.
 * - RAVE (all moves as first): the full board says for every cell whose stone it held, so each
 *   playout scores every move of the player to move at every node it passed; a cell's value is
 *   blended from that until its own visits are many.
 * - The pie rule from a table (opening.ts), not from the search.
 */

/** Off-board neighbours in the ring of a cell: the side they are, negative so no cell is one. */
const TOP = -1;
const BOTTOM = -2;
const LEFT = -3;
const RIGHT = -4;
const EMPTY = -1;

/** The six neighbours of (c, r) in order round the cell: each next to the one before. */
const RING: readonly (readonly [number, number])[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

const rings = new Map<number, Int32Array>();

/** Per cell, its six neighbours round it (cells, or the side beyond the board's edge). */
function ringTable(n: number): Int32Array {
  let table = rings.get(n);
  if (!table) {
    table = new Int32Array(n * n * 6);
    for (let cell = 0; cell < n * n; cell++)
      RING.forEach(([dc, dr], i) => {
        const c = columnOf(n, cell) + dc;
        const r = rowOf(n, cell) + dr;
        (table as Int32Array)[cell * 6 + i] = r < 0 ? TOP : r >= n ? BOTTOM : c < 0 ? LEFT : c >= n ? RIGHT : r * n + c;
      });
    rings.set(n, table);
  }
  return table;
}

/** The search's constants (tuned by matches, see docs/rules/hex.md). */
export interface HexMctsSettings {
  /** Playouts that weigh a cell's own value equal to its RAVE value (MoHex's "RAVE equivalence"). */
  readonly raveEquivalence: number;
  /** The UCT exploration term's weight. */
  readonly exploration: number;
  /** Visits a node has before its children are made. */
  readonly expandAfter: number;
  /** Save-the-bridge in the playouts. */
  readonly bridges: boolean;
}

export const HEX_MCTS: HexMctsSettings = { raveEquivalence: 1000, exploration: 0.05, expandAfter: 2, bridges: true };

class Node {
  /** Playouts through it, and those won by the player who made its move. */
  n = 0;
  w = 0;
  /** Playouts in which its player took its cell after its parent's position (all moves as first). */
  rn = 0;
  rw = 0;
  children: Node[] | null = null;
  constructor(readonly cell: number) {}
}

/** A 32-bit xorshift: the playouts' dice, seeded from the caller's generator. */
class Dice {
  private s: number;
  constructor(seed: number) {
    this.s = seed | 0 || 0x9e3779b9;
  }
  /** A whole number from 0 to n − 1. */
  below(n: number): number {
    let s = this.s;
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    this.s = s;
    return (s >>> 0) % n;
  }
}

/** One search: the root position's stones, and the buffers every playout reuses. */
export class HexSearch {
  readonly n: number;
  readonly root = new Node(-1);
  playouts = 0;
  private readonly ring: Int32Array;
  private readonly start: Int8Array;
  private readonly board: Int8Array;
  private readonly empties: Int32Array;
  private readonly where: Int32Array;
  private readonly queue: Int32Array;
  private readonly seen: Uint8Array;
  private readonly dice: Dice;
  /** The nodes of the playout under way, the root first. */
  private readonly path: Node[] = [];

  constructor(
    size: number,
    stones: Int8Array,
    /** The side to move at the root. */
    readonly toMove: number,
    /** The last stone placed (its cell), or −1: the first playout move may save a bridge from it. */
    readonly last: number,
    seed: number,
    readonly settings: HexMctsSettings = HEX_MCTS,
  ) {
    this.n = size;
    const cells = size * size;
    this.ring = ringTable(size);
    this.start = Int8Array.from(stones);
    this.board = new Int8Array(cells);
    this.empties = new Int32Array(cells);
    this.where = new Int32Array(cells);
    this.queue = new Int32Array(cells);
    this.seen = new Uint8Array(cells);
    this.dice = new Dice(seed);
  }

  /** Whether `code` (a cell or a side beyond the edge) is `side`'s. */
  private mine(code: number, side: number): boolean {
    if (code >= 0) return this.board[code] === side;
    return side === RED ? code >= BOTTOM : code <= LEFT;
  }

  /** The reply that keeps a bridge of `side` the stone on `cell` entered, or −1. */
  private saveBridge(cell: number, side: number): number {
    const ring = this.ring;
    const base = cell * 6;
    for (let i = 0; i < 6; i++) {
      const a = ring[base + i] as number;
      const y = ring[base + ((i + 1) % 6)] as number;
      const b = ring[base + ((i + 2) % 6)] as number;
      if (y >= 0 && this.board[y] === EMPTY && (a >= 0 || b >= 0) && this.mine(a, side) && this.mine(b, side)) return y;
    }
    return -1;
  }

  /** Whether Red joins top and bottom on the full board (else Blue has won). */
  private redWins(): boolean {
    const n = this.n;
    const { board, queue, seen, ring } = this;
    seen.fill(0);
    let tail = 0;
    for (let c = 0; c < n; c++)
      if (board[c] === RED) {
        seen[c] = 1;
        queue[tail++] = c;
      }
    for (let head = 0; head < tail; head++) {
      const cell = queue[head] as number;
      if (cell >= n * (n - 1)) return true;
      for (let i = 0; i < 6; i++) {
        const next = ring[cell * 6 + i] as number;
        if (next >= 0 && !seen[next] && board[next] === RED) {
          seen[next] = 1;
          queue[tail++] = next;
        }
      }
    }
    return false;
  }

  /** `side`'s stone on `cell`, an empty among the first `count`: its place there taken by the last of them. The count of empties left. */
  private place(cell: number, side: number, count: number): number {
    const { empties, where } = this;
    const i = where[cell] as number;
    const moved = empties[--count] as number;
    empties[i] = moved;
    where[moved] = i;
    this.board[cell] = side;
    return count;
  }

  /** One playout from the root: down the tree, on to the full board, and the scores back up. */
  iterate(): void {
    const { board, empties, where, settings, path } = this;
    board.set(this.start);
    let count = 0;
    for (let cell = 0; cell < board.length; cell++)
      if (board[cell] === EMPTY) {
        where[cell] = count;
        empties[count++] = cell;
      }
    // Down the tree.
    let depth = 0;
    path[depth++] = this.root;
    let node = this.root;
    let side = this.toMove;
    let last = this.last;
    while (node.children !== null && count > 0) {
      const child = this.select(node);
      const cell = child.cell;
      count = this.place(cell, side, count);
      last = cell;
      side ^= 1;
      path[depth++] = child;
      node = child;
    }
    if (node.children === null && node.n + 1 >= settings.expandAfter && count > 0) {
      const children: Node[] = new Array(count);
      for (let i = 0; i < count; i++) children[i] = new Node(empties[i] as number);
      node.children = children;
    }
    // On to the full board.
    while (count > 0) {
      let cell = settings.bridges && last >= 0 ? this.saveBridge(last, side) : -1;
      if (cell < 0) cell = empties[this.dice.below(count)] as number;
      count = this.place(cell, side, count);
      last = cell;
      side ^= 1;
    }
    const winner = this.redWins() ? RED : BLUE;
    // Back up: each node's move is its mover's (the side to move at its parent); RAVE for every
    // child whose cell the side to move at the parent held at the end.
    let mover = this.toMove;
    for (let d = 0; d < depth; d++) {
      const parent = path[d] as Node;
      parent.n++;
      // The root's own move is nobody's; each later node's mover alternates from the root's side.
      if (d > 0 && winner !== mover) parent.w++;
      const won = winner === mover ? 1 : 0;
      const children = parent.children;
      if (children !== null)
        for (let k = 0; k < children.length; k++) {
          const child = children[k] as Node;
          if (board[child.cell] === mover) {
            child.rn++;
            child.rw += won;
          }
        }
      mover ^= 1;
    }
    this.playouts++;
  }

  private select(node: Node): Node {
    const children = node.children as Node[];
    const { raveEquivalence, exploration } = this.settings;
    const logN = Math.log(node.n + 1);
    let best = children[0] as Node;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const c of children) {
      const q = c.n > 0 ? c.w / c.n : 0.5;
      const r = c.rn > 0 ? c.rw / c.rn : 0.5;
      const beta = c.rn / (c.n + c.rn + (c.n * c.rn) / raveEquivalence + 1e-9);
      const value = (1 - beta) * q + beta * r + exploration * Math.sqrt(logN / (c.n + 1));
      if (value > bestValue) {
        bestValue = value;
        best = c;
      }
    }
    return best;
  }

  /** The root's most visited cell. */
  best(): number {
    let best: Node | null = null;
    for (const c of this.root.children ?? []) if (best === null || c.n > best.n) best = c;
    return best === null ? -1 : best.cell;
  }
}

/** A cell that joins the side to move's sides at once, or −1. */
function winningNow(state: HexState): number {
  const board = state.board.clone();
  for (let cell = 0; cell < board.stones.length; cell++) {
    if (board.stones[cell] !== EMPTY) continue;
    board.make(cell);
    const won = board.over;
    board.unmake();
    if (won) return cell;
  }
  return -1;
}

/** Hex's MCTS as an agent: the whole of its time (1 s unless told) a move, less a margin to answer in. */
export function hexMctsAgent(name: string, settings: HexMctsSettings = HEX_MCTS, defaultTimeMs = 5_000): Agent<HexState, HexMove> {
  return {
    name,
    async choose(_game, state: HexState, context: ChooseContext): Promise<HexMove> {
      const { board } = state;
      const opening = openingMove(state);
      if (opening !== null) return opening;
      const now = winningNow(state);
      if (now >= 0) return { kind: 'place', cell: now };
      const clock = context.clock ?? wallClock;
      const started = clock();
      const timeMs = context.timeMs ?? defaultTimeMs;
      // An answer's own way out (the process, the protocol) takes a few milliseconds; a loaded
      // machine more: keep a tenth, at most 100 ms.
      const budget = timeMs - Math.min(100, timeMs / 10);
      const lastMove = board.history.at(-1);
      const last = lastMove === undefined || lastMove === SWAP ? -1 : lastMove;
      const search = new HexSearch(board.size, board.stones, board.turn, last, context.rng.nextUint32(), settings);
      const nodesLimit = context.depth === undefined ? Number.POSITIVE_INFINITY : 2000 * context.depth;
      do {
        for (let i = 0; i < 64; i++) search.iterate();
        if (context.signal?.aborted) break;
      } while (clock() - started < budget && search.playouts < nodesLimit);
      return { kind: 'place', cell: search.best() };
    },
  };
}
