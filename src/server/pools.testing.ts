import { Rng } from '@hexarena/engines/engine/rng.ts';
import { WIDEST_AFTER_WAVES } from '@hexarena/engines/ratings/pairing.ts';
import { expect } from 'vitest';
import { Pools } from './pools.ts';
import type { GameStore, Paired } from './store.ts';

/**
 * Quick pairing across two instances, waves run by hand on one clock: `players` with known ratings
 * join two pools, half through each instance, a few a wave; midway the instance holding the pairing
 * lease dies (it stops, its lease unreleased), and its players reconnect to the other a few waves
 * later. Checks what the issue asks: nobody paired twice, nobody lost, pairs much closer in rating
 * than chance, nobody waiting past the widest window.
 */
export async function pairAcrossInstances(stores: readonly [GameStore, GameStore], players = 200): Promise<void> {
  const WAVE = 1000;
  let now = 1_000_000;
  const rng = Rng.fromSeed('pools');
  // Ratings as a site has them: most in the middle, a tail each way (sum of three uniforms).
  const rating = new Map<string, number>();
  for (let i = 0; i < players; i++) rating.set(`p${i}`, Math.round(700 + ((rng.next() + rng.next() + rng.next()) / 3) * 1600));
  const settings = {
    now: () => now,
    waveMs: WAVE,
    leaseMs: 3 * WAVE,
    unrenewedWaitMs: 4 * WAVE,
    fullWave: 10_000,
    ratingOf: async (account: string) => rating.get(account) as number,
  };
  const instances = stores.map((store) => new Pools(store, settings));
  const alive = [true, true];
  const pools = ['hive-5+3', 'hex-5+3'];
  const poolOfPlayer = (i: number) => pools[i % 2] as string;
  const joinedAt = new Map<string, number>();
  const told = new Map<string, Paired[]>();
  const home = new Map<string, number>();
  const join = async (i: number, instance: number) => {
    const account = `p${i}`;
    home.set(account, instance);
    const joined = await (instances[instance] as Pools).join(account, account, poolOfPlayer(i), (p) =>
      told.set(account, [...(told.get(account) ?? []), p]),
    );
    expect(joined.ok).toBe(true);
    if (!joinedAt.has(account)) joinedAt.set(account, now);
  };

  let next = 0;
  let killedAt = -1;
  for (let wave = 0; wave < 120; wave++) {
    // Ten join each wave, alternately through each living instance.
    for (let k = 0; k < 10 && next < players; k++, next++) await join(next, alive[next % 2] ? next % 2 : 1 - (next % 2));
    if (wave === 8) {
      // The instance holding the lease dies mid-wave: it simply stops.
      killedAt = instances.findIndex((p) => p.leading);
      expect(killedAt).toBeGreaterThanOrEqual(0);
      alive[killedAt] = false;
      (instances[killedAt] as Pools).close();
    }
    // Its players reconnect to the survivor two waves later, still waiting since they first joined.
    if (killedAt >= 0 && wave === 10)
      for (const [account, instance] of home)
        if (instance === killedAt && !told.has(account)) await join(Number(account.slice(1)), 1 - killedAt);
    now += WAVE;
    for (const [i, p] of instances.entries()) if (alive[i]) await p.wave();
    const waiting = players - told.size;
    if (next === players && waiting <= pools.length) break;
  }

  // Nobody paired twice: each told once, each in one game, each game's seats its pool's players.
  for (const [account, games] of told) expect(games, account).toHaveLength(1);
  const games = new Map<string, string[]>();
  for (const [account, [p]] of told) games.set((p as Paired).gameId, [...(games.get((p as Paired).gameId) ?? []), account]);
  for (const [id, seated] of games) {
    expect(seated, id).toHaveLength(2);
    const stored = await stores[0].games.read(id);
    expect(stored?.rated).toBe(true);
    expect([...(stored?.seatAccounts ?? [])].sort()).toEqual([...seated].sort());
    expect(poolOfPlayer(Number((seated[0] as string).slice(1)))).toBe(poolOfPlayer(Number((seated[1] as string).slice(1))));
  }
  // Nobody lost: everyone is paired but at most one a pool (an odd one out).
  expect(players - told.size).toBeLessThanOrEqual(pools.length);
  // Pairs far closer than chance: the mean gap against the mean gap of random pairs of the same pools.
  const gaps = [...games.values()].map(([a, b]) => Math.abs((rating.get(a as string) as number) - (rating.get(b as string) as number)));
  const meanGap = gaps.reduce((s, g) => s + g, 0) / gaps.length;
  let randomGap = 0;
  let pairsCounted = 0;
  for (let i = 0; i < players; i++)
    for (let j = i + 1; j < players; j++)
      if (i % 2 === j % 2) {
        randomGap += Math.abs((rating.get(`p${i}`) as number) - (rating.get(`p${j}`) as number));
        pairsCounted++;
      }
  randomGap /= pairsCounted;
  if (process.env.POOLS_DEBUG) console.log({ meanGap, randomGap, games: games.size, unpaired: players - told.size, killedAt });
  expect(meanGap).toBeLessThan(randomGap / 4);
  // Nobody waited past the widest window: paired within that many waves of joining, give or take the
  // wave they joined in and the three the lease took to pass to the survivor.
  const waited = [...told.keys()].map((a) => (now - (joinedAt.get(a) as number)) / WAVE);
  if (process.env.POOLS_DEBUG) console.log({ maxWaited: Math.max(...waited), widest: WIDEST_AFTER_WAVES });
  expect(Math.max(...waited)).toBeLessThanOrEqual(WIDEST_AFTER_WAVES + 4);
  // The survivor took the pairing over.
  expect((instances[1 - killedAt] as Pools).leading).toBe(true);
  for (const p of instances) p.close();
}
