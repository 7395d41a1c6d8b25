import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { hex } from '@hexarena/engines/games/hex/index.ts';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import {
  Client,
  openBotStream,
  post,
  registerBot,
  request,
  type ServerProcess,
  stalledSender,
  startServer,
  upgradeHead,
} from './online.testing.ts';
import { sharedPostgres } from './postgres.testing.ts';
import { startRedis } from './redis.testing.ts';
import { RESTART_CLOSE, STREAM_RESTARTING } from './stop.ts';

/**
 * `hexarena serve` stopped by a signal, as a deploy stops it: under load, with clients that never
 * read, a bot's open event stream and strong AIs thinking (one more than there are threads). The
 * server's own deadline (5 s, HEXARENA_STOP_MS) ends a stop that has not let the process end by then
 * with exit code 1, so exit code 0 says the stop ended it within 5 s by the server's own clock; the
 * test only bounds how long it waits for the exit at all (a liveness bound, not a measurement).
 */

const dirs: string[] = [];
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-stop-'));
  dirs.push(dir);
  return dir;
}

/** The process's exit, whenever it comes (a stop that hangs is caught by the test's limit, not by a clock here). */
function exitOf(server: ServerProcess): Promise<{ code: number | null; signal: string | null }> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** `count` WebSocket text frames from a client (masked, as a client's must be), each `text`. */
function clientFrames(text: string, count: number): Buffer {
  const payload = Buffer.from(text);
  // FIN and text; the mask bit and a short length; a mask of zeros leaves the payload as it is.
  const frame = Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

/**
 * A client that sends `head` (a WebSocket's upgrade, a bot stream's request), takes the answer's head
 * and then never reads again: what the server sends it stays in the kernel's buffers, then the server's.
 */
async function pausedReader(base: string, head: string): Promise<{ stop(): void }> {
  const url = new URL(base);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  socket.on('error', () => undefined);
  let got = '';
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (d: Buffer) => {
      got += d.toString('latin1');
      if (!got.includes('\r\n\r\n')) return;
      socket.pause();
      socket.removeAllListeners('data');
      resolve();
    });
    socket.once('close', () => reject(new Error(`closed before an answer: ${got}`)));
    socket.write(head);
  });
  if (!/^HTTP\/1.1 (101|200) /.test(got)) throw new Error(`answered ${got.slice(0, 100)}`);
  return { stop: () => socket.destroy() };
}

const health = async (server: ServerProcess) =>
  (await request(server.base, '/healthz')).json as { waiting: number; acted: { thoughts: number } };

/** Asks `/healthz` until `test` holds (the server's own figures: no guess at how long anything takes). */
async function until(server: ServerProcess, test: (h: Awaited<ReturnType<typeof health>>) => boolean): Promise<void> {
  while (!test(await health(server))) await new Promise((resolve) => setTimeout(resolve, 50));
}

const GAMES = 100;
const ENV = {
  HEXARENA_API_RATE: '1000000',
  HEXARENA_WS_RATE: '1000000',
  HEXARENA_CONNECTIONS: '100000',
  HEXARENA_OPEN_GAMES: '1000',
  // The clients that do not read are kept, with all that waits for them, rather than dropped as too slow.
  HEXARENA_SEND_BUFFER_BYTES: String(256 * 1024 * 1024),
  // Clients that do not read do not answer pings either: they are kept however slow the machine.
  HEXARENA_WS_PING_MS: '600000',
  // Two AI-only games think at once.
  HEXARENA_AI_THREADS: '2',
};

describe('a graceful stop of `hexarena serve`', () => {
  const underLoad =
    'SIGTERM under 100 games of moves, clients that never read, a bot stream and strong AIs thinking: exit 0 within 5 s; ' +
    'every player told 1012 and every acknowledged move there after the restart';
  it(underLoad, async () => {
    const dir = dataDir();
    let server = await startServer(dir, ENV);
    cleanups.push(() => server.kill());
    onTestFailed(() => console.error(server.stderr()));
    const rng = Rng.fromSeed('graceful-stop');

    // 100 games of Hex between two seats, each played over its own socket.
    const games: { id: string; tokens: string[]; version: number; acked: string[]; client?: Client; closedWith?: number }[] = [];
    for (let batch = 0; batch < GAMES; batch += 25)
      games.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, async () => {
            const made = await post(server.base, '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0 });
            const other = await post(server.base, `/api/games/${made.json.id}/seats/1`, {});
            expect(other.status).toBe(201);
            return {
              id: made.json.id as string,
              tokens: [made.json.token as string, other.json.token as string],
              version: other.json.version as number,
              acked: [],
            };
          }),
        )),
      );
    for (const g of games) {
      const client = await Client.open(server.base, g.id, undefined, undefined, undefined, false);
      client.socket.once('close', (code) => {
        g.closedWith = code;
      });
      g.client = client;
    }

    // Three games of the strongest AI alone (Hex has no opening book: every move is a 5 s search),
    // watched: two think on the two threads, the third waits for one (two a creator: the third is
    // another address's).
    const watched: { id: string; closedWith?: number }[] = [];
    for (const from of ['127.0.0.1', '127.0.0.1', '127.0.0.2']) {
      const made = await request(server.base, '/api/games', { body: { game: 'hex', seats: ['max', 'max'] }, from });
      expect(made.status).toBe(201);
      const w: { id: string; closedWith?: number } = { id: made.json?.id as string };
      const client = await Client.open(server.base, w.id, undefined, from);
      client.socket.once('close', (code) => {
        w.closedWith = code;
      });
      watched.push(w);
    }

    // A bot with a game waiting for its opponent, its event stream open and read; a second stream never read.
    const bot = await registerBot(server.base, 'stopbot');
    const botGame = await request(server.base, '/api/games', {
      body: { game: 'hex', seats: ['open', 'open'], seat: 0 },
      headers: { authorization: `Bearer ${bot.token}` },
    });
    expect(botGame.status).toBe(201);
    const stream = await openBotStream(server.base, bot.token);
    const stalledStream = await pausedReader(
      server.base,
      `GET /api/bot/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${bot.token}\r\n\r\n`,
    );
    cleanups.push(() => stalledStream.stop());

    // Three spectators of games being played that never read past the upgrade (one keeps sending).
    const filler = await stalledSender(server.base, `/api/games/${games[0]?.id}/ws`);
    cleanups.push(() => filler.stop());
    for (const g of games.slice(1, 3)) {
      const reader = await pausedReader(server.base, upgradeHead(`/api/games/${g.id}/ws`));
      cleanups.push(() => reader.stop());
    }

    // Every game plays random moves, one after the other, until its socket closes.
    let acks = 0;
    let enough: () => void = () => {};
    const moving = new Promise<void>((resolve) => {
      enough = resolve;
    });
    const refused: string[] = [];
    const loops = games.map(async (g) => {
      let state = hex.newGame(hex.defaultOptions, 'client');
      while (hex.result(state) === null) {
        const move = rng.pick(hex.legalMoves(state));
        const text = hex.formatMove(state, move);
        const seat = hex.toMove(state) as number;
        const answer = await (g.client as Client)
          .ask({ type: 'move', seat, token: g.tokens[seat], move: text, version: g.version })
          .catch(() => null);
        // No answer: the socket closed (the server stops). A refusal is a fault.
        if (answer === null) return;
        if (answer.ok !== true) {
          refused.push(`${g.id}: ${JSON.stringify(answer)}`);
          return;
        }
        g.acked.push(text);
        g.version = answer.version as number;
        state = hex.play(state, move);
        if (++acks >= GAMES * 2) enough();
      }
    });
    // Enough moves acknowledged, or every game stopped before that (a refusal, said below).
    await Promise.race([moving, Promise.allSettled(loops)]);
    expect(refused).toEqual([]);
    // The AIs are thinking, or waiting for a thread (a thought counts as it is asked for).
    await until(server, (h) => h.acted.thoughts >= 3);
    // One of the spectators sends frames the server answers (an error each) until what it answered
    // waits in the server's own send buffer, past what the kernels hold.
    for (let filled = false, rounds = 0; !filled; rounds++) {
      if (rounds === 50) throw new Error('what the server answered never waited in its own send buffer');
      filler.feed(clientFrames('x', 3_000));
      filled = (await health(server)).waiting > 64 * 1024;
    }

    server.child.kill('SIGTERM');
    const exit = await exitOf(server);
    expect(exit).toEqual({ code: 0, signal: null });
    await Promise.all(loops);
    expect(refused).toEqual([]);
    // Everyone was told to reconnect: every game's socket, the watchers', the bot's stream.
    expect(games.map((g) => g.closedWith)).toEqual(games.map(() => RESTART_CLOSE.code));
    expect(watched.map((w) => w.closedWith)).toEqual(watched.map(() => RESTART_CLOSE.code));
    await stream.ended;
    expect(stream.lines().at(-1)).toEqual({ type: 'error', error: STREAM_RESTARTING });
    expect(server.stderr()).toContain('hexarena: stopped');

    // The next start has every acknowledged move, and no move that was not acknowledged.
    server = await startServer(dir, ENV);
    expect(acks).toBeGreaterThanOrEqual(GAMES * 2);
    for (const g of games) {
      const after = (await (await fetch(`${server.base}/api/games/${g.id}`)).json()) as { moves: string[] };
      expect(after.moves, g.id).toEqual(g.acked);
    }
  });

  it('a second SIGTERM during the stop ends the process at once (exit code 143)', async () => {
    // A long stop (60 s; its grace for clients to close, 12 s) held by a spectator that never reads.
    const server = await startServer(dataDir(), { ...ENV, HEXARENA_STOP_MS: '60000' });
    cleanups.push(() => server.kill());
    onTestFailed(() => console.error(server.stderr()));
    const made = await post(server.base, '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0 });
    const reader = await pausedReader(server.base, upgradeHead(`/api/games/${made.json.id}/ws`));
    cleanups.push(() => reader.stop());
    const stopping = new Promise<void>((resolve) => {
      const look = () => {
        if (server.stderr().includes('SIGTERM: stopping')) resolve();
      };
      server.child.stderr?.on('data', look);
      look();
    });
    server.child.kill('SIGTERM');
    await stopping;
    server.child.kill('SIGTERM');
    expect(await exitOf(server)).toEqual({ code: 143, signal: null });
    expect(server.stderr()).toContain('SIGTERM again: stopping at once');
  });

  it('in cluster mode (PostgreSQL and Redis) too: exit 0, players told 1012, the moves there at the next start', async () => {
    // PostgreSQL's databases from the worker's shared server: this test stops the site, never PostgreSQL.
    const [database, redis] = await Promise.all([sharedPostgres().createDatabase(), startRedis()]);
    cleanups.push(() => redis.stop());
    const env = { ...ENV, DATABASE_URL: database, REDIS_URL: redis.url };
    let server = await startServer(dataDir(), env);
    cleanups.push(() => server.kill());
    onTestFailed(() => console.error(server.stderr()));
    const made = await post(server.base, '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0 });
    const other = await post(server.base, `/api/games/${made.json.id}/seats/1`, {});
    const tokens = [made.json.token, other.json.token];
    const client = await Client.open(server.base, made.json.id as string);
    let closedWith: number | undefined;
    client.socket.once('close', (code) => {
      closedWith = code;
    });
    const reader = await pausedReader(server.base, upgradeHead(`/api/games/${made.json.id}/ws`));
    cleanups.push(() => reader.stop());
    let version = other.json.version as number;
    for (const [ply, move] of ['c3', 'e5', 'f6'].entries()) {
      const answer = await client.ask({ type: 'move', seat: ply % 2, token: tokens[ply % 2], move, version });
      expect(answer.ok).toBe(true);
      version = answer.version as number;
    }
    server.child.kill('SIGTERM');
    expect(await exitOf(server)).toEqual({ code: 0, signal: null });
    expect(closedWith).toBe(RESTART_CLOSE.code);
    server = await startServer(dataDir(), env);
    const after = (await (await fetch(`${server.base}/api/games/${made.json.id}`)).json()) as { moves: string[] };
    expect(after.moves).toEqual(['c3', 'e5', 'f6']);
  });
});
