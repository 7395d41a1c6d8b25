import { Rng } from '@hexarena/engines/engine/rng.ts';
import { pairWave, type Seeker } from '@hexarena/engines/ratings/pairing.ts';
import { Pools } from '../src/server/pools.ts';
import { SqliteStore } from '../src/server/sqlite-store.ts';

/** Waiting players with ratings as a site has them: most in the middle (sum of three uniforms). */
function waitingPlayers(n: number, seed: string): Seeker[] {
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    rating: Math.round(700 + ((rng.next() + rng.next() + rng.next()) / 3) * 1600),
    misses: rng.int(10),
  }));
}

/**
 * What quick pairing costs: one wave over 10,000 waiting players — the matching alone, and the whole
 * round in the embedded store (read the pool, make every game in its own write, pass over the rest).
 * Anchor: sorting the same players by rating, the least any pairing by rating must do.
 */
export async function benchPairing(): Promise<void> {
  console.log('\npairing');
  const n = 10_000;
  const players = waitingPlayers(n, 'bench');
  let t = performance.now();
  const rounds = 20;
  for (let i = 0; i < rounds; i++) [...players].sort((a, b) => a.rating - b.rating);
  const sortMs = (performance.now() - t) / rounds;
  t = performance.now();
  let pairs = 0;
  for (let i = 0; i < 3; i++) pairs = pairWave(players).length;
  const waveMs = (performance.now() - t) / 3;
  console.log(
    `  a wave of ${n.toLocaleString('en')} waiting (matching only): ${waveMs.toFixed(0)} ms, ${pairs} pairs — sorting them ${sortMs.toFixed(2)} ms (anchor), ${(waveMs / sortMs).toFixed(0)}×`,
  );

  const store = new SqliteStore(':memory:');
  try {
    let now = 1_000_000;
    const rating = new Map(players.map((p) => [p.id, p.rating]));
    const pools = new Pools(store, {
      now: () => now,
      waveMs: 1000,
      leaseMs: 3000,
      unrenewedWaitMs: 60_000,
      fullWave: Number.POSITIVE_INFINITY,
      ratingOf: async (account) => rating.get(account) as number,
    });
    await Promise.all(players.map((p) => pools.join(p.id, p.id, 'hive-5+3', () => undefined)));
    now += 1000;
    t = performance.now();
    await pools.wave();
    const roundMs = performance.now() - t;
    console.log(
      `  a whole round in SQLite, ${n.toLocaleString('en')} waiting: ${roundMs.toFixed(0)} ms — ${pools.waves.paired / 2} games made, each its own committed write`,
    );
    pools.close();
  } finally {
    await store.close();
  }
}
