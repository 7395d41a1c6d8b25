import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, post, type ServerProcess, startServer } from './online.testing.ts';
import { SqliteStore } from './sqlite-store.ts';

/** Games the server ends by itself: left without a move past the limit (here 1.5 s), live or while it was down. */
let server: ServerProcess;
let dataDir: string;
const env = { HEXARENA_ABANDON_AFTER_MS: '1500', HEXARENA_SWEEP_MS: '100' };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-sweeps-'));
  server = await startServer(dataDir, env);
});
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startedGame(): Promise<{ id: string; x: Client }> {
  const created = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0, name: 'Ann' });
  const id = created.json.id as string;
  await post(server.base, `/api/games/${id}/seats/1`, { name: 'Bob' });
  const x = await Client.open(server.base, id);
  expect(await x.ask({ type: 'move', seat: 0, token: created.json.token, move: 'b2', version: 0 })).toMatchObject({ ok: true });
  return { id, x };
}

describe('abandoned games', () => {
  it('an untimed game whose player to move stays away past the limit ends as abandoned, lost by that player', async () => {
    const { x } = await startedGame();
    const end = await x.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
    expect(end.event).toMatchObject({
      version: 2,
      termination: 'abandoned',
      result: { kind: 'win', winner: 0, reason: 'O did not move for 1.5 s' },
    });
    x.close();
  });

  it('one abandoned while the server was down is ended by the first sweep after it starts, with no client asking', async () => {
    const { id, x } = await startedGame();
    x.close();
    await server.kill();
    const read = async () => {
      const store = SqliteStore.inFolder(dataDir);
      try {
        return await store.games.read(id);
      } finally {
        await store.close();
      }
    };
    const due = (await read())?.due as number;
    expect(due).toBeGreaterThan(Date.now());
    // The server stays down past the limit: its game is moved ten seconds into the past, not waited for.
    const db = new Database(path.join(dataDir, 'hexarena.sqlite'));
    db.prepare('UPDATE games SET due = due - 10000, created_at = created_at - 10000 WHERE id = ?').run(id);
    db.prepare('UPDATE moves SET at = at - 10000 WHERE game_id = ?').run(id);
    db.close();
    server = await startServer(dataDir, env);
    // The store is watched, not the server asked: asking would load the game and decide it too.
    await expect
      .poll(async () => (await read())?.ending, { interval: 50 })
      .toMatchObject({ termination: 'abandoned', result: { winner: 0 } });
  });

  it('a backlog larger than one sweep (250 games left over) is drained by the sweep at start, not one batch an interval', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-backlog-'));
    const store = SqliteStore.inFolder(dir);
    const ids = Array.from({ length: 250 }, (_, i) => `left-${i}`);
    const long = Date.now() - 60_000;
    for (const id of ids)
      await store.games.create({
        id,
        game: 'tictactoe',
        options: {},
        seed: id,
        seats: ['open', 'open'],
        clock: null,
        createdAt: long,
        due: 0,
      });
    await store.close();
    // Sweeps ten minutes apart: only the one at start can end them in time.
    const backlog = await startServer(dir, { HEXARENA_ABANDON_AFTER_MS: '1500', HEXARENA_SWEEP_MS: '600000' });
    try {
      const ended = async () => {
        const reader = SqliteStore.inFolder(dir);
        try {
          const games = await Promise.all(ids.map((id) => reader.games.read(id)));
          // Nobody ever took their seats: each is called off.
          return games.filter((g) => g?.ending?.termination === 'aborted').length;
        } finally {
          await reader.close();
        }
      };
      await expect.poll(ended, { interval: 100 }).toBe(250);
      // Loaded only to be ended, none of them stays in memory.
      await expect.poll(async () => (await (await fetch(`${backlog.base}/healthz`)).json()).rooms).toBe(0);
    } finally {
      await backlog.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
