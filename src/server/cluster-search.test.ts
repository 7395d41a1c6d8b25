import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Browser, type ServerProcess, signUp, startServer } from './online.testing.ts';
import { startPostgres, type TestPostgres } from './postgres.testing.ts';
import { startRedis, type TestRedis } from './redis.testing.ts';

/**
 * The player search's "online first" across two `hexarena serve` instances on one PostgreSQL and
 * Redis (cluster-presence.ts): who is online on A is online when searched on B, and no longer once A
 * is killed. A file of its own: it kills an instance.
 */
let postgres: TestPostgres;
let redis: TestRedis;
let a: ServerProcess;
let b: ServerProcess;
let dir: string;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    REDIS_URL: redis.url,
    HEXARENA_API_RATE: '100000',
    HEXARENA_WS_RATE: '100000',
    // Presence renewed and read five times a second: a killed instance's players go within some 800 ms.
    HEXARENA_PRESENCE_MS: '200',
  };
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-cluster-search-'));
  // One after the other: both migrating one database at once is not this test's subject.
  a = await startServer(path.join(dir, 'a'), env);
  b = await startServer(path.join(dir, 'b'), env);
});
afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await Promise.all([postgres?.stop(), redis?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});
afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const [name, server] of [
    ['a', a],
    ['b', b],
  ] as const)
    if (server) console.error(`instance ${name}'s stderr:\n${server.stderr()}`);
});

type Found = { players: { name: string; online: boolean }[] };

/** Searches on `server` until `done` holds of the answer (presence is read a beat late), or gives up after 15 s. */
async function searchUntil(server: ServerProcess, term: string, done: (f: Found) => boolean): Promise<Found> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await (await fetch(`${server.base}/api/search/players?term=${term}`)).json()) as Found;
    if (done(found) || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the player search across instances', () => {
  it('lists a player online on instance A first when searched on B, and offline once A is killed', async () => {
    const away = new Browser(a.base, '127.0.0.1');
    const here = new Browser(a.base, '127.0.0.1');
    expect((await signUp(away, 'Clu_Away')).status).toBe(201);
    expect((await signUp(here, 'Clu_Here')).status).toBe(201);
    // Nobody online yet: name order.
    expect(await searchUntil(b, 'clu_', () => true)).toEqual({
      players: [
        { name: 'Clu_Away', online: false },
        { name: 'Clu_Here', online: false },
      ],
    });
    // Clu_Here opens the lobby on A: online on B, listed first though "Away" comes first by name.
    const lobby = await here.lobby();
    await lobby.next((m) => m.type === 'pools');
    expect(await searchUntil(b, 'clu_', (f) => f.players[0]?.online === true)).toEqual({
      players: [
        { name: 'Clu_Here', online: true },
        { name: 'Clu_Away', online: false },
      ],
    });
    // A dies without a word (SIGKILL): its socket is never closed, its set in Redis expires.
    await a.kill();
    expect(await searchUntil(b, 'clu_', (f) => f.players.every((p) => !p.online))).toEqual({
      players: [
        { name: 'Clu_Away', online: false },
        { name: 'Clu_Here', online: false },
      ],
    });
  });
});
