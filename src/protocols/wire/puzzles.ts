import { fail, ok, type Result } from '../../engine/result.ts';

/**
 * Puzzle ratings over REST (docs/puzzles.md). `POST /api/puzzles/:game/:id/round` tells the server
 * how a person's try went; `GET /api/puzzles/:game/next` asks for the next puzzle at their level.
 * One parse a direction: the server reads a round with parsePuzzleRound, a client the answers with
 * parseRoundAnswer and parseNextPuzzle.
 */

/** A try at a puzzle: solved without a wrong move or a look at the solution, or not. */
export interface PuzzleRound {
  readonly win: boolean;
}

/** What a try did: rated (a player's first try at the puzzle), with the player's rating after it and the change. */
export interface RoundAnswer {
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
  if (!isObject(x)) return fail('a round is a JSON object such as {"win": true}');
  const extra = Object.keys(x).find((k) => k !== 'win');
  if (extra !== undefined) return fail(`unknown field ${JSON.stringify(extra.slice(0, 40))}: a round has only "win"`);
  if (typeof x.win !== 'boolean') return fail('"win" must be true (solved at the first try) or false');
  return ok({ win: x.win });
}

export function parseRoundAnswer(x: unknown): Result<RoundAnswer> {
  if (!isObject(x) || typeof x.rated !== 'boolean' || !isRating(x.puzzleRating)) return fail('not an answer to a round');
  const rating = x.rating === null ? null : isRating(x.rating) ? x.rating : undefined;
  const diff = x.diff === null ? null : typeof x.diff === 'number' && Number.isFinite(x.diff) ? x.diff : undefined;
  if (rating === undefined || diff === undefined) return fail('not an answer to a round');
  return ok({ rated: x.rated, rating, diff, puzzleRating: x.puzzleRating });
}

export function parseNextPuzzle(x: unknown): Result<NextPuzzle> {
  if (!isObject(x) || typeof x.id !== 'string' || !/^[\w-]{1,80}$/.test(x.id) || !isRating(x.rating)) return fail('not a puzzle');
  const yours = x.yourRating === null ? null : isRating(x.yourRating) ? x.yourRating : undefined;
  if (yours === undefined) return fail('not a puzzle');
  return ok({ id: x.id, rating: x.rating, yourRating: yours });
}
