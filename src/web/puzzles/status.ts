import { t } from '../i18n/index.ts';
import type { PuzzleInfo } from './info.ts';

/** The status line over a puzzle's board. */
export function puzzleStatus(p: PuzzleInfo, seatLabels: readonly string[]): string {
  const solver = seatLabels[p.puzzle.solver] ?? t('puzzle.you');
  const { progress } = p;
  switch (progress.kind) {
    case 'solving': {
      const left = p.puzzle.turns - progress.step;
      return t(progress.step === 0 ? 'puzzle.status.first' : 'puzzle.status.right', { seat: solver, count: left });
    }
    case 'replying':
      return t('puzzle.status.replying');
    case 'wrong':
      return t('puzzle.status.wrong');
    case 'solved':
      return t(progress.firstTry ? 'puzzle.status.solved' : 'puzzle.status.solvedLater');
    case 'shown':
      return t('puzzle.status.shown');
  }
}
