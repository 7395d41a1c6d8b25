import type { GameDefinition } from '@hexarena/engines/engine/game.ts';
import { answerFor, type StepAnswer } from '../../puzzles/answers.ts';
import { puzzleGameOf } from '../../puzzles/mine.ts';

/**
 * What a tried move does, proved for that move alone. Loaded apart from the page (the page imports
 * it when a puzzle opens): the proofs bring the games' search positions, which the first load of the
 * site does not need.
 */
export function judgeTry<S, M, O>(
  game: GameDefinition<S, M, O>,
  state: S,
  turnsLeft: number,
  main: string,
  text: string,
): StepAnswer | null {
  const proofs = puzzleGameOf(game);
  return proofs && answerFor(proofs, state, turnsLeft, main, text);
}
