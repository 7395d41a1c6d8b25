import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, post, type ServerProcess, startServer } from './online.testing.ts';
import { startPostgres, type TestPostgres } from './postgres.testing.ts';
import { startRedis, type TestRedis } from './redis.testing.ts';

/** Two `hexarena serve` instances on one PostgreSQL, telling each other of events through Redis. */
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
  };
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-cluster-'));
  a = await startServer(path.join(dir, 'a'), env);
  b = await startServer(path.join(dir, 'b'), env);
});
afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await Promise.all([postgres?.stop(), redis?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('two instances, one store, Redis between them', () => {
  it('players and a spectator spread over both instances play a whole game; racing the same move on both, exactly one wins', async () => {
    const created = await post(a.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
    const id = created.json.id as string;
    const claimed = await post(b.base, `/api/games/${id}/seats/1`, {});
    expect(claimed.status).toBe(201);
    const tokens = [created.json.token, claimed.json.token];
    const x = await Client.open(a.base, id);
    const o = await Client.open(b.base, id);
    const watcher = await Client.open(b.base, id);
    const moves = ['b2', 'a1', 'c3', 'a3', 'a2', 'c2', 'b1', 'b3', 'c1'];
    for (const [ply, move] of moves.entries()) {
      const player = ply % 2 === 0 ? x : o;
      // The mover's instance may not have heard of the last move yet: a stale refusal, then the same move again.
      let answer = await player.ask({ type: 'move', seat: ply % 2, token: tokens[ply % 2], move, version: ply });
      for (let tries = 0; answer.ok !== true && answer.refusal === 'stale' && tries < 50; tries++) {
        await player.next((m) => m.type === 'event' && (m.event as { version: number }).version >= ply);
        answer = await player.ask({ type: 'move', seat: ply % 2, token: tokens[ply % 2], move, version: ply });
      }
      expect(answer, `${move}`).toMatchObject({ ok: true });
    }
    // The spectator on the other instance saw every move, in order, exactly once, and the end.
    await watcher.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
    const seen = watcher.messages.flatMap((m) => (m.type === 'event' ? [m.event as { kind: string; move?: string; version: number }] : []));
    expect(seen.filter((e) => e.kind === 'move').map((e) => e.move)).toEqual(moves);
    expect(seen.map((e) => e.version)).toEqual(seen.map((_, i) => i + 1));
    for (const c of [x, o, watcher]) c.close();

    // A fresh game: the same first move sent to both instances at once.
    const race = await post(a.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
    const raceId = race.json.id as string;
    const [onA, onB] = [await Client.open(a.base, raceId), await Client.open(b.base, raceId)];
    const answers = await Promise.all(
      [onA, onB].map((c, i) => c.ask({ type: 'move', seat: 0, token: race.json.token, move: i === 0 ? 'a1' : 'c3', version: 0 })),
    );
    expect(answers.filter((r) => r.ok === true)).toHaveLength(1);
    expect(answers.find((r) => r.ok !== true)).toMatchObject({ refusal: 'stale' });
    const stored = await (await fetch(`${b.base}/api/games/${raceId}`)).json();
    expect(stored.moves).toHaveLength(1);
    for (const c of [onA, onB]) c.close();
  });
});
