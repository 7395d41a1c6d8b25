import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from './engines.ts';
import { Browser, Client, request, type ServerProcess, signUp, startServer } from './online.testing.ts';

/** Engines as rated players, over a real server: challenged by name, and the ladder's games between them. */
let server: ServerProcess;
let dataDir: string;
const OPERATOR = 'operator secret for the ladder';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-engines-'));
  server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_OPERATOR_TOKEN: OPERATOR });
});

afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The game's ending, as a watcher of it hears it (at once if it is over already). */
async function ending(id: string): Promise<Record<string, unknown>> {
  const watcher = await Client.open(server.base, id);
  const end = await watcher.next(
    (m) =>
      (m.type === 'sync' && (m.game as { ending: unknown }).ending !== null) ||
      (m.type === 'event' && (m.event as { kind: string }).kind === 'end'),
  );
  watcher.close();
  return (end.type === 'sync' ? (end.game as { ending: Record<string, unknown> }).ending : end.event) as Record<string, unknown>;
}

describe('engines as players', () => {
  it('names: levels are hexarena-<level>, outside programs bot-<program>-<hash>, and no player may take either', async () => {
    expect(engineOf('hard')).toEqual({ seat: 'hard', account: 'engine:hard', name: 'hexarena-hard' });
    const outside = engineOf('uhp:"/opt/engines/nokamute" uhp --depth 4');
    expect(outside.name).toMatch(/^bot-nokamute-[0-9a-f]{4}$/);
    expect(engineOf('uhp:/opt/engines/nokamute uhp --depth 5').name).not.toBe(outside.name);
    const b = new Browser(server.base, '127.0.0.101');
    for (const name of ['hexarena-hard', outside.name]) expect((await signUp(b, name)).json?.error).toMatch(/kept for the site/);
  });

  it('a player challenges an engine: accepted at once, a rated game against it; its end rates the engine too', async () => {
    const ivy = new Browser(server.base, '127.0.0.102');
    await signUp(ivy, 'Eng_Ivy');
    const refused = await ivy.ask('POST', '/api/challenges', { to: 'hexarena-perfect', game: 'hex' });
    expect([refused.status, refused.json]).toEqual([
      400,
      { error: 'hexarena-perfect does not play Hex here', code: 'challenge.engineGame', values: { name: 'hexarena-perfect', game: 'Hex' } },
    ]);
    const taken = await ivy.ask('POST', '/api/challenges', { to: 'HEXARENA-random', game: 'hex', rated: true, seat: 0 });
    expect(taken.status).toBe(201);
    expect(taken.json).toMatchObject({ to: 'hexarena-random', status: 'accepted', gameId: expect.any(String) });
    const id = taken.json?.gameId as string;
    expect((await ivy.ask('GET', `/api/games/${id}`)).json).toMatchObject({
      rated: true,
      yours: [0],
      seats: [
        { kind: 'taken', name: 'Eng_Ivy' },
        { kind: 'ai', level: 'random', name: 'hexarena-random' },
      ],
    });
    const c = await Client.open(server.base, id, undefined, ivy.from, { cookie: ivy.cookie as string });
    await c.next((m) => m.type === 'sync');
    expect(await c.ask({ type: 'move', seat: 0, move: 'f6', version: 0 })).toMatchObject({ ok: true });
    // The engine answers; then Ivy resigns, and both are rated.
    await c.next((m) => m.type === 'event' && (m.event as { kind: string; seat?: number }).seat === 1);
    const resigned = await c.ask({ type: 'resign', seat: 0 });
    expect(resigned).toMatchObject({ ok: true, event: { kind: 'end', ratingDiffs: [expect.any(Number), expect.any(Number)] } });
    c.close();
    const table = (await request(server.base, '/api/ladder/hex')).json;
    expect(table?.engines).toEqual([
      {
        name: 'hexarena-random',
        seat: 'random',
        rating: expect.any(Number),
        deviation: expect.any(Number),
        interval: expect.any(Array),
        games: 1,
      },
    ]);
    const engines = (table?.engines ?? []) as { rating: number; deviation: number; interval: [number, number] }[];
    const { rating, deviation, interval } = engines[0] ?? { rating: 0, deviation: 0, interval: [0, 0] };
    expect(rating).toBeGreaterThan(1500);
    // Rating ± twice the deviation (each rounded on its own, so within a point).
    expect(Math.abs(interval[0] - (rating - 2 * deviation))).toBeLessThanOrEqual(1);
    expect(Math.abs(interval[1] - (rating + 2 * deviation))).toBeLessThanOrEqual(1);
  });

  it('the ladder’s games: only with the operator’s token, between two engines of the game; played out and rated', async () => {
    const ask = (body: unknown, token = OPERATOR) =>
      request(server.base, '/api/ladder/games', { body, headers: { origin: server.base, authorization: `Bearer ${token}` } });
    expect((await ask({ game: 'hex', seats: ['random', 'easy'] }, 'guess')).status).toBe(401);
    expect((await ask({ game: 'tictactoe', seats: ['random', 'easy'] })).json?.error).toMatch(/not rated/);
    expect((await ask({ game: 'hex', seats: ['random', 'nokamute'] })).json?.error).toMatch(/two engines that play Hex here: random, /);
    expect((await ask({ game: 'hex', seats: ['easy', 'easy'] })).json?.error).toMatch(/two engines/);
    const made = await ask({ game: 'hex', seats: ['random', 'easy'] });
    expect(made.status).toBe(201);
    const end = await ending(made.json?.id as string);
    expect(end.ratingDiffs).toEqual([expect.any(Number), expect.any(Number)]);
    const table = (await request(server.base, '/api/ladder/hex')).json?.engines as { name: string; games: number }[];
    expect(table.map((e) => e.name).sort()).toEqual(['hexarena-easy', 'hexarena-random']);
  });
});
