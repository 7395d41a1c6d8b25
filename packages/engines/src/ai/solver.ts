import type { Outcome, Player, Solvable } from '../engine/game.ts';

/**
 * Retrograde analysis over the graph of positions (transpositions merged), for two-player games
 * small enough to enumerate. Values are absolute (which seat wins), so the solver needs no
 * assumption that turns alternate.
 */

/** The game-theoretic value of a position: which seat wins with perfect play, or a draw. */
export type Verdict = { readonly kind: 'win'; readonly winner: Player } | { readonly kind: 'draw' };

export interface PositionValue {
  readonly verdict: Verdict;
  /**
   * For a win, the moves to the end when the winner hurries and the loser stalls; 0 at an end
   * of the game; null for a non-terminal draw (drawn positions need no distance to be played).
   */
  readonly distance: number | null;
}

export interface SolveProgress {
  readonly phase: 'enumerate' | 'retrograde' | 'count';
  readonly done: number;
  /** Unknown while the graph is still being discovered. */
  readonly total: number | null;
}

export interface SolveSettings {
  /** Refuse games larger than this many positions instead of exhausting memory. */
  readonly maxPositions?: number;
  readonly onProgress?: (p: SolveProgress) => void;
}

/** Complete games: root-to-end move sequences, counted by how they end. */
export interface GameCounts {
  readonly total: bigint;
  readonly winsBySeat: readonly bigint[];
  readonly draws: bigint;
}

const UNKNOWN = -1;
const DRAW = -2;

export class Solution<S, M> {
  constructor(
    readonly game: Solvable<S, M>,
    /** Every reachable position, the start first. */
    readonly states: readonly S[],
    private readonly index: ReadonlyMap<string, number>,
    /** Child lists in compressed form: the children of i are childList[childStart[i] .. childStart[i+1]). */
    private readonly childStart: Int32Array,
    private readonly childList: Int32Array,
    /** Winning seat, or DRAW (terminal draw or no forced end). */
    private readonly winner: Int8Array,
    private readonly dist: Int32Array,
    private readonly terminal: Uint8Array,
  ) {}

  get size(): number {
    return this.states.length;
  }

  get terminalCount(): number {
    let n = 0;
    for (const t of this.terminal) n += t;
    return n;
  }

  indexOf(state: S): number | undefined {
    return this.index.get(this.game.positionKey(state));
  }

  isTerminal(i: number): boolean {
    return this.terminal[i] === 1;
  }

  children(i: number): Int32Array {
    return this.childList.subarray(this.childStart[i], this.childStart[i + 1]);
  }

  valueAt(i: number): PositionValue {
    const w = this.winner[i] as number;
    const d = this.dist[i] as number;
    return { verdict: w === DRAW ? { kind: 'draw' } : { kind: 'win', winner: w }, distance: d < 0 ? null : d };
  }

  /** The value of any reachable position; undefined for a position the start cannot reach. */
  value(state: S): PositionValue | undefined {
    const i = this.indexOf(state);
    return i === undefined ? undefined : this.valueAt(i);
  }

  /**
   * The moves a perfect player picks: a win by the fastest road, else a draw, else the slowest
   * loss. In the game's move order, so the first is a deterministic choice.
   */
  bestMoves(state: S): M[] {
    const me = this.game.toMove(state);
    if (me === null) return [];
    let best: M[] = [];
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const move of this.game.legalMoves(state)) {
      const child = this.indexOf(this.game.play(state, move));
      if (child === undefined) throw new Error(`${this.game.id}: a move leads outside the solved graph`);
      const score = this.scoreFor(me, child);
      if (score > bestScore) {
        bestScore = score;
        best = [move];
      } else if (score === bestScore) best.push(move);
    }
    return best;
  }

  /** Wins rank above draws above losses; a faster win and a slower loss rank higher. */
  private scoreFor(me: Player, i: number): number {
    const w = this.winner[i] as number;
    const d = this.dist[i] as number;
    if (w === DRAW) return 0;
    return w === me ? 1e9 - d : -1e9 + d;
  }

  /**
   * Counts complete games (paths from the start to an end), by result. Null when the graph has
   * a cycle, since then there are infinitely many.
   */
  countGames(onProgress?: (p: SolveProgress) => void): GameCounts | null {
    const n = this.size;
    const indegree = new Int32Array(n);
    for (const c of this.childList) indegree[c] = (indegree[c] as number) + 1;
    const paths: bigint[] = Array(n).fill(0n);
    paths[0] = 1n;
    // Kahn's order: a position is final once every road into it has been counted.
    const order = new Int32Array(n);
    let head = 0;
    let tail = 0;
    for (let i = 0; i < n; i++) if (indegree[i] === 0) order[tail++] = i;
    const seats = new Map<number, bigint>();
    let draws = 0n;
    let total = 0n;
    while (head < tail) {
      const i = order[head++] as number;
      const p = paths[i] as bigint;
      if (this.terminal[i]) {
        total += p;
        const w = this.winner[i] as number;
        if (w === DRAW) draws += p;
        else seats.set(w, (seats.get(w) ?? 0n) + p);
      }
      for (const c of this.children(i)) {
        paths[c] = (paths[c] as bigint) + p;
        indegree[c] = (indegree[c] as number) - 1;
        if (indegree[c] === 0) order[tail++] = c;
      }
      if ((head & 0xfff) === 0) onProgress?.({ phase: 'count', done: head, total: n });
    }
    if (tail < n) return null;
    const maxSeat = Math.max(1, ...seats.keys());
    const winsBySeat = Array.from({ length: maxSeat + 1 }, (_, s) => seats.get(s) ?? 0n);
    return { total, winsBySeat, draws };
  }

  /** The number of positions up to the game's symmetries (needs `symmetryKey`). */
  symmetryClasses(): number | null {
    const key = this.game.symmetryKey?.bind(this.game);
    if (!key) return null;
    return new Set(this.states.map(key)).size;
  }
}

function terminalWinner(outcome: Outcome): number {
  return outcome.kind === 'win' ? outcome.winner : DRAW;
}

/** Enumerates every position reachable from `start` and solves them all. */
export function solve<S, M>(game: Solvable<S, M>, start: S, settings: SolveSettings = {}): Solution<S, M> {
  const maxPositions = settings.maxPositions ?? 5_000_000;
  const report = settings.onProgress;

  // 1. Breadth-first enumeration with transpositions merged.
  const states: S[] = [start];
  const index = new Map<string, number>([[game.positionKey(start), 0]]);
  const childStarts: number[] = [];
  const children: number[] = [];
  const movers: number[] = [];
  const winner: number[] = [];
  for (let i = 0; i < states.length; i++) {
    const state = states[i] as S;
    childStarts.push(children.length);
    const outcome = game.result(state);
    movers.push(game.toMove(state) ?? -1);
    winner.push(outcome ? terminalWinner(outcome) : UNKNOWN);
    if (outcome) continue;
    const moves = game.legalMoves(state);
    if (moves.length === 0) throw new Error(`${game.id}: a position that is not over has no legal move`);
    for (const move of moves) {
      const next = game.play(state, move);
      const key = game.positionKey(next);
      let j = index.get(key);
      if (j === undefined) {
        j = states.length;
        if (j >= maxPositions) throw new RangeError(`${game.id} has more than ${maxPositions} positions: too large to solve`);
        states.push(next);
        index.set(key, j);
      }
      children.push(j);
    }
    if ((i & 0xfff) === 0) report?.({ phase: 'enumerate', done: i, total: null });
  }
  childStarts.push(children.length);
  const n = states.length;
  const childStart = Int32Array.from(childStarts);
  const childList = Int32Array.from(children);

  // 2. Reverse edges, one per move (a position reached by two moves has two parent entries).
  const parentStart = new Int32Array(n + 1);
  for (const c of childList) parentStart[c + 1] = (parentStart[c + 1] as number) + 1;
  for (let i = 0; i < n; i++) parentStart[i + 1] = (parentStart[i + 1] as number) + (parentStart[i] as number);
  const fill = parentStart.slice(0, n);
  const parentList = new Int32Array(childList.length);
  for (let i = 0; i < n; i++) {
    for (let e = childStart[i] as number; e < (childStart[i + 1] as number); e++) {
      const c = childList[e] as number;
      parentList[fill[c] as number] = i;
      fill[c] = (fill[c] as number) + 1;
    }
  }

  // 3. Retrograde: settle positions in order of distance from the end. A position is won for its
  // mover as soon as one child is; lost once every child is won by the opponent. Anything never
  // settled can avoid defeat forever on both sides: a draw.
  const win = Int8Array.from(winner, (w) => (w === UNKNOWN ? UNKNOWN : w));
  const dist = new Int32Array(n).fill(-1);
  const open = new Int32Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    open[i] = (childStart[i + 1] as number) - (childStart[i] as number);
    if (win[i] !== UNKNOWN) {
      dist[i] = 0;
      if (win[i] !== DRAW) queue[tail++] = i;
    }
  }
  while (head < tail) {
    const c = queue[head++] as number;
    const w = win[c] as number;
    const d = (dist[c] as number) + 1;
    for (let e = parentStart[c] as number; e < (parentStart[c + 1] as number); e++) {
      const p = parentList[e] as number;
      if (win[p] !== UNKNOWN) continue;
      if (movers[p] === w) {
        win[p] = w;
        dist[p] = d;
        queue[tail++] = p;
      } else {
        open[p] = (open[p] as number) - 1;
        if (open[p] === 0) {
          win[p] = w;
          dist[p] = d;
          queue[tail++] = p;
        }
      }
    }
    if ((head & 0xfff) === 0) report?.({ phase: 'retrograde', done: head, total: n });
  }
  const terminal = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (childStart[i] === childStart[i + 1] && winner[i] !== UNKNOWN) terminal[i] = 1;
    if (win[i] === UNKNOWN) win[i] = DRAW;
  }
  return new Solution(game, states, index, childStart, childList, win, dist, terminal);
}
