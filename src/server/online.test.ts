import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { parseRecord, playMoves, replay } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, post, type ServerProcess, startServer } from './online.testing.ts';
import { SqliteStore } from './sqlite-store.ts';

/** The online server as a real process on loopback, driven over HTTP and WebSocket as clients would. */
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  // The store's folder lives for the whole file: the restart test reopens it.
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-online-'));
  // These clients make many quick requests: the per-address allowance is tested on a server of its own.
  server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' });
});
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Seated {
  id: string;
  tokens: string[];
}

/** Creates a game of people: the creator sits in seat 0, others claim the rest. */
async function seatedGame(game: string, seats: number, options: Record<string, unknown> = {}): Promise<Seated> {
  const created = await post(server.base, '/api/games', { game, options, seats: Array(seats).fill('open'), seat: 0, name: 'creator' });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const tokens = [created.json.token as string];
  for (let seat = 1; seat < seats; seat++) {
    const claimed = await post(server.base, `/api/games/${id}/seats/${seat}`, { name: `player ${seat}` });
    expect(claimed.status).toBe(201);
    tokens.push(claimed.json.token as string);
  }
  return { id, tokens };
}

/**
 * Two clients play to the end — the moves of `script`, or random legal ones — while a spectator
 * watches: every move is acknowledged, everyone sees the end, and the record replays.
 */
async function playWhole(gameId: string, options: Record<string, unknown>, seed: string, script?: readonly string[]): Promise<void> {
  const game = unwrap(findGame(gameId)) as AnyGame;
  const { id, tokens } = await seatedGame(gameId, 2, options);
  const players = [await Client.open(server.base, id), await Client.open(server.base, id)];
  const spectator = await Client.open(server.base, id);
  const rng = Rng.fromSeed(seed);
  let state = game.newGame(unwrap(game.parseOptions(options)), 'client');
  let version = 0;
  const moves: string[] = [];
  while (game.result(state) === null) {
    const seat = game.toMove(state) as number;
    const scripted = script?.[moves.length];
    const move = scripted === undefined ? rng.pick(game.legalMoves(state)) : unwrap(game.parseMove(state, scripted));
    const text = game.formatMove(state, move);
    const answer = await (players[seat] as Client).ask({ type: 'move', seat, token: tokens[seat], move: text, version });
    expect(answer, `move ${moves.length + 1} ${text}`).toMatchObject({ ok: true });
    version = answer.version as number;
    moves.push(text);
    state = game.play(state, move);
  }
  // Everyone sees the end; the spectator saw every move, in order, and never a token or the seed.
  for (const c of [...players, spectator]) await c.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
  const watched = spectator.messages.filter((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'move');
  expect(watched.map((m) => (m.event as { move: string }).move)).toEqual(moves);
  // A client rebuilds every position from the start the server shows and the moves.
  const shown = (await (await fetch(`${server.base}/api/games/${id}`)).json()) as { start: unknown; view: unknown; moves: string[] };
  let rebuilt = unwrap((game.fromView ?? game.fromJSON).call(game, shown.start));
  for (const text of shown.moves) rebuilt = game.play(rebuilt, unwrap(game.parseMove(rebuilt, text)));
  expect(game.view(rebuilt, null)).toEqual(shown.view);
  const record = await (await fetch(`${server.base}/api/games/${id}/record`)).json();
  const parsed = unwrap(parseRecord(record));
  expect(parsed.moves).toEqual(moves);
  expect(unwrap(replay(game, parsed)).state).toBeDefined();
  for (const secret of [...tokens, parsed.seed])
    expect(spectator.raw.join('\n'), `${secret} in ${spectator.raw.find((r) => r.includes(secret))?.slice(0, 400)}`).not.toContain(secret);
  for (const c of [...players, spectator]) c.close();
}

describe('online play against a real server process', () => {
  it('two clients play whole games of tic-tac-toe, Nonaga and Hive; a spectator sees every move, never a secret', async () => {
    await playWhole('tictactoe', {}, 'ttt');
    await playWhole('nonaga', { maxTurns: 60 }, 'nonaga');
    // A real Base game (hard as Black against random): Black surrounds the white queen on move 18.
    const hive =
      'wB1;bS1 wB1\\;wQ wB1/;bQ bS1-;wS1 wQ-;bA1 /bS1;wB2 -wB1;bA1 wS1-;wS2 \\wS1;bA2 /bS1;wA1 -wQ;bA1 \\wA1;wA2 \\wS2;bA2 wS1-;wA2 wS2/;bA2 -wS2;wA3 /wB2;bQ wQ\\';
    await playWhole('hive', { type: 'Base' }, 'hive', hive.split(';'));
  });

  it('AI seats are played by the server: Nonaga against easy, and a three-seat DiceWars game with one AI seat, to the end', async () => {
    for (const [game, options, seats] of [
      ['nonaga', { maxTurns: 40 }, ['open', 'easy']],
      ['dicewars', { players: 3, map: 'small', maxRounds: 40 }, ['open', 'open', 'gamedesign']],
    ] as const) {
      const created = await post(server.base, '/api/games', { game, options, seats, seat: 0 });
      expect(created.status).toBe(201);
      const id = created.json.id as string;
      const tokens: (string | undefined)[] = [created.json.token as string];
      // The creator, waiting on the socket, hears of each seat taken.
      const creator = await Client.open(server.base, id);
      for (const [seat, kind] of seats.entries())
        if (seat > 0 && kind === 'open') {
          tokens[seat] = (await post(server.base, `/api/games/${id}/seats/${seat}`, { name: `P${seat}` })).json.token as string;
          const notice = await creator.next((m) => m.type === 'seats' && (m.seats as { kind: string }[])[seat]?.kind === 'taken');
          expect((notice.seats as { name: string }[])[seat]?.name).toBe(`P${seat}`);
        }
      creator.close();
      const watcher = await Client.open(server.base, id);
      const players = await Promise.all(seats.map(() => Client.open(server.base, id)));
      const rng = Rng.fromSeed(`${game}-ai`);
      let aiMoves = 0;
      for (;;) {
        const state = (await (await fetch(`${server.base}/api/games/${id}`)).json()) as {
          version: number;
          toMove: number | null;
          legalMoves: string[];
          ending: unknown;
        };
        if (state.ending) break;
        const seat = state.toMove as number;
        if (seats[seat] !== 'open') {
          // The AI's move arrives as an event like anyone's.
          await watcher.next((m) => m.type === 'event' && (m.event as { version: number }).version > state.version);
          aiMoves++;
          continue;
        }
        // People end their DiceWars turn now and then, or the game would be one long attack.
        const end = state.legalMoves.includes('end') && rng.int(3) === 0;
        const move = end ? 'end' : rng.pick(state.legalMoves);
        expect(
          await (players[seat] as Client).ask({ type: 'move', seat, token: tokens[seat], move, version: state.version }),
        ).toMatchObject({
          ok: true,
        });
      }
      expect(aiMoves).toBeGreaterThan(0);
      const record = unwrap(parseRecord(await (await fetch(`${server.base}/api/games/${id}/record`)).json()));
      expect(record.players?.[seats.length - 1]).toBe(seats[seats.length - 1]);
      // The server's games are keyed: their dice cannot be told from the dice already seen.
      expect(record.seed).toMatch(/^key:[0-9a-f]{64}$/);
      const definition = unwrap(findGame(game)) as AnyGame;
      expect(replay(definition, record).ok).toBe(true);
      // Dice are the server's: each move event of DiceWars brings the position the roll led to, so a
      // client shows what the record replays, without the seed.
      const { states } = unwrap(playMoves(definition, unwrap(definition.parseOptions(record.options)), record.seed, record.moves));
      const events = watcher.messages.flatMap((m) =>
        m.type === 'event' ? [m.event as { kind: string; ply: number; view?: unknown }] : [],
      );
      for (const e of events.filter((e) => e.kind === 'move'))
        expect(e.view).toEqual(definition.stochastic ? definition.view(states[e.ply + 1], null) : undefined);
      for (const c of [watcher, ...players]) c.close();
    }
  });

  it('refuses illegal, stale, out-of-turn and unauthorised moves with reasons; a retried move is acknowledged once', async () => {
    const { id, tokens } = await seatedGame('tictactoe', 2);
    const x = await Client.open(server.base, id);
    const o = await Client.open(server.base, id);
    expect(await x.ask({ type: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 })).toMatchObject({ ok: true, version: 1 });
    const refusals = [
      await o.ask({ type: 'move', seat: 1, token: tokens[1], move: 'b2', version: 1 }),
      await o.ask({ type: 'move', seat: 1, token: tokens[1], move: 'a1', version: 0 }),
      await x.ask({ type: 'move', seat: 0, token: tokens[0], move: 'a1', version: 1 }),
      await o.ask({ type: 'move', seat: 1, token: tokens[0], move: 'a1', version: 1 }),
    ];
    expect(refusals.map((r) => r.refusal)).toEqual(['illegal', 'stale', 'not-your-turn', 'bad-token']);
    for (const r of refusals) expect(r).toMatchObject({ ok: false, version: 1, error: expect.any(String) });
    // The same client id twice: one move, two acknowledgements.
    const retry = { type: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1, id: 'retry-1' };
    o.send(retry);
    o.send(retry);
    const isRetry = (m: { type: string; id?: unknown }) => m.type === 'answer' && m.id === 'retry-1';
    const firstAck = await o.next(isRetry);
    const acks = [firstAck, await o.next(isRetry, o.messages.indexOf(firstAck) + 1)];
    expect(acks.map((a) => a.ok)).toEqual([true, true]);
    const state = await (await fetch(`${server.base}/api/games/${id}`)).json();
    expect(state).toMatchObject({ version: 2, moves: ['b2', 'a1'] });
    x.close();
    o.close();
  });

  it('a client that drops and reconnects with its last version receives exactly the events it missed', async () => {
    const { id, tokens } = await seatedGame('tictactoe', 2);
    const x = await Client.open(server.base, id);
    await x.ask({ type: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 });
    // O was away: it comes back having seen version 1, after two more moves.
    const o1 = await Client.open(server.base, id);
    await o1.ask({ type: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1 });
    o1.close();
    await x.ask({ type: 'move', seat: 0, token: tokens[0], move: 'c3', version: 2 });
    const back = await Client.open(server.base, id, 1);
    const first = await back.next(() => true);
    expect(first.type).toBe('events');
    expect((first.events as { version: number; move: string }[]).map((e) => [e.version, e.move])).toEqual([
      [2, 'a1'],
      [3, 'c3'],
    ]);
    // A client with no version (or one too old) gets the whole game instead.
    const fresh = await Client.open(server.base, id);
    expect(await fresh.next(() => true)).toMatchObject({ type: 'sync', game: { version: 3, moves: ['b2', 'a1', 'c3'] } });
    for (const c of [x, back, fresh]) c.close();
  });

  it('malformed bodies and messages get an error that names the problem, and change nothing', async () => {
    const { id, tokens } = await seatedGame('tictactoe', 2);
    const client = await Client.open(server.base, id);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 60 })), async (junk) => {
        const body = typeof junk === 'string' ? junk : JSON.stringify(junk);
        const created = await post(server.base, '/api/games', body);
        expect([400, 415].includes(created.status) || created.status === 201, body).toBe(true);
        if (created.status !== 201) expect(created.json.error, body).toEqual(expect.any(String));
        // Junk asking for a rematch (of a game still on) never makes one.
        const rematch = await post(server.base, `/api/games/${id}/rematch`, body);
        expect([400, 403, 409, 415], body).toContain(rematch.status);
        expect(rematch.json.error, body).toEqual(expect.any(String));
        const answer = await client.ask(
          typeof junk === 'object' && junk !== null && !Array.isArray(junk) ? { ...junk, token: 'x' } : { junk },
        );
        expect(answer.ok === true).toBe(false);
        expect(answer.error).toEqual(expect.any(String));
      }),
      { numRuns: 60 },
    );
    // A fresh connection (the fuzzing one has spent its message allowance, which is refused in words too).
    const fresh = await Client.open(server.base, id);
    fresh.send('not json at all');
    expect(await fresh.next((m) => m.type === 'error')).toMatchObject({ error: 'a message must be JSON' });
    const state = await (await fetch(`${server.base}/api/games/${id}`)).json();
    expect(state).toMatchObject({ version: 0, moves: [] });
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    // The seats' holders can still play it.
    const before = (await (await fetch(`${server.base}/healthz`)).json()).intents.answered as number;
    expect(await fresh.ask({ type: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 })).toMatchObject({ ok: true });
    // Health reports how many intents were answered, and how fast.
    const health = await (await fetch(`${server.base}/healthz`)).json();
    expect(health.intents).toMatchObject({ answered: before + 1, p50Ms: expect.any(Number), p99Ms: expect.any(Number) });
    client.close();
    fresh.close();
  });

  it('killed with SIGKILL and started again, the server has every acknowledged move and the game goes on', async () => {
    const { id, tokens } = await seatedGame('tictactoe', 2);
    const x = await Client.open(server.base, id);
    const answer = (client: Client, id: string) => client.next((m) => m.type === 'answer' && m.id === id);
    x.send({ type: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0, id: 'm-1' });
    const first = await answer(x, 'm-1');
    await x.ask({ type: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1 });
    await server.kill();
    server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' });
    const state = await (await fetch(`${server.base}/api/games/${id}`)).json();
    expect(state).toMatchObject({ version: 2, moves: ['b2', 'a1'], toMove: 0 });
    const again = await Client.open(server.base, id, 2);
    // The answer to m-1 was lost with the server: its retry, after the restart, is acknowledged as before.
    again.send({ type: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0, id: 'm-1' });
    expect(await answer(again, 'm-1')).toEqual({ ...first, duplicate: true });
    expect(await again.ask({ type: 'move', seat: 0, token: tokens[0], move: 'c3', version: 2 })).toMatchObject({ ok: true, version: 3 });
    again.close();
  });

  it('clocks run on the server: shown live, a flag ends the game, and a clock that had run out when the server went down, unflagged, is decided when it comes back', async () => {
    const clocked = async (initialMs: number) => {
      const created = await post(server.base, '/api/games', {
        game: 'tictactoe',
        seats: ['open', 'open'],
        seat: 0,
        clock: { initialMs, incrementMs: 0 },
      });
      const id = created.json.id as string;
      const x = created.json.token as string;
      await post(server.base, `/api/games/${id}/seats/1`, {});
      const client = await Client.open(server.base, id);
      expect(await client.ask({ type: 'move', seat: 0, token: x, move: 'b2', version: 0 })).toMatchObject({ ok: true });
      return { id, client };
    };
    // O never answers: its clock runs, then its flag falls.
    const { id, client } = await clocked(300);
    const shown = await (await fetch(`${server.base}/api/games/${id}`)).json();
    expect(shown.clock).toMatchObject({ initialMs: 300, incrementMs: 0, running: 1, deadline: expect.any(Number) });
    // Each move's event carries the clocks after it, the same as the game's state tells.
    const moved = await client.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'move');
    const { initialMs: _i, incrementMs: _n, ...clocks } = shown.clock;
    expect((moved.event as { clock: unknown }).clock).toEqual(clocks);
    const end = await client.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
    expect(end.event).toMatchObject({ termination: 'time', result: { kind: 'win', winner: 0, reason: 'O ran out of time' } });
    client.close();

    // The server goes down with O's clock running out: downtime is not charged (downtime.ts), but
    // the time O had run out of before it is, so when it comes back O has lost.
    const late = await clocked(400);
    late.client.close();
    await server.kill();
    const store = SqliteStore.inFolder(dataDir);
    const deadline = (await store.games.read(late.id))?.deadline as number;
    await store.close();
    expect(deadline).toBeGreaterThan(0);
    // O's deadline passed ten seconds before the kill: the game is moved that far into the past, not waited for.
    const db = new Database(path.join(dataDir, 'hexarena.sqlite'));
    db.prepare('UPDATE games SET deadline = deadline - 10000, due = due - 10000, created_at = created_at - 10000 WHERE id = ?').run(
      late.id,
    );
    db.prepare('UPDATE moves SET at = at - 10000 WHERE game_id = ?').run(late.id);
    db.close();
    server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' });
    const decided = await Client.open(server.base, late.id);
    const first = await decided.next(() => true);
    const ending = first.type === 'sync' ? (first.game as { ending: unknown }).ending : null;
    const ended = ending ?? (await decided.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end')).event;
    expect(ended).toMatchObject({ termination: 'time' });
    decided.close();
  });

  it('the lobby lists the newest games with a seat open to a person, and drops them once full', async () => {
    const lobby = async () =>
      ((await (await fetch(`${server.base}/api/games`)).json()) as { games: { id: string; seats: string[]; clock: unknown }[] }).games;
    const clock = { initialMs: 180_000, incrementMs: 2_000 };
    const open = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0, clock });
    const vsAi = await post(server.base, '/api/games', { game: 'nonaga', options: {}, seats: ['open', 'easy'], seat: 0 });
    const id = open.json.id as string;
    await expect.poll(async () => (await lobby()).find((g) => g.id === id)?.seats).toEqual(['taken', 'open']);
    // Each game shows its time control, so a player knows what they join.
    expect((await lobby()).find((g) => g.id === id)?.clock).toEqual(clock);
    expect((await lobby()).some((g) => g.id === vsAi.json.id)).toBe(false);
    await post(server.base, `/api/games/${id}/seats/1`, {});
    await expect.poll(async () => (await lobby()).some((g) => g.id === id)).toBe(false);
  });

  it('a seek may leave its colour to chance: "random" draws one of the open seats, never an AI\'s', async () => {
    const drawn = new Set<number>();
    // Until both seats have been drawn (40 tries: a fair draw fails to show both with odds 2^-39).
    for (let i = 0; i < 40 && drawn.size < 2; i++) {
      const created = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 'random', name: 'dice' });
      expect(created.status).toBe(201);
      const seat = created.json.seat as number;
      expect([0, 1]).toContain(seat);
      drawn.add(seat);
      const game = (await (await fetch(`${server.base}/api/games/${created.json.id}`)).json()) as { seats: { name: string | null }[] };
      expect(game.seats.map((s) => s.name)).toEqual(seat === 0 ? ['dice', null] : [null, 'dice']);
      const client = await Client.open(server.base, created.json.id as string);
      expect(await client.ask({ type: 'resign', seat, token: created.json.token })).toMatchObject({ ok: true });
      client.close();
    }
    expect([...drawn].sort()).toEqual([0, 1]);
    // Beside the server's AI the only open seat is the one drawn; with none open there is nothing to draw.
    const vsAi = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['easy', 'open'], seat: 'random', name: 'dice' });
    expect(vsAi).toMatchObject({ status: 201, json: { seat: 1 } });
    const none = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['easy', 'easy'], seat: 'random' });
    expect(none).toEqual({
      status: 400,
      json: { error: 'a "random" seat is drawn among the open seats, and none is open', code: 'games.randomNoneOpen' },
    });
    const wrong = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 'white' });
    expect(wrong).toEqual({
      status: 400,
      json: { error: '"seat" must be the number of one of the seats, or "random"', code: 'games.request' },
    });
  });

  it('a game asked for that cannot be made is refused with a code and the values its words name', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const answer = await post(server.base, '/api/games', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      return answer.json;
    };
    expect(await refused({ game: 'chess', seats: ['open', 'open'] })).toMatchObject({
      code: 'rules.unknownGame',
      values: { game: 'chess' },
      error: expect.stringMatching(/^unknown game "chess"/),
    });
    // The options' refusal is the rules' own, sent as the cause.
    expect(await refused({ game: 'hex', options: { size: 99 }, seats: ['open', 'open'] })).toMatchObject({
      code: 'games.options',
      values: { game: 'Hex' },
      cause: { code: expect.stringMatching(/^options\./) },
      error: expect.stringMatching(/^options: /),
    });
    expect(await refused({ game: 'tictactoe', seats: ['open', 'open', 'open'] })).toEqual({
      error: 'Tic-tac-toe with these options has 2 seats, the request names 3',
      code: 'games.seatCount',
      values: { game: 'Tic-tac-toe', count: 2, asked: 3 },
    });
    expect(await refused({ game: 'tictactoe', seats: ['open', 'deep-blue'] })).toMatchObject({
      code: 'games.unknownAgent',
      values: { game: 'Tic-tac-toe', agent: 'deep-blue' },
    });
    expect(await refused({ game: 'tictactoe', seats: ['easy', 'open'], seat: 0 })).toEqual({
      error: "seat 0 (X) is played by the server's AI, not open to a person",
      code: 'games.seatPlayedByAI',
      values: { seat: 0, nameSeat: 'X' },
    });
    expect(await refused({ game: 'tictactoe', seats: ['open', 'open'], seat: 0, rated: true })).toEqual({
      error: 'Tic-tac-toe is not rated: play it casual',
      code: 'games.unrated',
      values: { game: 'Tic-tac-toe' },
    });
    expect(await refused({ game: 'hex', seats: ['open', 'easy'], seat: 0, rated: true })).toMatchObject({ code: 'games.ratedAI' });
    // A guest (no account) makes no rated game.
    expect(await refused({ game: 'hex', seats: ['open', 'open'], seat: 0, rated: true })).toMatchObject({ code: 'games.ratedPlayer' });
    expect(await refused({ game: 'tictactoe', seats: ['open', 'open'], seat: 0, name: '\u200B' })).toEqual({
      error: 'name: a name may not hold U+200B (control or format characters)',
      code: 'games.name',
      values: { max: 40 },
    });
  });

  it('a finished game keeps its seats as they were played: an open seat is not claimed after the end, nor a rematch asked with it', async () => {
    const created = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0, name: 'alone' });
    const id = created.json.id as string;
    const client = await Client.open(server.base, id);
    expect(await client.ask({ type: 'resign', seat: 0, token: created.json.token })).toMatchObject({ ok: true });
    const late = await post(server.base, `/api/games/${id}/seats/1`, { name: 'late' });
    expect(late).toEqual({
      status: 409,
      json: { error: 'the game is over: its seats stay as they were played', code: 'games.seatsPlayed' },
    });
    // Beyond its seats, and a game that is not there: each with its code and the values its words name.
    expect(await post(server.base, `/api/games/${id}/seats/2`, {})).toEqual({
      status: 404,
      json: { error: `game ${id} has 2 seats: there is no seat 2`, code: 'games.noSeat', values: { id, seat: 2, count: 2 } },
    });
    expect(await post(server.base, '/api/games/nosuchgame1/seats/1', {})).toEqual({
      status: 404,
      json: { error: 'there is no game nosuchgame1', code: 'games.noSuchGame', values: { id: 'nosuchgame1' } },
    });
    expect(await fetch(`${server.base}/api/games/nosuchgame1`).then((r) => r.json())).toEqual({
      error: 'there is no game nosuchgame1',
      code: 'games.noSuchGame',
      values: { id: 'nosuchgame1' },
    });
    const record = await (await fetch(`${server.base}/api/games/${id}/record`)).json();
    expect(record.players).toEqual(['alone', 'human']);
    // The AI's seat is nobody's to claim.
    const vsAi = (await post(server.base, '/api/games', { game: 'tictactoe', seats: ['easy', 'open'] })).json.id as string;
    expect(await post(server.base, `/api/games/${vsAi}/seats/0`, {})).toEqual({
      status: 409,
      json: {
        error: "X is played by the server's AI, not open to a person",
        code: 'games.seatPlayedByAI',
        values: { seat: 0, nameSeat: 'X' },
      },
    });
    client.close();
  });

  it('a rematch: refused to strangers and before the end; the first player to ask makes it, the next joins it, colours swapped', async () => {
    const { id, tokens } = await seatedGame('tictactoe', 2);
    const watcher = await Client.open(server.base, id);
    const early = await post(server.base, `/api/games/${id}/rematch`, { seat: 0, token: tokens[0] });
    expect(early).toEqual({ status: 409, json: { error: 'the game is still on: a rematch follows its end', code: 'games.stillOn' } });
    // Its record, seed included, is public once it ends: refused with a code before then.
    const record = await fetch(`${server.base}/api/games/${id}/record`);
    expect([record.status, await record.json()]).toEqual([
      409,
      { error: 'the game is still on: its record, seed included, is public once it ends', code: 'record.stillOn' },
    ]);
    expect(await watcher.ask({ type: 'resign', seat: 1, token: tokens[1] })).toMatchObject({ ok: true });
    const stranger = await post(server.base, `/api/games/${id}/rematch`, { seat: 0, token: tokens[1] });
    expect(stranger).toEqual({
      status: 403,
      json: { error: "that is not X's token", code: 'games.notYourSeat', values: { nameSeat: 'X' } },
    });
    const first = await post(server.base, `/api/games/${id}/rematch`, { seat: 0, token: tokens[0] });
    expect(first).toMatchObject({ status: 201, json: { seat: 1 } });
    const next = first.json.id as string;
    // Everyone on the old game hears of it; the other player asks and gets the same game, the other seat.
    expect(await watcher.next((m) => m.type === 'rematch')).toMatchObject({ id: next });
    // The other seat is kept for the other player: a spectator who heard the id cannot take it, nor
    // does the lobby offer it.
    const taken = await post(server.base, `/api/games/${next}/seats/0`, { name: 'intruder' });
    expect(taken).toEqual({
      status: 403,
      json: {
        error: `the rematch's seats are kept for the players of game ${id}: they take them from its page (Rematch)`,
        code: 'games.rematchSeats',
        values: { id },
      },
    });
    const listed = (await (await fetch(`${server.base}/api/games`)).json()) as { games: { id: string }[] };
    expect(listed.games.some((g) => g.id === next)).toBe(false);
    const second = await post(server.base, `/api/games/${id}/rematch`, { seat: 1, token: tokens[1] });
    expect(second).toMatchObject({ status: 201, json: { id: next, seat: 0 } });
    const again = await post(server.base, `/api/games/${id}/rematch`, { seat: 1, token: tokens[1] });
    expect(again.status).toBe(409);
    // The names go along: the creator (seat 0) now plays O.
    const shown = await (await fetch(`${server.base}/api/games/${next}`)).json();
    expect(shown.seats).toEqual([
      { kind: 'taken', name: 'player 1' },
      { kind: 'taken', name: 'creator' },
    ]);
    const player = await Client.open(server.base, next);
    expect(await player.ask({ type: 'move', seat: 0, token: second.json.token, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    for (const c of [watcher, player]) c.close();
  });

  it('one address cannot flood the API: past its allowance it gets 429 in words, and the server goes on', async () => {
    // A server of its own that refills no allowance, so the count does not hang on the machine's speed.
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-flood-'));
    const strict = await startServer(dir, { HEXARENA_API_RATE: '0', HEXARENA_WS_RATE: '0', HEXARENA_CONNECTIONS: '1000' });
    try {
      // A WebSocket connection has an allowance of its own: 30 messages, then refusals in words.
      const created = await post(strict.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
      const client = await Client.open(strict.base, created.json.id as string);
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => client.ask({ type: 'move', seat: 0, token: 'wrong', move: 'b2', version: i })),
      );
      expect(replies.filter((r) => r.error === 'too many messages: at most 0 a second')).toHaveLength(10);
      expect(replies.filter((r) => r.refusal === 'bad-token')).toHaveLength(30);
      client.close();
      // The address has spent 2 of its 120 requests (the game, the connection).
      const answers = await Promise.all(Array.from({ length: 200 }, () => fetch(`${strict.base}/api/games`)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(118);
      const limited = answers.filter((a) => a.status === 429);
      expect(limited).toHaveLength(82);
      expect(await (limited[0] as Response).json()).toEqual({ error: 'too many requests from this address: at most 0 a second' });
      expect((await fetch(`${strict.base}/healthz`)).status).toBe(200);
    } finally {
      await strict.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
