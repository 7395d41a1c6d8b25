import { Rng } from '../src/engine/rng.ts';
import { type ArenaPlayer, pairArenaWave } from '../src/tournaments/arena.ts';

/** Free players as an arena has them mid-way: scores of a few games, ratings of a site, most with a last opponent. */
function freePlayers(n: number, seed: string): ArenaPlayer[] {
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: n }, (_, i) => {
    const p = { id: `p${i}`, score: rng.int(40), rating: Math.round(700 + ((rng.next() + rng.next() + rng.next()) / 3) * 1600) };
    return rng.next() < 0.9 ? { ...p, lastOpponent: `p${rng.int(n)}` } : p;
  });
}

/**
 * What pairing a tournament costs: one arena wave of 1,000 free players (the issue asks under
 * 100 ms on this machine). Anchor: sorting the same players by score and rating, the least any
 * pairing by standings must do.
 */
export async function benchTournaments(): Promise<void> {
  console.log('\ntournaments');
  const n = 1000;
  const players = freePlayers(n, 'bench');
  const sortRounds = 50;
  let t = performance.now();
  for (let i = 0; i < sortRounds; i++) [...players].sort((a, b) => b.score - a.score || b.rating - a.rating);
  const sortMs = (performance.now() - t) / sortRounds;
  pairArenaWave(players); // warm up
  const waves = 10;
  let pairs = 0;
  t = performance.now();
  for (let i = 0; i < waves; i++) pairs = pairArenaWave(players).length;
  const waveMs = (performance.now() - t) / waves;
  console.log(
    `  an arena wave of ${n.toLocaleString('en')} free players: ${waveMs.toFixed(1)} ms, ${pairs} pairs — sorting them ${sortMs.toFixed(2)} ms (anchor), ${(waveMs / sortMs).toFixed(0)}×`,
  );
}
