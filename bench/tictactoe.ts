import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solvableOf } from '@hexarena/engines/ai/perfect.ts';
import { solve } from '@hexarena/engines/ai/solver.ts';
import type { Solvable } from '@hexarena/engines/engine/game.ts';
import { type TicTacToeMove, type TicTacToeState, tictactoe } from '@hexarena/engines/games/tictactoe/game.ts';
import { exportStaticCommand } from '../src/cli/commands/export-static.ts';
import type { CliIo } from '../src/cli/io.ts';
import { report, time } from './timing.ts';

/** Tic-tac-toe: the solver and the static export, each end to end (goal: both under 2 s). */
export async function benchTictactoe(): Promise<void> {
  console.log('\n## tic-tac-toe: solver and static export');
  const start = tictactoe.newGame({}, 'bench');
  const solvable = solvableOf(tictactoe) as Solvable<TicTacToeState, TicTacToeMove>;
  const solveTime = await time(() => solve(solvable, start), 10);
  const solution = solve(solvable, start);
  report('solve (5,478 positions, values + distances)', solveTime);
  report('count complete games (255,168)', await time(() => solution.countGames(), 10));

  const io: CliIo = { stdout: () => {}, stderr: () => {}, progress: false, cwd: process.cwd() };
  for (const mode of ['two-player', 'vs-ai'] as const) {
    const dirs: string[] = [];
    const t = await time(async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'hexarena-bench-'));
      dirs.push(dir);
      await exportStaticCommand(io, 'tictactoe', { out: dir, mode });
    }, 5);
    report(`export-static --mode ${mode} (solve + write)`, t);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}
