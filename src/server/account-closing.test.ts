import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, Client, type Message, request, type ServerProcess, signUp, startServer } from './online.testing.ts';
import { sharedPostgres } from './postgres.testing.ts';
import { startRedis, type TestRedis } from './redis.testing.ts';

/**
 * Closing an account on one instance ends its games live on another (PostgreSQL shared, Redis
 * between): its opponents there are told at once; and no text of any row in any table names it.
 */
/** PostgreSQL's databases from the worker's shared server: this file never stops it. */
const postgres = sharedPostgres();
let redis: TestRedis;
let a: ServerProcess;
let b: ServerProcess;
let dir: string;
let databaseUrl: string;

beforeAll(async () => {
  [databaseUrl, redis] = await Promise.all([postgres.createDatabase(), startRedis()]);
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' };
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-closing-'));
  [a, b] = await Promise.all([startServer(path.join(dir, 'a'), env), startServer(path.join(dir, 'b'), env)]);
});

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Where `name` is in the store, in any case: each table and column of text (or JSON) holding it, with the rows' count. */
async function tracesOf(name: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`,
    );
    const traces: string[] = [];
    for (const { table_name, column_name } of columns.rows) {
      const found = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${table_name}" WHERE lower("${column_name}"::text) LIKE '%' || $1 || '%'`,
        [name],
      );
      if (Number(found.rows[0]?.n) > 0) traces.push(`${table_name}.${column_name}: ${found.rows[0]?.n} rows`);
    }
    return traces;
  } finally {
    await client.end();
  }
}

async function socketOf(browser: Browser, id: string): Promise<Client> {
  const c = await Client.open(browser.base, id, undefined, browser.from, { cookie: browser.cookie as string, origin: browser.base });
  await c.next((m) => m.type === 'sync');
  return c;
}

const eventWith = (kind: string, termination: string) => (m: Message) =>
  m.type === 'event' &&
  (m.event as { kind: string; termination?: string }).kind === kind &&
  (m.event as { termination?: string }).termination === termination;

describe('closing an account across instances (PostgreSQL, Redis)', () => {
  it('its games live on another instance end there at once; no text in any table names it', async () => {
    const zeph = new Browser(a.base, '127.0.0.101');
    const ulla = new Browser(b.base, '127.0.0.102');
    const vasco = new Browser(b.base, '127.0.0.103');
    expect((await signUp(zeph, 'Zephyrine')).status).toBe(201);
    expect((await signUp(ulla, 'Ulrike')).status).toBe(201);
    expect((await signUp(vasco, 'Vasco')).status).toBe(201);

    // An untimed game, made on A, her opponent on B; her move to come.
    const untimed = (await zeph.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    expect((await ulla.ask('POST', `/api/games/${untimed}/seats/1`, {})).status).toBe(201);
    const hers = await socketOf(zeph, untimed);
    const theirs = await socketOf(ulla, untimed);
    expect(await hers.ask({ type: 'move', seat: 0, move: 'a1', version: 0 })).toMatchObject({ ok: true });
    await theirs.next((m) => m.type === 'event' && (m.event as { version: number }).version === 1);
    expect(await theirs.ask({ type: 'move', seat: 1, move: 'b2', version: 1 })).toMatchObject({ ok: true });
    expect(await hers.ask({ type: 'chat', text: 'Zephyrine says hello' })).toMatchObject({ type: 'done' });
    hers.close();

    // A DiceWars table of three, watched from B.
    const dice = (
      await zeph.ask('POST', '/api/games', {
        game: 'dicewars',
        options: { players: 3, map: 'small', maxRounds: 40 },
        seats: ['open', 'open', 'open'],
        seat: 0,
      })
    ).json?.id as string;
    expect((await ulla.ask('POST', `/api/games/${dice}/seats/1`, {})).status).toBe(201);
    expect((await vasco.ask('POST', `/api/games/${dice}/seats/2`, {})).status).toBe(201);
    const diceWatcher = await socketOf(vasco, dice);

    // Her bot's game, made on A, its opponent on B.
    const botToken = (await zeph.ask('POST', '/api/bots', { name: 'ZephyrineBot' })).json?.token as string;
    const asBot = { authorization: `Bearer ${botToken}` };
    const botGame = (await request(a.base, '/api/games', { body: { game: 'tictactoe', seats: ['open', 'open'], seat: 0 }, headers: asBot }))
      .json?.id as string;
    expect((await vasco.ask('POST', `/api/games/${botGame}/seats/1`, {})).status).toBe(201);
    expect((await request(a.base, `/api/bot/games/${botGame}/move`, { body: { move: 'a1' }, headers: asBot })).status).toBe(200);
    const vascoSocket = await socketOf(vasco, botGame);
    expect(await vascoSocket.ask({ type: 'move', seat: 1, move: 'b2', version: 1 })).toMatchObject({ ok: true });

    const challenge = (await zeph.ask('POST', '/api/challenges', { to: 'vasco', game: 'tictactoe' })).json?.id as string;
    expect(challenge).toEqual(expect.any(String));

    expect(await tracesOf('zephyrine')).not.toEqual([]);
    expect((await zeph.ask('POST', '/api/account/delete', { password: 'correct horse battery' })).json).toEqual({ deleted: true });

    // On B, at once: the opponent's game won, the table going on without her, the bot's game won.
    expect((await theirs.next(eventWith('end', 'closed'))).event).toMatchObject({ result: { kind: 'win', winner: 1 } });
    await diceWatcher.next(eventWith('leave', 'closed'));
    expect((await vascoSocket.next(eventWith('end', 'closed'))).event).toMatchObject({ result: { kind: 'win', winner: 1 } });
    const table = (await vasco.ask('GET', `/api/games/${dice}`)).json as { ending: unknown; seats: { left?: string }[] };
    expect(table.ending).toBeNull();
    expect(table.seats[0]?.left).toMatch(/account closed/);
    expect((await vasco.ask('POST', `/api/challenges/${challenge}/accept`)).status).toBe(409);
    expect((await request(b.base, `/api/bot/games/${botGame}/move`, { body: { move: 'c3' }, headers: asBot })).status).toBe(401);
    for (const c of [theirs, diceWatcher, vascoSocket]) c.close();

    expect(await tracesOf('zephyrine')).toEqual([]);
  });
});
