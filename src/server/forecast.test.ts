import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from './game/decide.ts';
import { forecastNow, readForecast } from './game/forecast.ts';
import { Client, post, type ServerProcess, startServer } from './online.testing.ts';

/** Conditional premoves (game/forecast.ts): read and judged alone, then played by a real server over sockets. */

const tictactoe = unwrap(findGame('tictactoe')) as AnyGame;
const DAY = 86_400_000;
const played = (moves: string[]) =>
  moves.reduce((s, m) => tictactoe.play(s, unwrap(tictactoe.parseMove(s, m))), tictactoe.newGame({}, 'f'));

describe('a forecast read', () => {
  // X (seat 0) played b2, O a1: X is to move, and O leaves replies.
  const xToMove = played(['b2', 'a1']);

  it('keeps each line in the game’s own writing, from the ply it was left at', () => {
    const read = readForecast(tictactoe, xToMove, 2, 1, [
      ['c3', 'a3'],
      ['a3', 'c1', 'c3', 'b3'],
    ]);
    expect(read).toEqual({
      ok: true,
      forecast: {
        ply: 2,
        lines: [
          ['c3', 'a3'],
          ['a3', 'c1', 'c3', 'b3'],
        ],
      },
    });
  });

  it('refuses, saying where: an illegal move, a line ending on the opponent’s move, one’s own turn, a game over', () => {
    const refusal = (r: ReturnType<typeof readForecast>) => (r.ok ? null : r.refusal);
    expect(
      refusal(
        readForecast(tictactoe, xToMove, 2, 1, [
          ['c3', 'a3'],
          ['a3', 'b2'],
        ]),
      ),
    ).toEqual({
      code: 'forecast-illegal',
      error: expect.stringMatching(/^line 2: move 2 \(b2\): /),
    });
    expect(refusal(readForecast(tictactoe, xToMove, 2, 1, [['c3']]))?.error).toMatch(/ends with your opponent's move/);
    expect(refusal(readForecast(tictactoe, xToMove, 2, 0, [['c3', 'a3']]))?.code).toBe('forecast-your-turn');
    const won = played(['a1', 'b1', 'a2', 'b2', 'a3']);
    expect(refusal(readForecast(tictactoe, won, 5, 1, [['c3', 'c1']]))?.error).toBe('the game is over');
    expect(refusal(readForecast(tictactoe, xToMove, 2, 1, Array(11).fill(['c3', 'a3'])))?.error).toMatch(/at most 10 lines/);
  });

  it('plays the reply of the first line the game follows, keeps the lines that go on, drops everything once the game leaves them', () => {
    const forecast = {
      ply: 2,
      lines: [
        ['c3', 'a3', 'c1', 'b1'],
        ['c3', 'a3', 'b1', 'c1'],
        ['c3', 'c1'],
        ['a3', 'c3'],
      ],
    };
    const moves = (...m: string[]) => ['b2', 'a1', ...m].map((move) => ({ move }));
    expect(forecastNow(forecast, moves('c3'))).toEqual({ play: 'a3', keep: { ply: 2, lines: forecast.lines.slice(0, 2) } });
    expect(forecastNow(forecast, moves('c3', 'a3', 'b1'))).toEqual({ play: 'c1', keep: null });
    expect(forecastNow(forecast, moves('a3'))).toEqual({ play: 'c3', keep: null });
    expect(forecastNow(forecast, moves('c1'))).toEqual({ play: null, keep: null });
    // A takeback behind the forecast's ply: nothing of it can follow.
    expect(forecastNow(forecast, moves().slice(0, 1))).toEqual({ play: null, keep: null });
  });
});

describe('a forecast’s move decided', () => {
  it('is a move of its seat only while legal and the seat plays on: anything else decides nothing', () => {
    const table = (state: unknown) =>
      ({ game: tictactoe, state, stored: { ending: null, departures: [], seats: ['open', 'open'] } }) as unknown as Parameters<
        typeof decide
      >[0];
    expect(decide(table(played(['b2', 'a1', 'c3'])), { kind: 'forecast', seat: 0, move: 'b2' }, 0)).toEqual({ kind: 'none' });
  });
});

let server: ServerProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-forecast-'));
  server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' });
});
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A tic-tac-toe game of two guests by seat tokens, `clock` as given (a day a move by default). */
async function game(clock: unknown = { initialMs: DAY, incrementMs: 0, perMove: true }) {
  const made = await post(server.base, '/api/games', {
    game: 'tictactoe',
    options: {},
    seats: ['open', 'open'],
    seat: 0,
    name: 'Ann',
    clock,
  });
  expect(made.status).toBe(201);
  const id = made.json.id as string;
  const bob = await post(server.base, `/api/games/${id}/seats/1`, { name: 'Bob' });
  return { id, tokens: [made.json.token as string, bob.json.token as string] };
}

describe('forecasts on a real server', () => {
  it('plays the left reply the moment the opponent’s move follows a line, and keeps the forecast through a SIGKILL', async () => {
    const { id, tokens } = await game();
    let c = await Client.open(server.base, id);
    const move = (seat: number, m: string, version: number) => c.ask({ type: 'move', seat, token: tokens[seat], move: m, version });
    expect(await move(0, 'b2', 0)).toMatchObject({ ok: true });
    expect(await move(1, 'a1', 1)).toMatchObject({ ok: true });
    // Bob's plan while Ann thinks: c3 then a3 (blocking), or a3 then c3.
    const left = await c.ask({
      type: 'forecast',
      seat: 1,
      token: tokens[1],
      lines: [
        ['c3', 'A3', 'c1', 'b1'],
        ['a3', 'c3'],
      ],
    });
    expect(left).toMatchObject({
      type: 'forecast',
      seat: 1,
      ply: 2,
      lines: [
        ['c3', 'a3', 'c1', 'b1'],
        ['a3', 'c3'],
      ],
    });
    c.close();

    // Acknowledged means stored: the server dies the hard way and comes back on the same folder.
    await server.kill();
    server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' });
    c = await Client.open(server.base, id);
    const from = c.messages.length;
    expect(await move(0, 'c3', 2)).toMatchObject({ ok: true, version: 3 });
    // Bob's a3 is played for him, as his own move, told to everyone watching.
    const reply = await c.next((m) => m.type === 'event' && (m.event as { version: number }).version === 4, from);
    expect(reply.event).toMatchObject({ kind: 'move', move: 'a3' });
    // What is left of the plan: the line that goes on.
    expect(await c.ask({ type: 'forecast', seat: 1, token: tokens[1] })).toMatchObject({ ply: 2, lines: [['c3', 'a3', 'c1', 'b1']] });
    // Ann leaves the line (c1 was foreseen, a2 is not): nothing more is played, the forecast is gone.
    expect(await move(0, 'a2', 4)).toMatchObject({ ok: true, version: 5 });
    expect(await c.ask({ type: 'forecast', seat: 1, token: tokens[1] })).toMatchObject({ lines: [] });
    c.close();
  });

  it('refuses in words and codes: a live game, another’s token, one’s own move, a line that cannot be played', async () => {
    const live = await game({ initialMs: 300_000, incrementMs: 0 });
    const c = await Client.open(server.base, live.id);
    expect(await c.ask({ type: 'forecast', seat: 1, token: live.tokens[1], lines: [['a1', 'a2']] })).toMatchObject({
      type: 'error',
      code: 'not-correspondence',
    });
    c.close();
    const { id, tokens } = await game();
    const d = await Client.open(server.base, id);
    expect(await d.ask({ type: 'forecast', seat: 1, token: tokens[0], lines: [['a1', 'a2']] })).toMatchObject({ code: 'bad-token' });
    expect(await d.ask({ type: 'forecast', seat: 0, token: tokens[0], lines: [['a1', 'a2']] })).toMatchObject({
      code: 'forecast-your-turn',
    });
    expect(await d.ask({ type: 'forecast', seat: 1, token: tokens[1], lines: [['a1', 'a1']] })).toMatchObject({
      code: 'forecast-illegal',
      error: expect.stringContaining('move 2 (a1)'),
    });
    expect(await d.ask({ type: 'forecast', seat: 1, token: tokens[1], lines: 'a1 a2' })).toMatchObject({ code: 'malformed' });
    // Left, then taken back with an empty list: nothing is played for Bob.
    expect(await d.ask({ type: 'forecast', seat: 1, token: tokens[1], lines: [['a1', 'a2']] })).toMatchObject({ lines: [['a1', 'a2']] });
    expect(await d.ask({ type: 'forecast', seat: 1, token: tokens[1], lines: [] })).toMatchObject({ lines: [] });
    const from = d.messages.length;
    expect(await d.ask({ type: 'move', seat: 0, token: tokens[0], move: 'a1', version: 0 })).toMatchObject({ ok: true, version: 1 });
    expect(await d.ask({ type: 'forecast', seat: 1, token: tokens[1] })).toMatchObject({ ply: 1, lines: [] });
    expect(d.messages.slice(from).filter((m) => m.type === 'event')).toHaveLength(1);
    // Left again, then the game ends (a resignation): nothing of it is kept for a game that is over.
    expect(await d.ask({ type: 'forecast', seat: 0, token: tokens[0], lines: [['b2', 'c3']] })).toMatchObject({ ply: 1 });
    expect(await d.ask({ type: 'resign', seat: 1, token: tokens[1] })).toMatchObject({ ok: true });
    const db = new Database(path.join(dataDir, 'hexarena.sqlite'), { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM game_forecasts WHERE game_id = ?').get(id)).toEqual({ n: 0 });
    db.close();
    d.close();
  });
});
