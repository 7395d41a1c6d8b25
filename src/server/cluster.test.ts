import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyGame, Json } from '@hexarena/engines/engine/game.ts';
import { type Replay, replayFrom } from '@hexarena/engines/engine/replay.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameForm } from '../web/create-game.testing.ts';
import { Client, type Message, post, registerBot, request, type ServerProcess, startServer } from './online.testing.ts';
import { PgStore } from './pg-store.ts';
import { startPostgres, type TestPostgres } from './postgres.testing.ts';
import { startRedis, type TestRedis } from './redis.testing.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { GameStore } from './store.ts';

/**
 * Two `hexarena serve` instances on one PostgreSQL, telling each other of events through Redis; and
 * one instance on its own SQLite store, to compare with.
 */
let postgres: TestPostgres;
let redis: TestRedis;
let a: ServerProcess;
let b: ServerProcess;
let solo: ServerProcess;
let dir: string;

/** A player signed up on the instance at `base`: the cookie of the session it was given there. */
async function person(base: string, username: string): Promise<string> {
  const signed = await request(base, '/api/account', {
    body: { username, password: 'across two instances' },
    headers: { origin: base },
  });
  expect(signed.status).toBe(201);
  return signed.headers['set-cookie']?.[0]?.split(';')[0] as string;
}
let env: Record<string, string>;

/** An outside engine that thinks for 2.5 s before its one move: long enough to kill its instance meanwhile. */
/** The file whose existence lets the outside engine answer (fake-engine's gate): the test opens it when it is ready. */
const gate = path.join(tmpdir(), `hexarena-cluster-gate-${process.pid}`);
const slowEngine = `uhp:"${process.execPath}" "${fileURLToPath(new URL('../protocols/uhp/fake-engine.testing.mjs', import.meta.url))}" gate "${gate}"`;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const rates = { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' };
  env = {
    DATABASE_URL: await postgres.createDatabase(),
    REDIS_URL: redis.url,
    ...rates,
    // A claim of an instance that died lapses within 1.5 s; due games are looked for five times a second.
    HEXARENA_LEASE_MS: '1500',
    HEXARENA_SWEEP_MS: '200',
    HEXARENA_OUTSIDE_SEATS: JSON.stringify([slowEngine]),
  };
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-cluster-'));
  [a, b, solo] = await Promise.all([
    startServer(path.join(dir, 'a'), env),
    startServer(path.join(dir, 'b'), env),
    startServer(path.join(dir, 'solo'), rates),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill(), solo?.kill()]);
  await Promise.all([postgres?.stop(), redis?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** A tic-tac-toe game to its end: nine moves, a full board and a draw. */
// A failed test shows what the instances said on stderr (a crash under a paused store, say).
afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const [name, server] of [
    ['a', a],
    ['b', b],
  ] as const)
    if (server) console.error(`instance ${name}'s stderr:\n${server.stderr()}`);
});

const WHOLE_GAME = ['b2', 'a1', 'c3', 'a3', 'a2', 'c2', 'b1', 'b3', 'c1'];

/**
 * A client of a game, once the server follows the game for it: its first message, the sync, has
 * come (an event made before that is in the sync, not sent as an event).
 */
async function following(server: ServerProcess, id: string): Promise<Client> {
  for (let attempt = 1; ; attempt++) {
    const client = await Client.open(server.base, id);
    try {
      await client.next((m) => m.type === 'sync');
      return client;
    } catch (e) {
      // Turned away with "try again later" (1013: the store did not answer in time), a client
      // reconnects, as the web app's does; any other close is the test's failure.
      if (attempt >= 5 || !/\(code 1013/.test(String(e))) throw e;
    }
  }
}

const getJson = async (server: ServerProcess, url: string) => (await fetch(server.base + url)).json();

/** What an instance did for the server in due games so far (its /healthz). */
const acted = async (server: ServerProcess): Promise<{ thoughts: number; checks: number; swept: number }> =>
  (await getJson(server, '/healthz')).acted;

const isEvent = (m: Message, test: (e: { kind: string; version: number; move?: string; seat?: number }) => boolean) =>
  m.type === 'event' && test(m.event as { kind: string; version: number });

/** The events a client saw, without their times (which differ from run to run). */
const eventsSeen = (client: Client) =>
  client.messages.flatMap((m) => {
    if (m.type !== 'event') return [];
    const { at: _at, ...event } = m.event as { at?: number };
    return [event];
  });

/** A tic-tac-toe game made on one instance, its second seat taken on another: its id and both seat tokens. */
async function twoSeatGame(makeOn: ServerProcess, claimOn: ServerProcess): Promise<{ id: string; tokens: unknown[] }> {
  const created = await post(makeOn.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
  const id = created.json.id as string;
  const claimed = await post(claimOn.base, `/api/games/${id}/seats/1`, {});
  expect(claimed.status).toBe(201);
  return { id, tokens: [created.json.token, claimed.json.token] };
}

/** Plays `move` for `seat`, asking again (after the news it lacked) while the instance has not caught up. */
async function play(player: Client, seat: number, token: unknown, move: string, version: number): Promise<Message> {
  let answer = await player.ask({ type: 'move', seat, token, move, version });
  for (let tries = 0; answer.ok !== true && (answer.refusal === 'stale' || answer.refusal === 'waiting') && tries < 50; tries++) {
    // Stale: a move it has not heard of yet. Waiting: a seat taken through the other instance, not heard of yet.
    if (answer.refusal === 'stale') await player.next((m) => m.type === 'event' && (m.event as { version: number }).version >= version);
    else await player.next((m) => m.type === 'seats' && (m.seats as { kind: string }[]).every((x) => x.kind !== 'open'));
    answer = await player.ask({ type: 'move', seat, token, move, version });
  }
  expect(answer, `${move}: ${JSON.stringify(answer)}`).toMatchObject({ ok: true });
  return answer;
}

interface Kind {
  readonly game: string;
  readonly options: Json;
  readonly seats: readonly string[];
  readonly script?: readonly string[];
}

/**
 * A whole game made in `store` with a known seed (the API makes its own), played on `servers`:
 * seat i's player and a spectator on each instance, seat i on instance i mod n; people's moves
 * random but seeded, or scripted; AI seats played by the server. What everyone saw, and the result.
 */
async function wholeGame(kind: Kind, servers: readonly ServerProcess[], store: GameStore, id: string) {
  const seed = `same-seed-${kind.game}`;
  const game = unwrap(findGame(kind.game)) as AnyGame;
  const options = unwrap(game.parseOptions(kind.options));
  // Due at once: the first instance to sweep it settles when it is really due.
  await store.games.create({
    id,
    game: kind.game,
    options: kind.options,
    seed,
    seats: kind.seats,
    clock: null,
    createdAt: Date.now(),
    due: 0,
  });
  const on = (i: number) => servers[i % servers.length] as ServerProcess;
  const tokens: unknown[] = [];
  const players: Client[] = [];
  for (const [seat, kindOfSeat] of kind.seats.entries()) {
    if (kindOfSeat !== 'open') continue;
    const claimed = await post(on(seat).base, `/api/games/${id}/seats/${seat}`, { name: `P${seat}` });
    expect(claimed.status).toBe(201);
    tokens[seat] = claimed.json.token;
    players[seat] = await following(on(seat), id);
  }
  const spectators = await Promise.all(servers.map((s) => following(s, id)));
  const rng = Rng.fromSeed(`${seed}/people`);
  const moves: string[] = [];
  let version = 0;
  // The position after the moves so far, each move replayed once (not the whole game again at each
  // move: 0.3 s of CPU for a DiceWars game of 200-odd moves).
  const start = game.newGame(options, seed);
  let replayed: Replay<unknown, unknown> | undefined;
  for (;;) {
    replayed = replayFrom(game, start, moves, replayed);
    if (replayed.refusal !== null) throw replayed.refusal;
    const state = replayed.states.at(-1);
    const seat = game.toMove(state);
    if (game.result(state) !== null || seat === null) break;
    if (kind.seats[seat] !== 'open') {
      // The server's AI moves: whichever instance claims the turn.
      const next = version + 1;
      const seen = await (spectators[0] as Client).next((m) => isEvent(m, (e) => e.version === next));
      moves.push((seen.event as { move: string }).move);
      version = next;
      continue;
    }
    const text = kind.script?.[moves.length] ?? game.formatMove(state, rng.pick(game.legalMoves(state)));
    version = (await play(players[seat] as Client, seat, tokens[seat], text, version)).version as number;
    moves.push(text);
  }
  for (const c of spectators) await c.next((m) => isEvent(m, (e) => e.kind === 'end'));
  const seen = spectators.map(eventsSeen);
  // Every spectator, on every instance, saw the same events, numbered 1, 2, 3… with none missing or twice.
  for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
  expect(seen[0]?.map((e) => (e as { version: number }).version)).toEqual(seen[0]?.map((_, i) => i + 1));
  const { now: _now, id: _id, ...shown } = await getJson(on(1), `/api/games/${id}`);
  const { moves: recorded, result } = await getJson(on(0), `/api/games/${id}/record`);
  for (const c of [...players.filter(Boolean), ...spectators]) c.close();
  return { events: seen[0], shown, record: { moves: recorded, result } };
}

/** The moves a client saw, checking the versions run 1, 2, 3… with none missing or twice. */
function seenMoves(client: Client): string[] {
  const events = client.messages.flatMap((m) => (m.type === 'event' ? [m.event as { kind: string; move?: string; version: number }] : []));
  expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
  return events.flatMap((e) => (e.kind === 'move' ? [e.move as string] : []));
}

describe('two instances, one store, Redis between them', () => {
  it('players and a spectator spread over both instances play a whole game; racing the same move on both, exactly one wins', async () => {
    const { id, tokens } = await twoSeatGame(a, b);
    const x = await following(a, id);
    // O took its seat through the other instance: this one, loaded before, still knows its token.
    const oOnA = await following(a, id);
    expect(await oOnA.ask({ type: 'move', seat: 1, token: tokens[1], move: 'a1', version: 0 })).toMatchObject({ refusal: 'not-your-turn' });
    oOnA.close();
    const o = await following(b, id);
    const watcher = await following(b, id);
    const moves = WHOLE_GAME;
    for (const [ply, move] of moves.entries()) await play(ply % 2 === 0 ? x : o, ply % 2, tokens[ply % 2], move, ply);
    // The spectator on the other instance saw every move, in order, exactly once, and the end.
    await watcher.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
    expect(seenMoves(watcher)).toEqual(moves);
    for (const c of [x, o, watcher]) c.close();
    // The instances replayed the other's moves from the notices, without reading the store for them.
    // Not every one, and on a loaded machine not on each instance: a move sent before its instance has
    // heard the notice makes that instance read the store (correct, and counted nowhere), and a notice
    // that comes after the instance caught up so is not needed. Between them, they replayed some.
    const replayed = await Promise.all([a, b].map(async (s) => (await getJson(s, '/healthz')).relayed.replayed as number));
    expect(replayed[0] + replayed[1]).toBeGreaterThanOrEqual(1);

    // A fresh game: the same first move sent to both instances at once.
    const race = await post(a.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
    const raceId = race.json.id as string;
    const [onA, onB] = [await following(a, raceId), await following(b, raceId)];
    const answers = await Promise.all(
      [onA, onB].map((c, i) => c.ask({ type: 'move', seat: 0, token: race.json.token, move: i === 0 ? 'a1' : 'c3', version: 0 })),
    );
    expect(answers.filter((r) => r.ok === true)).toHaveLength(1);
    expect(answers.find((r) => r.ok !== true)).toMatchObject({ refusal: 'stale' });
    const stored = await (await fetch(`${b.base}/api/games/${raceId}`)).json();
    expect(stored.moves).toHaveLength(1);
    for (const c of [onA, onB]) c.close();
  });

  it('whole games of each kind, clients spread over both instances, end exactly as on one instance alone', async () => {
    const pg = await PgStore.open(env.DATABASE_URL as string);
    const sqlite = SqliteStore.inFolder(path.join(dir, 'solo'));
    try {
      const kinds: Kind[] = [
        { game: 'tictactoe', options: {}, seats: ['open', 'open'] },
        { game: 'nonaga', options: { maxTurns: 40 }, seats: ['open', 'open'] },
        {
          game: 'hive',
          options: { type: 'Base' },
          seats: ['open', 'open'],
          script:
            'wB1;bS1 wB1\\;wQ wB1/;bQ bS1-;wS1 wQ-;bA1 /bS1;wB2 -wB1;bA1 wS1-;wS2 \\wS1;bA2 /bS1;wA1 -wQ;bA1 \\wA1;wA2 \\wS2;bA2 wS1-;wA2 wS2/;bA2 -wS2;wA3 /wB2;bQ wQ\\'.split(
              ';',
            ),
        },
        // The dice rolled in secret, and an AI seat both instances could claim.
        { game: 'dicewars', options: { players: 3, map: 'small', maxRounds: 40 }, seats: ['open', 'gamedesign', 'open'] },
      ];
      for (const kind of kinds) {
        const spread = await wholeGame(kind, [a, b], pg, `same-${kind.game}`);
        const alone = await wholeGame(kind, [solo], sqlite, `same-${kind.game}`);
        expect(spread, kind.game).toEqual(alone);
        expect(spread.events?.at(-1)).toMatchObject({ kind: 'end' });
      }
    } finally {
      await Promise.all([pg.close(), sqlite.close()]);
    }
  });

  it('watched from both instances, each AI move is thought once and a clock that runs out is judged once', async () => {
    const before = await Promise.all([a, b].map(acted));
    const created = await post(a.base, '/api/games', { game: 'tictactoe', seats: ['open', 'easy'], seat: 0 });
    const id = created.json.id as string;
    const x = await following(a, id);
    const watcher = await following(b, id);
    for (;;) {
      const shown = await getJson(a, `/api/games/${id}`);
      if (shown.ending) break;
      if (shown.toMove !== 0) {
        await x.next((m) => isEvent(m, (e) => e.version > shown.version));
        continue;
      }
      const answer = await play(x, 0, created.json.token, shown.legalMoves[0], shown.version);
      await x.next((m) => isEvent(m, (e) => e.version > (answer.version as number)));
    }
    await watcher.next((m) => isEvent(m, (e) => e.kind === 'end'));
    const aiMoves = eventsSeen(watcher).filter((e) => (e as { seat?: number }).seat === 1).length;
    expect(aiMoves).toBeGreaterThan(0);
    const after = await Promise.all([a, b].map(acted));
    const thoughts = after.reduce((n, s, i) => n + s.thoughts - (before[i]?.thoughts as number), 0);
    expect(thoughts).toBe(aiMoves);
    for (const c of [x, watcher]) c.close();

    // O never answers; both instances hold the game and wait for the same deadline.
    const timed = await post(a.base, '/api/games', {
      game: 'tictactoe',
      seats: ['open', 'open'],
      seat: 0,
      // Long enough for X's first move to land on a loaded machine; O's time then runs out unanswered.
      clock: { initialMs: 2500, incrementMs: 0 },
    });
    const timedId = timed.json.id as string;
    await post(b.base, `/api/games/${timedId}/seats/1`, {});
    const onA = await following(a, timedId);
    const onB = await following(b, timedId);
    const checksBefore = after.map((s) => s.checks);
    await play(onA, 0, timed.json.token, 'b2', 0);
    for (const c of [onA, onB]) {
      const end = await c.next((m) => isEvent(m, (e) => e.kind === 'end'));
      expect(end.event).toMatchObject({ version: 2, termination: 'time', result: { kind: 'win', winner: 0 } });
    }
    const checks = (await Promise.all([a, b].map(acted))).reduce((n, s, i) => n + s.checks - (checksBefore[i] as number), 0);
    expect(checks).toBe(1);
    for (const c of [onA, onB]) c.close();
  });

  it('a seat taken and a rematch made on one instance reach the sockets of the other; asked on both at once, a rematch is one game', async () => {
    const created = await post(a.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0, name: 'Ann' });
    const id = created.json.id as string;
    const watcher = await following(b, id);
    const synced = await watcher.next((m) => m.type === 'sync');
    expect((synced.game as { seats: { kind: string }[] }).seats[1]?.kind).toBe('open');
    const claimed = await post(a.base, `/api/games/${id}/seats/1`, { name: 'Bob' });
    const seats = await watcher.next((m) => m.type === 'seats');
    expect(seats.seats).toEqual([
      { kind: 'taken', name: 'Ann' },
      { kind: 'taken', name: 'Bob' },
    ]);
    expect(await watcher.ask({ type: 'resign', seat: 1, token: claimed.json.token })).toMatchObject({ ok: true });
    const first = await post(a.base, `/api/games/${id}/rematch`, { seat: 0, token: created.json.token });
    expect(first).toMatchObject({ status: 201, json: { seat: 1 } });
    expect(await watcher.next((m) => m.type === 'rematch')).toMatchObject({ id: first.json.id });
    const second = await post(b.base, `/api/games/${id}/rematch`, { seat: 1, token: claimed.json.token });
    expect(second).toMatchObject({ status: 201, json: { id: first.json.id, seat: 0 } });
    watcher.close();

    // Both players ask at the same moment, each on an instance of their own.
    const again = await post(a.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
    const againId = again.json.id as string;
    const o = await post(b.base, `/api/games/${againId}/seats/1`, {});
    const x = await following(a, againId);
    const seenOnB = await following(b, againId);
    expect(await x.ask({ type: 'resign', seat: 0, token: again.json.token })).toMatchObject({ ok: true });
    await seenOnB.next((m) => isEvent(m, (e) => e.kind === 'end'));
    seenOnB.close();
    const [onA, onB] = await Promise.all([
      post(a.base, `/api/games/${againId}/rematch`, { seat: 0, token: again.json.token }),
      post(b.base, `/api/games/${againId}/rematch`, { seat: 1, token: o.json.token }),
    ]);
    expect([onA.status, onB.status]).toEqual([201, 201]);
    expect(onB.json.id).toBe(onA.json.id);
    expect([onA.json.seat, onB.json.seat]).toEqual([1, 0]);
    x.close();
  });

  it('Redis restarting: the events of the moves made meanwhile reach the other instance, none lost, none twice', async () => {
    const { id, tokens } = await twoSeatGame(a, b);
    const x = await following(a, id);
    const o = await following(b, id);
    const watcher = await following(b, id);
    const moves = WHOLE_GAME;
    for (const [ply, move] of moves.entries()) {
      if (ply === 3) {
        await redis.stop();
        redis = await startRedis(redis.port);
      }
      await play(ply % 2 === 0 ? x : o, ply % 2, tokens[ply % 2], move, ply);
    }
    await watcher.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
    expect(seenMoves(watcher)).toEqual(moves);
    for (const c of [x, o, watcher]) c.close();
  });

  it('an instance killed while its AI seat thinks: the other takes the turn once the claim lapses, and the AI moves once', async () => {
    // The engine answers only once A is gone: A's thought never ends, however slow the machine.
    rmSync(gate, { force: true });
    const created = await post(a.base, '/api/games', { game: 'hive', options: { type: 'Base' }, seats: ['open', slowEngine], seat: 0 });
    const id = created.json.id as string;
    const [beforeA, beforeB] = [await acted(a), await acted(b)];
    const x = await following(a, id);
    await play(x, 0, created.json.token, 'wS1', 0);
    x.close();
    try {
      // Instance A claims Black's turn and its engine starts thinking: then A dies, and the engine may answer.
      await expect.poll(async () => (await acted(a)).thoughts).toBe(beforeA.thoughts + 1);
      await a.kill();
      writeFileSync(gate, '');
      const watcher = await Client.open(b.base, id, 1);
      const reply = await watcher.next((m) => isEvent(m, (e) => e.version === 2));
      expect(reply.event).toMatchObject({ kind: 'move', seat: 1, move: 'bS1 wS1-' });
      // B found the game in a sweep, once A's claim had lapsed, and thought once.
      const byB = await acted(b);
      expect(byB.thoughts - beforeB.thoughts).toBe(1);
      expect(byB.swept - beforeB.swept).toBeGreaterThan(0);
      const shown = await getJson(b, `/api/games/${id}`);
      expect(shown).toMatchObject({ version: 2, moves: ['wS1', 'bS1 wS1-'], toMove: 0 });
      watcher.close();
    } finally {
      rmSync(gate, { force: true });
      await a.kill();
      a = await startServer(path.join(dir, 'a'), env, a.port);
    }
  });

  it('an instance killed with SIGKILL mid-game: its player reconnects to the other with its last version and plays on, nothing lost', async () => {
    const { id, tokens } = await twoSeatGame(a, b);
    let x = await following(a, id);
    const o = await following(b, id);
    const moves = WHOLE_GAME;
    for (const [ply, move] of moves.entries()) {
      if (ply === 4) {
        await a.kill();
        // X's client finds the other instance, saying the last version it saw: it gets exactly the rest.
        const last = Math.max(0, ...x.messages.flatMap((m) => (m.type === 'event' ? [(m.event as { version: number }).version] : [])));
        x = await Client.open(b.base, id, last);
        const caughtUp = await x.next((m) => m.type === 'events');
        expect((caughtUp.events as { version: number }[]).map((e) => e.version)).toEqual(last < 4 ? [4] : []);
      }
      await play(ply % 2 === 0 ? x : o, ply % 2, tokens[ply % 2], move, ply);
    }
    const shown = await (await fetch(`${b.base}/api/games/${id}`)).json();
    expect(shown.moves).toEqual(moves);
    expect(shown.ending).toMatchObject({ termination: 'rules' });
    for (const c of [x, o]) c.close();
  });

  it('PostgreSQL stopped for a while: moves are refused with "try again" and nothing is half-written; play resumes after', async () => {
    // On the instance still running (the test before killed the other).
    const { id, tokens } = await twoSeatGame(b, b);
    const x = await following(b, id);
    await play(x, 0, tokens[0], 'b2', 0);
    // A game this instance has not loaded yet.
    const pg = await PgStore.open(env.DATABASE_URL as string);
    await pg.games.create({
      id: 'unloaded',
      game: 'tictactoe',
      options: {},
      seed: 's',
      seats: ['open', 'open'],
      clock: null,
      createdAt: Date.now(),
    });
    await pg.close();
    const tryAgain = 'the game store is not answering; nothing changed: try again';
    const bot = await registerBot(b.base, 'patient-bot');
    postgres.pause();
    try {
      const refused = await x.ask({ type: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1 });
      expect(refused).toMatchObject({ ok: false, refusal: 'try-again', error: tryAgain });
      // Over HTTP: 503 with Retry-After, in words, for a new game, a seat, a game to read.
      const create = await fetch(`${b.base}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'tictactoe', seats: ['open', 'open'], seat: 0 }),
      });
      expect(create.status).toBe(503);
      expect(create.headers.get('retry-after')).toBe('1');
      expect(await create.json()).toEqual({ error: tryAgain });
      expect(await post(b.base, `/api/games/${id}/seats/1`, {})).toMatchObject({ status: 409 });
      expect(await post(b.base, '/api/games/unloaded/seats/1', {})).toEqual({ status: 503, json: { error: tryAgain } });
      const read = await fetch(`${b.base}/api/games/unloaded`);
      expect(read.status).toBe(503);
      const stream = await fetch(`${b.base}/api/bot/stream`, { headers: { authorization: `Bearer ${bot.token}` } });
      expect(stream.status).toBe(503);
      expect(await stream.json()).toEqual({ error: tryAgain });
      // A socket to it is told, and closed with "try again later" (1013); the process goes on.
      const socket = await Client.open(b.base, 'unloaded');
      expect(await socket.next((m) => m.type === 'error')).toEqual({ type: 'error', error: tryAgain });
      expect(await new Promise((resolve) => socket.socket.once('close', resolve))).toBe(1013);
    } finally {
      postgres.resume();
    }
    expect(await getJson(b, '/api/games/unloaded')).toMatchObject({ version: 0, moves: [] });
    await play(x, 1, tokens[1], 'a1', 1);
    const shown = await (await fetch(`${b.base}/api/games/${id}`)).json();
    expect(shown).toMatchObject({ version: 2, moves: ['b2', 'a1'] });
    x.close();
  });
});

/**
 * A pair of instances of their own for the tests below (the tests above killed one of the first two),
 * started once for all of them rather than a pair for each (two starts of `hexarena serve` rather
 * than eight): each test's accounts, games and challenges are its own. The pair serves the built app
 * for the browser's test, which comes last as it kills the first instance; the listing's test comes
 * first, as it sees that the first instance holds no game.
 */
describe('on a pair of instances of their own', () => {
  let pair: { a: ServerProcess; b: ServerProcess } | undefined;
  const theirOwn = () => {
    if (!pair) throw new Error('the pair of instances did not start');
    return pair;
  };
  beforeAll(async () => {
    const { WEB_DIST } = await import('../cli/commands/serve.ts');
    const web = { ...env, HEXARENA_WEB_DIST: WEB_DIST };
    const [a, b] = await Promise.all([startServer(path.join(dir, 'e'), web), startServer(path.join(dir, 'f'), web)]);
    pair = { a, b };
  });
  afterAll(async () => {
    await Promise.all([pair?.a.kill(), pair?.b.kill()]);
  });

  describe('the games being played, across instances', () => {
    /** Asks `server` for the games being played until `test` holds (another instance tells within a second or so). */
    async function listed(server: ServerProcess, test: (games: Listed[]) => boolean): Promise<Listed[]> {
      for (let tries = 0; ; tries++) {
        const games = (await getJson(server, '/api/games/current')).games as Listed[] | undefined;
        if (games && test(games)) return games;
        if (tries >= 120) throw new Error(`never listed as expected: ${JSON.stringify(games)}`);
        // Four asks a second: under the reads' own limit (five a second).
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    interface Listed {
      id: string;
      plies: number;
      watching: number;
      players: { name: string }[];
      position?: unknown;
    }

    it('a game played and watched on one instance is listed on the other with its spectators and position, and TV there shows it until it ends', async () => {
      const { a, b } = theirOwn();
      // Everything about the game happens on b: a never holds it.
      const created = await post(b.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0, name: 'Nia' });
      const id = created.json.id as string;
      const claimed = await post(b.base, `/api/games/${id}/seats/1`, { name: 'Ode' });
      expect(claimed.status).toBe(201);
      // The player's socket (a guest's, holding no seat by its session) counts among those watching, as on b.
      const player = await following(b, id);
      const spectators = [await following(b, id), await following(b, id)];
      const watchingOnB = (n: number, from = 0) => player.next((m) => m.type === 'presence' && m.watching === n, from);
      await watchingOnB(3);
      const onA = await listed(a, (games) => games.some((g) => g.id === id && g.watching === 3));
      expect(onA.find((g) => g.id === id)).toMatchObject({
        game: 'tictactoe',
        plies: 0,
        watching: 3,
        players: [{ name: 'Nia' }, { name: 'Ode' }],
        position: { board: '---------' },
      });
      // A move on b moves a's listing on; a spectator leaving is counted there too.
      await play(player, 0, created.json.token, 'a1', 0);
      const before = player.messages.length;
      spectators.pop()?.close();
      await watchingOnB(2, before);
      await listed(a, (games) => games.some((g) => g.id === id && g.plies === 1 && g.watching === 2));
      expect((await getJson(a, '/api/games/current')).games.find((g: Listed) => g.id === id).position).toEqual({ board: '------x--' });
      // a's TV, asked for the first time, shows the newest begun game (unrated, as every other one the tests before left under way).
      expect((await getJson(a, '/api/tv')).channels).toMatchObject({ best: { id }, tictactoe: { id } });
      // Read from the store, not held: a follows none of it.
      expect((await getJson(a, '/healthz')).rooms).toBe(0);
      // The game ends on b: a lists it no more, and its TV has nothing to show.
      expect(await player.ask({ type: 'resign', seat: 0, token: created.json.token })).toMatchObject({ ok: true });
      await listed(a, (games) => !games.some((g) => g.id === id));
      const channels = Object.values((await getJson(a, '/api/tv')).channels) as Listed[];
      expect(channels.map((g) => g.id)).not.toContain(id);
      for (const c of [player, ...spectators]) c.close();
    });
  });

  describe('at the table across instances', () => {
    it('presence, both chats and challenges reach the sockets of the other instance; sessions hold on both', async () => {
      const { a, b } = theirOwn();
      // Two players and a spectator, each with a session made on one instance and used on the other.
      const [xena, omar, sam] = await Promise.all([person(a.base, 'Xena'), person(b.base, 'Omar'), person(a.base, 'Sam')]);
      const made = await request(a.base, '/api/games', {
        body: { game: 'tictactoe', seats: ['open', 'open'], seat: 0 },
        headers: { origin: a.base, cookie: xena },
      });
      const id = made.json?.id as string;
      expect((await request(b.base, `/api/games/${id}/seats/1`, { body: {}, headers: { origin: b.base, cookie: omar } })).status).toBe(201);
      const open = async (base: string, cookie: string) => {
        const c = await Client.open(base, id, undefined, undefined, { cookie });
        await c.next((m) => m.type === 'sync');
        return c;
      };
      const x = await open(a.base, xena);
      const o = await open(b.base, omar);
      const watcher = await open(b.base, sam);
      const all = (m: Message) =>
        m.type === 'presence' && (m.seats as { connected: boolean }[]).every((s) => s.connected) && (m.watching as number) === 1;
      await x.next(all);
      await o.next(all);
      expect(await x.ask({ type: 'chat', text: 'hello from a' })).toMatchObject({ type: 'done' });
      await o.next((m) => m.type === 'chat' && (m.lines as { text: string }[]).some((l) => l.text === 'hello from a'));
      expect(await watcher.ask({ type: 'chat', text: 'watching from b' })).toMatchObject({ type: 'done' });
      const spectatorOnA = await open(a.base, sam);
      await spectatorOnA.next((m) => m.type === 'chat' && (m.lines as { text: string }[]).some((l) => l.text === 'watching from b'));
      expect(o.messages.filter((m) => m.type === 'chat').flatMap((m) => (m.lines as { text: string }[]).map((l) => l.text))).toEqual([
        'hello from a',
      ]);
      // O leaves: X's instance hears that O is gone.
      o.close();
      await x.next((m) => m.type === 'presence' && !(m.seats as { connected: boolean }[])[1]?.connected);
      for (const c of [x, watcher, spectatorOnA]) c.close();
      // A challenge made on one instance shows at once on the challenged player's lobby socket on the other;
      // its acceptance there reaches the challenger's socket back here.
      const lobbyOf = (base: string, cookie: string) => Client.lobby(base, undefined, { origin: base, cookie });
      const [xl, ol] = [await lobbyOf(a.base, xena), await lobbyOf(b.base, omar)];
      await ol.next((m) => m.type === 'challenges');
      const offered = await request(a.base, '/api/challenges', {
        body: { to: 'omar', game: 'hex' },
        headers: { origin: a.base, cookie: xena },
      });
      const challengeId = offered.json?.id as string;
      const has = (status: string) => (m: Message) =>
        m.type === 'challenges' &&
        (m.challenges as { id: string; status: string }[]).some((c) => c.id === challengeId && c.status === status);
      await ol.next(has('open'));
      const accepted = await request(b.base, `/api/challenges/${challengeId}/accept`, {
        body: {},
        headers: { origin: b.base, cookie: omar },
      });
      expect(accepted.status).toBe(201);
      await xl.next(has('accepted'));
      for (const c of [xl, ol]) c.close();
    });
  });

  describe('followers across instances', () => {
    it('a followed player’s rated game started on one instance is told to a follower whose lobby socket is on the other', async () => {
      const { a, b } = theirOwn();
      const [star, foe, fan] = await Promise.all([person(a.base, 'Far_Star'), person(a.base, 'Far_Foe'), person(b.base, 'Far_Fan')]);
      const ask = (base: string, cookie: string, url: string, body: Record<string, unknown> = {}) =>
        request(base, url, { body, headers: { origin: base, cookie } });
      // The fan follows the star, asking to hear of their rated games, and waits on b.
      expect((await ask(b.base, fan, '/api/rel/follow/Far_Star', { notify: true })).json).toMatchObject({ following: true, notify: true });
      const lobby = await Client.lobby(b.base, undefined, { origin: b.base, cookie: fan });
      await lobby.next((m) => m.type === 'challenges');
      // The game is made and begun on a alone: b hears of it only from a.
      const offered = await ask(a.base, star, '/api/challenges', {
        to: 'Far_Foe',
        game: 'hex',
        options: {},
        rated: true,
        clock: { initialMs: 300_000, incrementMs: 3_000 },
      });
      expect(offered.status).toBe(201);
      const accepted = await ask(a.base, foe, `/api/challenges/${offered.json?.id as string}/accept`);
      expect(accepted.status).toBe(201);
      expect(await lobby.next((m) => m.type === 'following')).toEqual({ type: 'following', player: 'Far_Star', game: accepted.json?.game });
      lobby.close();
    });
  });

  describe('players on two instances in the browser', () => {
    it('two accounts play; the first player’s instance is killed with SIGKILL; on the other instance they are back in their seat with their clock, and the game is finished', async () => {
      const { launchTestChromium } = await import('../web/headless-chromium.ts');
      // The pair's last test: it kills the first instance.
      const { a: c, b: d } = theirOwn();
      const browser = await launchTestChromium();
      try {
        const signedInPage = async (base: string, username: string) => {
          const context = await browser.newContext();
          context.setDefaultTimeout(150_000);
          const page = await context.newPage();
          await page.goto(`${base}/account`);
          const form = page.getByRole('form', { name: 'Sign up' });
          await form.getByLabel('Username').fill(username);
          await form.getByLabel('Password').fill('two instances, one site');
          await form.getByRole('button', { name: 'Sign up' }).click();
          await page.getByTestId('account-name').waitFor();
          return page;
        };
        const clara = await signedInPage(c.base, 'Clara');
        const dmitri = await signedInPage(d.base, 'Dmitri');
        await clara.goto(`${c.base}/`);
        const card = await gameForm(clara, 'Tic-tac-toe');
        await card.getByRole('combobox', { name: 'O is played by' }).selectOption('human');
        await card.getByRole('combobox', { name: 'Tic-tac-toe clock' }).selectOption('5 min + 3 s');
        await card.getByRole('button', { name: 'Play Tic-tac-toe online' }).click();
        await clara.waitForURL(/\/g\/[\w-]+$/);
        const game = new URL(clara.url()).pathname;
        await dmitri.goto(`${d.base}${game}`);
        await dmitri.getByRole('button', { name: 'Play O' }).click();
        await dmitri.getByRole('button', { name: 'Play O' }).waitFor({ state: 'detached' });
        const moves = (page: typeof clara, n: number) =>
          page.waitForFunction((n) => Number(document.querySelector('[data-testid=moves]')?.getAttribute('data-count')) === n, n);
        await clara.locator('[data-cell="b2"][tabindex="0"]').click();
        await moves(dmitri, 1);
        await dmitri.locator('[data-cell="a1"][tabindex="0"]').click();
        await moves(clara, 2);

        // Clara's instance dies. She opens the other instance's address: her seat is there, and so is her running clock.
        await c.kill();
        await clara.goto(`${d.base}${game}`);
        await moves(clara, 2);
        await expect.poll(() => clara.locator('.seed').textContent()).toContain('X: you');
        await expect.poll(() => clara.locator('.clock.running').getAttribute('data-seat')).toBe('0');
        await clara.locator('[data-cell="c3"][tabindex="0"]').click();
        await moves(dmitri, 3);
        await dmitri.getByRole('button', { name: 'Resign' }).click();
        await dmitri.getByRole('button', { name: /^Confirm/ }).click();
        for (const page of [clara, dmitri]) await expect.poll(() => page.getByTestId('status').textContent()).toMatch(/^Game over: X wins/);
        const record = await (await fetch(`${d.base}/api/games${game.slice(2)}/record`)).json();
        expect(record).toMatchObject({ moves: ['b2', 'a1', 'c3'], players: ['Clara', 'Dmitri'], termination: 'resignation' });
      } finally {
        await browser.close();
      }
    });
  });
});
