import { parseExplorerAnswer } from '@hexarena/engines/protocol/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreFinished } from './explorer.ts';
import { serveInProcess } from './in-process.testing.ts';
import { Client, post } from './online.testing.ts';
import type { SqliteStore } from './sqlite-store.ts';

/** The explorer over a real server on loopback (in this process), fed by games finished through the API. */
let server: Awaited<ReturnType<typeof serveInProcess>>;
let base: string;
let store: SqliteStore;

beforeAll(async () => {
  server = await serveInProcess('explorer', { rate: 100_000 });
  ({ base, store } = server);
});
afterAll(async () => {
  await server?.close();
});

/** White's queen and ant placed in either order: the same position after six plies. */
const QUEEN_FIRST = ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wA1 \\wS1', 'bA1 bQ-'];
const ANT_FIRST = ['wS1', 'bS1 wS1-', 'wA1 \\wS1', 'bQ bS1-', 'wQ -wS1', 'bA1 bQ-'];

/** A Hive game between two people through the API: `moves`, then `resigns` resigns. */
async function finish(moves: readonly string[], resigns: number, seats = ['open', 'open']): Promise<void> {
  const created = await post(base, '/api/games', { game: 'hive', seats, seat: 0, name: 'White' });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const tokens = [created.json.token as string];
  if (seats[1] === 'open') tokens.push((await post(base, `/api/games/${id}/seats/1`, { name: 'Black' })).json.token as string);
  const client = await Client.open(base, id);
  let version = 0;
  for (const [i, move] of moves.entries()) {
    const answer = await client.ask({ type: 'move', seat: i % 2, token: tokens[i % 2], move, version });
    expect(answer, move).toMatchObject({ ok: true });
    version = answer.version as number;
  }
  expect(await client.ask({ type: 'resign', seat: resigns, token: tokens[resigns] })).toMatchObject({ ok: true });
  client.close();
}

const explore = async (game: string, moves: readonly string[] = [], extra = '') => {
  const res = await fetch(`${base}/api/explorer/${game}?${new URLSearchParams({ moves: moves.join(';') })}${extra}`);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

describe('the opening explorer over the API', () => {
  it('counts the games finished through the API: at the start, later, and where two move orders meet', async () => {
    await finish(QUEEN_FIRST, 1);
    await finish(ANT_FIRST, 0);
    await finish(['wS1', 'bG1 wS1-'], 1);
    // Against the server's AI: not counted.
    await finish([], 0, ['open', 'easy']);

    const start = await explore('hive');
    expect(start.status).toBe(200);
    expect(parseExplorerAnswer(start.json).ok).toBe(true);
    expect(start.json).toEqual({
      game: 'hive',
      variant: 'hive',
      position: '86b8e65dbc3835e5:0',
      plies: 0,
      limit: 30,
      games: 3,
      wins: [2, 1],
      draws: 0,
      moves: [{ move: 'wS1', games: 3, wins: [2, 1], draws: 0 }],
    });
    expect((await explore('hive', ['wS1'])).json.moves).toEqual([
      { move: 'bS1 wS1-', games: 2, wins: [1, 1], draws: 0 },
      { move: 'bG1 wS1-', games: 1, wins: [1, 0], draws: 0 },
    ]);
    // Only the queen-first game went this way; the moves are written as the game writes them.
    expect((await explore('hive', QUEEN_FIRST.slice(0, 3))).json).toMatchObject({
      games: 1,
      moves: [{ move: 'bQ bS1-', games: 1, wins: [1, 0], draws: 0 }],
    });
    expect((await explore('hive', ANT_FIRST.slice(0, 4))).json.moves).toEqual([{ move: 'wQ /wA1', games: 1, wins: [0, 1], draws: 0 }]);
    // Both games ended in the same position, reached in two orders: one key, both games.
    const [a, b] = [await explore('hive', QUEEN_FIRST), await explore('hive', ANT_FIRST)];
    expect(a.json).toEqual(b.json);
    expect(a.json).toMatchObject({ games: 2, wins: [1, 1], draws: 0, moves: [] });
    // A position nobody reached.
    expect((await explore('hive', ['wA1'])).json).toMatchObject({ games: 0, wins: [0, 0], moves: [] });
  });

  it('refuses a bad move by name, a game it does not explore, an unknown game, and too much', async () => {
    const bad = await explore('hive', ['wS1', 'bS1 wS1-', 'wQ wS1-']);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^move 3 \(wQ wS1-\): /);
    // By code too, the move's own refusal wrapped (the explorer's panel says both in its player's language).
    expect(bad.json).toMatchObject({
      code: 'rules.replay',
      values: { unit: 'move', number: 3, move: 'wQ wS1-' },
      cause: { code: expect.stringMatching(/^hive\./), error: expect.any(String) },
    });
    const dice = await explore('dicewars');
    expect(dice).toMatchObject({
      status: 400,
      json: {
        error: expect.stringMatching(/^DiceWars is not in the opening explorer/),
        code: 'explorer.notExplored',
        values: { game: 'DiceWars' },
      },
    });
    expect((await explore('chess')).status).toBe(404);
    const long = await explore('hex', Array(3000).fill('a1'));
    expect(long).toMatchObject({ status: 400, json: { error: expect.stringMatching(/at most 8192 characters/) } });
    expect((await explore('hive', [], '&options=nope')).json).toEqual({ error: 'options must be JSON, such as {"type":"Base"}' });
    // Another variant is another game: nothing counted there yet.
    expect((await explore('hive', [], `&options=${encodeURIComponent('{"type":"Base"}')}`)).json).toMatchObject({
      variant: expect.stringMatching(/^hive:/),
      games: 0,
    });
  });

  it('counts games finished before the explorer, once, however often it is run', async () => {
    await store.games.create({ id: 'old', game: 'hex', options: {}, seed: 's', seats: ['open', 'open'], clock: null, createdAt: 1 });
    for (const [ply, move] of ['a1', 'b2'].entries())
      await store.games.append('old', { ply, move, at: ply }, { deadline: null, due: null });
    await store.games.end('old', { result: { kind: 'win', winner: 1 }, termination: 'resignation', plies: 2 });
    await store.games.create({ id: 'dice', game: 'dicewars', options: {}, seed: 's', seats: ['open', 'open'], clock: null, createdAt: 2 });
    await store.games.end('dice', { result: { kind: 'win', winner: 1 }, termination: 'resignation', plies: 0 });
    const heard: [number, number][] = [];
    expect(await exploreFinished(store, (done, total) => heard.push([done, total]))).toBe(2);
    expect(heard).toEqual([[2, 2]]);
    expect(await exploreFinished(store)).toBe(0);
    expect((await explore('hex', ['a1'])).json).toMatchObject({ games: 1, wins: [0, 1], moves: [{ move: 'b2', games: 1 }] });
  });
});
