import type { SearchPosition } from '@hexarena/engines/engine/game.ts';

/**
 * Exact proof of forced wins ("win in N"), over a game's in-place search position: the side to move
 * (the solver) wins within N of its own turns if one of its moves leaves every defence losing within
 * the turns left. Nothing is pruned on a guess: every defence is tried, and a move counts as not
 * winning only once a defence that holds out is found. A turn is counted whole, so a game whose
 * player moves twice in a turn (Nonaga's slide and disc) is counted by turns, not plies.
 *
 * Proofs go into a table by position and turns left: a position won within t turns is won within
 * more, and one that holds out for t turns holds out for fewer.
 */

/** The search ran past its node budget: the position is neither proved nor refuted. */
export class ProofBudgetExceeded extends Error {
  constructor(readonly nodes: number) {
    super(`no proof within ${nodes} positions`);
  }
}

interface Known {
  /** The fewest turns a win was proved in (Infinity: none yet). */
  won: number;
  /** The most turns the defence was proved to hold out for (-1: none yet). */
  held: number;
}

/** One whole turn of the solver (its plies) and the fewest of its turns it wins in, this one included. */
export interface WinningTurn {
  readonly plies: readonly number[];
  readonly turns: number;
}

/** A search for one position: its table holds what was proved for the side to move at its root (the solver). */
export class ForcedWinSearch {
  private readonly table = new Map<number, Known>();
  private readonly buffers: Int32Array[] = [];
  private readonly solver: number;
  /** Positions visited since the search began (for the budget and for the miner's figures). */
  nodes = 0;

  constructor(
    /** The position, opened exactly (only the rules' own draws: see SearchHooks.open). */
    private readonly pos: SearchPosition,
    private readonly maxMoves: number,
    /** Positions the proof may visit before it gives up with ProofBudgetExceeded. */
    private readonly budget = Number.POSITIVE_INFINITY,
  ) {
    this.solver = pos.turn();
  }

  /**
   * The whole turns the side to move may play here, each as its plies: one ply in most games, the
   * slide and the disc in Nonaga (a slide that wins ends the turn).
   */
  turnsHere(depth = 0): number[][] {
    const mover = this.pos.turn();
    const turns: number[][] = [];
    for (const move of this.movesHere(depth)) {
      this.pos.make(move);
      if (this.pos.terminal() === null && this.pos.turn() === mover)
        for (const rest of this.turnsHere(depth + 1)) turns.push([move, ...rest]);
      else turns.push([move]);
      this.pos.unmake();
    }
    return turns;
  }

  /**
   * The fewest of its turns the solver needs to win after `plies` (a whole turn of whoever is to move
   * here), at most `turns`; null when it cannot be sure to win within them. When the solver plays
   * the turn, the turn counts.
   */
  turnsToWinAfter(plies: readonly number[], turns: number): number | null {
    const solverPlays = this.pos.turn() === this.solver;
    for (const ply of plies) this.pos.make(ply);
    try {
      for (let t = solverPlays ? 1 : 0; t <= turns; t++) if (this.wins(solverPlays ? t - 1 : t)) return t;
      return null;
    } finally {
      for (let i = 0; i < plies.length; i++) this.pos.unmake();
    }
  }

  /** Every turn of the solver (to move here) that wins within `turns` of its turns, with the fewest it needs. */
  winningTurns(turns: number): WinningTurn[] {
    const found: WinningTurn[] = [];
    for (const plies of this.turnsHere()) {
      const needed = this.turnsToWinAfter(plies, turns);
      if (needed !== null) found.push({ plies, turns: needed });
    }
    return found;
  }

  /** Plays a whole turn on the search position (the caller takes it back with `takeBack`). */
  play(plies: readonly number[]): void {
    for (const ply of plies) this.pos.make(ply);
  }

  takeBack(plies: readonly number[]): void {
    for (let i = 0; i < plies.length; i++) this.pos.unmake();
  }

  /** Whose turn it is on the search position, and whether the game is over there. */
  get mover(): number {
    return this.pos.turn();
  }

  get over(): boolean {
    return this.pos.terminal() !== null;
  }

  get solverSeat(): number {
    return this.solver;
  }

  /**
   * Whether the solver wins from here with `turns` of its turns left (the one under way included
   * while it is still the solver's turn).
   */
  wins(turns: number, depth = 1): boolean {
    const solver = this.solver;
    const end = this.pos.terminal();
    if (end !== null) return end !== 0 && (end === 1) === (this.pos.turn() === solver);
    if (turns === 0) return false;
    if (++this.nodes > this.budget) throw new ProofBudgetExceeded(this.budget);
    const key = this.key();
    const known = this.table.get(key);
    if (known && known.won <= turns) return true;
    if (known && known.held >= turns) return false;

    const solverMoves = this.pos.turn() === solver;
    // The solver's last turn: only a move that ends the game can win, so no order or table is needed.
    if (solverMoves && turns === 1) return this.winsAtOnce(depth);
    let result = !solverMoves;
    const moves = this.movesHere(depth);
    if (moves.length === 0) result = false;
    for (const move of moves) {
      this.pos.make(move);
      // The solver's turn is spent once the other side is to move.
      const left = solverMoves && this.pos.turn() !== solver ? turns - 1 : turns;
      const won = this.wins(left, depth + 1);
      this.pos.unmake();
      if (won === solverMoves) {
        result = won;
        break;
      }
    }
    const entry = known ?? { won: Number.POSITIVE_INFINITY, held: -1 };
    if (result) entry.won = Math.min(entry.won, turns);
    else entry.held = Math.max(entry.held, turns);
    this.table.set(key, entry);
    return result;
  }

  /** Whether one of the solver's moves here wins on the spot (or, mid-turn, within the turn). */
  private winsAtOnce(depth: number): boolean {
    const buffer = this.bufferAt(depth);
    const n = this.pos.generate(buffer);
    this.nodes += n;
    if (this.nodes > this.budget) throw new ProofBudgetExceeded(this.budget);
    for (let i = 0; i < n; i++) {
      this.pos.make(buffer[i] as number);
      const end = this.pos.terminal();
      const won =
        end !== null
          ? end !== 0 && (end === 1) === (this.pos.turn() === this.solver)
          : this.pos.turn() === this.solver && this.wins(1, depth + 1);
      this.pos.unmake();
      if (won) return true;
    }
    return false;
  }

  /**
   * The legal moves here, the likeliest to decide first: the game's own ordering (threats first) for
   * both sides, since the defence's best tries are the moves that fight.
   */
  private movesHere(depth: number): number[] {
    const buffer = this.bufferAt(depth);
    const moves = Array.from(buffer.subarray(0, this.pos.generate(buffer)));
    if (!this.pos.moveOrder) return moves;
    const scored = moves.map((move) => ({ move, score: this.pos.moveOrder?.(move) ?? 0 }));
    return scored.sort((a, b) => b.score - a.score).map((m) => m.move);
  }

  /** The move buffer of a ply of the search, made once. */
  private bufferAt(depth: number): Int32Array {
    let buffer = this.buffers[depth];
    if (!buffer) {
      buffer = new Int32Array(this.maxMoves);
      this.buffers[depth] = buffer;
    }
    return buffer;
  }

  /** The position's hash in 53 bits, a safe integer key (the side to move is in the hash). */
  private key(): number {
    return (this.pos.hashHi() & 0x1fffff) * 0x1_0000_0000 + (this.pos.hashLo() >>> 0);
  }
}
