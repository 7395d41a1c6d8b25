import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  openBotStream,
  rawConnection,
  registerBot,
  request,
  type ServerProcess,
  stalledReader,
  startServer,
  upgradeHead,
} from './online.testing.ts';
import { SqliteStore } from './sqlite-store.ts';

/**
 * The edges of the online server attacked as one client would, over real sockets: allowances that
 * hold whatever the spelling, connections one address may hold, half-sent requests, dead and slow
 * clients, and bodies that are checked rather than guessed at. Each test speaks from an address of
 * its own (127.0.0.0/8), so it starts with a full allowance.
 */
let strict: ServerProcess;
let dirs: string[] = [];

const health = async (server: ServerProcess) =>
  (await request(server.base, '/healthz')).json as { dropped: { slow: number; silent: number } };

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-edges-'));
  dirs.push(dir);
  // No allowance is refilled, so counts do not hang on the machine's speed; timeouts are short so a
  // half-sent request is cut off within the test, and long enough for an honest client on a busy machine.
  strict = await startServer(dir, {
    HEXARENA_API_RATE: '0',
    HEXARENA_WS_RATE: '0',
    HEXARENA_CONNECTIONS: '16',
    HEXARENA_HEADERS_TIMEOUT_MS: '500',
    HEXARENA_REQUEST_TIMEOUT_MS: '1000',
    HEXARENA_WS_PING_MS: '1000',
    HEXARENA_BOT_STREAMS: '2',
  });
});
afterAll(async () => {
  await strict?.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

async function newGame(server: ServerProcess, from: string): Promise<{ id: string; token: string }> {
  const made = await request(server.base, '/api/games', { body: { game: 'tictactoe', seats: ['open', 'open'], seat: 0 }, from });
  expect(made.status).toBe(201);
  return { id: made.json?.id as string, token: made.json?.token as string };
}

describe('the edges of the online server, attacked', () => {
  it('the API allowance is counted on the route matched, however the path is spelled', async () => {
    const from = '127.0.0.2';
    const spellings = ['/api/games', '/%61pi/games', 'http://elsewhere/api/games'];
    // 120 requests in all, in three spellings: each reaches the lobby and spends the same allowance.
    for (let i = 0; i < 120; i++) {
      const answer = await request(strict.base, spellings[i % 3] as string, { from });
      expect(answer.status).toBe(200);
      expect(answer.json).toHaveProperty('games');
    }
    for (const spelling of spellings) expect((await request(strict.base, spelling, { from })).status).toBe(429);
    const created = await request(strict.base, '/%61pi/games', { body: { game: 'tictactoe', seats: ['open', 'open'] }, from });
    expect(created.status).toBe(429);
    expect(created.json).toEqual({ error: 'too many requests from this address: at most 0 a second' });
    // A WebSocket upgrade is a request on the API too.
    const upgrade = await rawConnection(strict.base, upgradeHead('/%61pi/games/abc/ws'), from);
    await upgrade.until('\r\n\r\n');
    expect(upgrade.received).toMatch(/^HTTP\/1.1 429/);
    upgrade.socket.destroy();
    // Another address is not held back by this one.
    expect((await request(strict.base, '/api/games', { from: '127.0.0.3' })).status).toBe(200);
  });

  it('one address holds at most its share of connections; the others are served meanwhile', async () => {
    const from = '127.0.0.4';
    const { id } = await newGame(strict, from);
    // Sixteen live WebSockets (they answer pings, so they stay): the address's whole share.
    const sockets = await Promise.all(Array.from({ length: 15 }, () => Client.open(strict.base, id, undefined, from)));
    const last = await Client.open(strict.base, id, undefined, from);
    const refused = await request(strict.base, '/api/games', { from });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('holds 16 connections');
    expect((await request(strict.base, '/api/games', { from: '127.0.0.5' })).status).toBe(200);
    // A request sent at once on a refused connection is not handled: no game is made.
    const lobby = async () => (await request(strict.base, '/api/games', { from: '127.0.0.5' })).text;
    const before = await lobby();
    const body = JSON.stringify({ game: 'tictactoe', seats: ['open', 'open'] });
    const eager = await rawConnection(
      strict.base,
      `POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      from,
    );
    await eager.closed;
    expect(eager.received).toMatch(/^HTTP\/1.1 429/);
    expect(eager.received).not.toContain('201');
    expect(await lobby()).toBe(before);
    // One let go: the address may connect again.
    last.close();
    await new Promise<void>((resolve) => last.socket.once('close', () => resolve()));
    await expect.poll(async () => (await request(strict.base, `/api/games/${id}`, { from })).status).toBe(200);
    for (const s of sockets) s.close();
  });

  it('half-sent requests and silent connections are cut off while other clients are answered', async () => {
    const from = '127.0.0.6';
    const slow = await Promise.all(
      Array.from({ length: 8 }, () => rawConnection(strict.base, 'GET /api/games HTTP/1.1\r\nHost: x\r\n', from)),
    );
    const silent = await rawConnection(strict.base, '', from);
    const body = await rawConnection(
      strict.base,
      'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      from,
    );
    // Someone else's requests are answered while they hang.
    expect((await request(strict.base, '/api/games', { from: '127.0.0.7' })).status).toBe(200);
    await Promise.all([...slow, silent, body].map((c) => c.closed));
    // The request whose body never came is told so; the half-sent headers get nothing (or a 408).
    expect(body.received).toMatch(/^(HTTP\/1.1 408|)/);
  });

  it('a WebSocket that never answers pings is closed; one that answers stays', async () => {
    const from = '127.0.0.8';
    const { id, token } = await newGame(strict, from);
    const before = (await health(strict)).dropped.silent;
    const dead = await rawConnection(strict.base, upgradeHead(`/api/games/${id}/ws`), from);
    const alive = await Client.open(strict.base, id, undefined, from);
    await dead.until('101 Switching Protocols');
    await dead.closed;
    expect((await health(strict)).dropped.silent).toBeGreaterThan(before);
    expect(await alive.ask({ type: 'move', seat: 0, token, move: 'b2', version: 0 })).toMatchObject({ type: 'answer', ok: true });
    alive.close();
  });

  it('WebSocket messages are limited per address over all its sockets; a long message is answered in words', async () => {
    const from = '127.0.0.9';
    const { id } = await newGame(strict, from);
    const clients = await Promise.all(Array.from({ length: 5 }, () => Client.open(strict.base, id, undefined, from)));
    const replies = (
      await Promise.all(
        clients.map((c) =>
          Promise.all(Array.from({ length: 30 }, (_, i) => c.ask({ type: 'move', seat: 0, token: 'wrong', move: 'b2', version: i }))),
        ),
      )
    ).flat();
    // Each socket is within its own 30; the address has 60 for all of them.
    expect(replies.filter((r) => r.refusal === 'bad-token')).toHaveLength(60);
    expect(replies.filter((r) => r.error === 'too many messages: at most 0 a second')).toHaveLength(90);
    for (const c of clients) c.close();

    const other = await Client.open(strict.base, id, undefined, '127.0.0.10');
    // Refused unread, it still answers with its id (ask waits for that id), its id even after the padding.
    expect(await other.ask({ type: 'move', pad: 'x'.repeat(5000) })).toMatchObject({
      type: 'error',
      code: 'too-large',
      error: 'a message is at most 4096 bytes',
    });
    expect(await other.ask({ type: 'resign', seat: 0, token: 'wrong' })).toMatchObject({ refusal: 'bad-token' });
    // Past 64 KB the frame is not read at all: the socket is closed as too big (1009).
    const closed = new Promise<number>((resolve) => other.socket.once('close', (code) => resolve(code)));
    other.send('x'.repeat(70_000));
    expect(await closed).toBe(1009);
  });

  it('bodies are checked, not coerced: wrong types and unknown fields are named, nothing is made', async () => {
    const from = '127.0.0.11';
    const base = { game: 'tictactoe', seats: ['open', 'open'] };
    const wrong: [Record<string, unknown>, RegExp][] = [
      [{ ...base, seat: null }, /seat/],
      [{ ...base, seat: true }, /seat/],
      [{ ...base, seat: '1' }, /seat/],
      [{ ...base, seat: [1] }, /seat/],
      [{ ...base, clock: false }, /clock/],
      [{ ...base, seat: 0, name: 123 }, /name/],
      [{ ...base, colour: 'red' }, /colour|additional/],
      [{ ...base, seats: [['open'], 'open'] }, /seats/],
      [{ ...base, seat: 0, name: 'evil\u202Eelbat' }, /U\+202E/],
      [{ ...base, seat: 0, name: 'two\nlines' }, /U\+000A/],
    ];
    const lobby = async () =>
      ((await request(strict.base, '/api/games', { from })).json as { games: { id: string }[] }).games.map((g) => g.id);
    const lobbyBefore = await lobby();
    for (const [body, message] of wrong) {
      const answer = await request(strict.base, '/api/games', { body, from });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json?.error).toMatch(message);
      // One code for a body's shape, one for a name (the words say which).
      expect(answer.json?.code, JSON.stringify(body)).toBe(
        'name' in body && typeof body.name === 'string' ? 'games.name' : 'games.request',
      );
    }
    expect(await lobby()).toEqual(lobbyBefore);
    const { id } = await newGame(strict, from);
    const noSeat = await request(strict.base, `/api/games/${id}/seats/5`, { body: {}, from });
    expect(noSeat.status).toBe(404);
    expect(noSeat.json?.error).toBe(`game ${id} has 2 seats: there is no seat 5`);
    const named = await request(strict.base, `/api/games/${id}/seats/1`, { body: { name: '  Zoë ' }, from });
    expect(named.status).toBe(201);
    expect((await request(strict.base, `/api/games/${id}`, { from })).json?.seats).toEqual([
      { kind: 'taken', name: null },
      { kind: 'taken', name: 'Zoë' },
    ]);
    // A bot's move: version and move as the types they are.
    const bot = await registerBot(strict.base, 'edgebot', from);
    const auth = { authorization: `Bearer ${bot.token}` };
    for (const body of [{ move: 5 }, { move: 'b2', version: '1' }, { move: 'b2', extra: 1 }]) {
      const answer = await request(strict.base, `/api/bot/games/${id}/move`, { body, from, headers: auth });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('one address cannot fill the lobby: a few games waiting for players at once, and it is shown once', async () => {
    const from = '127.0.0.14';
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push((await newGame(strict, from)).id);
    const sixth = await request(strict.base, '/api/games', { body: { game: 'tictactoe', seats: ['open', 'open'], seat: 0 }, from });
    expect(sixth.status).toBe(429);
    expect(sixth.json?.error).toBe('this address has 5 games waiting for players already: wait for them to fill or end before making more');
    expect(sixth.json).toMatchObject({ code: 'games.tooManyOpen', values: { count: 5, by: 'address' } });
    // A game against the server's AI waits for nobody: it is not capped.
    const vsAi = await request(strict.base, '/api/games', { body: { game: 'tictactoe', seats: ['open', 'random'], seat: 0 }, from });
    expect(vsAi.status).toBe(201);
    // Someone else's game is in the lobby beside the flooder's newest, which is there once.
    const theirs = (await newGame(strict, '127.0.0.15')).id;
    // (The lobby is read at most once a second: asked until it has the new game.)
    const lobby = async () =>
      ((await request(strict.base, '/api/games', { from: '127.0.0.15' })).json as { games: { id: string }[] }).games.map((g) => g.id);
    await expect.poll(lobby).toContain(theirs);
    expect((await lobby()).filter((id) => mine.includes(id))).toEqual([mine[4]]);
    // One filled: the address may make another.
    await request(strict.base, `/api/games/${mine[0]}/seats/1`, { body: {}, from: '127.0.0.15' });
    expect((await request(strict.base, '/api/games', { body: { game: 'tictactoe', seats: ['open', 'open'], seat: 0 }, from })).status).toBe(
      201,
    );
  });

  it('a client that claims a version ahead of the game gets a full sync', async () => {
    const { id } = await newGame(strict, '127.0.0.12');
    const client = await Client.open(strict.base, id, 99, '127.0.0.12');
    expect(await client.next((m) => m.type === 'sync' || m.type === 'events')).toMatchObject({ type: 'sync' });
    client.close();
  });

  it('a bot holds a bounded number of streams', async () => {
    const from = '127.0.0.13';
    const bot = await registerBot(strict.base, 'streamer', from);
    const head = `GET /api/bot/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${bot.token}\r\n\r\n`;
    const streams = [await rawConnection(strict.base, head, from), await rawConnection(strict.base, head, from)];
    for (const s of streams) await s.until('200 OK');
    const third = await request(strict.base, '/api/bot/stream', {
      from,
      headers: { authorization: `Bearer ${bot.token}` },
    });
    expect(third.status).toBe(429);
    expect(third.json?.error).toBe('streamer has 2 event streams open already: one carries all its games; close one first');
    streams[0]?.socket.destroy();
    await expect
      .poll(async () => {
        const c = await rawConnection(strict.base, head, from);
        await c.until('\r\n\r\n');
        c.socket.destroy();
        return c.received.slice(0, 12);
      })
      .toBe('HTTP/1.1 200');
    streams[1]?.socket.destroy();
  });
});

describe('games of AIs alone', () => {
  it('one address has at most two going at once; others are not held back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-ais-'));
    dirs.push(dir);
    const server = await startServer(dir);
    try {
      // Hive between the strongest AIs: games that go on for a long while.
      const ais = { game: 'hive', seats: ['max', 'max'] };
      for (let i = 0; i < 2; i++) expect((await request(server.base, '/api/games', { body: ais, from: '127.0.0.20' })).status).toBe(201);
      const third = await request(server.base, '/api/games', { body: ais, from: '127.0.0.20' });
      expect(third.status).toBe(429);
      expect(third.json?.error).toBe('this address has 2 games of AIs alone going already: let them end before starting more');
      expect(third.json).toMatchObject({ code: 'games.tooManyAIGames', values: { count: 2, by: 'address' } });
      expect((await request(server.base, '/api/games', { body: ais, from: '127.0.0.21' })).status).toBe(201);

      // Nobody watches: the server does not think for it; the game waits, due never, at its first move.
      const quiet = await request(server.base, '/api/games', {
        body: { game: 'tictactoe', seats: ['random', 'random'] },
        from: '127.0.0.22',
      });
      const id = quiet.json?.id as string;
      const due = async () => {
        const store = SqliteStore.inFolder(dir);
        try {
          return (await store.games.read(id))?.due;
        } finally {
          await store.close();
        }
      };
      await expect.poll(due).toBeNull();
      expect((await request(server.base, `/api/games/${id}`, { from: '127.0.0.22' })).json).toMatchObject({ version: 0, ending: null });
      // Someone opens it: the AIs play it to its end.
      const watcher = await Client.open(server.base, id, undefined, '127.0.0.22');
      expect((await watcher.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end')).event).toMatchObject({
        kind: 'end',
        termination: 'rules',
      });
      watcher.close();
    } finally {
      await server.kill();
    }
  });
});

describe('clients that stop reading', () => {
  let busy: ServerProcess;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-slow-'));
    dirs.push(dir);
    busy = await startServer(dir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000', HEXARENA_SEND_BUFFER_BYTES: '65536' });
  });
  // Stopped however the test ends: a reader left behind would outlive the run.
  const stalled: { stop(): void }[] = [];
  const held = <T extends { stop(): void }>(reader: T): T => {
    stalled.push(reader);
    return reader;
  };
  afterAll(async () => {
    for (const reader of stalled) reader.stop();
    await busy?.kill();
  });

  it('an unread WebSocket and an unread bot stream are dropped once past the bound, while the bot plays on', async () => {
    const token = (await registerBot(busy.base, 'busybot')).token;
    const auth = { authorization: `Bearer ${token}` };
    // Seven AIs play DiceWars against the bot: every move an event with the whole map.
    const made = await request(busy.base, '/api/games', {
      body: { game: 'dicewars', seats: ['open', ...Array(7).fill('random')], seat: 0 },
      headers: auth,
    });
    expect(made.status).toBe(201);
    const id = made.json?.id as string;
    // A spectator's socket and a second stream of the bot's, neither read.
    held(await stalledReader(busy.base, upgradeHead(`/api/games/${id}/ws`)));
    held(await stalledReader(busy.base, `GET /api/bot/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`));
    // The bot's own stream, read: it ends its turn whenever the stream says it is to move.
    const reading = await openBotStream(busy.base, token);
    let dropped = 0;
    let over = false;
    while (dropped < 2 && !over) {
      const complete = reading.take();
      const mine = complete.filter(
        (m) => (m.type === 'event' && m.toMove === 0) || (m.type === 'game' && (m.game as { toMove: number }).toMove === 0),
      );
      over = complete.some((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
      const last = mine.at(-1);
      if (last) {
        // The stream says what the bot may play: no GET after every event.
        expect((last.legalMoves ?? (last.game as { legalMoves: string[] }).legalMoves) as string[]).toContain('end');
        const answer = await request(busy.base, `/api/bot/games/${id}/move`, { body: { move: 'end' }, headers: auth });
        expect(answer.json).toMatchObject({ ok: true });
      } else await reading.more();
      dropped = (await health(busy)).dropped.slow;
    }
    expect(dropped).toBe(2);
    expect(reading.closed).toBe(false);
    reading.close();
  });
});
