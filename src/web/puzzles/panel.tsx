import type { RoundAnswer } from '@hexarena/engines/protocol/index.ts';
import { ArrowRight, Microscope, RotateCcw } from 'lucide-preact';
import type { StepAnswer } from '../../puzzles/answers.ts';
import type { GameSession } from '../use-game.ts';
import type { PuzzleInfo } from './info.ts';
import { sourceText, themeText } from './words.ts';
import './puzzles.css';
import { formatRating, t } from '../i18n/index.ts';
import { outcomeText } from '../i18n/outcome.ts';

/** Why a tried move is not the answer, in a player's words. */
export function whyWrong(tried: StepAnswer, seatLabels: readonly string[], defender: string): string {
  const { move, answer } = tried;
  switch (answer.kind) {
    case 'refuted':
      return t('puzzle.wrong.refuted', { move, defender, reply: answer.reply });
    case 'no-win-now':
      return t('puzzle.wrong.noWinNow', { move });
    case 'ends-badly':
      return t('puzzle.wrong.endsBadly', { move, outcome: outcomeText(answer.outcome, seatLabels) });
    case 'unproved':
      return t('puzzle.wrong.unproved', { move });
    default:
      return t('puzzle.wrong.winsToo', { move });
  }
}

/** The player's puzzle rating after the try, or why the try was not rated. */
function RatingLine({ answer }: { answer: RoundAnswer }) {
  const text =
    answer.rating === null
      ? t('puzzle.notRated')
      : answer.rated && answer.diff !== null
        ? t('puzzle.rating', {
            rating: formatRating(Math.round(answer.rating)),
            diff: `${answer.diff >= 0 ? '+' : '−'}${formatRating(Math.abs(answer.diff))}`,
          })
        : t('puzzle.ratingAgain', { rating: formatRating(Math.round(answer.rating)) });
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
  const defender = seatLabels[1 - p.puzzle.solver] ?? t('puzzle.defence');
  const over = progress.kind === 'solved' || progress.kind === 'shown';
  return (
    <section class="puzzle-side panel" aria-label={t('puzzle.label')}>
      <h2>
        {t('puzzle.numberOf', { number: p.number, count: p.count })}
        {p.ofTheDay && <span class="badge">{t('puzzle.ofTheDay')}</span>}
      </h2>
      <p class="muted">{[s.game.title, ...p.puzzle.themes.map(themeText)].join(' · ')}</p>
      {progress.kind === 'wrong' && (
        <div class="puzzle-feedback wrong" data-testid="puzzle-feedback">
          <p>{whyWrong(progress.tried, seatLabels, defender)}</p>
          <p>
            {t('puzzle.answerWas')} <strong data-testid="puzzle-answer">{p.solution[2 * progress.step]}</strong>
            {t('puzzle.answerWasAfter')}
          </p>
          <div class="puzzle-actions">
            <button type="button" class="primary" onClick={p.retry}>
              <RotateCcw class="icon" aria-hidden="true" /> {t('puzzle.tryAgain')}
            </button>
            <button type="button" onClick={p.showSolution}>
              {t('puzzle.showSolution')}
            </button>
          </div>
        </div>
      )}
      {progress.kind === 'solving' && (
        <div class="puzzle-actions">
          <button type="button" class="quiet" onClick={p.showSolution}>
            {t('puzzle.showSolution')}
          </button>
        </div>
      )}
      {over && (
        <div class={`puzzle-feedback ${progress.kind}`} data-testid="puzzle-feedback">
          <p>
            {t(progress.kind !== 'solved' ? 'puzzle.solution' : progress.firstTry ? 'puzzle.solvedFirstTry' : 'puzzle.solvedLater', {
              moves: p.solution.join(', '),
            })}
          </p>
          <div class="puzzle-actions">
            <a href={p.nextUrl} class="button-link primary" data-testid="next-puzzle">
              {t('puzzle.next')} <ArrowRight class="icon" aria-hidden="true" />
            </a>
            <a href={p.analyseUrl} class="button-link">
              <Microscope class="icon" aria-hidden="true" /> {t('analysis.analyse')}
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
      <p class="muted puzzle-source">{t('puzzle.from', { source: sourceText(p.puzzle.source) })}</p>
    </section>
  );
}
