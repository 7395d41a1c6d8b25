import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseReviewAnswer, type ReviewAnswer } from '@hexarena/engines/protocol/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Message, request, type ServerProcess, startServer } from './online.testing.ts';

/**
 * Computer reviews on a real server: asked for, judged on the AI threads, polled until done, asked
 * again, refused in words (a game still on, a game without search, past the hourly allowance), live
 * AI moves answered while reviews wait, and a review taken up again after a restart.
 */

/** A Hive game from the start (the same under any seed): legal moves, both sides. */
const HIVE = ['wA1', 'bA1 wA1-', 'wA2 /wA1', 'bQ bA1-', 'wQ \\wA1', 'bP bA1\\', 'wA2 bQ-', 'bP wA1\\', 'wQ \\bA1', 'bP /wA1'];

let dataDir: string;
let fast: ServerProcess;
const FAST = { HEXARENA_AI_THREADS: '1', HEXARENA_REVIEW_DEPTH: '2', HEXARENA_REVIEW_NODES: '5000', HEXARENA_API_RATE: '100000' };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-reviews-'));
  fast = await startServer(dataDir, { ...FAST, HEXARENA_REVIEWS_PER_HOUR: '2' });
});
afterAll(async () => {
  await fast?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A game of two people, `moves` played, then (unless `keepOn`) Black resigns: its id. */
async function playedGame(base: string, game: string, moves: readonly string[], keepOn = false): Promise<string> {
  const created = await request(base, '/api/games', { body: { game, seats: ['open', 'open'], seat: 0 } });
  expect(created.status).toBe(201);
  const { id, token } = created.json as { id: string; token: string };
  const second = await request(base, `/api/games/${id}/seats/1`, { body: {} });
  expect(second.status).toBe(201);
  const tokens = [token, (second.json as { token: string }).token];
  const client = await Client.open(base, id);
  for (const [version, move] of moves.entries())
    expect(await client.ask({ type: 'move', seat: version % 2, token: tokens[version % 2], move, version })).toMatchObject({ ok: true });
  if (!keepOn) expect(await client.ask({ type: 'resign', seat: 1, token: tokens[1] })).toMatchObject({ ok: true });
  client.close();
  return id;
}

const ask = (base: string, id: string, from?: string) => request(base, `/api/games/${id}/review`, { body: {}, ...(from ? { from } : {}) });

/** A review asked for: where it stands (one nobody asked for fails the test). */
type Asked = Exclude<ReviewAnswer, { status: 'none' }>;

async function reviewOf(base: string, id: string): Promise<Asked> {
  const got = await request(base, `/api/games/${id}/review`);
  expect(got.status).toBe(200);
  const answer = parseReviewAnswer(got.json);
  if (!answer.ok) throw answer.error;
  if (answer.value.status === 'none') throw new Error(`nobody asked for a review of game ${id}`);
  return answer.value;
}

async function untilDone(base: string, id: string): Promise<Extract<Asked, { status: 'done' }>> {
  for (;;) {
    const answer = await reviewOf(base, id);
    if (answer.status === 'done') return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('computer reviews on the server', () => {
  it('reviews a finished Hive game: progress, then marks and each player’s accuracy; a second request gets the same review', async () => {
    const id = await playedGame(fast.base, 'hive', HIVE);
    const first = await ask(fast.base, id, '127.0.0.2');
    expect(first.status).toBe(202);
    expect(first.json).toEqual({ status: 'queued', done: 0, total: HIVE.length + 1 });
    const again = await ask(fast.base, id, '127.0.0.3');
    expect(again.status).toBe(200);
    expect(parseReviewAnswer(again.json)).toMatchObject({ ok: true, value: { total: HIVE.length + 1 } });
    const done = await untilDone(fast.base, id);
    expect(done).toMatchObject({ done: HIVE.length + 1, total: HIVE.length + 1 });
    const { review } = done;
    expect(review.budget).toEqual({ depth: 2, nodes: 5000 });
    expect(review.moves.map((m) => m.move)).toEqual(HIVE);
    expect(review.moves.map((m) => m.seat)).toEqual(HIVE.map((_, i) => i % 2));
    expect(review.positions).toHaveLength(HIVE.length + 1);
    for (const a of review.accuracy) expect(a).toBeGreaterThanOrEqual(0);
    // Asked again once done: the stored review, the same as read.
    const stored = await ask(fast.base, id, '127.0.0.2');
    expect(stored.status).toBe(200);
    expect(stored.json).toEqual(done);
  });

  it('refuses a game still on, a game without search, and a request past the hourly allowance, in words', async () => {
    const on = await playedGame(fast.base, 'hive', HIVE.slice(0, 2), true);
    const early = await ask(fast.base, on, '127.0.0.4');
    expect(early.status).toBe(409);
    expect(early.json).toEqual({ error: 'the game is still on: a review is made of a finished game', code: 'review.stillOn' });
    expect(await request(fast.base, `/api/games/${on}/review`)).toMatchObject({ status: 200, json: { status: 'none' } });
    const ttt = await playedGame(fast.base, 'tictactoe', ['b2']);
    const unsearchable = await ask(fast.base, ttt, '127.0.0.4');
    expect(unsearchable.status).toBe(422);
    expect(unsearchable.json).toEqual({
      error: 'Tic-tac-toe has no search to judge its positions with, so it cannot be reviewed',
      code: 'review.noSearch',
      values: { game: 'Tic-tac-toe' },
    });
    expect(await request(fast.base, `/api/games/${on}/review`, { body: { depth: 30 } })).toMatchObject({
      status: 400,
      json: { code: 'review.request' },
    });
    expect(await ask(fast.base, 'nosuchgame')).toMatchObject({
      status: 404,
      json: { error: 'there is no game nosuchgame', code: 'games.noSuchGame', values: { id: 'nosuchgame' } },
    });
    // Two an hour for this address (the server's setting here); the third is refused, the first two stand.
    const games = [await playedGame(fast.base, 'hive', HIVE.slice(0, 3)), await playedGame(fast.base, 'hive', HIVE.slice(0, 4))];
    const third = await playedGame(fast.base, 'hive', HIVE.slice(0, 5));
    for (const id of games) expect((await ask(fast.base, id, '127.0.0.5')).status).toBe(202);
    const refused = await ask(fast.base, third, '127.0.0.5');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: 'at most 2 reviews an hour for each player: ask again later',
      code: 'review.tooMany',
      values: { count: 2 },
    });
    // Another player may ask for it.
    expect((await ask(fast.base, third, '127.0.0.6')).status).toBe(202);
    for (const id of [...games, third]) await untilDone(fast.base, id);
  });
});

describe('reviews below live games', () => {
  it('a live AI move is answered while reviews wait; a review stopped by a restart is taken up from where it was', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-reviews-slow-'));
    // One thread, and positions judged deeply: the reviews below keep it busy for many seconds.
    const slowly = { ...FAST, HEXARENA_REVIEW_DEPTH: '6', HEXARENA_REVIEW_NODES: '300000', HEXARENA_REVIEWS_PER_HOUR: '100' };
    let server = await startServer(dir, slowly);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await playedGame(server.base, 'hive', HIVE));
      for (const id of ids) expect((await ask(server.base, id)).status).toBe(202);

      const mine = await request(server.base, '/api/games', { body: { game: 'tictactoe', seats: ['open', 'random'], seat: 0 } });
      const { id, token } = mine.json as { id: string; token: string };
      const player = await Client.open(server.base, id);
      expect(await player.ask({ type: 'move', seat: 0, token, move: 'b2', version: 0 })).toMatchObject({ ok: true });
      const moved = (m: Message) => m.type === 'event' && (m.event as { kind: string; seat?: number }).kind === 'move';
      expect((await player.next((m) => moved(m) && (m.event as { seat: number }).seat === 1)).event).toMatchObject({ ply: 1 });
      player.close();
      // The AI replied with the reviews still under way: it waited for a position at most, not for them.
      const during = await Promise.all(ids.map((r) => reviewOf(server.base, r)));
      expect(during.some((a) => a.status !== 'done')).toBe(true);

      // Stopped the hard way, then started again (same port: the same instance's leases) with a quick budget.
      // Some positions judged before the restart, to be kept.
      while ((await reviewOf(server.base, ids[0] as string)).done < 2) await new Promise((r) => setTimeout(r, 50));
      const before = (await Promise.all(ids.map((r) => reviewOf(server.base, r)))).map((a) => a.done);
      expect(before.some((done, i) => done > 0 && done < (during[i] as Asked).total)).toBe(true);
      const port = server.port;
      await server.kill();
      server = await startServer(dir, { ...FAST, HEXARENA_REVIEWS_PER_HOUR: '100' }, port);
      for (const [i, r] of ids.entries()) {
        expect((await reviewOf(server.base, r)).done).toBeGreaterThanOrEqual(before[i] as number);
        expect((await untilDone(server.base, r)).review.moves).toHaveLength(HIVE.length);
      }
    } finally {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
