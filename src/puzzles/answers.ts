import type { GameRules, Outcome } from '@hexarena/engines/engine/game.ts';
import { ForcedWinSearch, ProofBudgetExceeded } from './forced-win.ts';
import type { PuzzleGame } from './puzzle.ts';

/**
 * What one of the solver's moves does at a step of a puzzle, for telling a person who tried it:
 * the main line's move, another that wins, or why it does not.
 */
export type Answer =
  /** The main line's move. */
  | { readonly kind: 'right' }
  /** Another move that ends the game in the solver's favour on the spot. */
  | { readonly kind: 'wins-now' }
  /** Another move that still wins by force in the turns left, but not at once (only in puzzles of 3 turns or more). */
  | { readonly kind: 'also-wins' }
  /** It ends the game, not in the solver's favour (a draw, or the solver's own loss). */
  | { readonly kind: 'ends-badly'; readonly outcome: Outcome }
  /** The solver's last turn, and the move does not end the game. */
  | { readonly kind: 'no-win-now' }
  /** The defence holds out within the turns left: `reply` is a defence that does (the first found in the game's move order). */
  | { readonly kind: 'refuted'; readonly reply: string }
  /** The proof of this move ran past its budget: whether it wins in time is not known. */
  | { readonly kind: 'unproved' };

export interface StepAnswer {
  readonly move: string;
  readonly answer: Answer;
}

/**
 * Every whole turn the solver may play at `state` (its turn, `turnsLeft` of its turns to win, this
 * one included), each with what it does. `main` is the main line's move there. Each move other than
 * the main one is proved on its own search with its own budget, so one hard move costs the budget
 * once and leaves the others their answers.
 */
export function answersAt<S, M>(game: AnswerGame<S, M>, state: S, turnsLeft: number, main: string, budget = 300_000): StepAnswer[] {
  const open = () => new ForcedWinSearch(game.search.open(state, true), game.search.maxMoves, budget);
  return open()
    .turnsHere()
    .map((plies) => answerOfTurn(game, state, turnsLeft, main, plies, open));
}

/**
 * What the solver's move `text` does at `state`, alone (a person's try on a puzzle page: one proof,
 * not one for every move); null when it is no legal move there.
 */
export function answerFor<S, M>(
  game: AnswerGame<S, M>,
  state: S,
  turnsLeft: number,
  main: string,
  text: string,
  budget = 300_000,
): StepAnswer | null {
  const open = () => new ForcedWinSearch(game.search.open(state, true), game.search.maxMoves, budget);
  const plies = open()
    .turnsHere()
    .find((turn) => game.formatMove(state, game.search.toMove(state, turn)) === text);
  return plies ? answerOfTurn(game, state, turnsLeft, main, plies, open) : null;
}

type AnswerGame<S, M> = Omit<PuzzleGame<S, M>, 'result'> & Pick<GameRules<S, M>, 'result'>;

/** One whole turn's answer; `open` makes a fresh proof search at `state`. */
function answerOfTurn<S, M>(
  game: AnswerGame<S, M>,
  state: S,
  turnsLeft: number,
  main: string,
  plies: readonly number[],
  open: () => ForcedWinSearch,
): StepAnswer {
  const solver = game.toMove(state);
  const move = game.search.toMove(state, plies);
  const text = game.formatMove(state, move);
  if (text === main) return { move: text, answer: { kind: 'right' } };
  const outcome = game.result(game.play(state, move));
  if (outcome) {
    const won = outcome.kind === 'win' && outcome.winner === solver;
    return { move: text, answer: won ? { kind: 'wins-now' } : { kind: 'ends-badly', outcome } };
  }
  if (turnsLeft <= 1) return { move: text, answer: { kind: 'no-win-now' } };
  return { move: text, answer: refutation(game, state, open(), plies, turnsLeft) };
}

/** Whether the solver's turn `plies` still wins in the turns left, and if not, a defence that holds out. */
function refutation<S, M>(
  game: Omit<PuzzleGame<S, M>, 'result'>,
  state: S,
  search: ForcedWinSearch,
  plies: readonly number[],
  turnsLeft: number,
): Answer {
  try {
    if (search.turnsToWinAfter(plies, turnsLeft) !== null) return { kind: 'also-wins' };
    const after = game.play(state, game.search.toMove(state, plies));
    search.play(plies);
    for (const reply of search.turnsHere())
      if (search.turnsToWinAfter(reply, turnsLeft - 1) === null)
        return { kind: 'refuted', reply: game.formatMove(after, game.search.toMove(after, reply)) };
    // Every defence lost, yet the move was found not to win: the proofs disagree, which is a bug.
    throw new Error(`the proofs disagree on ${game.id}'s move ${game.formatMove(state, game.search.toMove(state, plies))}`);
  } catch (e) {
    // The search is left mid-line by the exception; it is dropped with it.
    if (e instanceof ProofBudgetExceeded) return { kind: 'unproved' };
    throw e;
  }
}
