import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, post, type ServerProcess, startServer } from './online.testing.ts';
import { startPostgres, type TestPostgres } from './postgres.testing.ts';
import { startRedis, type TestRedis } from './redis.testing.ts';

/** Two `hexarena serve` instances on one PostgreSQL, telling each other of events through Redis. */
let postgres: TestPostgres;
let redis: TestRedis;
let a: ServerProcess;
let b: ServerProcess;
let dir: string;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    REDIS_URL: redis.url,
    HEXARENA_API_RATE: '100000',
    HEXARENA_WS_RATE: '100000',
  };
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-cluster-'));
  a = await startServer(path.join(dir, 'a'), env);
  b = await startServer(path.join(dir, 'b'), env);
});
afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await Promise.all([postgres?.stop(), redis?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** A tic-tac-toe game made on one instance, its second seat taken on another: its id and both seat tokens. */
async function twoSeatGame(makeOn: ServerProcess, claimOn: ServerProcess): Promise<{ id: string; tokens: unknown[] }> {
  const created = await post(makeOn.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
  const id = created.json.id as string;
  const claimed = await post(claimOn.base, `/api/games/${id}/seats/1`, {});
  expect(claimed.status).toBe(201);
  return { id, tokens: [created.json.token, claimed.json.token] };
}

/** Plays `move` for `seat`, asking again (after the next event) while the instance has not caught up. */
async function play(player: Client, seat: number, token: unknown, move: string, version: number) {
  let answer = await player.ask({ type: 'move', seat, token, move, version });
  for (let tries = 0; answer.ok !== true && answer.refusal === 'stale' && tries < 50; tries++) {
    await player.next((m) => m.type === 'event' && (m.event as { version: number }).version >= version);
    answer = await player.ask({ type: 'move', seat, token, move, version });
  }
  expect(answer, move).toMatchObject({ ok: true });
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
    const x = await Client.open(a.base, id);
    // O took its seat through the other instance: this one, loaded before, still knows its token.
    const oOnA = await Client.open(a.base, id);
    expect(await oOnA.ask({ type: 'move', seat: 1, token: tokens[1], move: 'a1', version: 0 })).toMatchObject({ refusal: 'not-your-turn' });
    oOnA.close();
    const o = await Client.open(b.base, id);
    const watcher = await Client.open(b.base, id);
    const moves = ['b2', 'a1', 'c3', 'a3', 'a2', 'c2', 'b1', 'b3', 'c1'];
    for (const [ply, move] of moves.entries()) await play(ply % 2 === 0 ? x : o, ply % 2, tokens[ply % 2], move, ply);
    // The spectator on the other instance saw every move, in order, exactly once, and the end.
    await watcher.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
    expect(seenMoves(watcher)).toEqual(moves);
    for (const c of [x, o, watcher]) c.close();

    // A fresh game: the same first move sent to both instances at once.
    const race = await post(a.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
    const raceId = race.json.id as string;
    const [onA, onB] = [await Client.open(a.base, raceId), await Client.open(b.base, raceId)];
    const answers = await Promise.all(
      [onA, onB].map((c, i) => c.ask({ type: 'move', seat: 0, token: race.json.token, move: i === 0 ? 'a1' : 'c3', version: 0 })),
    );
    expect(answers.filter((r) => r.ok === true)).toHaveLength(1);
    expect(answers.find((r) => r.ok !== true)).toMatchObject({ refusal: 'stale' });
    const stored = await (await fetch(`${b.base}/api/games/${raceId}`)).json();
    expect(stored.moves).toHaveLength(1);
    for (const c of [onA, onB]) c.close();
  });

  it('Redis restarting: the events of the moves made meanwhile reach the other instance, none lost, none twice', async () => {
    const { id, tokens } = await twoSeatGame(a, b);
    const x = await Client.open(a.base, id);
    const o = await Client.open(b.base, id);
    const watcher = await Client.open(b.base, id);
    const moves = ['b2', 'a1', 'c3', 'a3', 'a2', 'c2', 'b1', 'b3', 'c1'];
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

  it('an instance killed with SIGKILL mid-game: its player reconnects to the other with its last version and plays on, nothing lost', async () => {
    const { id, tokens } = await twoSeatGame(a, b);
    let x = await Client.open(a.base, id);
    const o = await Client.open(b.base, id);
    const moves = ['b2', 'a1', 'c3', 'a3', 'a2', 'c2', 'b1', 'b3', 'c1'];
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
    const x = await Client.open(b.base, id);
    await play(x, 0, tokens[0], 'b2', 0);
    postgres.pause();
    try {
      const refused = await x.ask({ type: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1 });
      expect(refused).toMatchObject({
        ok: false,
        refusal: 'try-again',
        error: 'the game store is not answering; nothing changed: try again',
      });
    } finally {
      postgres.resume();
    }
    await play(x, 1, tokens[1], 'a1', 1);
    const shown = await (await fetch(`${b.base}/api/games/${id}`)).json();
    expect(shown).toMatchObject({ version: 2, moves: ['b2', 'a1'] });
    x.close();
  });
});
