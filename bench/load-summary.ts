import type { WindowRun } from './load-window.ts';

/** A load run's figures, or null when the window held no move ("no sample", never a p50 of null). */
export interface LoadFigures {
  readonly movesPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Server CPU a move (first meter), µs; NaN when not measured. */
  readonly cpuUsPerMove: number;
  /** The second meter's CPU a move (the database's), µs; NaN when there is none. */
  readonly otherCpuUsPerMove: number;
}

/** The value at quantile `q` of ascending `sorted` (nearest rank); undefined when empty. */
export function quantile(sorted: readonly number[], q: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function figures(run: WindowRun): LoadFigures | null {
  const moves = run.latencies.length;
  if (moves === 0 || run.elapsed <= 0) return null;
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const perMove = (seconds: number | undefined) => (seconds === undefined ? Number.NaN : (seconds / moves) * 1e6);
  return {
    movesPerSecond: moves / run.elapsed,
    p50Ms: quantile(sorted, 0.5) as number,
    p99Ms: quantile(sorted, 0.99) as number,
    cpuUsPerMove: perMove(run.cpu[0]),
    otherCpuUsPerMove: perMove(run.cpu[1]),
  };
}

/** A ratio of two throughputs as "×0.00", or why there is none. */
export function ratio(ours: LoadFigures | null, theirs: LoadFigures | null): string {
  if (!ours || !theirs) return 'no sample';
  return `×${(ours.movesPerSecond / theirs.movesPerSecond).toFixed(2)}`;
}

const number = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–';

export const TABLE_HEAD = `${'server'.padEnd(22)} ${'games'.padStart(5)} ${'moves/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'CPU µs/move'.padStart(11)} ${'DB µs/move'.padStart(10)}  notes`;

/** One row of the figures table: a run's figures, or "no sample", and what went wrong in it. */
export function row(name: string, games: number, run: WindowRun | null, notes: string[] = []): string {
  const f = run ? figures(run) : null;
  const extra = [...notes];
  if (run) {
    if (run.failures > 0) {
      const [why, n] = [...run.reasons].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
      extra.push(`${run.failures} games broke off (${n} of them: ${why})`);
    }
    if (run.warmTables < games) extra.push(`${run.warmTables}/${games} tables had moved when measuring began`);
    if (run.stuck > 0) extra.push(`${run.stuck} tables never finished`);
    const moves = run.latencies.length;
    if (moves > 0 && run.elapsed > 0) {
      const busy = run.machineCpu / (run.elapsed * run.cores);
      extra.push(
        `load generator ${number((run.generatorCpu / moves) * 1e6)} µs a move, machine ${Number.isFinite(busy) ? `${(busy * 100).toFixed(0)}%` : '–'} busy`,
      );
    }
  }
  const head = `${name.padEnd(22)} ${String(games).padStart(5)}`;
  if (!f) return `${head} ${'no sample'.padStart(8)}${extra.length ? `  ${extra.join('; ')}` : ''}`;
  return `${head} ${number(f.movesPerSecond).padStart(8)} ${number(f.p50Ms, 1).padStart(7)} ${number(f.p99Ms, 1).padStart(7)} ${number(f.cpuUsPerMove).padStart(11)} ${number(f.otherCpuUsPerMove).padStart(10)}${extra.length ? `  ${extra.join('; ')}` : ''}`;
}
