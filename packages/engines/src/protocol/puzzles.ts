import { fail, ok, type Result } from '../engine/result.ts';

/**
 * Puzzle ratings over REST (docs/puzzles.md). `POST /api/puzzles/:game/:id/round` gives the server
 * the moves of a person's try, which it judges; `GET /api/puzzles/:game/next` asks for the next
 * puzzle at their level.
 * One parse a direction: the server reads a round with parsePuzzleRound, a client the answers with
 * parseRoundAnswer and parseNextPuzzle.
 */

/**
 * A try at a puzzle: the moves played from the puzzle's position, as the game writes them — the
 * solver's and the defence's replies in turn, up to the win, the first wrong move, or the look at the
 * solution. The server replays them and judges the try itself.
 */
export interface PuzzleRound {
  readonly moves: readonly string[];
}

/** A round holds at most this many moves (a puzzle's line is far shorter), each at most this long. */
export const MAX_ROUND_MOVES = 32;
export const MAX_ROUND_MOVE_TEXT = 64;

/** What a try did: rated (a player's first try at the puzzle), with the player's rating after it and the change. */
export interface RoundAnswer {
  /** The server's verdict on the moves: solved with no wrong move and no look at the solution. */
  readonly solved: boolean;
  readonly rated: boolean;
  /** The player's puzzle rating after the try; null for a guest (only accounts are rated). */
  readonly rating: number | null;
  readonly diff: number | null;
  readonly puzzleRating: number;
}

/** The next puzzle of a stream at the player's level (a guest's: at a new player's level). */
export interface NextPuzzle {
  readonly id: string;
  readonly rating: number;
  /** The player's own puzzle rating in the game, if they have one. */
  readonly yourRating: number | null;
}

type Fields = Readonly<Record<string, unknown>>;
const isObject = (x: unknown): x is Fields => typeof x === 'object' && x !== null && !Array.isArray(x);
const isRating = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0 && x < 10_000;

export function parsePuzzleRound(x: unknown): Result<PuzzleRound> {
  if (!isObject(x)) return fail('a round is a JSON object such as {"moves": ["i10", "a1", "h11"]}');
  const extra = Object.keys(x).find((k) => k !== 'moves' && k !== 'win');
  if (extra !== undefined) return fail(`unknown field ${JSON.stringify(extra.slice(0, 40))}: a round has only "moves"`);
  // An older client's "win" is read by no one: the server judges the moves.
  if (x.win !== undefined && typeof x.win !== 'boolean')
    return fail('"win" is not read (the server judges the moves), and is true or false');
  const { moves } = x;
  if (!Array.isArray(moves)) return fail('"moves" must be the list of moves played from the puzzle’s position');
  if (moves.length > MAX_ROUND_MOVES) return fail(`"moves" holds at most ${MAX_ROUND_MOVES} moves`);
  const bad = moves.findIndex((m) => typeof m !== 'string' || m === '' || m.length > MAX_ROUND_MOVE_TEXT);
  if (bad >= 0) return fail(`"moves"[${bad}] must be a move as the game writes it (at most ${MAX_ROUND_MOVE_TEXT} characters)`);
  return ok({ moves: moves as string[] });
}

export function parseRoundAnswer(x: unknown): Result<RoundAnswer> {
  if (!isObject(x) || typeof x.solved !== 'boolean' || typeof x.rated !== 'boolean' || !isRating(x.puzzleRating))
    return fail('not an answer to a round');
  const rating = x.rating === null ? null : isRating(x.rating) ? x.rating : undefined;
  const diff = x.diff === null ? null : typeof x.diff === 'number' && Number.isFinite(x.diff) ? x.diff : undefined;
  if (rating === undefined || diff === undefined) return fail('not an answer to a round');
  return ok({ solved: x.solved, rated: x.rated, rating, diff, puzzleRating: x.puzzleRating });
}

export function parseNextPuzzle(x: unknown): Result<NextPuzzle> {
  if (!isObject(x) || typeof x.id !== 'string' || !/^[\w-]{1,80}$/.test(x.id) || !isRating(x.rating)) return fail('not a puzzle');
  const yours = x.yourRating === null ? null : isRating(x.yourRating) ? x.yourRating : undefined;
  if (yours === undefined) return fail('not a puzzle');
  return ok({ id: x.id, rating: x.rating, yourRating: yours });
}
