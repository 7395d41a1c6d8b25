import { type Solution, solve } from '@hexarena/engines/ai/solver.ts';
import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { type CliIo, formatCount } from '../io.ts';
import { progressBar } from '../progress.ts';
import { solvableGame } from '../solvable.ts';

export interface SolveReport {
  readonly positions: number;
  readonly terminal: number;
  readonly nonTerminal: number;
  readonly symmetryClasses: number | null;
  readonly games: number | null;
  /** `${seat}Wins` per seat, in seat order: xWins and oWins for tic-tac-toe. */
  readonly [seatWins: string]: number | string | null;
  readonly draws: number | null;
  /** The value of the start with perfect play: "draw" or "<seat> wins". */
  readonly value: string;
}

const winsKey = (seat: string): string => `${seat.toLowerCase()}Wins`;

export function solveReport(game: AnyGame, solution: Solution<unknown, unknown>): SolveReport {
  const seats = game.seatNames(game.defaultOptions);
  const counts = solution.countGames();
  const start = solution.valueAt(0).verdict;
  const wins: Record<string, number | null> = {};
  for (const [i, seat] of seats.entries()) wins[winsKey(seat)] = counts ? Number(counts.winsBySeat[i] ?? 0n) : null;
  return {
    positions: solution.size,
    terminal: solution.terminalCount,
    nonTerminal: solution.size - solution.terminalCount,
    symmetryClasses: solution.symmetryClasses(),
    games: counts ? Number(counts.total) : null,
    ...wins,
    draws: counts ? Number(counts.draws) : null,
    value: start.kind === 'draw' ? 'draw' : `${seats[start.winner]} wins`,
  };
}

export function solveCommand(io: CliIo, gameId: string, flags: { json?: boolean }): void {
  const game = solvableGame(gameId);
  const started = performance.now();
  const bar = progressBar(io, `solving ${game.id}`);
  const solution = solve(game, game.newGame(game.defaultOptions, 'solve'), { onProgress: (p) => bar.update(p.done, p.total) });
  const report = solveReport(game, solution);
  bar.finish();
  const seconds = (performance.now() - started) / 1000;
  if (flags.json) {
    io.stdout(`${JSON.stringify(report)}\n`);
    return;
  }
  const seats = game.seatNames(game.defaultOptions);
  const show = (n: number | string | null) => (n === null ? 'n/a (the game has cycles)' : typeof n === 'string' ? n : formatCount(n));
  const rows: [string, number | string | null][] = [
    ['positions', report.positions],
    ['terminal', report.terminal],
    ['non-terminal', report.nonTerminal],
    ['symmetry classes', report.symmetryClasses ?? 'n/a'],
    ['complete games', report.games],
    ...seats.map((seat): [string, number | string | null] => [`  ${seat} wins`, report[winsKey(seat)] ?? null]),
    ['  draws', report.draws],
    ['value of the start', report.value],
  ];
  io.stdout(`${game.title} solved in ${seconds.toFixed(2)} s\n`);
  for (const [label, n] of rows) io.stdout(`${label.padEnd(20)}${show(n).padStart(12)}\n`);
}
