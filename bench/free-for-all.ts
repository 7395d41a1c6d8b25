import {
  averaged,
  DEFAULT_SIMULATION,
  METHODS,
  type SimulationOptions,
  type SimulationResult,
  simulate,
} from '@hexarena/engines/ratings/free-for-all.simulation.ts';
import { placesOf, rateFreeForAll } from '@hexarena/engines/ratings/free-for-all.ts';
import { NEW_PLAYER } from '@hexarena/engines/ratings/glicko2.ts';

/** The simulations docs/ratings.md reports: the default population, then other noises and spreads. */
const SCENARIOS: readonly { readonly label: string; readonly options: Partial<SimulationOptions> }[] = [
  { label: 'strengths spread 1, Plackett–Luce noise (the default)', options: {} },
  { label: 'strengths spread 1, normal noise (Thurstone)', options: { noise: 'normal' } },
  { label: 'strengths spread 0.5 (more luck), Plackett–Luce noise', options: { spread: 0.5 } },
  { label: 'strengths spread 2 (more skill), Plackett–Luce noise', options: { spread: 2 } },
];
const SEEDS = 8;

function print(label: string, r: SimulationResult): void {
  const o = DEFAULT_SIMULATION;
  console.log(`\n  ${label}: ${o.players} players, ${o.minSeats}–${o.maxSeats} seats, mean of ${SEEDS} seeds`);
  const perPlayer = r.methods[0]?.checkpoints.map((c) => c.gamesPerPlayer.toFixed(0)).join(' / ');
  console.log(`  Spearman (true strengths, ratings) after ${o.checkpoints.join(' / ')} games (${perPlayer} a player):`);
  for (const m of r.methods) console.log(`    ${m.method.padEnd(48)} ${m.checkpoints.map((c) => c.spearman.toFixed(3)).join('  ')}`);
  console.log(`  held-out pairs foretold (the true strengths foretell ${(100 * r.oraclePairwise).toFixed(1)}%):`);
  for (const m of r.methods)
    console.log(`    ${m.method.padEnd(48)} ${m.checkpoints.map((c) => `${(100 * c.pairwise).toFixed(1)}%`).join(' ')}`);
  console.log(
    `  a newcomer's error in percentiles after ${o.newcomerCheckpoints.join(' / ')} games (${r.newcomerStart.toFixed(1)} before any), ${o.newcomers} newcomers:`,
  );
  for (const m of r.methods) console.log(`    ${m.method.padEnd(48)} ${m.newcomer.map((n) => n.error.toFixed(1).padStart(4)).join(' ')}`);
  console.log('  after the last games: ratings’ spread, mean deviation, share established (deviation < 75):');
  for (const m of r.methods) {
    const c = m.checkpoints[m.checkpoints.length - 1];
    if (c)
      console.log(
        `    ${m.method.padEnd(48)} ${c.ratingSpread.toFixed(0).padStart(4)}  ${c.meanDeviation.toFixed(0).padStart(4)}  ${(100 * c.established).toFixed(0)}%`,
      );
  }
}

/** How well each rating method finds set strengths from simulated free-for-all games, and what one update costs. */
export async function benchFreeForAll(): Promise<void> {
  console.log('\nfree-for-all ratings');
  const runs = 100_000;
  const places = placesOf({ kind: 'win', winner: 3, ranking: [3, 1, 7, 0, 2, 6, 5, 4] }, 8);
  let ratings = new Array(8).fill(NEW_PLAYER);
  const t = performance.now();
  for (let i = 0; i < runs; i++) ratings = rateFreeForAll(ratings, places);
  console.log(`  Glicko-2 pairs averaged, one 8-player game: ${(((performance.now() - t) * 1000) / runs).toFixed(2)} µs`);
  for (const { label, options } of SCENARIOS) {
    const results = Array.from({ length: SEEDS }, (_, s) =>
      simulate(METHODS, { ...DEFAULT_SIMULATION, ...options, seed: `free-for-all/${s}` }),
    );
    print(label, averaged(results));
    await new Promise((resolve) => setImmediate(resolve));
  }
}
