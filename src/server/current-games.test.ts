import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveInProcess } from './in-process.testing.ts';
import { Browser, Client, signUp } from './online.testing.ts';

/**
 * The games being played now and TV, against a server on loopback: listed from the rooms it holds,
 * filtered, highest rated first, with their spectators; TV keeps its game while it is played and
 * moves to the next best when it ends.
 */
let server: Awaited<ReturnType<typeof serveInProcess>>;
let address = 20;

beforeAll(async () => {
  server = await serveInProcess('current', { rate: 100_000 });
});
afterAll(async () => {
  await server?.close();
});

async function player(name: string): Promise<Browser> {
  const b = new Browser(server.base, `127.0.2.${address++}`);
  expect((await signUp(b, name)).status).toBe(201);
  return b;
}
const idOf = async (name: string): Promise<string> => (await server.store.accounts.byKey(name.toLowerCase()))?.id as string;

/** Gives two accounts Hive ratings (untimed), as a finished rated game between them leaves them. */
async function rate(names: readonly [string, string], ratings: readonly [number, number]): Promise<void> {
  const id = `rated-${names.join('-')}`;
  await server.store.games.create({ id, game: 'hive', options: {}, seed: id, seats: ['open', 'open'], createdAt: 0, rated: true });
  const seats = await Promise.all(
    names.map(async (name, i) => ({
      account: await idOf(name),
      before: null,
      after: { rating: ratings[i] as number, deviation: 60, volatility: 0.06 },
    })),
  );
  await server.store.games.end(id, {
    result: { kind: 'draw' },
    termination: 'agreement',
    plies: 0,
    ratings: { perf: 'hive', at: 1, seats, diffs: [0, 0] },
  });
}

/** A game of `game` between two players, every seat taken: its id, and the first player's seat token. */
async function play(game: string, a: Browser, b: Browser): Promise<{ id: string; token: string }> {
  const made = await a.ask('POST', '/api/games', { game, seats: ['open', 'open'], seat: 0 });
  const id = made.json?.id as string;
  expect((await b.ask('POST', `/api/games/${id}/seats/1`, {})).status).toBe(201);
  return { id, token: made.json?.token as string };
}

interface Listed {
  id: string;
  game: string;
  speed: string;
  rating: number | null;
  watching: number;
  players: { name: string; rating?: number }[];
  position?: unknown;
}
const current = async (b: Browser, query = ''): Promise<Listed[]> =>
  (await b.ask('GET', `/api/games/current${query}`)).json?.games as Listed[];
const tv = async (b: Browser): Promise<Record<string, Listed>> => (await b.ask('GET', '/api/tv')).json?.channels as Record<string, Listed>;

describe('the games being played now', () => {
  it('are listed highest rated first, filtered by game and speed, with their spectators; a seek is not one; TV switches when its game ends', async () => {
    const [ann, bob, cy, dee, eve, fay] = await Promise.all(['Cur_Ann', 'Cur_Bob', 'Cur_Cy', 'Cur_Dee', 'Cur_Eve', 'Cur_Fay'].map(player));
    const viewer = new Browser(server.base, '127.0.2.200');
    await rate(['Cur_Ann', 'Cur_Bob'], [1700, 1800]);
    await rate(['Cur_Eve', 'Cur_Fay'], [1900, 2100]);
    const casual = await play('hive', cy as Browser, dee as Browser);
    const strong = await play('hive', ann as Browser, bob as Browser);
    const hex = await play('hex', cy as Browser, ann as Browser);
    // A seek (a seat still open) is not a game being played.
    await (dee as Browser).ask('POST', '/api/games', { game: 'hive', seats: ['open', 'open'], seat: 0 });

    const watcher = await Client.open(server.base, strong.id, undefined, '127.0.2.201');
    await watcher.next((m) => m.type === 'presence' && (m.watching as number) >= 1);
    const listed = await current(viewer);
    // Rated seats first (hive: 1750), then the unrated games, newest first.
    expect(listed.map((g) => g.id)).toEqual([strong.id, hex.id, casual.id]);
    expect(listed[0]).toMatchObject({
      game: 'hive',
      speed: 'unlimited',
      rating: 1750,
      watching: 1,
      players: [
        { name: 'Cur_Ann', rating: 1700 },
        { name: 'Cur_Bob', rating: 1800 },
      ],
    });
    expect(listed[2]).toMatchObject({ rating: null, watching: 0, players: [{ name: 'Cur_Cy' }, { name: 'Cur_Dee' }] });
    expect((await current(viewer, '?game=hex')).map((g) => g.id)).toEqual([hex.id]);
    expect((await current(viewer, '?speed=unlimited')).length).toBe(3);
    expect(await current(viewer, '?speed=blitz')).toEqual([]);
    expect((await viewer.ask('GET', '/api/games/current?speed=fast')).status).toBe(400);

    // TV: the best of every game, and of each game.
    let channels = await tv(viewer);
    expect([channels.best?.id, channels.hive?.id, channels.hex?.id]).toEqual([strong.id, strong.id, hex.id]);
    // A stronger game begins: TV keeps the game it shows while that one is played…
    const stronger = await play('hive', eve as Browser, fay as Browser);
    expect((await current(viewer))[0]?.id).toBe(stronger.id);
    channels = await tv(viewer);
    expect([channels.best?.id, channels.hive?.id]).toEqual([strong.id, strong.id]);
    // …and moves to the best one left once it ends.
    const annSocket = await Client.open(server.base, strong.id, undefined, '127.0.2.202', {
      origin: server.base,
      cookie: (ann as Browser).cookie as string,
    });
    expect(await annSocket.ask({ type: 'resign', seat: 0, token: strong.token })).toMatchObject({ ok: true });
    expect((await current(viewer)).map((g) => g.id)).toEqual([stronger.id, hex.id, casual.id]);
    channels = await tv(viewer);
    expect([channels.best?.id, channels.hive?.id, channels.hex?.id]).toEqual([stronger.id, stronger.id, hex.id]);
    annSocket.close();
    watcher.close();
  });

  it('carry each game’s position as a spectator sees it, moved on with its moves', async () => {
    const [gil, hal] = await Promise.all(['Cur_Gil', 'Cur_Hal'].map(player));
    const viewer = new Browser(server.base, '127.0.2.203');
    const game = await play('tictactoe', gil as Browser, hal as Browser);
    const positionOf = async () => (await current(viewer, '?game=tictactoe')).find((g) => g.id === game.id)?.position;
    expect(await positionOf()).toEqual({ board: '---------' });
    const socket = await Client.open(server.base, game.id, undefined, '127.0.2.204', {
      origin: server.base,
      cookie: (gil as Browser).cookie as string,
    });
    expect(await socket.ask({ type: 'move', seat: 0, move: 'a1', version: 0, token: game.token })).toMatchObject({ ok: true });
    expect(await positionOf()).toEqual({ board: '------x--' });
    socket.close();
  });

  it('are read as often as the other reads: a burst, then a 429', async () => {
    const reader = new Browser(server.base, '127.0.2.210');
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push((await reader.ask('GET', i % 2 ? '/api/tv' : '/api/games/current')).status);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers).toContain(429);
  });
});
