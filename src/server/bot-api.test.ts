import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, post, registerBot, request, type ServerProcess, startServer } from './online.testing.ts';

const run = promisify(execFile);
const example = fileURLToPath(new URL('../../examples/random-bot.mjs', import.meta.url));

/** The bot API against a real server process: registration, seats by bot token, the stream, moves. */
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-bots-'));
  server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' });
});
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const authorized = (token: string, body?: unknown) => ({
  method: body === undefined ? 'GET' : 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** The first lines of a bot's stream, until `enough` says so. */
async function streamUntil(token: string, enough: (messages: Record<string, unknown>[]) => boolean): Promise<Record<string, unknown>[]> {
  const controller = new AbortController();
  const response = await fetch(`${server.base}/api/bot/stream`, { ...authorized(token), signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  const messages: Record<string, unknown>[] = [];
  let buffered = '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    messages.push(...lines.filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
    if (enough(messages)) break;
  }
  controller.abort();
  return messages;
}

describe('the bot API', () => {
  it('the example bot plays a whole game of each of the four games against the server’s AI', async () => {
    for (const [game, opponent, options] of [
      ['tictactoe', 'random', '{}'],
      ['nonaga', 'random', '{"maxTurns":60}'],
      ['hive', 'easy', '{"type":"Base"}'],
      ['dicewars', 'gamedesign', '{"players":2,"map":"small"}'],
    ] as const) {
      // Its author made the bot on the site and gives the example its token.
      const bot = await registerBot(server.base, `random-${game}`);
      const { stdout } = await run(process.execPath, [example, server.base, game, opponent, options], {
        env: { ...process.env, HEXARENA_BOT_TOKEN: bot.token },
      });
      expect(stdout, game).toMatch(
        new RegExp(`^random-${game} plays ${game} game [\\w-]+ against ${opponent}\\ngame over after \\d+ moves: `),
      );
    }
  });

  it('a bot is made by a player, once; its token seats it, streams its games’ events, and moves by REST or WebSocket', async () => {
    // Nobody's bot: refused, in words and by code (the site's page says the code in its player's language).
    expect(await post(server.base, '/api/bots', { name: 'orphan' })).toMatchObject({
      status: 401,
      json: { error: expect.stringMatching(/log in/), code: 'bots.logIn' },
    });
    const registered = await registerBot(server.base, 'tester');
    const owner = { origin: server.base, cookie: registered.owner };
    expect(await request(server.base, '/api/bots', { body: { name: 'Tester' }, headers: owner })).toMatchObject({
      status: 409,
      json: { error: 'the name Tester is taken', code: 'bots.nameTaken', values: { name: 'Tester' } },
    });
    expect(await request(server.base, '/api/bots', { body: { name: 'no spaces' }, headers: owner })).toMatchObject({
      status: 400,
      json: { error: 'a bot name is 1 to 30 letters, digits, - or _', code: 'bots.nameRule', values: { max: 30 } },
    });
    expect(await request(server.base, '/api/account/bots/nobot/token', { body: {}, headers: owner })).toMatchObject({
      status: 404,
      json: { error: 'you have no bot named nobot', code: 'tokens.noSuchBot', values: { name: 'nobot' } },
    });
    // Nor a name that passes for the site, its staff, its engines or a deleted player.
    for (const name of ['moderator', 'hexarena-max2', 'bot-stockfish', 'Deleted-ABC123', 'guest-aaaa'])
      expect((await request(server.base, '/api/bots', { body: { name }, headers: owner })).json, name).toEqual({
        error: `"${name}" is kept for the site: choose another name`,
        code: 'bots.nameKept',
        values: { name },
      });
    const token = registered.token;

    // A game a person made: the bot takes the other seat with its token, and is given none back.
    const made = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
    const id = made.json.id as string;
    const seated = await (await fetch(`${server.base}/api/games/${id}/seats/1`, authorized(token, {}))).json();
    expect(seated).toEqual({ seat: 1, version: 0 });
    const shown = await (await fetch(`${server.base}/api/games/${id}`)).json();
    expect(shown.seats[1]).toEqual({ kind: 'taken', name: 'tester' });

    // The person moves; the bot's stream has the game, then the move's event.
    const person = await Client.open(server.base, id);
    expect(await person.ask({ type: 'move', seat: 0, token: made.json.token, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    const streamed = await streamUntil(token, (m) => m.length >= 1);
    expect(streamed[0]).toMatchObject({ type: 'game', seats: [1], game: { id, version: 1, moves: ['b2'] } });

    // By REST, in the game's notation; a wrong move is refused with the reason; by WebSocket with the same token.
    const refused = await fetch(`${server.base}/api/bot/games/${id}/move`, authorized(token, { move: 'b2' }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ ok: false, refusal: 'illegal' });
    const moved = await (await fetch(`${server.base}/api/bot/games/${id}/move`, authorized(token, { move: 'a1', version: 1 }))).json();
    expect(moved).toMatchObject({ ok: true, event: { seat: 1, move: 'a1' } });
    expect(await person.ask({ type: 'move', seat: 0, token: made.json.token, move: 'c3', version: 2 })).toMatchObject({ ok: true });
    const socket = await Client.open(server.base, id);
    expect(await socket.ask({ type: 'move', seat: 1, token, move: 'a3', version: 3 })).toMatchObject({ ok: true });
    for (const c of [person, socket]) c.close();

    // Strangers are turned away in words.
    const stranger = await fetch(`${server.base}/api/bot/stream`, authorized('not-a-token'));
    expect(stranger.status).toBe(401);
    expect((await stranger.json()).error).toMatch(/not a bot token/);
    const other = (await registerBot(server.base, 'other')).token;
    const notSeated = await fetch(`${server.base}/api/bot/games/${id}/move`, authorized(other, { move: 'c1' }));
    expect(notSeated.status).toBe(403);
  });

  it('its owner gives a bot a new token: the old one opens nothing, the bot plays on in its games with the new one', async () => {
    const bot = await registerBot(server.base, 'renewed');
    const owner = { origin: server.base, cookie: bot.owner };
    const made = await post(server.base, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
    const id = made.json.id as string;
    expect((await fetch(`${server.base}/api/games/${id}/seats/1`, authorized(bot.token, {}))).status).toBe(201);
    expect((await request(server.base, '/api/account/bots', { headers: owner })).json).toEqual({
      bots: [{ name: 'renewed', createdAt: expect.any(Number) }],
    });
    const renewed = await request(server.base, '/api/account/bots/renewed/token', { body: {}, headers: owner });
    expect(renewed.status).toBe(201);
    const fresh = renewed.json?.token as string;
    expect((await fetch(`${server.base}/api/bot/stream`, authorized(bot.token))).status).toBe(401);
    const person = await Client.open(server.base, id);
    expect(await person.ask({ type: 'move', seat: 0, token: made.json.token, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    person.close();
    const moved = await (await fetch(`${server.base}/api/bot/games/${id}/move`, authorized(fresh, { move: 'a1', version: 1 }))).json();
    expect(moved).toMatchObject({ ok: true, event: { seat: 1, move: 'a1' } });
    // Someone else's bot is not theirs to renew.
    const stranger = await registerBot(server.base, 'stranger');
    expect(
      (
        await request(server.base, '/api/account/bots/renewed/token', {
          body: {},
          headers: { origin: server.base, cookie: stranger.owner },
        })
      ).status,
    ).toBe(404);
  });

  it('a personal API token plays as its account (games, seats, moves), cannot manage it, and is revoked', async () => {
    const bot = await registerBot(server.base, 'tokenowner');
    const owner = { origin: server.base, cookie: bot.owner };
    const made = await request(server.base, '/api/account/tokens', { body: { label: 'my script' }, headers: owner });
    expect(made).toMatchObject({ status: 201, json: { token: expect.stringMatching(/^hxp_/), label: 'my script', scope: 'play' } });
    const token = made.json?.token as string;
    const asScript = { authorization: `Bearer ${token}` };
    const game = await request(server.base, '/api/games', {
      body: { game: 'tictactoe', seats: ['open', 'random'], seat: 0 },
      headers: asScript,
    });
    expect(game.status).toBe(201);
    const id = game.json?.id as string;
    expect((await request(server.base, `/api/games/${id}`, { headers: asScript })).json?.yours).toEqual([0]);
    const socket = await Client.open(server.base, id, undefined, undefined, asScript);
    await socket.next((m) => m.type === 'sync');
    expect(await socket.ask({ type: 'move', seat: 0, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    socket.close();
    // It plays; it does not manage the account (refused by code, which the site's page words).
    expect(await request(server.base, '/api/account/tokens', { headers: asScript })).toMatchObject({
      status: 401,
      json: { error: 'an API token plays; the account is managed from the site', code: 'account.tokenPlays' },
    });
    expect(await request(server.base, '/api/account/tokens')).toMatchObject({
      status: 401,
      json: { error: 'log in first', code: 'account.logInFirst' },
    });
    expect(await request(server.base, '/api/account/tokens', { body: { label: ' ' }, headers: owner })).toMatchObject({
      status: 400,
      json: { code: 'tokens.label', values: { max: 40 } },
    });
    expect(await request(server.base, '/api/account/tokens/nosuch', { method: 'DELETE', headers: owner })).toMatchObject({
      status: 404,
      json: { error: 'you have no such token', code: 'tokens.noSuchToken' },
    });
    expect((await request(server.base, '/api/sessions', { method: 'DELETE', headers: asScript })).status).toBe(401);
    const listed = (await request(server.base, '/api/account/tokens', { headers: owner })).json?.tokens as { id: string }[];
    expect(listed).toEqual([{ id: made.json?.id, label: 'my script', scope: 'play', createdAt: expect.any(Number) }]);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect((await request(server.base, `/api/account/tokens/${listed[0]?.id}`, { method: 'DELETE', headers: owner })).json).toEqual({
      revoked: true,
    });
    // Revoked, it is refused in words, not taken for no token at all.
    const revoked = await request(server.base, `/api/games/${id}`, { headers: asScript });
    expect(revoked.status).toBe(401);
    expect(revoked.json?.error).toMatch(/revoked or unknown/);
  });
});
