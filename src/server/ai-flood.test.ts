import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { Browser, Client, type Message, request, type ServerProcess, signUp, startServer } from './online.testing.ts';

/**
 * One address floods the server's AI with games of AIs alone; another player's game against the AI
 * is served in turn, not after the flood. Asserted on the order the store wrote the moves in, not on
 * how long anything took: one AI thread, so the order of service is the whole story.
 */
let server: ServerProcess;
let dataDir: string;
const FLOOD = 8;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-ai-flood-'));
  server = await startServer(dataDir, {
    HEXARENA_AI_THREADS: '1',
    HEXARENA_AI_GAMES: String(FLOOD),
    HEXARENA_API_RATE: '100000',
    HEXARENA_WS_RATE: '100000',
    HEXARENA_BOTS_PER_ACCOUNT: '10',
  });
});
/** Where a test is (a hang shows only as the timeout): said, with the server's stderr, when it fails. */
let stage = '';
beforeEach(() => {
  stage = 'start';
  onTestFailed(() => console.error(`failed at: ${stage}\nthe server's stderr:\n${server.stderr()}`));
});
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const moved = (m: Message) => m.type === 'event' && (m.event as { kind: string }).kind === 'move';

/** Another player's game against the AI, from `from`: b2, then the AI's reply awaited; the game's id. */
async function askTheAi(from: string): Promise<string> {
  const mine = await request(server.base, '/api/games', { body: { game: 'tictactoe', seats: ['open', 'random'], seat: 0 }, from });
  expect(mine.status).toBe(201);
  const { id, token } = mine.json as { id: string; token: string };
  const player = await Client.open(server.base, id, undefined, from);
  stage = `asking the AI in game ${id}: b2 sent`;
  expect(await player.ask({ type: 'move', seat: 0, token, move: 'b2', version: 0 })).toMatchObject({ ok: true });
  stage = `asking the AI in game ${id}: waiting for its reply`;
  expect((await player.next((m) => moved(m) && (m.event as { seat: number }).seat === 1)).event).toMatchObject({ ply: 1 });
  player.close();
  return id;
}

/** The server's clock as it stored each move of a game, in ply order. */
const storedTimes = (db: Database.Database, id: string) =>
  db.prepare('SELECT at FROM moves WHERE game_id = ? ORDER BY ply').all(id) as { at: number }[];

describe('an AI flood from one address', () => {
  it('delays another player’s AI reply by the flood move in hand, not by the flood', async () => {
    const flood: { id: string; watcher: Client }[] = [];
    for (let i = 0; i < FLOOD; i++) {
      const created = await request(server.base, '/api/games', {
        body: { game: 'dicewars', options: { players: 2, map: 'small' }, seats: ['hard', 'hard'] },
        from: '127.0.0.2',
      });
      expect(created.status).toBe(201);
      const id = (created.json as { id: string }).id;
      // Followed, so the server thinks for it (a game of AIs alone nobody watches waits).
      flood.push({ id, watcher: await Client.open(server.base, id, undefined, '127.0.0.2') });
    }
    // Past a ninth, the address is told it has its share.
    const ninth = await request(server.base, '/api/games', {
      body: { game: 'dicewars', options: { players: 2, map: 'small' }, seats: ['hard', 'hard'] },
      from: '127.0.0.2',
    });
    expect(ninth.status).toBe(429);
    // Every flood game has moved: each has its next move waiting for the thread.
    for (const [i, { id, watcher }] of flood.entries()) {
      stage = `waiting for a move of flood game ${i} (${id})`;
      await watcher.next(moved);
    }
    stage = 'asking the AI';
    const id = await askTheAi('127.0.0.3');
    for (const { watcher } of flood) watcher.close();
    stage = 'reading the store';

    const db = new Database(path.join(dataDir, 'hexarena.sqlite'), { readonly: true });
    try {
      // The server's clock as it stored each move; strictly between the player's move and its reply
      // (a flood move stored in the same millisecond as either is not counted, one more at most each end).
      const [asked, answered] = storedTimes(db, id);
      const count = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n;
      const before = count('SELECT count(*) AS n FROM moves WHERE game_id != ? AND at < ?', id, asked?.at);
      const between = count('SELECT count(*) AS n FROM moves WHERE game_id != ? AND at > ? AND at < ?', id, asked?.at, answered?.at);
      // The flood kept the thread busy throughout…
      expect(before).toBeGreaterThanOrEqual(FLOOD);
      // …yet the reply came after the think in hand (and at most one more, begun while the reply was
      // still on its way to the thread: the store's claim comes first), not after a move of each of
      // the flood's games, as one line for all would have it (7 of 8 measured so).
      expect(between).toBeLessThanOrEqual(2);
    } finally {
      db.close();
    }
  });

  it('ten bots of one account, each from its own address, are one owner: its share of games, one turn of the AI threads', async () => {
    const owner = new Browser(server.base, '127.0.0.5');
    stage = 'signing up';
    expect((await signUp(owner, 'Flood_Owner')).status).toBe(201);
    const bots: string[] = [];
    for (let i = 0; i < 10; i++) {
      const made = await owner.ask('POST', '/api/bots', { name: `flood_${i}` });
      expect(made.status).toBe(201);
      bots.push(made.json?.token as string);
    }
    const dicewars = { game: 'dicewars', options: { players: 2, map: 'small' }, seats: ['hard', 'hard'] };
    const flood: { id: string; watcher: Client }[] = [];
    const statuses: number[] = [];
    for (const [i, token] of bots.entries()) {
      const created = await request(server.base, '/api/games', {
        body: dicewars,
        from: `127.0.2.${i + 1}`,
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(created.status);
      if (created.status !== 201) continue;
      const id = (created.json as { id: string }).id;
      // The owner watches them all, so the server thinks for every one.
      flood.push({ id, watcher: await Client.open(server.base, id, undefined, '127.0.0.5') });
    }
    // The owner's share (HEXARENA_AI_GAMES, 8 here), not each bot's.
    expect(statuses).toEqual([...Array(FLOOD).fill(201), 429, 429]);
    for (const [i, { id, watcher }] of flood.entries()) {
      stage = `waiting for a move of flood game ${i} (${id})`;
      await watcher.next(moved);
    }
    stage = 'asking the AI';
    const id = await askTheAi('127.0.0.6');
    for (const { watcher } of flood) watcher.close();
    stage = 'reading the store';

    const db = new Database(path.join(dataDir, 'hexarena.sqlite'), { readonly: true });
    try {
      const [asked, answered] = storedTimes(db, id);
      const ids = flood.map((f) => f.id);
      const marks = ids.map(() => '?').join(', ');
      const count = (where: string, ...args: unknown[]) =>
        (db.prepare(`SELECT count(*) AS n FROM moves WHERE game_id IN (${marks}) AND ${where}`).get(...ids, ...args) as { n: number }).n;
      expect(count('at < ?', asked?.at)).toBeGreaterThanOrEqual(FLOOD);
      // One owner, one turn: the reply waits for the think in hand (and one more at most, as above),
      // not for a move of each bot's game, as ten owners would have it.
      expect(count('at > ? AND at < ?', asked?.at, answered?.at)).toBeLessThanOrEqual(2);
    } finally {
      db.close();
    }
  });

  it('a game of AIs alone is played with the options that make it end; a person’s game keeps what was asked', async () => {
    const options = async (body: unknown) => {
      const created = await request(server.base, '/api/games', { body, from: '127.0.0.4' });
      expect(created.status).toBe(201);
      const game = await request(server.base, `/api/games/${(created.json as { id: string }).id}`);
      return (game.json as { options: Record<string, unknown> }).options;
    };
    // Hive: threefold repetition is a draw, as in a match of programs.
    expect(await options({ game: 'hive', seats: ['random', 'random'] })).toMatchObject({ repetitionDraw: true });
    expect(await options({ game: 'hive', seats: ['open', 'random'] })).toMatchObject({ repetitionDraw: false });
    // DiceWars: a round cap (a person's game has none).
    expect(await options({ game: 'dicewars', options: { players: 2, map: 'small' }, seats: ['random', 'random'] })).toMatchObject({
      maxRounds: expect.any(Number),
    });
    expect(await options({ game: 'dicewars', options: { players: 2, map: 'small' }, seats: ['open', 'random'] })).toMatchObject({
      maxRounds: null,
    });
  });
});
