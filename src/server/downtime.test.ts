import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, Client, post, request, type ServerProcess, signUp, startServer } from './online.testing.ts';
import { sharedPostgres } from './postgres.testing.ts';
import { startRedis, type TestRedis } from './redis.testing.ts';

/**
 * Downtime is never charged to a clock: every instance is killed (SIGKILL) while a rated blitz game
 * and a correspondence game run, and started again two days later by its own clock (a process whose
 * Date.now runs ahead, as if it had been down that long — no test waits for time to pass). Nobody
 * has lost on time, the clocks read as they did at the kill (± a second), and the players are told
 * their clock was paused. On SQLite (one instance) and on PostgreSQL (two, started together, which
 * move the clocks on once between them).
 */

const DAY_MS = 86_400_000;
/** How far ahead the restarted processes' clocks are: longer than anyone has left on either game. */
const DOWN_MS = 2 * DAY_MS;

let dir: string;
let preload: string;
/** PostgreSQL's databases from the worker's shared server: these tests never stop it. */
const postgres = sharedPostgres();
let redis: TestRedis | undefined;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-downtime-'));
  // A process's clock set ahead: what a restart after a long outage looks like to the server.
  preload = path.join(dir, 'clock-ahead.mjs');
  writeFileSync(
    preload,
    'const ahead = Number(process.env.TEST_CLOCK_AHEAD_MS ?? 0);\nconst real = Date.now;\nDate.now = () => real() + ahead;\n',
  );
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A server's environment with its clock `ahead` milliseconds ahead of the machine's. */
const aheadBy = (ahead: number): Record<string, string> => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(preload).href}`.trim(),
  TEST_CLOCK_AHEAD_MS: String(ahead),
});

interface Shown {
  version: number;
  ending: unknown;
  legalMoves: string[];
  now: number;
  clock: { running: number | null; deadline: number | null } | null;
  paused?: { at: number; ms: number };
}

const shown = async (base: string, id: string): Promise<Shown> => (await request(base, `/api/games/${id}`)).json as unknown as Shown;

/** The running clock's time left as a game's page shows it: its deadline less the server's now. */
const left = (game: Shown): number => (game.clock?.deadline as number) - game.now;

/** Waits until `client`'s instance has heard of the game at `version` (an event or a sync of it). */
const heard = (client: Client, version: number): Promise<unknown> =>
  client.next(
    (m) =>
      (m.type === 'event' && (m.event as { version: number }).version >= version) ||
      (m.type === 'sync' && (m.game as { version: number }).version >= version),
  );

/** Plays the first legal move for `seat` and expects it accepted. */
async function play(client: Client, base: string, id: string, seat: number, token?: string): Promise<void> {
  for (let tries = 1; ; tries++) {
    const game = await shown(base, id);
    const answer = await client.ask({ type: 'move', seat, move: game.legalMoves[0], version: game.version, ...(token ? { token } : {}) });
    // Stale: a move made on the other instance that this one had not heard of when the game was read.
    // As a client does, it waits for that move's event here, reads the game again and plays on it.
    if (answer.ok !== true && answer.refusal === 'stale' && tries < 10) {
      await heard(client, answer.version as number);
      continue;
    }
    expect(answer, JSON.stringify(answer)).toMatchObject({ type: 'answer', ok: true });
    return;
  }
}

/**
 * On `servers` (one store): a rated 5+3 Hex game between two accounts and a correspondence game of a
 * day a move, each two moves in (the first player's clock running); their ids, and how to move on.
 */
async function twoGames(servers: readonly ServerProcess[], tag: string) {
  const first = servers[0] as ServerProcess;
  const last = servers.at(-1) as ServerProcess;
  const ann = new Browser(first.base, '127.0.0.91');
  const bo = new Browser(last.base, '127.0.0.92');
  expect((await signUp(ann, `Ann_${tag}`)).status).toBe(201);
  expect((await signUp(bo, `Bo_${tag}`)).status).toBe(201);
  const made = await ann.ask('POST', '/api/games', {
    game: 'hex',
    seats: ['open', 'open'],
    seat: 0,
    rated: true,
    clock: { initialMs: 300_000, incrementMs: 3_000 },
  });
  const blitz = made.json?.id as string;
  expect((await bo.ask('POST', `/api/games/${blitz}/seats/1`, {})).status).toBe(201);
  const corr = await post(first.base, '/api/games', {
    game: 'hex',
    seats: ['open', 'open'],
    seat: 0,
    clock: { initialMs: DAY_MS, incrementMs: 0, perMove: true },
  });
  const correspondence = corr.json.id as string;
  const other = await post(last.base, `/api/games/${correspondence}/seats/1`, {});
  const tokens = [corr.json.token as string, other.json.token as string];
  // Each game two moves in, on either instance: the first player is to move, their clock running.
  const annAt = async (server: ServerProcess) => Client.open(server.base, blitz, undefined, ann.from, { cookie: ann.cookie as string });
  const boAt = async (server: ServerProcess) => Client.open(server.base, blitz, undefined, bo.from, { cookie: bo.cookie as string });
  const a = await annAt(first);
  const b = await boAt(last);
  await play(a, first.base, blitz, 0);
  // Bo's instance may not have heard of Ann's move yet (it comes through Redis): as Bo's page does,
  // wait for it before reading the game there, or Bo would move on the position before Ann's.
  await heard(b, 1);
  await play(b, last.base, blitz, 1);
  const c = await Client.open(first.base, correspondence);
  await play(c, first.base, correspondence, 0, tokens[0]);
  await play(c, first.base, correspondence, 1, tokens[1]);
  for (const client of [a, b, c]) client.close();
  return { blitz, correspondence, tokens, annAt };
}

/**
 * Kills every instance, starts them again `DOWN_MS` later by their clocks (all at once), and checks
 * each game on each: not over, the same seat's clock running with the time it had at the kill (± 1 s),
 * the pause said; then the player to move moves in time.
 */
async function killAndResume(
  servers: ServerProcess[],
  restart: (i: number) => Promise<ServerProcess>,
  games: Awaited<ReturnType<typeof twoGames>>,
): Promise<ServerProcess[]> {
  const before = new Map<string, Shown>();
  for (const id of [games.blitz, games.correspondence]) before.set(id, await shown((servers[0] as ServerProcess).base, id));
  await Promise.all(servers.map((s) => s.kill()));
  const again = await Promise.all(servers.map((_, i) => restart(i)));
  for (const server of again)
    for (const id of [games.blitz, games.correspondence]) {
      const was = before.get(id) as Shown;
      const now = await shown(server.base, id);
      expect(now.ending, `${id} on ${server.base}`).toBeNull();
      expect(now.clock?.running).toBe(0);
      expect(now.version).toBe(was.version);
      // The players are told: the server restarted, their clock was paused (for about as long as it was down).
      expect(now.paused?.ms).toBeGreaterThanOrEqual(DOWN_MS);
      // Their clock ran again from the moment the site was back (`paused.at`), and only from then.
      const back = left(now) + (now.now - (now.paused?.at as number));
      expect(Math.abs(back - left(was)), `${id}: ${left(was)} ms left at the kill, ${back} ms when back`).toBeLessThanOrEqual(1000);
      expect(now.paused?.ms).toBeLessThan(DOWN_MS + 60_000);
    }
  const server = again[0] as ServerProcess;
  // A page that reconnects from the version it had gets the game anew, pause and fresh clock in it.
  const watcher = await Client.open(server.base, games.blitz, before.get(games.blitz)?.version);
  const sync = await watcher.next((m) => m.type === 'sync' || m.type === 'events');
  expect(sync.type).toBe('sync');
  expect((sync.game as Shown).paused?.ms).toBeGreaterThanOrEqual(DOWN_MS);
  watcher.close();
  // Nobody flagged: the player to move still moves, in both games; after it, no pause is shown.
  const ann = await games.annAt(server);
  await play(ann, server.base, games.blitz, 0);
  ann.close();
  const c = await Client.open(server.base, games.correspondence);
  await play(c, server.base, games.correspondence, 0, games.tokens[0]);
  c.close();
  const after = await shown(server.base, games.blitz);
  expect(after.ending).toBeNull();
  expect(after.paused).toBeUndefined();
  return again;
}

const RATES = { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000', HEXARENA_HEARTBEAT_MS: '100' };

describe('downtime is never charged to a clock', () => {
  it('SQLite: the one instance killed with a rated blitz and a correspondence game running, back two days later: nobody flagged, clocks as at the kill', async () => {
    const data = path.join(dir, 'sqlite');
    let servers = [await startServer(data, RATES)];
    try {
      const games = await twoGames(servers, 'sq');
      servers = await killAndResume(servers, () => startServer(data, { ...RATES, ...aheadBy(DOWN_MS) }), games);
    } finally {
      await Promise.all(servers.map((s) => s.kill()));
    }
  });

  it('a clean stop (SIGTERM) records when the site went down, to the moment: no heartbeat of the last second is needed', async () => {
    const data = path.join(dir, 'stop');
    // Heartbeats an hour apart: none is written between the start and the stop.
    const server = await startServer(data, { ...RATES, HEXARENA_HEARTBEAT_MS: '3600000' });
    try {
      const started = (
        await shown(server.base, (await post(server.base, '/api/games', { game: 'hex', seats: ['open', 'open'] })).json.id as string)
      ).now;
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      const stopping = Date.now();
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const db = new Database(path.join(data, 'hexarena.sqlite'), { readonly: true });
      const beats = db.prepare('SELECT seen, stopped FROM heartbeats').all() as { seen: number; stopped: number }[];
      db.close();
      expect(beats).toHaveLength(1);
      expect(beats[0]?.stopped).toBe(1);
      expect(beats[0]?.seen).toBeGreaterThanOrEqual(Math.max(stopping, started));
    } finally {
      await server.kill();
    }
  });

  it('PostgreSQL: both instances killed, started again together two days later: the clocks moved on once, nobody flagged', async () => {
    const [database, started] = await Promise.all([postgres.createDatabase(), startRedis()]);
    redis = started;
    const env = { ...RATES, DATABASE_URL: database, REDIS_URL: redis.url };
    let servers = await Promise.all(['a', 'b'].map((n) => startServer(path.join(dir, n), env)));
    try {
      const games = await twoGames(servers, 'pg');
      servers = await killAndResume(
        servers,
        (i) => startServer(path.join(dir, i === 0 ? 'a' : 'b'), { ...env, ...aheadBy(DOWN_MS) }),
        games,
      );
    } finally {
      await Promise.all(servers.map((s) => s.kill()));
    }
  });
});
