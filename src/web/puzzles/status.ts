import type { PuzzleInfo } from './info.ts';

/** The status line over a puzzle's board. */
export function puzzleStatus(p: PuzzleInfo, seatLabels: readonly string[]): string {
  const solver = seatLabels[p.puzzle.solver] ?? 'you';
  const { progress } = p;
  switch (progress.kind) {
    case 'solving': {
      const left = p.puzzle.turns - progress.step;
      const goal = left === 1 ? 'win in one move' : `win in ${left} moves`;
      return progress.step === 0 ? `Puzzle: ${solver} to play and ${goal}.` : `Right. ${solver} to play and ${goal}.`;
    }
    case 'replying':
      return 'Right! The defence answers…';
    case 'wrong':
      return 'Not that one.';
    case 'solved':
      return progress.firstTry ? 'Solved!' : 'Solved, at another try.';
    case 'shown':
      return 'The solution.';
  }
}
