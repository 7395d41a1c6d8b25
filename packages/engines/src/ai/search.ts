import { wallClock } from '../engine/agent.ts';
import type { SearchPosition } from '../engine/game.ts';
import type { Rng } from '../engine/rng.ts';
import { MATE_BOUND, WIN } from './score.ts';
import { EXACT, LOWER, TranspositionTable, UPPER } from './transposition.ts';

export { describeScore, MATE_BOUND, WIN } from './score.ts';

/**
 * Negamax alpha-beta, as engine authors build it: iterative deepening with aspiration windows,
 * principal variation search, a two-slot transposition table, move ordering (table move, killers,
 * history, the game's own hint), late-move reductions, null-move pruning and a quiescence search
 * where the game offers them, and a ply more for a side in danger. One implementation for every
 * game that offers SearchHooks.
 */

const MAX_PLY = 64;
/** The first aspiration window around the last iteration's score, doubled on each failure. */
const ASPIRATION = 40;
/** Plies of noisy moves the quiescence search plays past the horizon. */
const QUIESCENCE_PLIES = 4;
/** Extensions on one line at most: each threat answered by another could otherwise deepen without end. */
const MAX_EXTENSIONS = 2;

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

/**
 * With a time budget and no order to use it all, when to stop deepening: a share of the budget
 * already spent, larger when the last iterations changed their minds (the move is critical) and
 * smaller when the best move has stood for several iterations.
 */
export function timeShare(changes: number, stableIterations: number): number {
  if (changes > 0) return 0.6;
  return stableIterations >= 4 ? 0.3 : 0.45;
}

export class Searcher {
  readonly tt: TranspositionTable;
  private readonly history = new Int32Array(2 * 65536);
  private readonly killers = new Int32Array(MAX_PLY * 2).fill(-1);
  /** The reply that last refuted a move, by that move (the countermove heuristic). */
  private readonly counters = new Int32Array(65536).fill(-1);
  /** The move that led to each ply's position (-1 for a pass). */
  private readonly played = new Int32Array(MAX_PLY + 1).fill(-1);
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
  /** Plies added by extensions on the current line. */
  private extended = 0;

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
    this.counters.fill(-1);
    this.history.fill(0);
    this.tt.newSearch();
    this.depthMade = 0;
    this.extended = 0;

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
    let changes = 0;
    let stable = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      try {
        // The previous iteration's best first, then the rest by their previous scores.
        rootMoves.sort((a, b) => (rootScores.get(b) ?? -Infinity) - (rootScores.get(a) ?? -Infinity));
        const ordered = best.depth > 0 ? [best.move, ...rootMoves.filter((m) => m !== best.move)] : rootMoves;
        // Aspiration: expect this iteration near the last one's score, and widen the window when it is not.
        let delta = ASPIRATION;
        const aspire = depth >= 3 && Math.abs(best.score) < MATE_BOUND;
        let lower = aspire ? best.score - delta : -WIN - 1;
        let upper = aspire ? best.score + delta : WIN + 1;
        let found: { move: number; score: number };
        partial = null;
        for (;;) {
          found = this.root(ordered, depth, lower, upper, rootScores, (move, score) => {
            partial = { move, score, depth, nodes: this.nodes, ms: 0, pv: Array.from(this.pvTable.subarray(0, this.pvLength[0])) };
          });
          if (found.score <= lower && lower > -WIN - 1) {
            delta *= 2;
            lower = delta > 8 * ASPIRATION ? -WIN - 1 : Math.max(-WIN - 1, found.score - delta);
            partial = null;
          } else if (found.score >= upper && upper < WIN + 1) {
            delta *= 2;
            upper = delta > 8 * ASPIRATION ? WIN + 1 : Math.min(WIN + 1, found.score + delta);
          } else break;
        }
        const pv = Array.from(this.pvTable.subarray(0, this.pvLength[0]));
        if (best.depth > 0 && found.move !== best.move) {
          changes++;
          stable = 0;
        } else stable++;
        if (best.depth > 0 && found.score < best.score - 2 * ASPIRATION) changes++;
        best = { move: found.move, score: found.score, depth, nodes: this.nodes, ms: this.clock() - started, pv };
        limits.onIteration?.(best);
        // A forced result is final; and an iteration rarely finishes in the time the last one took.
        if (Math.abs(found.score) >= MATE_BOUND) break;
        if (limits.timeMs !== undefined && !limits.useAllTime && this.clock() - started > limits.timeMs * timeShare(changes, stable)) break;
        // Only recent changes of mind count as instability.
        changes = Math.max(0, changes - 1);
      } catch (e) {
        if (e instanceof Stop) {
          // Leave the position as found: unwind whatever the interrupted iteration made.
          while (this.depthMade > 0) {
            this.pos.unmake();
            this.depthMade--;
          }
          // The interrupted iteration searched the last best move first: a move it found better is better.
          const last = partial as SearchResult | null;
          if (limits.useAllTime && last && last.depth > best.depth) best = last;
          break;
        }
        throw e;
      }
    }
    return { ...best, nodes: this.nodes, ms: this.clock() - started };
  }

  /**
   * One pass over the root moves in a window: the best move and its score (at most `lower` when
   * every move failed low, at least `upper` when one failed high). Each root move is searched to the
   * end before the next, so a move that beats the window's floor is sound at this depth (`improved`).
   */
  private root(
    ordered: readonly number[],
    depth: number,
    lower: number,
    upper: number,
    rootScores: Map<number, number>,
    improved: (move: number, score: number) => void,
  ): { move: number; score: number } {
    const pos = this.pos;
    const side = pos.turn();
    let alpha = lower;
    let bestScore = -WIN - 1;
    let bestMove = ordered[0] as number;
    for (const [i, move] of ordered.entries()) {
      pos.make(move);
      this.depthMade++;
      this.played[1] = move;
      const score = this.child(depth - 1, alpha, upper, 1, side, i === 0, 0);
      pos.unmake();
      this.depthMade--;
      rootScores.set(move, score);
      if (score > bestScore) {
        bestScore = score;
        bestMove = move;
      }
      if (score > alpha) {
        alpha = score;
        this.pvTable[0] = move;
        const childLen = this.pvLength[1] as number;
        for (let k = 1; k < childLen; k++) this.pvTable[k] = this.pvTable[MAX_PLY + k] as number;
        this.pvLength[0] = Math.max(1, childLen);
        // A move that fails high is better than the last best, though its score is only a bound.
        improved(move, score);
        if (score >= upper) break;
      }
    }
    if (bestScore <= lower) {
      this.pvTable[0] = bestMove;
      this.pvLength[0] = 1;
    }
    return { move: bestMove, score: bestScore };
  }

  /** Moves made below the root and not yet unmade: unwound when the search stops midway. */
  private depthMade = 0;

  private checkLimits(): void {
    if (this.nodes >= this.nodeLimit || this.signal?.aborted || this.clock() >= this.deadline) throw new Stop();
  }

  /**
   * Searches the position just made. When the mover is unchanged (a turn split into plies, as in
   * Nonaga's slide and disc) the child's score is already ours; otherwise it is negated.
   * The first move gets the full window, the others a null window first (principal variation search),
   * and a late quiet move first a reduced depth (late-move reduction), searched again in full only
   * when it surprises.
   */
  private child(depth: number, alpha: number, beta: number, ply: number, parentSide: number, first: boolean, reduction: number): number {
    const same = this.pos.turn() === parentSide;
    if (!first) {
      if (reduction > 0) {
        const reduced = same
          ? this.negamax(depth - reduction, alpha, alpha + 1, ply)
          : -this.negamax(depth - reduction, -alpha - 1, -alpha, ply);
        if (reduced <= alpha) return reduced;
      }
      const probe = same ? this.negamax(depth, alpha, alpha + 1, ply) : -this.negamax(depth, -alpha - 1, -alpha, ply);
      if (probe <= alpha || probe >= beta) return probe;
    }
    return same ? this.negamax(depth, alpha, beta, ply) : -this.negamax(depth, -beta, -alpha, ply);
  }

  private negamax(depth: number, alpha: number, beta: number, ply: number, nullAllowed = true): number {
    this.nodes++;
    if ((this.nodes & 1023) === 0) this.checkLimits();
    this.pvLength[ply] = ply;
    const pos = this.pos;
    const over = pos.terminal();
    if (over !== null) return over === 0 ? 0 : over * (WIN - ply);
    if (ply >= MAX_PLY - 1) return pos.evaluate();
    // A side in danger gets a ply more, so the horizon does not hide the threat. Only on the principal
    // variation: extended everywhere, Hive's crowded queens made trees 3 to 10 times larger (measured).
    const threatened = pos.threatened?.() ?? false;
    let extension = 0;
    if (threatened && beta - alpha > 1 && depth > 0 && this.extended < MAX_EXTENSIONS) {
      extension = 1;
      this.extended++;
    }
    try {
      return this.node(depth + extension, alpha, beta, ply, nullAllowed, threatened);
    } finally {
      this.extended -= extension;
    }
  }

  private node(depth: number, alpha: number, beta: number, ply: number, nullAllowed: boolean, threatened: boolean): number {
    const pos = this.pos;
    if (depth <= 0) return this.quiesce(alpha, beta, ply, QUIESCENCE_PLIES);

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

    const pvNode = beta - alpha > 1;
    // Null move: if passing still leaves us at or above beta after a reduced search, a real move will too.
    if (nullAllowed && !pvNode && !threatened && depth >= 3 && pos.makeNull && Math.abs(beta) < MATE_BOUND && pos.evaluate() >= beta) {
      const reduction = depth >= 6 ? 3 : 2;
      pos.makeNull();
      this.depthMade++;
      this.played[ply + 1] = -1;
      const score = -this.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
      pos.unmake();
      this.depthMade--;
      if (score >= beta) return score >= MATE_BOUND ? beta : score;
    }

    const moves = this.buffers[ply] as Int32Array;
    const scores = this.scores[ply] as Float64Array;
    const n = pos.generate(moves);
    if (n === 0) return 0;
    const side = pos.turn();
    const historyBase = side * 65536;
    const k1 = this.killers[ply * 2] as number;
    const k2 = this.killers[ply * 2 + 1] as number;
    const previous = this.played[ply] as number;
    const counter = previous < 0 ? -1 : (this.counters[previous & 0xffff] as number);
    for (let i = 0; i < n; i++) {
      const m = moves[i] as number;
      scores[i] =
        m === ttMove
          ? 1e12
          : m === k1
            ? 1e10
            : m === k2
              ? 1e10 - 1
              : m === counter
                ? 1e10 - 2
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
      const order = scores[j] as number;
      moves[j] = moves[i] as number;
      scores[j] = scores[i] as number;
      moves[i] = m;
      scores[i] = order;

      // Late quiet moves rarely matter: a shallower look first (more of it, the later and the deeper).
      let reduction = 0;
      if (depth >= 3 && i >= (pvNode ? 5 : 3) && order < 1e10 - 2 && !threatened && !(pos.noisy?.(m) ?? false)) {
        reduction = i >= 12 && depth >= 5 ? 2 : 1;
        if (pvNode) reduction = 1;
      }

      pos.make(m);
      this.depthMade++;
      this.played[ply + 1] = m;
      const score = this.child(childDepth, alpha, beta, ply + 1, side, i === 0, reduction);
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
        if (previous >= 0) this.counters[previous & 0xffff] = m;
        this.history[historyBase + (m & 0xffff)] = (this.history[historyBase + (m & 0xffff)] as number) + depth * depth;
        break;
      }
    }
    const flag = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    this.tt.store(lo, hi, depth, flag, toTable(best, ply), bestMove);
    return best;
  }

  /**
   * Past the horizon, only the noisy moves (where the game names them), the mover free to stand on
   * the static evaluation instead: a line is not judged in the middle of an attack.
   */
  private quiesce(alpha: number, beta: number, ply: number, left: number): number {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    const stand = pos.evaluate();
    if (left === 0 || !pos.generateNoisy || ply >= MAX_PLY - 1 || stand >= beta) return stand;
    const moves = this.buffers[ply] as Int32Array;
    const n = pos.generateNoisy(moves);
    if (n === 0) return stand;
    let best = stand;
    if (stand > alpha) alpha = stand;
    const side = pos.turn();
    for (let i = 0; i < n; i++) {
      pos.make(moves[i] as number);
      this.depthMade++;
      this.nodes++;
      if ((this.nodes & 1023) === 0) this.checkLimits();
      const same = pos.turn() === side;
      const over = pos.terminal();
      let score: number;
      if (over !== null) score = (same ? 1 : -1) * (over === 0 ? 0 : over * (WIN - ply - 1));
      else score = same ? this.quiesce(alpha, beta, ply + 1, left - 1) : -this.quiesce(-beta, -alpha, ply + 1, left - 1);
      pos.unmake();
      this.depthMade--;
      if (score > best) {
        best = score;
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
      }
    }
    return best;
  }
}

// Win scores count plies from the root; the table stores them counted from the node itself.
const toTable = (score: number, ply: number): number => (score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score);
const fromTable = (score: number, ply: number): number => (score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score);
