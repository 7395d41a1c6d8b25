import type { GameDefinition } from '@hexarena/engines/engine/game.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { answerFor } from './answers.ts';
import { puzzleGameOf } from './mine.ts';
import type { Puzzle } from './puzzle.ts';
import type { PuzzleLine } from './puzzle-set.ts';

/**
 * A person's try at a puzzle, judged from the moves they played, as the puzzle page plays it: the
 * solver's moves are theirs, the defence's replies are the main line's. The verdict is the judge's
 * own, so a client cannot claim a solve it did not play (docs/puzzles.md).
 *
 * A solver's move solves the try when it is the main line's last, when it ends the game in the
 * solver's favour, or (at a middle turn of a puzzle of three turns or more) when a proof shows it
 * still wins in the turns left. The first turn has one winning move by the puzzle's own proof, and on
 * the last turn only a move that ends the game wins. Any other solver's move ends the try unsolved;
 * so does a list that stops before the win (a look at the solution).
 */

/** Positions the proof of one middle-turn move may visit: past it the move is not taken as a solve. */
const PROOF_BUDGET = 100_000;

/** Whether the try solved the puzzle; or, for moves that are not a try the page could have played, what is wrong. */
export function judgeRound<S, M, O>(
  game: GameDefinition<S, M, O>,
  puzzle: Puzzle,
  line: PuzzleLine<S, O>,
  moves: readonly string[],
): Result<boolean> {
  if (moves.length > line.solution.length)
    return fail(`a try at this puzzle has at most ${line.solution.length} moves (the solver's and the defence's), not ${moves.length}`);
  let state = line.position;
  for (const [i, text] of moves.entries()) {
    const where = `move ${i + 1} "${text.slice(0, 40)}"`;
    const parsed = game.parseMove(state, text);
    if (!parsed.ok) return fail(`${where}: ${parsed.error.message}`);
    const written = game.formatMove(state, parsed.value);
    const main = line.solution[i] as string;
    const next = game.play(state, parsed.value);
    if (i % 2 === 1) {
      // The page plays the defence's replies from the main line; a try names the same ones.
      if (written !== main) return fail(`${where}: the defence replies ${main} here, as the puzzle plays it`);
      state = next;
      continue;
    }
    const ended = (solved: boolean): Result<boolean> =>
      i === moves.length - 1 ? ok(solved) : fail(`move ${i + 2}: the try ended at move ${i + 1}, nothing follows it`);
    if (written === main) {
      if (i === line.solution.length - 1) return ended(true);
      state = next;
      continue;
    }
    const outcome = game.result(next);
    if (outcome) return ended(outcome.kind === 'win' && outcome.winner === puzzle.solver);
    const step = i / 2;
    const turnsLeft = puzzle.turns - step;
    // The first turn's winning move is unique (the puzzle's proof); the last turn wins only by ending the game.
    if (step === 0 || turnsLeft <= 1) return ended(false);
    const proofs = puzzleGameOf(game);
    const answer = proofs && answerFor(proofs, state, turnsLeft, main, written, PROOF_BUDGET);
    return ended(answer?.answer.kind === 'also-wins');
  }
  // Stopped before the win: given up, or the solution looked at.
  return ok(false);
}
