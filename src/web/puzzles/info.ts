import type { RoundAnswer } from '@hexarena/engines/protocol/index.ts';
import type { StepAnswer } from '../../puzzles/answers.ts';
import type { Puzzle } from '../../puzzles/puzzle.ts';

/** Where a person is in a puzzle. */
export type PuzzleProgress =
  /** The solver is to find a move (`step`: which of its turns, from 0). */
  | { readonly kind: 'solving'; readonly step: number }
  /** The right move was played; the defence's reply comes next. */
  | { readonly kind: 'replying'; readonly step: number }
  | { readonly kind: 'wrong'; readonly step: number; readonly tried: StepAnswer }
  | { readonly kind: 'solved'; readonly firstTry: boolean }
  /** The answer was asked for and shown. */
  | { readonly kind: 'shown' };

/** What a puzzle adds to a game page: the puzzle, how it goes, and what a person can do next. */
export interface PuzzleInfo {
  readonly puzzle: Puzzle;
  /** The puzzle's place in its set (from 1), and the set's size. */
  readonly number: number;
  readonly count: number;
  /** Today's puzzle of the set, when this is it. */
  readonly ofTheDay: boolean;
  readonly progress: PuzzleProgress;
  /** The main line as the game writes it. */
  readonly solution: readonly string[];
  retry(): void;
  showSolution(): void;
  /** The addresses of the next puzzle and of the puzzle on the analysis board. */
  readonly nextUrl: string;
  /** What the server made of the try: the player's puzzle rating after it, if they have one; null before it answers (or without a server). */
  readonly rating: RoundAnswer | null;
  readonly analyseUrl: string;
}
