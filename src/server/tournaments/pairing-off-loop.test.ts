import type { Json } from '@hexarena/engines/engine/game.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../sqlite-store.ts';
import { Director } from './director.ts';
import { newTournament } from './new-tournament.testing.ts';
import { PairingThread, pairInProcess, type SwissPairer } from './swiss-pairer.ts';

/**
 * A large Swiss round is seconds of matching. Paired by the director on the server's pairing
 * thread, the event loop it shares with every game and page stays free: an HTTP server in the same
 * process answers while the round is paired — where on the caller's own thread it answers nothing
 * until the pairing is done.
 */
const PLAYERS = 120;

describe('a large Swiss round paired off the event loop', () => {
  const store = new SqliteStore(':memory:');
  const thread = new PairingThread();
  const app = Fastify();
  app.get('/ping', async () => ({ ok: true }));
  afterAll(async () => {
    await app.close();
    await thread.close();
    await store.close();
  });

  it('an HTTP server in the same process answers while the director pairs a round on the thread, and not while it pairs in process', async () => {
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/ping`;
    let now = 1_000;
    let pairer: SwissPairer = pairInProcess;
    let pairing = false;
    const pairSwiss: SwissPairer = async (t, round) => {
      pairing = true;
      try {
        return await pairer(t, round);
      } finally {
        pairing = false;
      }
    };
    const director = new Director(store, { now: () => now, tickMs: 1_000, leaseMs: 5_000, pairSwiss }, () => {});
    await store.tournaments.create(newTournament('t', { name: 'Big Swiss', clock: null, startsAt: 2_000, rounds: 5, createdAt: 1_000 }));
    for (let i = 0; i < PLAYERS; i++)
      await store.tournaments.join('t', { account: `p${i}`, name: `P${i}`, rating: 1200 + ((i * 37) % 101) * 8, joinedAt: i });
    const rng = Rng.fromSeed('big');
    const playOut = async () => {
      for (const p of await store.tournaments.pairings('t'))
        if (p.result === null && p.gameId !== null) {
          const roll = rng.int(3);
          const result: Json = roll === 2 ? { kind: 'draw' } : { kind: 'win', winner: roll };
          await store.games.end(p.gameId, { result, termination: 'rules', plies: 0 });
        }
    };
    /** How many answers to /ping arrive while the director's tick pairs a round, asked one after another. */
    const answeredWhilePairing = async (): Promise<{ answers: number; round: number }> => {
      let answers = 0;
      let ticking = true;
      const asking = (async () => {
        while (ticking) {
          const res = await fetch(url);
          expect(res.status).toBe(200);
          await res.json();
          if (pairing) answers++;
        }
      })();
      now += 1_000;
      await director.tick();
      ticking = false;
      await asking;
      return { answers, round: (await store.tournaments.read('t'))?.round ?? 0 };
    };
    await answeredWhilePairing(); // round 1
    await playOut();
    expect(await answeredWhilePairing()).toEqual({ answers: 0, round: 2 });
    await playOut();
    pairer = thread.pair;
    const onThread = await answeredWhilePairing();
    expect(onThread.round).toBe(3);
    expect(onThread.answers).toBeGreaterThan(0);
    expect((await store.tournaments.pairings('t')).filter((p) => p.round === 3)).toHaveLength(PLAYERS / 2);
  });
});
