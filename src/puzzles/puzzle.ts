import type { Json, Player, SearchHooks } from '@hexarena/engines/engine/game.ts';
import { ForcedWinSearch, ProofBudgetExceeded } from './forced-win.ts';

/**
 * A puzzle: a position from a real game where exactly one move of the side to move (the solver)
 * forces a win within a few of its turns, every defence considered (MzingaTrainer's criterion: the
 * winning move must be unique). The position is the game's start and the moves to it, so any
 * program that plays the game can set it up.
 */
export interface Puzzle {
  /** The game and the position's hash: the same position is the same puzzle, whatever moves led to it. */
  readonly id: string;
  readonly game: string;
  readonly options: Json;
  /** The game's seed (its start, where the start is drawn: DiceWars' map); most games ignore it. */
  readonly seed: string;
  /** The moves from the start to the puzzle's position, as the game writes them. */
  readonly moves: readonly string[];
  readonly solver: Player;
  /** The solver's turns to the win, the first included. */
  readonly turns: number;
  /**
   * The main line: the solver's unique first move, then the defence that holds out longest, the
   * solver's fastest answer, and so on to the win. Later solver moves need not be unique: any move
   * that still wins in time solves the puzzle.
   */
  readonly solution: readonly string[];
  readonly themes: readonly string[];
  /** Where it was found (a record's file and move, a self-play game). */
  readonly source: string;
}

/** What a position is, as far as the puzzle test goes. */
export type Verdict =
  | { readonly kind: 'puzzle'; readonly turns: number; readonly solution: readonly string[] }
  /** Several moves win within the turns: not a puzzle (the answer would not be one move). */
  | { readonly kind: 'several'; readonly moves: readonly string[] }
  | { readonly kind: 'none' }
  /** The proof ran past its budget: neither a puzzle nor proved not one. */
  | { readonly kind: 'unknown' };

/** The rules and search hooks of a game the puzzles are mined from. */
export interface PuzzleGame<S, M> {
  readonly id: string;
  toMove(state: S): Player | null;
  result(state: S): unknown;
  play(state: S, move: M): S;
  formatMove(state: S, move: M): string;
  readonly search: SearchHooks<S, M>;
}

export interface ProofLimits {
  /** The most of the solver's turns a win may take. */
  readonly turns: number;
  /** Positions a proof may visit before the position is given up as unknown. */
  readonly budget?: number;
}

/**
 * Whether `state` is a puzzle for the side to move: exactly one whole turn wins within `turns`. The
 * main line is returned with it, as move texts.
 */
export function judgePosition<S, M>(game: PuzzleGame<S, M>, state: S, limits: ProofLimits): Verdict & { readonly nodes: number } {
  if (game.result(state) !== null || game.toMove(state) === null) return { kind: 'none', nodes: 0 };
  const search = new ForcedWinSearch(game.search.open(state, true), game.search.maxMoves, limits.budget);
  try {
    const winning = search.winningTurns(limits.turns);
    if (winning.length === 0) return { kind: 'none', nodes: search.nodes };
    if (winning.length > 1) {
      const moves = winning.map((w) => game.formatMove(state, game.search.toMove(state, w.plies)));
      return { kind: 'several', moves, nodes: search.nodes };
    }
    const first = winning[0] as { plies: readonly number[]; turns: number };
    const solution = mainLine(game, state, search, first.plies, first.turns);
    return { kind: 'puzzle', turns: first.turns, solution, nodes: search.nodes };
  } catch (e) {
    if (e instanceof ProofBudgetExceeded) return { kind: 'unknown', nodes: search.nodes };
    throw e;
  }
}

/**
 * The line from the solver's winning turn to the win: the defence that holds out longest at each
 * of the defender's turns (the first such in the game's move order), the fastest win at each of the
 * solver's.
 */
function mainLine<S, M>(game: PuzzleGame<S, M>, start: S, search: ForcedWinSearch, first: readonly number[], turns: number): string[] {
  const line: string[] = [];
  const played: (readonly number[])[] = [];
  let state = start;
  let left = turns;
  let next: readonly number[] | null = first;
  while (next) {
    const move = game.search.toMove(state, next);
    line.push(game.formatMove(state, move));
    const solverPlayed = search.mover === search.solverSeat;
    search.play(next);
    played.push(next);
    state = game.play(state, move);
    if (solverPlayed) left--;
    if (search.over) break;
    next = search.mover === search.solverSeat ? fastestWin(search, left) : longestDefence(search, left);
    if (next === null) throw new Error(`the proof of ${game.id}'s puzzle line broke after ${line.join(', ')}`);
  }
  for (const plies of played.reverse()) search.takeBack(plies);
  return line;
}

/** The solver's turn that wins soonest (within `turns`), or null when none wins in time. */
function fastestWin(search: ForcedWinSearch, turns: number): readonly number[] | null {
  return bestTurn(search, turns, (needed, best) => needed < best, false);
}

/** The defence that holds out longest; null when one escapes (the proof would then have been wrong). */
function longestDefence(search: ForcedWinSearch, turns: number): readonly number[] | null {
  return bestTurn(search, turns, (needed, best) => needed > best, true);
}

function bestTurn(
  search: ForcedWinSearch,
  turns: number,
  better: (needed: number, best: number) => boolean,
  everyTurnLoses: boolean,
): readonly number[] | null {
  let best: { plies: readonly number[]; turns: number } | null = null;
  for (const plies of search.turnsHere()) {
    const needed = search.turnsToWinAfter(plies, turns);
    if (needed === null) {
      if (everyTurnLoses) return null;
      continue;
    }
    if (best === null || better(needed, best.turns)) best = { plies, turns: needed };
  }
  return best?.plies ?? null;
}
