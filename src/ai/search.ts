import { wallClock } from '../engine/agent.ts';
import type { SearchPosition } from '../engine/game.ts';
import type { Rng } from '../engine/rng.ts';
import { MATE_BOUND, WIN } from './score.ts';
import { EXACT, LOWER, TranspositionTable, UPPER } from './transposition.ts';

export { describeScore, MATE_BOUND, WIN } from './score.ts';

/**
 * Negamax alpha-beta with principal variation search, iterative deepening, a transposition
 * table, and move ordering (table move, killer moves, history, the game's own hint).
 * One implementation for every game that offers SearchHooks.
 */

const MAX_PLY = 64;

export interface SearchLimits {
  /** Deepest iteration (plies). */
  readonly depth?: number;
  /** Wall-clock budget; the best move of the deepest finished iteration is returned. */
  readonly timeMs?: number;
  /** Node budget: deterministic where a time limit is not. */
  readonly nodes?: number;
  readonly signal?: AbortSignal;
  /** Milliseconds for `timeMs` (performance.now by default; tests give a clock they drive). */
  readonly clock?: () => number;
  /** Called after each finished iteration (for `info` lines, progress). */
  readonly onIteration?: (info: SearchInfo) => void;
  /**
   * With `timeMs`: search until the time is up (a UHP engine told how long to think), taking the
   * best move of the unfinished iteration where it has one, instead of stopping when another
   * iteration looks unlikely to finish (what a player waiting on an AI prefers).
   */
  readonly useAllTime?: boolean;
  /**
   * Only these root moves are searched (UCI's `searchmoves`): an analysis finds its second-best
   * line by searching again without the best. Moves not legal here are ignored.
   */
  readonly searchMoves?: readonly number[];
}

export interface SearchInfo {
  readonly depth: number;
  readonly score: number;
  readonly nodes: number;
  readonly ms: number;
  readonly pv: readonly number[];
}

export interface SearchResult extends SearchInfo {
  readonly move: number;
}

class Stop extends Error {}

export class Searcher {
  readonly tt: TranspositionTable;
  private readonly history = new Int32Array(2 * 65536);
  private readonly killers = new Int32Array(MAX_PLY * 2).fill(-1);
  private buffers: Int32Array[] = [];
  private scores: Float64Array[] = [];
  private pos!: SearchPosition;
  private nodes = 0;
  private deadline = Number.POSITIVE_INFINITY;
  private nodeLimit = Number.POSITIVE_INFINITY;
  private signal: AbortSignal | undefined;
  private clock: () => number = wallClock;
  private pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private pvLength = new Int32Array(MAX_PLY);

  constructor(ttBits = 20) {
    this.tt = new TranspositionTable(ttBits);
  }

  /** Searches the position (which it leaves as it found it) and returns the best move found. */
  search(pos: SearchPosition, maxMoves: number, limits: SearchLimits, rng?: Rng): SearchResult {
    this.clock = limits.clock ?? wallClock;
    const started = this.clock();
    this.pos = pos;
    this.nodes = 0;
    this.deadline = limits.timeMs === undefined ? Number.POSITIVE_INFINITY : started + limits.timeMs;
    this.nodeLimit = limits.nodes ?? Number.POSITIVE_INFINITY;
    this.signal = limits.signal;
    if (this.buffers.length === 0 || (this.buffers[0] as Int32Array).length < maxMoves) {
      this.buffers = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(maxMoves));
      this.scores = Array.from({ length: MAX_PLY + 1 }, () => new Float64Array(maxMoves));
    }
    this.killers.fill(-1);
    this.history.fill(0);
    this.depthMade = 0;

    const legal = Array.from(this.buffers[MAX_PLY]!.subarray(0, pos.generate(this.buffers[MAX_PLY]!)));
    if (legal.length === 0) throw new Error('search: the game is over');
    const only = limits.searchMoves;
    const rootMoves = only ? legal.filter((m) => only.includes(m)) : legal;
    if (rootMoves.length === 0) throw new Error('search: none of the moves to search is legal here');
    // Shuffled first so that equally good moves are chosen at random (the sort below is stable).
    if (rng) rng.shuffle(rootMoves);
    let best: SearchResult = { move: rootMoves[0] as number, score: 0, depth: 0, nodes: 0, ms: 0, pv: [rootMoves[0] as number] };
    if (rootMoves.length === 1 && limits.depth === undefined) return best;

    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 1, MAX_PLY - 1);
    const rootScores = new Map<number, number>();
    let partial: SearchResult | null = null;
    for (let depth = 1; depth <= maxDepth; depth++) {
      try {
        // The previous iteration's best first, then the rest by their previous scores.
        rootMoves.sort((a, b) => (rootScores.get(b) ?? -Infinity) - (rootScores.get(a) ?? -Infinity));
        const ordered = best.depth > 0 ? [best.move, ...rootMoves.filter((m) => m !== best.move)] : rootMoves;
        let alpha = -WIN - 1;
        let bestMove = ordered[0] as number;
        const side = pos.turn();
        partial = null;
        for (const [i, move] of ordered.entries()) {
          pos.make(move);
          this.depthMade++;
          const score = this.child(depth - 1, alpha, WIN + 1, 1, side, i === 0);
          pos.unmake();
          this.depthMade--;
          rootScores.set(move, score);
          if (score > alpha) {
            alpha = score;
            bestMove = move;
            this.pvTable[0] = move;
            const childLen = this.pvLength[1] as number;
            for (let k = 1; k < childLen; k++) this.pvTable[k] = this.pvTable[MAX_PLY + k] as number;
            this.pvLength[0] = Math.max(1, childLen);
            // Each root move is searched to the end before the next: the best so far is sound at this depth.
            partial = { move, score, depth, nodes: this.nodes, ms: 0, pv: Array.from(this.pvTable.subarray(0, this.pvLength[0])) };
          }
        }
        const pv = Array.from(this.pvTable.subarray(0, this.pvLength[0]));
        best = { move: bestMove, score: alpha, depth, nodes: this.nodes, ms: this.clock() - started, pv };
        limits.onIteration?.(best);
        // A forced result is final; and an iteration rarely finishes in the time the last one took.
        if (Math.abs(alpha) >= MATE_BOUND) break;
        if (limits.timeMs !== undefined && !limits.useAllTime && this.clock() - started > limits.timeMs * 0.45) break;
      } catch (e) {
        if (e instanceof Stop) {
          // Leave the position as found: unwind whatever the interrupted iteration made.
          while (this.depthMade > 0) {
            pos.unmake();
            this.depthMade--;
          }
          // The interrupted iteration searched the last best move first: a move it found better is better.
          if (limits.useAllTime && partial && partial.depth > best.depth) best = partial;
          break;
        }
        throw e;
      }
    }
    return { ...best, nodes: this.nodes, ms: this.clock() - started };
  }

  /** Moves made below the root and not yet unmade: unwound when the search stops midway. */
  private depthMade = 0;

  private checkLimits(): void {
    if (this.nodes >= this.nodeLimit || this.signal?.aborted || this.clock() >= this.deadline) throw new Stop();
  }

  /**
   * Searches the position just made. When the mover is unchanged (a turn split into plies, as in
   * Nonaga's slide and disc) the child's score is already ours; otherwise it is negated.
   * The first move gets the full window, the others a null window first (principal variation search).
   */
  private child(depth: number, alpha: number, beta: number, ply: number, parentSide: number, first: boolean): number {
    const same = this.pos.turn() === parentSide;
    if (!first) {
      const probe = same ? this.negamax(depth, alpha, alpha + 1, ply) : -this.negamax(depth, -alpha - 1, -alpha, ply);
      if (probe <= alpha || probe >= beta) return probe;
    }
    return same ? this.negamax(depth, alpha, beta, ply) : -this.negamax(depth, -beta, -alpha, ply);
  }

  private negamax(depth: number, alpha: number, beta: number, ply: number): number {
    this.nodes++;
    if ((this.nodes & 1023) === 0) this.checkLimits();
    this.pvLength[ply] = ply;
    const pos = this.pos;
    const over = pos.terminal();
    if (over !== null) return over === 0 ? 0 : over * (WIN - ply);
    if (depth <= 0 || ply >= MAX_PLY - 1) return pos.evaluate();

    const lo = pos.hashLo();
    const hi = pos.hashHi();
    const slot = this.tt.probe(lo, hi);
    let ttMove = -1;
    if (slot >= 0) {
      ttMove = this.tt.moveAt(slot);
      if (this.tt.depthAt(slot) >= depth) {
        const s = fromTable(this.tt.scoreAt(slot), ply);
        const flag = this.tt.flagAt(slot);
        if (flag === EXACT || (flag === LOWER && s >= beta) || (flag === UPPER && s <= alpha)) return s;
      }
    }

    const moves = this.buffers[ply] as Int32Array;
    const scores = this.scores[ply] as Float64Array;
    const n = pos.generate(moves);
    if (n === 0) return 0;
    const side = pos.turn();
    const historyBase = side * 65536;
    const k1 = this.killers[ply * 2] as number;
    const k2 = this.killers[ply * 2 + 1] as number;
    for (let i = 0; i < n; i++) {
      const m = moves[i] as number;
      scores[i] =
        m === ttMove
          ? 1e12
          : m === k1
            ? 1e10
            : m === k2
              ? 1e10 - 1
              : (pos.moveOrder?.(m) ?? 0) * 1e8 + (this.history[historyBase + (m & 0xffff)] as number);
    }

    // A forced reply (a single legal move, a pass) costs no depth: it decides nothing.
    const childDepth = n === 1 ? depth : depth - 1;
    const alpha0 = alpha;
    let best = -WIN - 1;
    let bestMove = moves[0] as number;
    for (let i = 0; i < n; i++) {
      // Selection sort, one step at a time: most nodes cut off after a move or two.
      let j = i;
      for (let k = i + 1; k < n; k++) if ((scores[k] as number) > (scores[j] as number)) j = k;
      const m = moves[j] as number;
      moves[j] = moves[i] as number;
      scores[j] = scores[i] as number;
      moves[i] = m;

      pos.make(m);
      this.depthMade++;
      const score = this.child(childDepth, alpha, beta, ply + 1, side, i === 0);
      pos.unmake();
      this.depthMade--;

      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          const row = ply * MAX_PLY;
          this.pvTable[row + ply] = m;
          const childLen = this.pvLength[ply + 1] as number;
          for (let k = ply + 1; k < childLen; k++) this.pvTable[row + k] = this.pvTable[(ply + 1) * MAX_PLY + k] as number;
          this.pvLength[ply] = Math.max(ply + 1, childLen);
        }
      }
      if (alpha >= beta) {
        if (m !== k1) {
          this.killers[ply * 2 + 1] = k1;
          this.killers[ply * 2] = m;
        }
        this.history[historyBase + (m & 0xffff)] = (this.history[historyBase + (m & 0xffff)] as number) + depth * depth;
        break;
      }
    }
    const flag = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    this.tt.store(lo, hi, depth, flag, toTable(best, ply), bestMove);
    return best;
  }
}

// Win scores count plies from the root; the table stores them counted from the node itself.
const toTable = (score: number, ply: number): number => (score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score);
const fromTable = (score: number, ply: number): number => (score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score);
