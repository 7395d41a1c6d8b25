import { describeOutcome } from '@hexarena/engines/engine/game.ts';
import type { RoundAnswer } from '@hexarena/engines/protocol/index.ts';
import { ArrowRight, Microscope, RotateCcw } from 'lucide-preact';
import type { StepAnswer } from '../../puzzles/answers.ts';
import type { GameSession } from '../use-game.ts';
import type { PuzzleInfo } from './info.ts';
import './puzzles.css';

/** Why a tried move is not the answer, in a player's words. */
export function whyWrong(tried: StepAnswer, seatLabels: readonly string[], defender: string): string {
  const { move, answer } = tried;
  switch (answer.kind) {
    case 'refuted':
      return `${move} does not win in time: ${defender} answers ${answer.reply} and holds out.`;
    case 'no-win-now':
      return `${move} does not win: this was your last move to win with.`;
    case 'ends-badly':
      return `${move} ends the game, but not for you: ${describeOutcome(answer.outcome, seatLabels)}.`;
    case 'unproved':
      return `${move} is not the answer.`;
    default:
      return `${move} wins too.`;
  }
}

/** The player's puzzle rating after the try, or why the try was not rated. */
function RatingLine({ answer }: { answer: RoundAnswer }) {
  const text =
    answer.rating === null
      ? 'Not rated: sign in to get a puzzle rating.'
      : `Your puzzle rating: ${Math.round(answer.rating)}${
          answer.rated && answer.diff !== null
            ? ` (${answer.diff >= 0 ? '+' : '−'}${Math.abs(answer.diff)})`
            : ' (tried before: not rated again)'
        }.`;
  return (
    <p class="puzzle-rating" data-testid="puzzle-rating">
      {text}
    </p>
  );
}

/** Beside a puzzle's board: what it is, how the try went, and what comes next. */
export function PuzzleSide<S, M, O>({ session: s, seatLabels }: { session: GameSession<S, M, O>; seatLabels: readonly string[] }) {
  const p = s.puzzle as PuzzleInfo;
  const { progress } = p;
  const defender = seatLabels[1 - p.puzzle.solver] ?? 'the defence';
  const over = progress.kind === 'solved' || progress.kind === 'shown';
  return (
    <section class="puzzle-side panel" aria-label="puzzle">
      <h2>
        Puzzle {p.number} of {p.count}
        {p.ofTheDay && <span class="badge">of the day</span>}
      </h2>
      <p class="muted">{[s.game.title, ...p.puzzle.themes].join(' · ')}</p>
      {progress.kind === 'wrong' && (
        <div class="puzzle-feedback wrong" data-testid="puzzle-feedback">
          <p>{whyWrong(progress.tried, seatLabels, defender)}</p>
          <p>
            The answer was <strong data-testid="puzzle-answer">{p.solution[2 * progress.step]}</strong>.
          </p>
          <div class="puzzle-actions">
            <button type="button" class="primary" onClick={p.retry}>
              <RotateCcw class="icon" aria-hidden="true" /> Try again
            </button>
            <button type="button" onClick={p.showSolution}>
              Show the solution
            </button>
          </div>
        </div>
      )}
      {progress.kind === 'solving' && (
        <div class="puzzle-actions">
          <button type="button" class="quiet" onClick={p.showSolution}>
            Show the solution
          </button>
        </div>
      )}
      {over && (
        <div class={`puzzle-feedback ${progress.kind}`} data-testid="puzzle-feedback">
          <p>
            {progress.kind === 'solved'
              ? `${progress.firstTry ? 'Solved at the first try' : 'Solved'}: ${p.solution.join(', ')}.`
              : `The solution: ${p.solution.join(', ')}.`}
          </p>
          <div class="puzzle-actions">
            <a href={p.nextUrl} class="button-link primary" data-testid="next-puzzle">
              Next puzzle <ArrowRight class="icon" aria-hidden="true" />
            </a>
            <a href={p.analyseUrl} class="button-link">
              <Microscope class="icon" aria-hidden="true" /> Analyse
            </a>
          </div>
        </div>
      )}
      {s.moves.length > 0 && (
        <p class="puzzle-moves" data-testid="moves" data-count={s.moves.length}>
          {s.moves.join(', ')}
        </p>
      )}
      {p.rating && <RatingLine answer={p.rating} />}
      <p class="muted puzzle-source">From {p.puzzle.source}.</p>
    </section>
  );
}
