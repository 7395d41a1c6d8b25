import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Message, post, request, type ServerProcess, startServer } from './online.testing.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { StoredGame } from './store.ts';

/**
 * The rules of online games that only show over a real server: when clocks start, who may take a
 * seat, what a retried move is answered, who is shown in the lobby, what a player who leaves a game
 * of three leaves behind. One `hexarena serve` for the file, restarted on the same folder and port
 * where a test needs a restart.
 */
let server: ServerProcess;
let dataDir: string;
const env = {
  HEXARENA_API_RATE: '100000',
  HEXARENA_WS_RATE: '100000',
  // A claim on a game is not given up by lapsing during a test: the server acts only when it is asked to.
  HEXARENA_LEASE_MS: '600000',
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-online-rules-'));
  server = await startServer(dataDir, env);
});
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server's default wait before a game counts as abandoned (a week). */
const ABANDON_AFTER_MS = 7 * 24 * 3600 * 1000;

/** The game as the server's store holds it (read beside the running server, as another reader of its file). */
async function readStored(id: string): Promise<StoredGame> {
  const store = SqliteStore.inFolder(dataDir);
  try {
    return (await store.games.read(id)) as StoredGame;
  } finally {
    await store.close();
  }
}

const isEvent = (kind: string) => (m: Message) => m.type === 'event' && (m.event as { kind: string }).kind === kind;

describe('clocks and open seats', () => {
  it('a timed game against the AI, which moves first, starts when its open seat is taken: the AI moves then', async () => {
    const created = await post(server.base, '/api/games', {
      game: 'tictactoe',
      seats: ['easy', 'open'],
      clock: { initialMs: 600_000, incrementMs: 0 },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    // While its seat is open, the server has nothing to do in it but call it off if nobody comes: an
    // AI that moved now would be refused, and its claim on the game would keep it from moving later.
    const stored = await readStored(id);
    expect(stored.due).toBe(stored.createdAt + ABANDON_AFTER_MS);
    const watcher = await Client.open(server.base, id);
    expect(await watcher.next((m) => m.type === 'sync')).toMatchObject({ game: { version: 0, moves: [] } });
    expect((await post(server.base, `/api/games/${id}/seats/1`, { name: 'Otto' })).status).toBe(201);
    // The AI's first move, at once, with O's clock running from it.
    const moved = await watcher.next(isEvent('move'));
    expect(moved.event).toMatchObject({ version: 1, seat: 0, clock: { running: 1 } });
    watcher.close();
  });
});

describe('the lobby', () => {
  it('rematches, kept for their players, take no place in it: one address making many does not push out anyone’s game', async () => {
    // Someone else, from another address, waits for a player.
    const theirs = await request(server.base, '/api/games', {
      body: { game: 'nonaga', seats: ['open', 'open'], seat: 0 },
      from: '127.0.0.2',
    });
    expect(theirs.status).toBe(201);
    // One address plays out games alone and asks each one's rematch: more than the lobby shows (50).
    for (let i = 0; i < 51; i++) {
      const created = await post(server.base, '/api/games', {
        game: 'dicewars',
        options: { players: 2, map: 'small' },
        seats: ['open', 'open'],
        seat: 0,
      });
      const id = created.json.id as string;
      const client = await Client.open(server.base, id);
      expect(await client.ask({ type: 'resign', seat: 0, token: created.json.token })).toMatchObject({ ok: true });
      client.close();
      expect((await post(server.base, `/api/games/${id}/rematch`, { seat: 0, token: created.json.token })).status).toBe(201);
    }
    const lobby = async () => ((await (await fetch(`${server.base}/api/games`)).json()) as { games: { id: string }[] }).games;
    await expect.poll(async () => (await lobby()).map((g) => g.id)).toContain(theirs.json?.id);
  });
});

describe('seats as players call them', () => {
  it('a refusal about a seat names it as the game does, beside the number the request gave', async () => {
    const onAi = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['open', 'easy'], seat: 1 });
    expect(onAi).toEqual({
      status: 400,
      json: {
        error: "seat 1 (O) is played by the server's AI, not open to a person",
        code: 'games.seatPlayedByAI',
        values: { seat: 1, nameSeat: 'O' },
      },
    });
    const created = await post(server.base, '/api/games', {
      game: 'dicewars',
      options: { players: 3, map: 'small' },
      seats: ['open', 'open', 'open'],
      seat: 0,
    });
    const client = await Client.open(server.base, created.json.id as string);
    expect(await client.ask({ type: 'move', seat: 3, token: created.json.token, move: 'end', version: 0 })).toMatchObject({
      ok: false,
      refusal: 'no-such-seat',
      error: 'there is no seat 3: the seats are 0 to 2 (A, B, C)',
    });
    expect(await client.ask({ type: 'move', seat: 1, token: created.json.token, move: 'end', version: 0 })).toMatchObject({
      refusal: 'bad-token',
      error: "that is not B's token",
    });
    client.close();
  });
});

describe('a player who leaves a game of three', () => {
  it('resigns and the others play on, their turns passed by the server, through a SIGKILL; the last resignation ends it, the leaver last', async () => {
    const created = await post(server.base, '/api/games', {
      game: 'dicewars',
      options: { players: 3, map: 'small' },
      seats: ['open', 'open', 'open'],
      seat: 0,
      name: 'Ann',
    });
    const id = created.json.id as string;
    const tokens = [created.json.token as string];
    for (const seat of [1, 2]) tokens[seat] = (await post(server.base, `/api/games/${id}/seats/${seat}`, {})).json.token as string;
    const game = async () =>
      (await (await fetch(`${server.base}/api/games/${id}`)).json()) as Record<string, unknown> & {
        toMove: number;
        view: { order: number[] };
      };
    // DiceWars draws the order of play: the first to play, then the one who leaves, then the third.
    const [first, leaver, third] = (await game()).view.order as [number, number, number];
    let client = await Client.open(server.base, id);
    // Out of turn: the game goes on, and everyone following it is told who left and why.
    expect(await client.ask({ type: 'resign', seat: leaver, token: tokens[leaver] })).toMatchObject({
      ok: true,
      event: { kind: 'leave', seat: leaver, termination: 'resignation', reason: `${'ABC'[leaver]} resigned` },
    });
    expect((await game()).seats).toMatchObject({ [leaver]: { left: `${'ABC'[leaver]} resigned` } });
    // The player before them ends the turn: the server passes theirs at once.
    const mark = client.messages.length;
    expect(await client.ask({ type: 'move', seat: first, token: tokens[first], move: 'end', version: 1 })).toMatchObject({ ok: true });
    expect((await client.next(isEvent('move'), mark + 1)).event).toMatchObject({ seat: leaver, move: 'end' });
    await expect.poll(async () => (await game()).toMove).toBe(third);
    expect(await client.ask({ type: 'move', seat: leaver, token: tokens[leaver], move: 'end', version: 3 })).toMatchObject({
      ok: false,
      refusal: 'game-over',
      error: `${'ABC'[leaver]} left this game: it goes on without them`,
    });
    client.close();
    // Killed and started again: who left is kept, and their turn is still passed.
    await server.kill();
    server = await startServer(dataDir, env, server.port);
    expect((await game()).seats).toMatchObject({ [leaver]: { left: `${'ABC'[leaver]} resigned` } });
    client = await Client.open(server.base, id, 3);
    expect(await client.ask({ type: 'move', seat: third, token: tokens[third], move: 'end', version: 3 })).toMatchObject({ ok: true });
    expect(await client.ask({ type: 'resign', seat: first, token: tokens[first] })).toMatchObject({
      ok: true,
      event: { kind: 'end', termination: 'resignation', result: { kind: 'win', winner: third, ranking: [third, first, leaver] } },
    });
    client.close();
    const stored = await readStored(id);
    expect(stored.departures).toMatchObject([{ seat: leaver, plies: 0, termination: 'resignation' }]);
    expect(stored.moves.map((m) => m.move)).toEqual(['end', 'end', 'end']);
    // The record replays from options, seed and moves: the passes are moves like any other.
    const record = await fetch(`${server.base}/api/games/${id}/record`);
    expect(record.status).toBe(200);
    const { replay } = await import('@hexarena/engines/engine/record.ts');
    const { dicewars } = await import('@hexarena/engines/games/dicewars/game.ts');
    expect(replay(dicewars, await record.json()).ok).toBe(true);
  });
});

describe('a game stored under other rules than the server’s', () => {
  it('is refused in words (409, and on the socket), not answered 500; its record keeps the version it was played under', async () => {
    const made = async () => {
      const created = await post(server.base, '/api/games', {
        game: 'dicewars',
        options: { players: 2, map: 'small' },
        seats: ['open', 'open'],
        seat: 0,
      });
      return { id: created.json.id as string, token: created.json.token as string };
    };
    const live = await made();
    const over = await made();
    const client = await Client.open(server.base, over.id);
    expect(await client.ask({ type: 'resign', seat: 0, token: over.token })).toMatchObject({ ok: true });
    client.close();
    expect(((await (await fetch(`${server.base}/api/games/${over.id}/record`)).json()) as { rulesVersion: number }).rulesVersion).toBe(2);
    // Played before an upgrade changed the rules: the store says version 1, as DiceWars's deal was before.
    await server.kill();
    const db = new Database(path.join(dataDir, 'hexarena.sqlite'));
    db.prepare('UPDATE games SET rules_version = 1 WHERE id IN (?, ?)').run(live.id, over.id);
    db.close();
    server = await startServer(dataDir, env, server.port);
    const refused = await fetch(`${server.base}/api/games/${live.id}`, { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      `game ${live.id} was played under DiceWars rules version 1, and this server plays version 2: it cannot be played on here, only read as a record (/api/games/${live.id}/record)`,
    );
    expect((await post(server.base, `/api/games/${live.id}/seats/1`, {})).status).toBe(409);
    const socket = await Client.open(server.base, live.id);
    expect(await socket.next((m) => m.type === 'error')).toMatchObject({ error: expect.stringContaining('rules version 1') });
    // The finished game is still its record, as played: version 1, which this server says it cannot replay.
    const record = await (await fetch(`${server.base}/api/games/${over.id}/record`)).json();
    expect(record).toMatchObject({ rulesVersion: 1 });
    const { replayRecord } = await import('@hexarena/engines/games/index.ts');
    expect(replayRecord(record)).toMatchObject({ ok: false, error: { message: expect.stringContaining('rules version 1') } });
  });
});

describe('Hex online', () => {
  it('two players play a whole game over WebSockets, the swap included; its record replays', async () => {
    const created = await post(server.base, '/api/games', {
      game: 'hex',
      options: { size: 5 },
      seats: ['open', 'open'],
      seat: 0,
      name: 'Rita',
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const blue = await post(server.base, `/api/games/${id}/seats/1`, { name: 'Bo' });
    const tokens = [created.json.token as string, blue.json.token as string];
    const clients = [
      await Client.open(server.base, id, undefined, '127.0.0.5'),
      await Client.open(server.base, id, undefined, '127.0.0.6'),
    ];
    const moves = ['c2', 'swap', 'a1', 'e1', 'a2', 'e2', 'a3', 'e3', 'a4', 'e4', 'a5'];
    let last: Message | null = null;
    for (const [ply, move] of moves.entries()) {
      const seat = ply % 2;
      last = await (clients[seat] as Client).ask({ type: 'move', seat, token: tokens[seat], move, version: ply });
      expect(last, move).toMatchObject({ ok: true });
    }
    // The other player hears the end too.
    const end = await (clients[1] as Client).next(isEvent('end'));
    expect(end.event).toMatchObject({ termination: 'rules', result: { kind: 'win', winner: 0, reason: 'Red joined top and bottom' } });
    for (const c of clients) c.close();
    const record = await (await fetch(`${server.base}/api/games/${id}/record`)).json();
    expect(record).toMatchObject({ game: 'hex', moves, players: ['Rita', 'Bo'], rulesVersion: 1 });
    const { replayRecord } = await import('@hexarena/engines/games/index.ts');
    expect(replayRecord(record).ok).toBe(true);
  });
});
