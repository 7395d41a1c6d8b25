import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, Client, request, type ServerProcess, signUp, startServer } from './online.testing.ts';
import { pairAcrossInstances } from './pools.testing.ts';
import { SqliteStore } from './sqlite-store.ts';

/**
 * The lobby against a real server, over its socket: quick pairing, seeks, challenges; and the pairing
 * across instances on one store.
 */
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-pools-'));
  // A paired player has 1.5 s to start here (30 s on a real site), so the abort test need not wait.
  server = await startServer(dataDir, {
    HEXARENA_API_RATE: '100000',
    HEXARENA_POOL_WAVE_MS: '100',
    HEXARENA_FIRST_MOVE_MS: '1500',
    HEXARENA_SWEEP_MS: '100',
  });
});

afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('quick pairing', () => {
  it('two players join a pool from the lobby socket and land in one rated game; a guest may watch the counts, not join', async () => {
    const ann = new Browser(server.base, '127.0.0.81');
    await signUp(ann, 'Pool_Ann');
    const bo = new Browser(server.base, '127.0.0.82');
    await signUp(bo, 'Pool_Bo');
    const guest = new Browser(server.base, '127.0.0.83');
    await guest.ask('POST', '/api/session/guest');

    const g = await guest.lobby();
    expect(await g.next((m) => m.type === 'pools')).toEqual({ type: 'pools', waiting: {} });
    g.send({ type: 'pool-join', pool: 'hex-5+3' });
    expect(await g.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'lobby.signUp',
      error: 'pools are rated: sign up or log in to play in them',
    });
    // A flood of messages, far past the socket's burst of ten, is refused with a code and its rate.
    const flood = g.messages.length;
    for (let i = 0; i < 40; i++) g.send({ type: 'pool-leave' });
    expect(await g.next((m) => m.type === 'error', flood)).toEqual({
      type: 'error',
      code: 'lobby.tooFast',
      error: 'too many messages: at most 2 a second',
      values: { rate: 2 },
    });

    const a = await ann.lobby();
    a.send({ type: 'pool-join', pool: 'hex-5+3' });
    expect(await a.next((m) => m.type === 'pool')).toEqual({ type: 'pool', pool: 'hex-5+3', since: expect.any(Number) });
    // Everyone in the lobby hears how many wait, live.
    await g.next((m) => m.type === 'pools' && (m.waiting as Record<string, number>)['hex-5+3'] === 1);

    const b = await bo.lobby();
    b.send({ type: 'pool-join', pool: 'hex-5+3' });
    const [pa, pb] = await Promise.all([a.next((m) => m.type === 'paired'), b.next((m) => m.type === 'paired')]);
    expect(pa.game).toBe(pb.game);
    expect([pa.seat, pb.seat].sort()).toEqual([0, 1]);
    const game = (await ann.ask('GET', `/api/games/${pa.game}`)).json ?? {};
    expect(game).toMatchObject({ game: 'hex', rated: true, clock: { initialMs: 300_000, incrementMs: 3000 } });
    expect((game.seats as { name: string }[]).map((s) => s.name)[pa.seat as number]).toBe('Pool_Ann');
    // The seat is the account's: its session plays it, no token needed.
    expect(game.yours).toEqual([pa.seat]);
    // Paired, nobody waits; the pool game is not in the open games' lobby.
    await g.next((m) => m.type === 'pools' && Object.keys(m.waiting as object).length === 0);
    const lobby = (await request(server.base, '/api/games')).json ?? {};
    expect((lobby.games as { id: string }[]).map((x) => x.id)).not.toContain(pa.game);
    for (const c of [a, b, g]) c.close();
  });

  it('a DiceWars pool seats a table of four once four wait: one rated game of four accounts', async () => {
    const players = await Promise.all(
      ['Dw_A', 'Dw_B', 'Dw_C', 'Dw_D'].map(async (name, i) => {
        const b = new Browser(server.base, `127.0.0.${111 + i}`);
        await signUp(b, name);
        return b;
      }),
    );
    const sockets = await Promise.all(players.map((b) => b.lobby()));
    for (const [i, c] of sockets.entries()) {
      c.send({ type: 'pool-join', pool: 'dicewars-5+3-4p' });
      await c.next((m) => m.type === 'pool' && m.pool === 'dicewars-5+3-4p');
      // Three waiting make no table.
      if (i === 2) await sockets[0]?.next((m) => m.type === 'pools' && (m.waiting as Record<string, number>)['dicewars-5+3-4p'] === 3);
    }
    const paired = await Promise.all(sockets.map((c) => c.next((m) => m.type === 'paired')));
    expect(new Set(paired.map((p) => p.game)).size).toBe(1);
    expect(paired.map((p) => p.seat).sort()).toEqual([0, 1, 2, 3]);
    const game = (await players[0]?.ask('GET', `/api/games/${paired[0]?.game}`))?.json ?? {};
    expect(game).toMatchObject({ game: 'dicewars', rated: true, options: { players: 4 } });
    expect((game.seats as { kind: string }[]).map((s) => s.kind)).toEqual(['taken', 'taken', 'taken', 'taken']);
    for (const c of sockets) c.close();
  });

  it('a player waits only while the socket is open; leaving, or closing it, leaves the pool; bad messages are refused in words', async () => {
    const cy = new Browser(server.base, '127.0.0.84');
    await signUp(cy, 'Pool_Cy');
    const watcher = await Client.lobby(server.base, '127.0.0.85', { origin: server.base });
    const c = await cy.lobby();
    for (const [bad, error] of [
      ['{', /JSON/],
      [{ type: 'pool-join', pool: 'chess-1+0' }, /no pool chess-1\+0/],
      [{ type: 'pool-join', pool: 'hex-5+3', extra: 1 }, /unknown field "extra"/],
      [{ type: 'dance' }, /unknown message type/],
      ['x'.repeat(600), /at most 512 bytes/],
    ] as const) {
      const from = c.messages.length;
      c.send(bad);
      expect((await c.next((m) => m.type === 'error', from)).error).toMatch(error);
    }
    c.send({ type: 'pool-join', pool: 'nonaga-3+2' });
    await watcher.next((m) => m.type === 'pools' && (m.waiting as Record<string, number>)['nonaga-3+2'] === 1);
    c.send({ type: 'pool-leave' });
    expect(await c.next((m) => m.type === 'pool' && m.pool === null)).toEqual({ type: 'pool', pool: null });
    await watcher.next((m) => m.type === 'pools' && !(m.waiting as Record<string, number>)['nonaga-3+2']);
    c.send({ type: 'pool-join', pool: 'nonaga-3+2' });
    await watcher.next((m) => m.type === 'pools' && (m.waiting as Record<string, number>)['nonaga-3+2'] === 1);
    c.close();
    await watcher.next((m) => m.type === 'pools' && !(m.waiting as Record<string, number>)['nonaga-3+2']);
    watcher.close();
  });
});

describe('seeks', () => {
  it('the lobby socket lists open games as they change; a rated seek with a rating range refuses players outside it in words', async () => {
    const watcher = await Client.lobby(server.base, '127.0.0.86', { origin: server.base });
    await watcher.next((m) => m.type === 'seeks');
    const di = new Browser(server.base, '127.0.0.87');
    await signUp(di, 'Seek_Di');
    const ed = new Browser(server.base, '127.0.0.88');
    await signUp(ed, 'Seek_Ed');
    const seekOf = (id: string) => (m: { type: string; seeks?: unknown }) =>
      m.type === 'seeks' && (m.seeks as { id: string; seats: string[] }[]).some((g) => g.id === id && g.seats[0] === 'taken');
    const range = { min: 1600, max: 2000 };
    for (const [body, error] of [
      [{ game: 'hex', seats: ['open', 'open'], seat: 0, ratingRange: range }, /for rated games/],
      [{ game: 'hex', seats: ['open', 'open'], seat: 0, rated: true, ratingRange: { min: 1900, max: 1800 } }, /min at most max/],
      [{ game: 'hex', seats: ['open', 'open'], seat: 0, rated: true, ratingRange: { min: 100, max: 1800 } }, /from 400 to 4000/],
    ] as const)
      expect((await di.ask('POST', '/api/games', body)).json?.error).toMatch(error);
    const made = await di.ask('POST', '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0, rated: true, ratingRange: range });
    const id = made.json?.id as string;
    const listed = await watcher.next(seekOf(id));
    expect((listed.seeks as { id: string }[]).find((g) => g.id === id)).toMatchObject({
      game: 'hex',
      rated: true,
      ratingRange: range,
      seats: ['taken', 'open'],
    });
    // A newcomer (1500) is outside 1600–2000.
    const refused = await ed.ask('POST', `/api/games/${id}/seats/1`, {});
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error: 'this game is for players rated 1600–2000 in hex; yours is 1500',
      code: 'games.ratingRange',
      values: { min: 1600, max: 2000, perf: 'hex', rating: 1500 },
    });
    // Nor does anyone without an account take a rated game's seat.
    const guest = await new Browser(server.base, '127.0.0.89').ask('POST', `/api/games/${id}/seats/1`, {});
    expect(guest).toMatchObject({ status: 403, json: { code: 'games.ratedSeat' } });
    // A casual seek anyone may take; once taken it leaves the list, live.
    // Counted before the POST: the list may reach the watcher before the POST's reply does.
    const from = watcher.messages.length;
    const casual = (await ed.ask('POST', '/api/games', { game: 'nonaga', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    await watcher.next(seekOf(casual), from);
    expect((await di.ask('POST', `/api/games/${casual}/seats/1`, {})).status).toBe(201);
    await watcher.next((m) => m.type === 'seeks' && !(m.seeks as { id: string }[]).some((g) => g.id === casual), from);
    watcher.close();
  });
});

describe('challenges', () => {
  it('a challenge shows at once to the challenged player; declined, cancelled or accepted, both hear; accepted, it is a game of theirs', async () => {
    const fay = new Browser(server.base, '127.0.0.91');
    await signUp(fay, 'Chal_Fay');
    const gus = new Browser(server.base, '127.0.0.92');
    await signUp(gus, 'Chal_Gus');
    const hal = new Browser(server.base, '127.0.0.93');
    await signUp(hal, 'Chal_Hal');
    const guest = new Browser(server.base, '127.0.0.94');
    await guest.ask('POST', '/api/session/guest');
    const [f, g] = [await fay.lobby(), await gus.lobby()];
    await g.next((m) => m.type === 'challenges');
    const offer = { to: 'chal_gus', game: 'hex', clock: { initialMs: 300_000, incrementMs: 3000 }, rated: true };
    // Each refusal: its status, its English words, and the code and values the app words it by (web/lobby/challenge-refusals.ts).
    for (const [who, body, status, error, code, values] of [
      [guest, offer, 403, /sign up or log in/, 'challenge.playersOnly', undefined],
      [fay, { ...offer, to: 'nobody_at_all' }, 404, /there is no player nobody_at_all/, 'challenge.noPlayer', { name: 'nobody_at_all' }],
      [fay, { ...offer, to: 'Chal_Fay' }, 403, /against someone else/, 'one-seat-per-account', undefined],
      [fay, { ...offer, to: 'Chal_Fay', rated: false }, 400, /another player/, 'challenge.yourself', undefined],
      [fay, { ...offer, game: 'tictactoe' }, 400, /not rated/, 'challenge.unrated', { game: 'Tic-tac-toe' }],
      [
        fay,
        { ...offer, game: 'dicewars', options: { players: 4 }, rated: false },
        400,
        /a game of two/,
        'challenge.twoSeats',
        { game: 'DiceWars' },
      ],
      [fay, { ...offer, game: 'chess' }, 400, /unknown game "chess"/, 'challenge.noGame', { game: 'chess' }],
      [fay, { ...offer, options: { size: 99 } }, 400, /^options: /, 'challenge.options', { game: 'Hex' }],
      [fay, { ...offer, seat: 2 }, 400, /"seat" must be 0 or 1/, 'challenge.request', undefined],
      [fay, { ...offer, colour: 'red' }, 400, /unknown field "colour"/, 'challenge.request', undefined],
    ] as const) {
      const r = await who.ask('POST', '/api/challenges', body);
      expect([r.status, r.json?.error, r.json?.code, r.json?.values]).toEqual([status, expect.stringMatching(error), code, values]);
    }
    // A refusal of the options wraps the rules' own, coded, for the app to word it too.
    const badOptions = await fay.ask('POST', '/api/challenges', { ...offer, options: { size: 99 } });
    expect(badOptions.json?.cause).toMatchObject({ code: expect.stringMatching(/^options\./), error: expect.any(String) });
    const notAnAnswer = await fay.ask('POST', '/api/challenges/abc/maybe');
    expect([notAnAnswer.status, notAnAnswer.json?.code]).toEqual([404, 'challenge.answer']);
    expect((await fay.ask('POST', '/api/challenges/nothing_here/accept')).json).toMatchObject({
      code: 'challenge.noChallenge',
      values: { id: 'nothing_here' },
    });
    const incoming = (status: string, id?: string) => (m: { type: string; challenges?: unknown }) =>
      m.type === 'challenges' &&
      (m.challenges as { id: string; status: string }[]).some((c) => (id === undefined || c.id === id) && c.status === status);

    // Declined: both hear it.
    const first = (await fay.ask('POST', '/api/challenges', offer)).json ?? {};
    expect(first).toMatchObject({ from: 'Chal_Fay', to: 'Chal_Gus', game: 'hex', rated: true, status: 'open' });
    expect((await g.next(incoming('open', first.id as string))).challenges).toEqual([first]);
    expect((await hal.ask('POST', `/api/challenges/${first.id}/accept`)).status).toBe(404);
    expect((await fay.ask('POST', `/api/challenges/${first.id}/accept`)).json).toMatchObject({
      error: expect.stringMatching(/only the challenged player/),
      code: 'challenge.onlyChallenged',
    });
    expect((await gus.ask('POST', `/api/challenges/${first.id}/cancel`)).json?.code).toBe('challenge.onlyChallenger');
    expect((await gus.ask('POST', `/api/challenges/${first.id}/decline`)).json).toEqual({ status: 'declined' });
    await f.next(incoming('declined', first.id as string));

    // Cancelled: the challenged hears it, and can no longer accept.
    const second = (await fay.ask('POST', '/api/challenges', offer)).json ?? {};
    await g.next(incoming('open', second.id as string));
    expect((await fay.ask('POST', `/api/challenges/${second.id}/cancel`)).status).toBe(200);
    await g.next(incoming('cancelled', second.id as string));
    expect((await gus.ask('POST', `/api/challenges/${second.id}/accept`)).json).toEqual({
      error: 'the challenge is no longer open (cancelled)',
      code: 'challenge.notOpen',
      values: { status: 'cancelled' },
    });

    // Accepted: a rated game of theirs, seats held by their accounts; the challenger hears where.
    const third = (await fay.ask('POST', '/api/challenges', { ...offer, seat: 1 })).json ?? {};
    await g.next(incoming('open', third.id as string));
    const accepted = await gus.ask('POST', `/api/challenges/${third.id}/accept`);
    expect(accepted.status).toBe(201);
    const gameId = accepted.json?.game as string;
    const heard = await f.next(incoming('accepted', third.id as string));
    expect((heard.challenges as { id: string; gameId: string }[]).find((c) => c.id === third.id)?.gameId).toBe(gameId);
    const game = (await fay.ask('GET', `/api/games/${gameId}`)).json ?? {};
    expect(game).toMatchObject({ game: 'hex', rated: true, yours: [1], seats: [{ name: 'Chal_Gus' }, { name: 'Chal_Fay' }] });
    expect((await request(server.base, '/api/games')).json?.games).not.toContainEqual(expect.objectContaining({ id: gameId }));
    expect((await gus.ask('GET', '/api/challenges')).json?.challenges).toContainEqual(
      expect.objectContaining({ id: third.id, status: 'accepted' }),
    );
    for (const c of [f, g]) c.close();
  });
});

describe('a game that never starts', () => {
  it('a player seated by a challenge who makes no first move in time: the game is aborted, nobody rated', async () => {
    const [jo, kit] = [new Browser(server.base, '127.0.0.121'), new Browser(server.base, '127.0.0.122')];
    await signUp(jo, 'Start_Jo');
    await signUp(kit, 'Start_Kit');
    const play = async (movesFirst: boolean) => {
      const offered = (await jo.ask('POST', '/api/challenges', { to: 'start_kit', game: 'hex', rated: true, seat: 0 })).json ?? {};
      const game = (await kit.ask('POST', `/api/challenges/${offered.id}/accept`)).json?.game as string;
      const c = await Client.open(server.base, game, undefined, jo.from, { cookie: jo.cookie as string });
      await c.next((m) => m.type === 'sync');
      // Jo opens (or not); Kit never answers.
      if (movesFirst) expect(await c.ask({ type: 'move', seat: 0, move: 'f6', version: 0 })).toMatchObject({ ok: true });
      const end = await c.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
      c.close();
      return end.event as { termination: string; result: { reason: string }; ratingDiffs?: unknown };
    };
    const silent = await play(false);
    expect(silent).toMatchObject({
      termination: 'aborted',
      result: { reason: 'Red made no first move in 1.5 s: the game is aborted' },
    });
    expect(silent).not.toHaveProperty('ratingDiffs');
    const answered = await play(true);
    expect(answered).toMatchObject({ termination: 'aborted', result: { reason: expect.stringMatching(/^Blue made no first move/) } });
    expect((await request(server.base, '/api/players/start_jo')).json?.ratings).toEqual([]);
  });
});

describe('quick pairing across instances (one SQLite store, two pairers)', () => {
  it('200 players: nobody paired twice or lost when the pairing instance dies; pairs close in rating; nobody past the widest window', async () => {
    const store = new SqliteStore(':memory:');
    try {
      await pairAcrossInstances([store, store]);
    } finally {
      await store.close();
    }
  });
});
