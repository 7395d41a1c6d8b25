import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, Client, type Message, request, type ServerProcess, signUp, startServer } from './online.testing.ts';
import { aiTurnOf } from './owners.ts';
import { Pools } from './pools.ts';
import { sharedPostgres } from './postgres.testing.ts';
import { SqliteStore } from './sqlite-store.ts';
import { CHALLENGE_OF } from './store.ts';

/**
 * An account answers for its bots and its tokens, over a real server: it holds one seat of a rated
 * game however it asks (REST, its socket, a token, a bot, a challenge, a pool), and its bots' games
 * count against its own caps.
 */
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-owners-'));
  server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' });
});
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A player signed up from `from`, with a personal API token and a bot of their own. */
async function player(name: string, from: string) {
  const b = new Browser(server.base, from);
  expect((await signUp(b, name)).status).toBe(201);
  const token = (await b.ask('POST', '/api/account/tokens', { label: 'script' })).json?.token as string;
  const bot = (await b.ask('POST', '/api/bots', { name: `${name}_bot` })).json?.token as string;
  expect(token).toMatch(/^hxp_/);
  expect(bot).toEqual(expect.any(String));
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  const asToken = (url: string, body: unknown) => request(server.base, url, { body, from, headers: bearer(token) });
  const asBot = (url: string, body: unknown) => request(server.base, url, { body, from, headers: bearer(bot) });
  return { b, asToken, asBot, token, bot };
}

/** A game of DiceWars for three, made by `by` in its first seat, the other two open; its id. */
async function forThree(by: Browser, rated: boolean): Promise<string> {
  const made = await by.ask('POST', '/api/games', {
    game: 'dicewars',
    options: { players: 3, map: 'small' },
    seats: ['open', 'open', 'open'],
    seat: 0,
    ...(rated ? { rated: true } : {}),
  });
  expect(made.status).toBe(201);
  return made.json?.id as string;
}

const ONE_SEAT = { code: 'one-seat-per-account', error: expect.stringMatching(/rated game/) };

describe('one seat of a rated game for an account, its bots and its tokens', () => {
  it('its second seat is refused over REST, by its token and by its bot, and its socket cannot play it; another player takes it', async () => {
    const ann = await player('Owner_Ann', '127.0.0.81');
    const bo = await player('Owner_Bo', '127.0.0.82');
    const made = await ann.b.ask('POST', '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0, rated: true });
    expect(made.status).toBe(201);
    const id = made.json?.id as string;

    const again = await ann.b.ask('POST', `/api/games/${id}/seats/1`, {});
    expect(again.status).toBe(403);
    expect(again.json).toEqual(ONE_SEAT);
    const byToken = await ann.asToken(`/api/games/${id}/seats/1`, {});
    expect([byToken.status, byToken.json]).toEqual([403, ONE_SEAT]);
    const byBot = await ann.asBot(`/api/games/${id}/seats/1`, {});
    expect([byBot.status, byBot.json]).toEqual([403, ONE_SEAT]);

    // Ann's socket acts for her seat, not the open one: its move there is refused, the seat stays open.
    const socket = await Client.open(server.base, id, undefined, ann.b.from, { cookie: ann.b.cookie as string });
    const seats = ((await socket.next((m) => m.type === 'sync')).game as { seats: { kind: string }[] }).seats;
    expect(seats.map((s) => s.kind)).toEqual(['taken', 'open']);
    expect(await socket.ask({ type: 'move', seat: 1, move: 'a1', version: 0 })).toMatchObject({ ok: false });
    expect((await request(server.base, `/api/games/${id}`)).json?.yours).toEqual([]);

    // Bo is someone else: seated.
    expect((await bo.b.ask('POST', `/api/games/${id}/seats/1`, {})).status).toBe(201);
    expect((await ann.b.ask('GET', `/api/games/${id}`)).json?.yours).toEqual([0]);
    socket.close();
  });

  it('two claims at once of a rated table’s two last seats by one account: one wins', async () => {
    const cy = await player('Owner_Cy', '127.0.0.83');
    const dee = await player('Owner_Dee', '127.0.0.84');
    const id = await forThree(cy.b, true);
    const both = await Promise.all([dee.b.ask('POST', `/api/games/${id}/seats/1`, {}), dee.asToken(`/api/games/${id}/seats/2`, {})]);
    expect(both.map((a) => a.status).sort()).toEqual([201, 403]);
    expect(both.find((a) => a.status === 403)?.json).toEqual(ONE_SEAT);
  });

  it('a casual game against oneself stays allowed, by session, token or bot', async () => {
    const eve = await player('Owner_Eve', '127.0.0.85');
    const id = await forThree(eve.b, false);
    expect((await eve.asToken(`/api/games/${id}/seats/1`, {})).status).toBe(201);
    expect((await eve.asBot(`/api/games/${id}/seats/2`, {})).status).toBe(201);
    const hex = (await eve.b.ask('POST', '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    expect((await eve.b.ask('POST', `/api/games/${hex}/seats/1`, {})).status).toBe(201);
    expect((await eve.b.ask('GET', `/api/games/${hex}`)).json?.yours).toEqual([0, 1]);
  });

  it('a rated challenge to oneself or one’s own bot is refused in words', async () => {
    const fay = await player('Owner_Fay', '127.0.0.86');
    const self = await fay.b.ask('POST', '/api/challenges', { to: 'Owner_Fay', game: 'hex', rated: true });
    expect([self.status, self.json]).toEqual([403, ONE_SEAT]);
    const ownBot = await fay.b.ask('POST', '/api/challenges', { to: 'Owner_Fay_bot', game: 'hex', rated: true });
    expect([ownBot.status, ownBot.json]).toEqual([403, ONE_SEAT]);
    // By her token, too: it speaks as her account.
    const byToken = await fay.asToken('/api/challenges', { to: 'owner_fay_bot', game: 'hex', rated: true });
    expect([byToken.status, byToken.json]).toEqual([403, ONE_SEAT]);
    // Someone else's bot is no player to challenge (as before), whatever the rating.
    const other = await player('Owner_Gus', '127.0.0.87');
    expect((await other.b.ask('POST', '/api/challenges', { to: 'Owner_Fay_bot', game: 'hex', rated: true })).status).toBe(404);
  });

  it('a bot is not let into a pool: its owner waits there alone, once', async () => {
    const hal = await player('Owner_Hal', '127.0.0.88');
    const bot = await Client.lobby(server.base, '127.0.0.88', { authorization: `Bearer ${hal.bot}`, origin: server.base });
    bot.send({ type: 'pool-join', pool: 'hex-5+3' });
    expect((await bot.next((m: Message) => m.type === 'error')).error).toMatch(/pools are rated/);
    bot.close();
  });
});

describe('the pairing never seats one owner twice', () => {
  it('an account and its bot waiting in one pool are not paired together; each is paired with someone else', async () => {
    const store = new SqliteStore(':memory:');
    try {
      await store.accounts.register('ann', 'Ann', 'ann', 'h-ann', '$argon2id$a', 1);
      await store.accounts.register('bo', 'Bo', 'bo', 'h-bo', '$argon2id$b', 1);
      expect(await store.bots.registerOwned('ann-bot', 'ann', 'AnnBot', 'annbot', 'h-annbot', 'tok-ann', 2)).toBe(true);
      let now = 1_000_000;
      const pools = new Pools(store, {
        now: () => now,
        waveMs: 1000,
        leaseMs: 3000,
        unrenewedWaitMs: 4000,
        fullWave: 1000,
        ratingOf: async () => 1500,
      });
      const told: string[] = [];
      // However they got there (the lobby lets no bot in), the pairing itself refuses the table.
      for (const account of ['ann', 'ann-bot']) await pools.join(account, account, 'hex-5+3', () => told.push(account));
      for (let wave = 0; wave < 3; wave++, now += 1000) await pools.wave();
      expect(told).toEqual([]);
      await pools.join('bo', 'bo', 'hex-5+3', () => told.push('bo'));
      await pools.wave();
      expect(told.sort()).toEqual(expect.arrayContaining(['bo']));
      expect(told).toHaveLength(2);
      pools.close();
    } finally {
      await store.close();
    }
  });
});

describe('bots are their owner’s: at most 5, and their games count against the owner’s caps', () => {
  it('the sixth bot is refused; five bots and their owner share the owner’s two games of AIs alone and five open games', async () => {
    const owner = new Browser(server.base, '127.0.0.90');
    expect((await signUp(owner, 'Farmer_Flo')).status).toBe(201);
    const bots: string[] = [];
    for (let i = 0; i < 5; i++) {
      const made = await owner.ask('POST', '/api/bots', { name: `farm_${i}` });
      expect(made.status).toBe(201);
      bots.push(made.json?.token as string);
    }
    const sixth = await owner.ask('POST', '/api/bots', { name: 'farm_5' });
    expect(sixth.status).toBe(409);
    expect(sixth.json).toEqual({ code: 'too-many-bots', error: expect.stringMatching(/5 bots/), values: { count: 5 } });
    expect((await owner.ask('GET', '/api/account/bots')).json?.bots).toHaveLength(5);

    // Each from an address of its own: the owner is counted, not the address.
    const asBot = (i: number, body: unknown) =>
      request(server.base, '/api/games', { body, from: `127.0.1.${i + 1}`, headers: { authorization: `Bearer ${bots[i]}` } });
    const aiOnly = { game: 'tictactoe', seats: ['random', 'random'] };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await asBot(i, aiOnly)).status);
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    const refused = await owner.ask('POST', '/api/games', aiOnly);
    expect(refused.status).toBe(429);
    expect(refused.json?.error).toMatch(/your account \(with your bots\) has 2 games of AIs alone/);
    expect((await asBot(3, aiOnly)).json?.error).toMatch(/the owner of farm_3 \(with all their bots\) has 2 games of AIs alone/);

    const open = { game: 'hex', seats: ['open', 'open'], seat: 0 };
    const opened: number[] = [];
    for (let i = 0; i < 5; i++) opened.push((await asBot(i, open)).status);
    expect(opened).toEqual([201, 201, 201, 201, 201]);
    expect((await asBot(0, open)).status).toBe(429);
    expect((await owner.ask('POST', '/api/games', open)).json?.error).toMatch(/your account \(with your bots\) has 5 games waiting/);
    // Someone else at the owner's address is not counted with them.
    expect((await request(server.base, '/api/games', { body: open, from: '127.0.0.90' })).status).toBe(201);
  });

  it('games asked for all at once by an account and its bot still stop at the caps: each is counted after the last was made', async () => {
    const owner = new Browser(server.base, '127.0.0.91');
    expect((await signUp(owner, 'Rusher_Rae')).status).toBe(201);
    const bot = (await owner.ask('POST', '/api/bots', { name: 'rush_bot' })).json?.token as string;
    const asBot = (body: unknown) =>
      request(server.base, '/api/games', { body, from: '127.0.1.60', headers: { authorization: `Bearer ${bot}` } });
    const aiOnly = { game: 'tictactoe', seats: ['random', 'random'] };
    const ai = await Promise.all(
      Array.from({ length: 15 }, (_, i) => (i % 3 === 0 ? asBot(aiOnly) : owner.ask('POST', '/api/games', aiOnly))),
    );
    expect(ai.filter((a) => a.status === 201)).toHaveLength(2);
    expect(ai.filter((a) => a.status === 429)).toHaveLength(13);
    const open = { game: 'hex', seats: ['open', 'open'], seat: 0 };
    const opened = await Promise.all(
      Array.from({ length: 15 }, (_, i) => (i % 3 === 0 ? asBot(open) : owner.ask('POST', '/api/games', open))),
    );
    expect(opened.filter((a) => a.status === 201)).toHaveLength(5);
  });
});

describe('across instances', () => {
  it('a second seat asked of an instance whose copy of the game is behind: refused by the store’s write (PostgreSQL, two instances)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-owners-cluster-'));
    // PostgreSQL's databases from the worker's shared server: this test never stops it.
    const env = { DATABASE_URL: await sharedPostgres().createDatabase(), HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' };
    const [a, b] = await Promise.all([startServer(path.join(dir, 'a'), env), startServer(path.join(dir, 'b'), env)]);
    try {
      const zed = new Browser(a.base, '127.0.0.91');
      expect((await signUp(zed, 'Cluster_Zed')).status).toBe(201);
      const annOnA = new Browser(a.base, '127.0.0.92');
      expect((await signUp(annOnA, 'Cluster_Ann')).status).toBe(201);
      // Her session, in the store, is as good on the other instance.
      const annOnB = new Browser(b.base, '127.0.0.92');
      annOnB.cookie = annOnA.cookie;
      const id = await forThree(zed, true);
      // B loads the game now, with one seat taken; A seats Ann, which B does not hear of (no Redis).
      expect((await request(b.base, `/api/games/${id}`)).json?.seats).toHaveLength(3);
      expect((await annOnA.ask('POST', `/api/games/${id}/seats/1`, {})).status).toBe(201);
      const second = await annOnB.ask('POST', `/api/games/${id}/seats/2`, {});
      expect([second.status, second.json]).toEqual([403, ONE_SEAT]);
      expect((await request(a.base, `/api/games/${id}`)).json?.seats).toMatchObject([
        { kind: 'taken' },
        { kind: 'taken' },
        { kind: 'open' },
      ]);
    } finally {
      await Promise.all([a.kill(), b.kill()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('whose turn of the AI threads a game takes', () => {
  it('its creator’s (an account with its bots, an address); a challenge to an engine, its player’s; else the game’s own', () => {
    const game = { id: 'g1', seats: ['open', 'hard'], seatAccounts: ['ann', 'engine-hard'] };
    expect(aiTurnOf({ ...game, creator: 'account:ann' })).toBe('account:ann');
    expect(aiTurnOf({ ...game, creator: `${CHALLENGE_OF}c1` })).toBe('account:ann');
    expect(aiTurnOf({ ...game, creator: `${CHALLENGE_OF}c2`, seats: ['hard', 'open'], seatAccounts: ['engine-hard', 'ann'] })).toBe(
      'account:ann',
    );
    expect(aiTurnOf({ ...game, creator: null })).toBe('g1');
  });
});
