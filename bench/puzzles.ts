import { hive } from '@hexarena/engines/games/hive/index.ts';
import { perft } from '@hexarena/engines/games/hive/perft.ts';
import { HivePosition } from '@hexarena/engines/games/hive/position.ts';
import { DEFAULT_TURNS } from '../src/cli/commands/puzzles.ts';
import { minePuzzles, puzzleGameOf, selfPlayGames } from '../src/puzzles/mine.ts';

const cpuSeconds = (work: () => void): number => {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
};

/**
 * Hive puzzles mined per CPU-minute at the default turns, from self-play games made first (their
 * time is not counted), beside the anchor measured in the same run: Hive perft from the start,
 * every leaf made and unmade, per CPU-second. A proof visits positions by the same make and unmake,
 * so the ratio (what one puzzle costs in perft leaves) holds on a busy or a faster machine.
 */
export async function benchPuzzles(): Promise<void> {
  const turns = DEFAULT_TURNS.hive ?? 2;
  const games = 30;
  console.log(`\n## Hive puzzles: mined per CPU-minute (${turns} turns, the last 12 positions of ${games} self-play games)`);
  const minable = puzzleGameOf(hive);
  if (!minable) throw new Error('Hive has no puzzles');
  const records = await selfPlayGames(hive, games, 'bench/puzzles');
  const sources = records.map((record, i) => ({ record, source: `game ${i + 1}` }));

  // The mining is deterministic: the same puzzles each run, so the median of three is its cost.
  let report = minePuzzles(minable, sources, { turns, lastPlies: 12, budget: 300_000 });
  const runs = [0, 1, 2].map(() => cpuSeconds(() => (report = minePuzzles(minable, sources, { turns, lastPlies: 12, budget: 300_000 }))));
  const mining = runs.sort((a, b) => a - b)[1] as number;
  let leaves = 0;
  const anchor = cpuSeconds(() => {
    leaves = perft(new HivePosition({ type: 'Base+MLP', tournament: true }), 5, false);
  });
  const perMinute = (report.puzzles.length / mining) * 60;
  const leavesPerSecond = leaves / anchor;
  console.log(
    `  ${report.puzzles.length} puzzles from ${report.positions} positions in ${mining.toFixed(2)} CPU-s (median of 3): ${perMinute.toFixed(0)} puzzles per CPU-minute, ${(report.nodes / mining / 1e6).toFixed(1)} M proof positions/CPU-s`,
  );
  console.log(
    `  anchor: Hive perft 5 from the start, each leaf made and unmade: ${(leavesPerSecond / 1e6).toFixed(1)} M leaves/CPU-s — a puzzle costs ${(((mining / report.puzzles.length) * leavesPerSecond) / 1e6).toFixed(1)} M perft leaves`,
  );
}
