import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHttpServer } from './http.ts';
import { stopLoggingServerLines } from './log.ts';
import { Browser, Client, registerBot, signUp, startServer } from './online.testing.ts';
import { SqliteStore } from './sqlite-store.ts';

/** The clients of these tests come from this address; the server listens on 127.0.0.1. */
const CLIENT = '127.0.0.7';
const PASSWORD = 'correct horse battery staple 9';
const WRONG_PASSWORD = 'my wrong guess 31337';
const CHAT = 'meet me at ann.player@example.org after the game';
const METRICS_TOKEN = 'metrics-token-for-the-scraper-only';

interface LogLine {
  level: number;
  time: string;
  msg: string;
  kind?: string;
  reqId?: string;
  [key: string]: unknown;
}

/** Every line JSON with a level, a time and a message; none holding any of `secrets` (nor the client's address). */
function checkLines(text: string, secrets: readonly string[]): LogLine[] {
  const lines = text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as LogLine);
  for (const line of lines) {
    expect(typeof line.level, JSON.stringify(line)).toBe('number');
    expect(Number.isNaN(Date.parse(line.time))).toBe(false);
    expect(typeof line.msg).toBe('string');
    const raw = JSON.stringify(line);
    for (const secret of secrets) expect(raw, `a log line holds "${secret}"`).not.toContain(secret);
    expect(raw).not.toContain(CLIENT);
    expect(raw).not.toMatch(/[\w.+-]+@example\.org/);
  }
  return lines;
}

describe('structured logs (HEXARENA_LOG=json)', () => {
  it('a real server: a line of every kind, each JSON, with request ids, and nothing personal in any', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-logs-'));
    const server = await startServer(dir, { HEXARENA_LOG: 'json', HEXARENA_METRICS_TOKEN: METRICS_TOKEN });
    const secrets: string[] = [PASSWORD, WRONG_PASSWORD, CHAT, 'ann.player', METRICS_TOKEN];
    try {
      const browser = new Browser(server.base, CLIENT);
      expect((await signUp(browser, 'loggedplayer', PASSWORD)).status).toBe(201);
      secrets.push((browser.cookie as string).split('=')[1] as string);
      const stranger = new Browser(server.base, CLIENT);
      expect((await stranger.ask('POST', '/api/session', { username: 'loggedplayer', password: WRONG_PASSWORD })).status).toBe(401);
      // A game with two seats claimed: their tokens; a chat line on its socket; a move.
      const made = await browser.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
      const id = made.json?.id as string;
      const other = await stranger.ask('POST', `/api/games/${id}/seats/1`, {});
      const tokens = [made.json?.token as string, other.json?.token as string];
      secrets.push(...tokens);
      const socket = await Client.open(server.base, id, undefined, CLIENT, { origin: server.base, cookie: browser.cookie as string });
      expect((await socket.ask({ type: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 })).ok).toBe(true);
      socket.send({ type: 'chat', text: CHAT, seat: 0, token: tokens[0] });
      await socket.next((m) => m.type === 'chat');
      socket.close();
      // A bot: its token; a token in a query string; /metrics with its token; a page that is not there.
      const bot = await registerBot(server.base, 'logbot', CLIENT);
      secrets.push(bot.token, bot.owner.split('=')[1] as string);
      await stranger.ask('GET', `/api/games/${id}?token=${tokens[1]}`);
      await stranger.ask('GET', '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
      await stranger.ask('GET', '/no/such/page');
      // A request id from the proxy in front is kept, and every answer names its own.
      const traced = await stranger.ask('GET', '/api/games', undefined, { 'x-request-id': 'proxy-request-0001' });
      expect(traced.headers['x-request-id']).toBe('proxy-request-0001');
      // A clean stop: its lines are events too.
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    }
    const lines = checkLines(server.stderr(), secrets);
    const kinds = new Set(lines.map((l) => l.kind));
    for (const kind of ['request', 'websocket', 'event']) expect(kinds, kind).toContain(kind);
    for (const line of lines.filter((l) => l.kind === 'request' || l.kind === 'websocket')) {
      expect(line.reqId).toMatch(/^[\w.-]{8,64}$/);
      expect(line.client).toMatch(/^[0-9a-f]{12}$/);
    }
    const requests = lines.filter((l) => l.kind === 'request');
    expect(requests.map((l) => l.route)).toEqual(expect.arrayContaining(['/api/session', '/api/games/:id', '/metrics', null]));
    expect(requests.find((l) => l.reqId === 'proxy-request-0001')?.status).toBe(200);
    expect(lines.filter((l) => l.kind === 'event').map((l) => l.msg)).toContain('stopped');
  });

  it('a request that fails on the server, and the lines the server writes: logged with what is personal taken out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-logs-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    const store = new SqliteStore(':memory:');
    let written = '';
    const app = await createHttpServer(dir, {
      store,
      jsonLogs: (line) => {
        written += line;
      },
    });
    const token = 'Zq3xY0v_8LkP2mN7rT1wQ9';
    try {
      app.get('/fails', async () => {
        throw new Error(`cannot reach 10.20.30.40 for bob@example.org with ${token}`);
      });
      const answer = await app.inject({ method: 'GET', url: '/fails', remoteAddress: CLIENT });
      expect(answer.statusCode).toBe(500);
      process.stderr.write(
        `hexarena: game abcdEFGH1234: the store failed: postgres://site:hunter2@db.example.org/site is away (${token})\n`,
      );
    } finally {
      stopLoggingServerLines();
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const lines = checkLines(written, [token, '10.20.30.40', 'hunter2', 'bob@']);
    const failed = lines.find((l) => l.kind === 'error');
    expect(failed?.reqId).toMatch(/^[\w-]{8,}/);
    expect(failed?.error).toEqual({
      type: 'Error',
      message: expect.stringMatching(/^cannot reach \[client [0-9a-f]{12}\] for \[e-mail\] with \[redacted\]$/),
    });
    const event = lines.find((l) => l.kind === 'event');
    expect(event?.level).toBe(40);
    expect(event?.msg).toBe('game abcdEFGH1234: the store failed: postgres://[address] is away ([redacted])');
  });
});
