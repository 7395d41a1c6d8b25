import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BBP_MISSING, BBP_PAIRINGS, checkTournament } from '../../../scripts/bbp-pairings.ts';
import { checkRounds } from '../../tournaments/swiss-check.ts';
import { parseTrf } from '../../tournaments/trf.ts';
import { Browser, Client, openBotStream, registerBot, request, type ServerProcess, signUp, startServer } from '../online.testing.ts';

/**
 * Tournaments on a real `hexarena serve`: made by a signed-in organiser, joined by bot accounts with
 * their tokens, directed by the server, and played to the end over the bot API (each bot follows its
 * games on its event stream and moves at random by REST).
 */
const bin = fileURLToPath(new URL('../../../bin/hexarena.js', import.meta.url));
let server: ServerProcess;
let dir: string;
let organiser: Browser;
let bots: { name: string; token: string }[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-tournaments-'));
  server = await startServer(dir, {
    HEXARENA_API_RATE: '100000',
    HEXARENA_SIGNUPS_PER_HOUR: '1000',
    HEXARENA_TOURNAMENT_TICK_MS: '100',
    // A bot slow to start on a loaded machine would lose its game by absence (tested in game/decide.test.ts).
    HEXARENA_FIRST_MOVE_MS: '3600000',
  });
  organiser = new Browser(server.base, '127.0.0.1');
  expect((await signUp(organiser, 'organiser')).status).toBe(201);
  bots = [];
  for (const name of ['ant', 'bee', 'cat', 'dog', 'elk']) bots.push(await registerBot(server.base, `${name}-bot`));
});
afterAll(async () => {
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(({ task }) => {
  if (task.result?.state === 'fail') console.error(`the server's stderr:\n${server.stderr()}`);
});

const asBot = (token: string) => ({ authorization: `Bearer ${token}` });
const getJson = async (url: string) => (await request(server.base, url)).json as Record<string, unknown>;

interface Shown {
  tournament: { state: string; round: number; players: number };
  standings: { tiebreaks: string[]; rows: { place: number; name: string; score: number }[] };
  pairings: { round: number; white: string; black: string | null; game: string | null; result: string | null }[];
}
const shown = async (id: string) => (await getJson(`/api/tournaments/${id}`)) as unknown as Shown;

/**
 * A bot at play: its stream followed, each game it is seated in remembered with its seats, and a
 * random legal move made whenever the stream says it is its turn. `stop` closes the stream.
 */
async function play(bot: { token: string }): Promise<{ stop(): Promise<void>; moves: () => number }> {
  const stream = await openBotStream(server.base, bot.token);
  const seats = new Map<string, number[]>();
  let stopped = false;
  let moves = 0;
  const move = async (id: string, legal: unknown, version: number) => {
    if (!Array.isArray(legal) || legal.length === 0) return;
    const chosen = legal[Math.floor(Math.random() * legal.length)] as string;
    const answer = await request(server.base, `/api/bot/games/${id}/move`, { body: { move: chosen, version }, headers: asBot(bot.token) });
    if (answer.status === 200) moves++;
  };
  const loop = (async () => {
    while (!stopped && !stream.closed) {
      for (const m of stream.take()) {
        if (m.type === 'game') {
          const game = m.game as { id: string };
          seats.set(game.id, m.seats as number[]);
          // Its turn already when the game is sent: asked of the game itself.
          const state = await getJson(`/api/games/${game.id}`);
          if (!state.ending && (m.seats as number[]).includes(state.toMove as number))
            await move(game.id, state.legalMoves, state.version as number);
        } else if (m.type === 'event' && m.legalMoves) await move(m.id as string, m.legalMoves, (m.event as { version: number }).version);
      }
      await Promise.race([stream.more(), stream.ended]);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      stream.close();
      await loop;
    },
    moves: () => moves,
  };
}

async function create(body: Record<string, unknown>): Promise<string> {
  const made = await organiser.ask('POST', '/api/tournaments', body);
  expect(made.status, made.text).toBe(201);
  return made.json?.id as string;
}

async function joinAll(id: string, who = bots): Promise<void> {
  for (const bot of who) {
    const joined = await request(server.base, `/api/tournaments/${id}/join`, { method: 'POST', headers: asBot(bot.token) });
    expect(joined.json, bot.name).toEqual({ joined: true, already: false });
  }
}

describe('tournaments on the server', () => {
  it('are made only by a signed-in organiser with a body the schema allows, from the site’s own pages', async () => {
    const swiss = { kind: 'swiss', name: 'Checked', game: 'tictactoe', rounds: 3 };
    expect((await request(server.base, '/api/tournaments', { body: swiss })).status).toBe(401);
    expect((await organiser.ask('POST', '/api/tournaments', { ...swiss, extra: 1 })).status).toBe(400);
    expect((await organiser.ask('POST', '/api/tournaments', { ...swiss, kind: 'knockout' })).status).toBe(400);
    expect((await organiser.ask('POST', '/api/tournaments', { kind: 'swiss', name: 'No rounds', game: 'tictactoe' })).json).toEqual({
      error: 'a Swiss needs its number of "rounds"',
    });
    expect((await organiser.ask('POST', '/api/tournaments', { ...swiss, game: 'dicewars', options: { players: 4 } })).status).toBe(400);
    const foreign = await organiser.ask('POST', '/api/tournaments', swiss, {
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.status).toBe(403);
    const id = await create(swiss);
    // Nobody but its organiser starts it; a stranger's token is turned away.
    const stranger = new Browser(server.base, '127.0.0.1');
    await signUp(stranger, 'stranger');
    expect((await stranger.ask('POST', `/api/tournaments/${id}/start`, {})).status).toBe(403);
    expect((await request(server.base, `/api/tournaments/${id}/join`, { method: 'POST', headers: asBot('nope') })).status).toBe(401);
    expect(
      (await request(server.base, '/api/tournaments/n%20o/join', { method: 'POST', headers: asBot(bots[0]?.token ?? '') })).status,
    ).toBe(400);
    expect(
      (await request(server.base, '/api/tournaments/nosuch/join', { method: 'POST', headers: asBot(bots[0]?.token ?? '') })).status,
    ).toBe(404);
    // A bot joins, pauses, withdraws; one that never joined has nothing to leave.
    const elk = { headers: asBot(bots[4]?.token ?? ''), method: 'POST' };
    expect((await request(server.base, `/api/tournaments/${id}/join`, elk)).json).toEqual({ joined: true, already: false });
    expect((await request(server.base, `/api/tournaments/${id}/join`, elk)).json).toEqual({ joined: true, already: true });
    expect((await request(server.base, `/api/tournaments/${id}/pause`, elk)).json).toEqual({ state: 'paused' });
    expect(((await getJson(`/api/tournaments/${id}`)).entries as unknown[])[0]).toMatchObject({ name: 'elk-bot', state: 'paused' });
    expect((await request(server.base, `/api/tournaments/${id}/withdraw`, elk)).json).toEqual({ state: 'withdrawn' });
    expect((await request(server.base, `/api/tournaments/${id}/withdraw`, { ...elk, headers: asBot(bots[3]?.token ?? '') })).status).toBe(
      409,
    );
    // A player's writes are counted: a burst of 20, then one a second.
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push((await stranger.ask('POST', `/api/tournaments/${id}/join`, {})).status);
    // (Its refused start above was one of them.)
    expect(answers.slice(0, 19)).toEqual(Array(19).fill(200));
    expect(answers.slice(20)).toContain(429);
    const upcoming = (await getJson('/api/tournaments?state=upcoming')).tournaments as { id: string; organiser: string }[];
    expect(upcoming.find((t) => t.id === id)).toMatchObject({ organiser: 'organiser' });
    expect((await request(server.base, '/api/tournaments?state=later')).status).toBe(400);
  });

  it('one organiser keeps at most five made or running at once: the sixth is refused in words, another organiser is not held back', async () => {
    const busy = new Browser(server.base, '127.0.0.1');
    expect((await signUp(busy, 'busy')).status).toBe(201);
    const swiss = { kind: 'swiss', name: 'One of many', game: 'tictactoe', rounds: 3 };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const made = await busy.ask('POST', '/api/tournaments', swiss);
      expect(made.status).toBe(201);
      ids.push(made.json?.id as string);
    }
    expect(await busy.ask('POST', '/api/tournaments', swiss)).toMatchObject({
      status: 409,
      json: {
        code: 'tournaments.tooManyUnfinished',
        error: 'you organise 5 tournaments that have not finished: finish one, or wait for one to end',
        values: { count: 5 },
      },
    });
    expect(ids).toHaveLength(5);
    await create(swiss);
  });

  it('a Swiss of five bots is paired by the server round by round, played over the bot API to its end, and exported as TRF', async () => {
    const id = await create({ kind: 'swiss', name: 'Bot Swiss', game: 'tictactoe', rounds: 3 });
    await joinAll(id);
    const players = await Promise.all(bots.map(play));
    expect((await organiser.ask('POST', `/api/tournaments/${id}/start`, {})).json).toEqual({ starting: true });
    await expect.poll(async () => (await shown(id)).tournament.state, { timeout: 60_000, interval: 200 }).toBe('finished');
    for (const p of players) await p.stop();
    const t = await shown(id);
    expect(t.tournament).toMatchObject({ round: 3, players: 5 });
    // Five players: two games and a bye a round, every result in.
    expect(t.pairings).toHaveLength(9);
    expect(t.pairings.filter((p) => p.black === null).map((p) => p.result)).toEqual(['bye', 'bye', 'bye']);
    for (const p of t.pairings.filter((x) => x.black !== null)) {
      expect(['white', 'black', 'draw']).toContain(p.result);
      expect((await getJson(`/api/games/${p.game}`)).ending).not.toBeNull();
    }
    expect(t.standings.rows.map((r) => r.place)[0]).toBe(1);
    expect(t.standings.rows.reduce((sum, r) => sum + r.score, 0)).toBe(2 * 3 + 3);
    // Its TRF: each round as the Dutch system pairs it, and as bbpPairings checks it.
    const trf = await request(server.base, `/api/tournaments/${id}/trf`);
    expect(trf.headers['content-type']).toMatch(/^text\/plain/);
    expect(checkRounds(unwrap(parseTrf(trf.text))).map((c) => c.difference)).toEqual([null, null, null]);
    if (BBP_PAIRINGS !== null) expect(checkTournament(trf.text)).toMatchObject({ ok: true });
    else console.warn(`tournaments.test.ts: the exported TRF is not checked by bbpPairings -c: ${BBP_MISSING}`);
    // The same file from the command line, as an organiser exports it.
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'swiss', 'export', id, '--server', server.base], {
      encoding: 'utf8',
    });
    expect(stdout).toBe(trf.text);
    const missing = await promisify(execFile)(process.execPath, [bin, 'swiss', 'export', 'nosuch', '--server', server.base]).catch(
      (e) => e,
    );
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('there is no tournament nosuch')]);
    // Over: nobody joins any more.
    expect(
      (await request(server.base, `/api/tournaments/${id}/join`, { method: 'POST', headers: asBot(bots[0]?.token ?? '') })).status,
    ).toBe(409);
    expect(((await getJson('/api/tournaments?state=finished')).tournaments as { id: string }[]).map((x) => x.id)).toContain(id);
  });

  it('an arena of four bots pairs them as they come free until its organiser finishes it; the games under way are played out', async () => {
    const id = await create({ kind: 'arena', name: 'Bot Arena', game: 'tictactoe', durationMs: 3_600_000 });
    await joinAll(id, bots.slice(0, 4));
    const players = await Promise.all(bots.slice(0, 4).map(play));
    await organiser.ask('POST', `/api/tournaments/${id}/start`, {});
    // Played on until a dozen games are over, then finished early by its organiser.
    await expect
      .poll(async () => (await shown(id)).pairings.filter((p) => p.result !== null).length, { timeout: 60_000, interval: 200 })
      .toBeGreaterThanOrEqual(12);
    expect((await organiser.ask('POST', `/api/tournaments/${id}/finish`, {})).json).toEqual({ finishing: true });
    await expect.poll(async () => (await shown(id)).tournament.state, { timeout: 60_000, interval: 200 }).toBe('finished');
    for (const p of players) await p.stop();
    const t = await shown(id);
    expect(t.pairings.every((p) => p.result !== null && p.game !== null)).toBe(true);
    // Each of the four played; the scores are arena points (2 a win, 1 a draw of enough moves, streaks doubled).
    expect(t.standings.rows).toHaveLength(4);
    expect(t.standings.rows.reduce((sum, r) => sum + r.score, 0)).toBeGreaterThan(0);
    expect((await organiser.ask('POST', `/api/tournaments/${id}/finish`, {})).status).toBe(409);
  });

  it('a DiceWars arena of three bots seats them at one table a game, played over the bot API; each table’s winner scores its win', async () => {
    // Only an arena seats more than two; a Swiss of DiceWars for three is refused.
    const three = { game: 'dicewars', options: { players: 3, maxRounds: 2 } };
    expect((await organiser.ask('POST', '/api/tournaments', { kind: 'swiss', name: 'No', rounds: 3, ...three })).status).toBe(400);
    const id = await create({ kind: 'arena', name: 'Dice Arena', durationMs: 3_600_000, ...three });
    await joinAll(id, bots.slice(0, 3));
    await organiser.ask('POST', `/api/tournaments/${id}/start`, {});
    // At the first table, before a move, two of the three resign (each with its own token, over a game socket): the third has won it.
    await expect.poll(async () => (await shown(id)).pairings.length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(1);
    const first = (await shown(id)).pairings[0] as Shown['pairings'][number] & { others?: string[] };
    const seatOrder = [first.white, first.black, ...(first.others ?? [])];
    const socket = await Client.open(server.base, first.game as string);
    for (const quitter of seatOrder.slice(1)) {
      const bot = bots.find((b) => b.name === quitter) as { token: string };
      const seat = seatOrder.indexOf(quitter);
      expect(await socket.ask({ type: 'resign', seat, token: bot.token })).toMatchObject({ ok: true });
    }
    const players = await Promise.all(bots.slice(0, 3).map(play));
    socket.close();
    // Then the bots play whatever they are seated at, until two tables are over (a table that runs out of rounds with the leaders level is drawn).
    await expect
      .poll(async () => (await shown(id)).pairings.filter((p) => p.result !== null).length, { timeout: 120_000, interval: 200 })
      .toBeGreaterThanOrEqual(2);
    expect((await organiser.ask('POST', `/api/tournaments/${id}/finish`, {})).json).toEqual({ finishing: true });
    await expect.poll(async () => (await shown(id)).tournament.state, { timeout: 120_000, interval: 200 }).toBe('finished');
    for (const p of players) await p.stop();
    const t = (await getJson(`/api/tournaments/${id}`)) as unknown as {
      standings: Shown['standings'];
      pairings: (Shown['pairings'][number] & { others?: string[]; winner?: number })[];
    };
    const names = new Set(bots.slice(0, 3).map((b) => b.name));
    let wins = 0;
    for (const p of t.pairings) {
      // All three at every table, in some order, and the table's game seats them so.
      const seated = [p.white, p.black, ...(p.others ?? [])];
      expect(new Set(seated)).toEqual(names);
      const game = (await getJson(`/api/games/${p.game}`)) as { ending?: { result: { kind: string; winner?: number } } };
      // Won by one seat (named), or drawn when its rounds ran out with the leaders level.
      if (game.ending?.result.kind === 'draw') expect(p.result).toBe('draw');
      else {
        expect(p.result, JSON.stringify(p)).toBe('table');
        expect(p.winner).toBe(game.ending?.result.winner);
        wins++;
      }
    }
    // 2 points a win, nothing for a loss (a third win in a row would count double); a draw's points are the rest.
    const total = t.standings.rows.reduce((sum, r) => sum + r.score, 0);
    // The first table went to the one who stayed, at the first seat.
    expect(t.pairings[0]).toMatchObject({ result: 'table', winner: 0 });
    expect(wins).toBeGreaterThanOrEqual(1);
    expect(total).toBeGreaterThanOrEqual(2 * wins);
    expect(t.standings.rows).toHaveLength(3);
  });

  it('a round robin of four bots: three rounds, everyone meets everyone once', async () => {
    const id = await create({ kind: 'round-robin', name: 'Bot Robin', game: 'tictactoe' });
    await joinAll(id, bots.slice(1, 5));
    const players = await Promise.all(bots.slice(1, 5).map(play));
    await organiser.ask('POST', `/api/tournaments/${id}/start`, {});
    await expect.poll(async () => (await shown(id)).tournament.state, { timeout: 60_000, interval: 200 }).toBe('finished');
    for (const p of players) await p.stop();
    const t = await shown(id);
    expect(t.tournament.round).toBe(3);
    expect(new Set(t.pairings.map((p) => [p.white, p.black].sort().join())).size).toBe(6);
    expect(t.standings.rows.reduce((sum, r) => sum + r.score, 0)).toBe(6);
  });

  it('berserk: an arena’s player halves their clock before their first move, everyone hears it, and a long enough win scores 2 + 1', async () => {
    const clock = { initialMs: 60_000, incrementMs: 1_000 };
    const id = await create({
      kind: 'arena',
      name: 'Berserk',
      game: 'hex',
      options: { size: 7, pie: false },
      clock,
      durationMs: 3_600_000,
    });
    const [ant, bee] = bots as [{ name: string; token: string }, { name: string; token: string }];
    await joinAll(id, [ant, bee]);
    await organiser.ask('POST', `/api/tournaments/${id}/start`, {});
    await expect
      .poll(async () => (await shown(id)).pairings.find((p) => p.game !== null)?.game, { timeout: 30_000, interval: 100 })
      .toBeTruthy();
    const gameId = (await shown(id)).pairings.find((p) => p.game !== null)?.game as string;
    const seats = (await getJson(`/api/games/${gameId}`)).seats as { name: string }[];
    const [red, blue] = seats[0]?.name === ant.name ? [ant, bee] : [bee, ant];
    expect((await getJson(`/api/games/${gameId}`)).berserk).toEqual([]);
    const watcher = await Client.open(server.base, gameId);
    const redSocket = await Client.open(server.base, gameId);
    // Another seat's token, then Red's own: the berserk answered with its event, heard by a spectator too.
    expect(await redSocket.ask({ type: 'berserk', seat: 0, token: blue.token })).toMatchObject({ type: 'error', code: 'bad-token' });
    expect(await redSocket.ask({ type: 'berserk', seat: 0, token: red.token })).toMatchObject({
      type: 'answer',
      ok: true,
      event: { version: 1, kind: 'berserk', seat: 0, clock: { remainingMs: [30_000, 60_000] } },
    });
    expect(await watcher.next((m) => m.type === 'event')).toMatchObject({ event: { kind: 'berserk', seat: 0, version: 1 } });
    expect(await redSocket.ask({ type: 'berserk', seat: 0, token: red.token })).toMatchObject({ type: 'error', code: 'already-berserk' });
    // A client catching up from version 0 is told it among the events it missed.
    const late = await Client.open(server.base, gameId, 0);
    expect(await late.next((m) => m.type === 'events')).toMatchObject({ events: [{ version: 1, kind: 'berserk', seat: 0 }] });
    late.close();
    // The clock shown to anyone: Red's halved (its increment gone), Blue's whole.
    expect(await getJson(`/api/games/${gameId}`)).toMatchObject({ version: 1, berserk: [0], clock: { remainingMs: [30_000, 60_000] } });
    // Red wins in 15 plies (a wasted stone, then column a top to bottom); Blue berserks too late, after its first move.
    const moves = ['c4', 'g1', 'a1', 'g2', 'a2', 'g3', 'a3', 'g4', 'a4', 'g5', 'a5', 'g6', 'a6', 'g7', 'a7'];
    for (const [ply, move] of moves.entries()) {
      const by = ply % 2 === 0 ? red : blue;
      const answer = await request(server.base, `/api/bot/games/${gameId}/move`, { body: { move }, headers: asBot(by.token) });
      expect(answer.status, answer.text).toBe(200);
      if (ply === 1)
        expect(await redSocket.ask({ type: 'berserk', seat: 1, token: blue.token })).toMatchObject({
          type: 'error',
          code: 'berserk-too-late',
        });
    }
    const ended = await getJson(`/api/games/${gameId}`);
    expect(ended).toMatchObject({ ending: { result: { kind: 'win', winner: 0 } }, clock: { incrementMs: 1_000 } });
    // Red's increment never came: its clock only fell.
    expect(((ended.clock as { remainingMs: number[] }).remainingMs[0] ?? 0) <= 30_000).toBe(true);
    // The standings: Red's win with berserk scores 3, Blue's loss 0.
    await expect
      .poll(async () => (await shown(id)).standings.rows.map((r) => [r.name, r.score]), { timeout: 30_000, interval: 100 })
      .toEqual([
        [red.name, 3],
        [blue.name, 0],
      ]);
    watcher.close();
    redSocket.close();
    // Not an arena's game: a bot's own timed game refuses it.
    const own = (
      await request(server.base, '/api/games', {
        body: { game: 'hex', options: { size: 7 }, seats: ['open', 'open'], seat: 0, clock },
        headers: asBot(ant.token),
      })
    ).json?.id as string;
    const ownSocket = await Client.open(server.base, own);
    expect(await ownSocket.ask({ type: 'berserk', seat: 0, token: ant.token })).toMatchObject({ type: 'error', code: 'not-arena' });
    expect((await getJson(`/api/games/${own}`)).berserk).toBeUndefined();
    ownSocket.close();
    await organiser.ask('POST', `/api/tournaments/${id}/finish`, {});
  });
});
