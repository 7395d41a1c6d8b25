import type { Result } from './result.ts';
import type { Rng } from './rng.ts';

/** A seat, 0-based in turn order (X = 0 and O = 1; White = 0 and Black = 1). */
export type Player = number;

/** What the game ended in; `reason` is for people ("queen surrounded", "threefold repetition"). */
export type Outcome =
  | {
      readonly kind: 'win';
      readonly winner: Player;
      /** For more than two players: every seat, best first. */
      readonly ranking?: readonly Player[];
      readonly reason?: string;
    }
  | { readonly kind: 'draw'; readonly reason?: string };

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/**
 * What a game is, position by position: the part of the contract agents and the solver need.
 * Methods, not function properties: that keeps definitions of concrete games assignable to
 * `GameRules<unknown, unknown>` for registries.
 */
export interface GameRules<S, M> {
  readonly id: string;
  /** Whose turn it is, or null when the game is over. */
  toMove(state: S): Player | null;
  result(state: S): Outcome | null;
  legalMoves(state: S): readonly M[];
  /** Pure: returns the next state and leaves `state` untouched. The move must be legal. */
  play(state: S, move: M): S;
  formatMove(state: S, move: M): string;
  /** Untrusted text: any malformed or illegal move is an error saying why. */
  parseMove(state: S, text: string): Result<M>;

  /**
   * The game always ends by its own rules (a round or move cap of its own, in `headlessOptions`
   * where it has them), so match runners need no safety cap of theirs.
   */
  readonly alwaysEnds?: boolean;
  /**
   * Chance keeps acting after set-up (dice): a position's future is not its own, so taking a move
   * back would let a player re-roll. Interfaces offer no undo for such games.
   */
  readonly stochastic?: boolean;
  /** The rules can end a game in a draw: two players may also agree to one. */
  readonly draws?: boolean;
  /**
   * Rating points the first player's move is worth, for expected scores in rated games (0 by
   * default, until fitted from the game's results).
   */
  readonly firstMoveAdvantage?: number;
  /** Too small a game to rate (tic-tac-toe): its online games are all casual. */
  readonly unrated?: boolean;
  /** The seats still in the game, leader first (for more than two players: who wins if one resigns). */
  standings?(state: S): readonly Player[];
}

/**
 * What a game gives the AIs (src/ai), apart from its rules: the game's AI profile, in
 * `src/games/<id>/ai.ts`, registered for src/ai in `ai/profiles.ts`. Every member is optional: a game
 * with none is played by the generic random and tree-search agents.
 */
export interface GameAi<S, M> {
  /** An exact identity of the position: equal keys mean the same position with the same future. */
  positionKey?(state: S): string;
  /** Equal for positions that are the same up to the board's symmetries. */
  symmetryKey?(state: S): string;
  /** The whole state space is small enough to enumerate and solve exactly. */
  readonly solvable?: boolean;
  /** A mutable view for fast tree search (make/unmake instead of copying states). */
  readonly search?: SearchHooks<S, M>;
  /**
   * For searches that play ahead in a game of chance: a copy of `state` whose future chance (the
   * dice not yet rolled) comes from `rng`, so a search cannot read the rolls the game will make.
   */
  determinize?(state: S, rng: Rng): S;
  /**
   * Plays a simulation on from `state` (an MCTS playout) with a quick, sensible policy for every
   * seat, at most `plies` moves, and returns where it stopped. It may change `state`, which the
   * caller owns: that is what makes it fast. Without it, searches play uniformly random moves.
   */
  playout?(state: S, rng: Rng, plies: number): S;
  /**
   * Positions where the strong levels (`hard`, `max`) hand the decision to the generic Monte Carlo
   * tree search over the game's playouts, because it was measured to choose better there.
   */
  treeSearchAt?(state: S): boolean;
  /**
   * The search levels' budgets where this game's differ from the shared ones (src/ai/agents.ts): a
   * game whose positions cost more or less to search than the others' gets levels of its own size.
   */
  readonly levels?: Readonly<
    Partial<Record<'easy' | 'medium' | 'hard' | 'max', { readonly depth?: number; readonly nodes?: number; readonly timeMs?: number }>>
  >;
  /** The game's shipped opening book (position key → move text), loaded lazily by the strongest level. */
  openingBook?(): Promise<Readonly<Record<string, string>>>;
  /** Players that know this game (reference bots, tuned levels), by name; they win over generic ones. */
  readonly agents?: Readonly<Record<string, Agent<S, M>>>;
}

/**
 * What a game gives the generic searches of src/ai: a mutable position whose moves are integers.
 * Scores are from the side to move's point of view; larger is better.
 */
export interface SearchPosition {
  /** Writes the legal moves into `buffer` and returns their number; 0 when the game is over. */
  generate(buffer: Int32Array): number;
  make(move: number): void;
  unmake(): void;
  /** 64-bit position hash as two 32-bit halves (side to move included). */
  hashLo(): number;
  hashHi(): number;
  /** The result for the side to move if the game is over: 1 won, -1 lost, 0 drawn; else null. */
  terminal(): -1 | 0 | 1 | null;
  /** Static evaluation for the side to move, in hundredths of a piece or so; far below WIN. */
  evaluate(): number;
  /** A hint for move ordering: moves with larger values are tried first (captures, threats). */
  moveOrder?(move: number): number;
  /** The mover: whose turn it is (0 or 1). */
  turn(): number;
  /**
   * Passes the turn without moving, undone by `unmake` (null-move pruning: if even a free move for the
   * opponent leaves us above beta, the real moves will too). Only for games where a move never hurts
   * its mover; absent, the search never passes.
   */
  makeNull?(): void;
  /** A tactical move, which late-move reductions leave at full depth (Hive: one that closes on the enemy queen). */
  noisy?(move: number): boolean;
  /**
   * The noisy moves only, into `buffer` (the quiescence search plays them past the horizon, so a
   * line does not end just before a decisive move); 0 when the position is quiet.
   */
  generateNoisy?(buffer: Int32Array): number;
  /** The mover is in danger of losing at once (Hive: its queen one cell from surrounded): searched a ply deeper. */
  threatened?(): boolean;
}

export interface SearchHooks<S, M> {
  /**
   * A fresh mutable position for the state (the state itself is never changed). `exact`: only the
   * rules' own ends count, for proofs (src/puzzles); otherwise a game may also end a line the search
   * finds going round in circles.
   */
  open(state: S, exact?: boolean): SearchPosition;
  /**
   * The contract move for the plies the searcher chose from `state`: one ply in most games; all the
   * plies of a turn where a player moves several times in a row (Nonaga's slide and disc).
   */
  toMove(state: S, plies: readonly number[]): M;
  /** The largest number of moves a position can have (the size of move buffers). */
  readonly maxMoves: number;
  /**
   * A position where deep thought buys nothing (Hive's first placements: every choice is alike
   * until pieces meet): searches with a time budget look this many plies deep instead.
   */
  shallowDepth?(state: S): number | undefined;
}

/** The full contract every game exports: rules plus options, set-up, persistence and views. */
export interface GameDefinition<S, M, O> extends GameRules<S, M> {
  readonly title: string;
  readonly players: { readonly min: number; readonly max: number };
  readonly defaultOptions: O;
  /** Untrusted options (a URL, a request body); missing fields take their defaults. */
  parseOptions(json: unknown): Result<O>;
  /** The seat names for these options, in turn order; their number is the number of players. */
  seatNames(options: O): readonly string[];
  /** Deterministic: the same options and seed give the same game. */
  newGame(options: O, seed: string): S;
  toJSON(state: S): Json;
  fromJSON(json: unknown): Result<S>;
  /** What `player` may see (null: a spectator); hides secrets such as the RNG of dice games. */
  view(state: S, player: Player | null): Json;
  /**
   * A position to show from a `view` (what an online client gets; untrusted). Where the view hides a
   * secret, a stand-in takes its place: such a position may be shown and asked for its legal moves,
   * never played on where chance acts. Without it, `fromJSON` reads views (they hide nothing).
   */
  fromView?(json: unknown): Result<S>;
  /**
   * The options for a game no person plays (a match of AIs): a cap that would be wrong in a person's
   * game (DiceWars has no round cap) but stops bots that could stall for ever.
   */
  headlessOptions?(options: O): O;
  /**
   * The position as text in the game's own position notation (docs/positions.md): everything the
   * rules need to go on from it — side to move, the options in play, and the rule state a board does
   * not show (Hive's turn number and last-moved piece, Nonaga's disc that may not move, Hex's pie
   * rule). Compact and made of characters an address keeps as they are: it travels in page addresses.
   * What it leaves out (the moves that led there, hence repetition counts) starts afresh.
   */
  formatPosition?(state: S): string;
  /**
   * Untrusted text in the game's position notation → a checked position, as good as one reached by
   * play (legal moves, search hooks, toJSON). The error says what is wrong in the players' words.
   * Positions where the game is over parse too (an analysis board shows their result).
   */
  parsePosition?(text: string): Result<S>;
  /**
   * The version of the rules, from 1: raised by a change that makes old records replay as other
   * games (DiceWars: how the map and the deal are drawn from the seed). Records and stored games
   * carry it; a game of another version is refused in words, never replayed under today's rules.
   */
  readonly rulesVersion: number;
}

/** Rules with exact position identity: what the solver needs to merge transpositions. */
/** A game's rules with its AI profile: what agents, searches and the solver play. */
export type Playable<S, M> = GameRules<S, M> & GameAi<S, M>;

/** A game the solver can enumerate: its positions have exact keys. */
export type Solvable<S, M> = Playable<S, M> & { positionKey(state: S): string };

/** A game of unknown type, as a registry or a CLI holds it. */
export type AnyGame = GameDefinition<unknown, unknown, unknown>;

export const isOver = <S, M>(game: GameRules<S, M>, state: S): boolean => game.result(state) !== null;

/** Two outcomes are the same result (reasons aside). */
export function sameOutcome(a: Outcome | null, b: Outcome | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'draw' || b.kind === 'draw') return a.kind === b.kind;
  return a.winner === b.winner;
}

export function describeOutcome(outcome: Outcome | null, seatNames: readonly string[], termination?: string | null): string {
  if (outcome === null) return 'unfinished';
  const why = outcome.reason ? ` (${outcome.reason})` : '';
  // An aborted game has no result (it is stored as a draw, counted nowhere): it is never called one.
  if (termination === 'aborted') return `aborted${why}`;
  if (outcome.kind === 'draw') return `draw${why}`;
  return `${seatNames[outcome.winner] ?? `seat ${outcome.winner}`} wins${why}`;
}

/** What the caller grants an agent for one decision. */
export interface ChooseContext {
  /** The agent's only source of randomness: the caller owns it, so matches replay exactly. */
  readonly rng: Rng;
  readonly timeMs?: number;
  readonly depth?: number;
  readonly signal?: AbortSignal;
  /** Milliseconds for `timeMs` (the wall clock by default; tests drive a clock of their own). */
  readonly clock?: () => number;
}

/** A player program: random mover, search, solver, a remote bot. */
export interface Agent<S, M> {
  readonly name: string;
  /** A legal move for the side to move; the state is not over. */
  choose(game: GameRules<S, M>, state: S, context: ChooseContext): Promise<M>;
}
