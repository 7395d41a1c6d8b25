import type { GameDefinition, GameRules, Player } from '../engine/game.ts';
import { playMoves } from '../engine/record.ts';
import { fail, ok, type Result } from '../engine/result.ts';
import { findGame } from '../games/index.ts';
import { searchHooks } from './alphabeta.ts';
import { canSearch, lineTexts } from './analysis.ts';
import { firstPlayerChance, MATE_BOUND, WIN } from './score.ts';
import { Searcher } from './search.ts';

/**
 * A computer review of a finished game, as lichess's computer analysis makes one: every position
 * evaluated with the same fixed budget, each move's loss in winning chances (the mover's, before
 * the move less after it), a mark past the thresholds below, the engine's move where another was
 * played, and each player's accuracy from those losses (docs/review.md). Each position is judged on
 * its own (a fresh search, no rng), so the positions may be evaluated in any order, on any thread,
 * and a review is the same every time.
 */

/** What each position is searched with: whichever of the two is reached first. */
export interface ReviewBudget {
  /** Deepest iteration, in plies. */
  readonly depth: number;
  /** Nodes at most (bounds the time of a wide position). */
  readonly nodes: number;
}

/**
 * Four plies, at most 50,000 nodes a position: a 60-move Hive game in about 2 s on one thread, no
 * position above about 0.1 s (bench/review.ts). Five plies took half as long again for marks that
 * hardly differed.
 */
export const DEFAULT_REVIEW_BUDGET: ReviewBudget = { depth: 4, nodes: 50_000 };

/** The table of each position's search: 2^16 entries (about 1 MB), made anew for each position. */
const REVIEW_TT_BITS = 16;

export type Mark = 'inaccuracy' | 'mistake' | 'blunder';

/** Losses in the mover's winning chances (percentage points) from which a move is marked, as lichess's. */
export const THRESHOLDS: Readonly<Record<Mark, number>> = { inaccuracy: 5, mistake: 10, blunder: 15 };

/** One position as the engine judged it: the job a review is made of. */
export interface PositionEvaluation {
  /** For the first player: about a hundredth of a piece, or ±(WIN less the plies to a forced end). */
  readonly score: number;
  /** The engine's move here, in the game's notation; null in a finished position. */
  readonly best: string | null;
}

export interface ReviewedMove {
  readonly ply: number;
  readonly seat: Player;
  readonly move: string;
  /** The mover's chance of winning (0 to 100) before and after the move. */
  readonly before: number;
  readonly after: number;
  /** Before less after, never below 0; 0 for the engine's own move. */
  readonly loss: number;
  readonly mark: Mark | null;
  /** The engine's move, where another was played. */
  readonly best?: string;
  /** This move's accuracy (0 to 100), from its loss. */
  readonly accuracy: number;
}

export interface Review {
  readonly budget: ReviewBudget;
  /** Per position, the first at the start: the evaluation, and the first player's chance (0 to 100). */
  readonly positions: readonly { readonly score: number; readonly chance: number }[];
  readonly moves: readonly ReviewedMove[];
  /** Per seat, 0 to 100 (null for a seat that made no move). */
  readonly accuracy: readonly (number | null)[];
}

/** Why a game cannot be reviewed: a stable code (a client words it in its language) and the English words. */
export interface Unreviewable {
  readonly code: 'chance' | 'noSearch' | 'twoPlayers';
  readonly message: string;
}

/** Why the game cannot be reviewed by search, with its code, or null when it can. */
export function unreviewable(game: GameDefinition<unknown, unknown, unknown>, options: unknown): Unreviewable | null {
  if (game.stochastic)
    return {
      code: 'chance',
      message: `${game.title} is a game of chance: its positions are not judged by search, so it cannot be reviewed`,
    };
  if (!canSearch(game))
    return { code: 'noSearch', message: `${game.title} has no search to judge its positions with, so it cannot be reviewed` };
  if (game.seatNames(options).length !== 2) return { code: 'twoPlayers', message: 'only games of two players can be reviewed' };
  return null;
}

/** Why the game cannot be reviewed by search, or null when it can. */
export const cannotReview = (game: GameDefinition<unknown, unknown, unknown>, options: unknown): string | null =>
  unreviewable(game, options)?.message ?? null;

/** The positions of the game and its moves in the game's own spelling; an error names a bad move. */
export function reviewPositions<S, M, O>(
  game: GameDefinition<S, M, O>,
  options: O,
  seed: string,
  moves: readonly string[],
): Result<{ states: S[]; moves: string[] }> {
  const played = playMoves(game, options, seed, moves);
  if (!played.ok) return played;
  const { states } = played.value;
  return ok({ states, moves: played.value.moves.map((m, i) => game.formatMove(states[i] as S, m)) });
}

/** The engine's judgement of one position, with a search of its own (deterministic). */
export function evaluatePosition<S, M>(game: GameRules<S, M>, state: S, budget: ReviewBudget): PositionEvaluation {
  const outcome = game.result(state);
  if (outcome) return { score: outcome.kind === 'draw' ? 0 : outcome.winner === 0 ? WIN : -WIN, best: null };
  const toMove = game.toMove(state);
  if (toMove === null) return { score: 0, best: null };
  const hooks = searchHooks(game);
  const found = new Searcher(REVIEW_TT_BITS).search(hooks.open(state), hooks.maxMoves, { depth: budget.depth, nodes: budget.nodes });
  const best = lineTexts(game, state, found.pv.length > 0 ? found.pv : [found.move])[0] ?? null;
  return { score: toMove === 0 ? found.score : -found.score, best };
}

/** One position of a stored game to judge, as a thread is asked it: the game as records keep it, up to the position. */
export interface PositionJob {
  readonly game: string;
  readonly options: unknown;
  readonly seed: string;
  /** The moves that lead to the position. */
  readonly moves: readonly string[];
  readonly budget: ReviewBudget;
}

/** Rebuilds the position from the game's options, seed and moves, and judges it. */
export function evaluateJob(job: PositionJob): Result<PositionEvaluation> {
  const game = findGame(job.game);
  if (!game.ok) return game;
  const options = game.value.parseOptions(job.options);
  if (!options.ok) return options;
  const played = playMoves(game.value, options.value, job.seed, job.moves);
  if (!played.ok) return played;
  return ok(evaluatePosition(game.value, played.value.states.at(-1), job.budget));
}

/** The first player's chance of winning, 0 to 100, for a score from the first player's side. */
export const winPercent = (score: number): number => 100 * firstPlayerChance(score, 0);

/**
 * A move's accuracy from its loss, lichess's curve fitted to "no loss is 100, a 40-point loss about
 * 20": 103.1668·e^(−0.04354·loss) − 3.1669, plus 1 for the engine's own imprecision, within 0–100.
 */
export function moveAccuracy(loss: number): number {
  if (loss <= 0) return 100;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * loss) - 3.166924740191411;
  return Math.min(100, Math.max(0, raw + 1));
}

/**
 * The mark of a move from the scores before and after it, both from the mover's side. Between two
 * judgements, by the loss of winning chances; where a forced result appears or goes, as lichess marks
 * a mate lost or let in: a blunder, unless the position was already (or is still) far from even.
 */
export function markOf(before: number, after: number, loss: number): Mark | null {
  const forced = (s: number) => Math.abs(s) >= MATE_BOUND;
  if (!forced(before) && !forced(after)) {
    if (loss >= THRESHOLDS.blunder) return 'blunder';
    if (loss >= THRESHOLDS.mistake) return 'mistake';
    return loss >= THRESHOLDS.inaccuracy ? 'inaccuracy' : null;
  }
  // A forced win let go.
  if (before >= MATE_BOUND && after < MATE_BOUND) return after > 999 ? 'inaccuracy' : after > 700 ? 'mistake' : 'blunder';
  // A forced loss let in.
  if (before > -MATE_BOUND && after <= -MATE_BOUND) return before < -999 ? 'inaccuracy' : before < -700 ? 'mistake' : 'blunder';
  return null;
}

const tenth = (x: number) => Math.round(x * 10) / 10;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const deviation = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
};

/**
 * Each seat's accuracy as lichess computes it: the mean of a weighted mean of its moves' accuracies
 * (each weighted by how much the game swung around it: the deviation of the first player's chances
 * over a window of positions, 0.5 to 12) and their harmonic mean (which a few bad moves pull down).
 */
export function gameAccuracy(chances: readonly number[], moves: readonly Pick<ReviewedMove, 'seat' | 'accuracy'>[], seats = 2) {
  const size = Math.min(8, Math.max(2, Math.floor(moves.length / 10)));
  const first = chances.slice(0, size);
  const windows: number[][] = [];
  for (let i = 0; i < Math.min(size, chances.length) - 2; i++) windows.push(first);
  for (let i = 0; i + size <= chances.length; i++) windows.push(chances.slice(i, i + size));
  const weights = windows.map((w) => Math.min(12, Math.max(0.5, deviation(w))));
  return Array.from({ length: seats }, (_, seat) => {
    const own = moves.flatMap((m, i) => (m.seat === seat ? [{ accuracy: m.accuracy, weight: weights[i] ?? 0.5 }] : []));
    if (own.length === 0) return null;
    const weighted = own.reduce((a, m) => a + m.accuracy * m.weight, 0) / own.reduce((a, m) => a + m.weight, 0);
    const harmonic = own.length / own.reduce((a, m) => a + 1 / Math.max(1, m.accuracy), 0);
    return (weighted + harmonic) / 2;
  });
}

/** The review from the positions, the moves played between them and each position's evaluation. */
export function summariseReview<S>(
  game: GameRules<S, unknown>,
  states: readonly S[],
  moves: readonly string[],
  evaluations: readonly PositionEvaluation[],
  budget: ReviewBudget,
): Review {
  if (evaluations.length !== states.length || states.length !== moves.length + 1)
    throw new Error('a review needs an evaluation of every position, one more than the moves');
  const chances = evaluations.map((e) => winPercent(e.score));
  const reviewed = moves.map((move, ply): ReviewedMove => {
    const seat = game.toMove(states[ply] as S) ?? 0;
    const side = (score: number) => (seat === 0 ? score : -score);
    const [was, is] = [evaluations[ply] as PositionEvaluation, evaluations[ply + 1] as PositionEvaluation];
    const before = seat === 0 ? (chances[ply] as number) : 100 - (chances[ply] as number);
    const after = seat === 0 ? (chances[ply + 1] as number) : 100 - (chances[ply + 1] as number);
    // The engine's own move loses nothing by its own standard: what differs after it is the horizon.
    const engines = was.best === move;
    // Shown to a tenth of a point, and judged as shown.
    const loss = engines ? 0 : tenth(Math.max(0, before - after));
    return {
      ply,
      seat,
      move,
      before: tenth(before),
      after: tenth(after),
      loss,
      mark: engines ? null : markOf(side(was.score), side(is.score), loss),
      ...(engines || was.best === null ? {} : { best: was.best }),
      accuracy: tenth(moveAccuracy(loss)),
    };
  });
  return {
    budget,
    positions: evaluations.map((e, i) => ({ score: e.score, chance: tenth(chances[i] as number) })),
    moves: reviewed,
    accuracy: gameAccuracy(chances, reviewed).map((a) => (a === null ? null : tenth(a))),
  };
}

/** A whole review on this thread (tests, the benchmark); the server evaluates one position a job instead. */
export function reviewGame<S, M, O>(
  game: GameDefinition<S, M, O>,
  options: O,
  seed: string,
  moves: readonly string[],
  budget: ReviewBudget = DEFAULT_REVIEW_BUDGET,
): Result<Review> {
  const refused = cannotReview(game as GameDefinition<unknown, unknown, unknown>, options);
  if (refused) return fail(refused);
  const positions = reviewPositions(game, options, seed, moves);
  if (!positions.ok) return positions;
  const { states, moves: texts } = positions.value;
  const evaluations = states.map((s) => evaluatePosition(game, s, budget));
  return ok(summariseReview(game, states, texts, evaluations, budget));
}
