import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveInProcess } from './in-process.testing.ts';
import { Client, request } from './online.testing.ts';

/**
 * What the lobby reads of the store as games are made here: the open games are read for the lobby
 * sockets only while one is open to hear them; /api/games lists every game made here at once either way.
 */
let server: Awaited<ReturnType<typeof serveInProcess>>;

beforeAll(async () => {
  server = await serveInProcess('lobby-reads', { rate: 100_000 });
});
afterAll(async () => {
  await server?.close();
});

/** Makes a game from `from` (each address its own creator: the lobby shows a creator's newest game only). */
const make = async (from: string, game = 'hex'): Promise<string> => {
  const made = await request(server.base, '/api/games', { body: { game, seats: ['open', 'open'], seat: 0 }, from });
  expect(made.status).toBe(201);
  return made.json?.id as string;
};

const listed = async (): Promise<string[]> => {
  const res = await fetch(`${server.base}/api/games`);
  return ((await res.json()) as { games: { id: string }[] }).games.map((g) => g.id);
};

describe('the open games as the lobby reads them', () => {
  it('with no lobby socket, a game made or a seat taken reads nothing; /api/games and a socket opening after list it', async () => {
    const reads = vi.spyOn(server.store.lobby, 'open');
    const first = await make('127.0.0.11');
    expect(reads).not.toHaveBeenCalled();
    // The list kept for /api/games was let go: the game made a moment ago is there.
    expect(await listed()).toContain(first);
    expect(reads).toHaveBeenCalledTimes(1);
    const second = await make('127.0.0.12', 'nonaga');
    expect((await request(server.base, `/api/games/${first}/seats/1`, { body: {}, from: '127.0.0.15' })).status).toBe(201);
    expect(reads).toHaveBeenCalledTimes(1);
    const now = await listed();
    expect(now).toContain(second);
    expect(now).not.toContain(first);

    // A socket opens: it hears the list as it is now, and from then on each change at once.
    const watcher = await Client.lobby(server.base, '127.0.0.13', { origin: server.base });
    const seeks = (m: { type: string; seeks?: unknown }, has: string) =>
      m.type === 'seeks' && (m.seeks as { id: string }[]).some((g) => g.id === has);
    await watcher.next((m) => seeks(m, second));
    const before = reads.mock.calls.length;
    const third = await make('127.0.0.14');
    expect(reads.mock.calls.length).toBeGreaterThan(before);
    await watcher.next((m) => seeks(m, third));
    watcher.close();
    reads.mockRestore();
  });
});
