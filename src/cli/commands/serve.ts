import { existsSync } from 'node:fs';
import { constants, hostname } from 'node:os';
import path from 'node:path';
import { DEFAULT_REVIEW_BUDGET } from '@hexarena/engines/ai/review.ts';
import { type ConnectionLimits, createHttpServer, stopGracefully } from '../../server/http.ts';
import type { HubSettings } from '../../server/hub.ts';
import { originWarning } from '../../server/identity/origin.ts';
import { packageRoot } from '../../server/package-root.ts';
import { SqliteStore } from '../../server/sqlite-store.ts';
import { STOP_MS } from '../../server/stop.ts';
import type { GameStore } from '../../server/store.ts';
import { displayPath, makeFolder } from '../files.ts';
import { type CliIo, UsageError } from '../io.ts';
import { outsideSeatsFromEnv } from '../outside-seats.ts';

const ROOT = packageRoot();
export const WEB_DIST = path.join(ROOT, 'dist', 'web');

/** Connections waiting to be accepted (see the listen below). */
const LISTEN_BACKLOG = 4096;
/** Builds the browser app with Vite when it has not been built yet. */
export async function ensureBuilt(io: CliIo, force = false): Promise<void> {
  if (!force && existsSync(path.join(WEB_DIST, 'index.html'))) return;
  io.stdout('building the web app…\n');
  const { build } = await import('vite');
  // Vite builds for production only when NODE_ENV says so or is unset; under a test runner it says
  // "test", and the build would carry Preact's devtools and development JSX: not the app players get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

function rateFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined) return undefined;
  const rate = Number(text);
  if (!(Number.isFinite(rate) && rate >= 0)) throw new UsageError(`${name} must be a number a second, got "${text}"`);
  return rate;
}

/** A duration in milliseconds from the environment, or undefined when it is not set. */
function millisecondsFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const ms = Number(text);
  if (!(Number.isInteger(ms) && ms > 0)) throw new UsageError(`${name} must be a whole number of milliseconds above 0, got "${text}"`);
  return ms;
}

/** A whole number above 0 from the environment, or undefined when it is not set. */
function countFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!(Number.isInteger(n) && n > 0)) throw new UsageError(`${name} must be a whole number above 0, got "${text}"`);
  return n;
}

/**
 * What one client may hold and how long it may take: HEXARENA_CONNECTIONS (per address, 64),
 * HEXARENA_HEADERS_TIMEOUT_MS (10 s) and HEXARENA_REQUEST_TIMEOUT_MS (30 s); and HEXARENA_TRUST_PROXY,
 * the proxies whose X-Forwarded-For names the client.
 */
function connectionLimitsFromEnv(): ConnectionLimits {
  const connectionsPerAddress = countFromEnv('HEXARENA_CONNECTIONS');
  const headersTimeoutMs = millisecondsFromEnv('HEXARENA_HEADERS_TIMEOUT_MS');
  const requestTimeoutMs = millisecondsFromEnv('HEXARENA_REQUEST_TIMEOUT_MS');
  const trustProxy = (process.env.HEXARENA_TRUST_PROXY ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  return {
    ...(trustProxy.length > 0 ? { trustProxy } : {}),
    ...(connectionsPerAddress === undefined ? {} : { connectionsPerAddress }),
    ...(headersTimeoutMs === undefined ? {} : { headersTimeoutMs }),
    ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
  };
}

/**
 * How this instance looks after due games: its name in the store's claims (the host and port, so a
 * restart finds its own claims), and the environment's HEXARENA_SWEEP_MS, HEXARENA_LEASE_MS,
 * HEXARENA_ABANDON_AFTER_MS and HEXARENA_CLAIM_AFTER_MS.
 */
function hubSettingsFromEnv(port: number): Partial<HubSettings> {
  const settings: { -readonly [K in keyof HubSettings]?: HubSettings[K] } = {
    instance: process.env.HEXARENA_INSTANCE || `${hostname()}:${port}`,
  };
  const sweepMs = millisecondsFromEnv('HEXARENA_SWEEP_MS');
  const leaseMs = millisecondsFromEnv('HEXARENA_LEASE_MS');
  const abandonAfterMs = millisecondsFromEnv('HEXARENA_ABANDON_AFTER_MS');
  // HEXARENA_CLAIM_AFTER_MS: how long a player is away on their own clock before the opponent may claim the game (30 s).
  const claimAfterMs = millisecondsFromEnv('HEXARENA_CLAIM_AFTER_MS');
  if (claimAfterMs !== undefined) settings.claimAfterMs = claimAfterMs;
  // HEXARENA_FIRST_MOVE_MS: how long a player seated by the pairing or a challenge has to start (30 s).
  const firstMoveMs = millisecondsFromEnv('HEXARENA_FIRST_MOVE_MS');
  if (firstMoveMs !== undefined) settings.firstMoveMs = firstMoveMs;
  if (sweepMs !== undefined) settings.sweepMs = sweepMs;
  if (leaseMs !== undefined) settings.leaseMs = leaseMs;
  if (abandonAfterMs !== undefined) settings.abandonAfterMs = abandonAfterMs;
  return settings;
}

/**
 * Where online games are kept: PostgreSQL when `--db` or DATABASE_URL names it (several instances may
 * share it), else the embedded SQLite store in the data folder.
 */
async function openStore(io: CliIo, flags: { data?: string; db?: string }): Promise<{ store: GameStore; where: string }> {
  const url = flags.db ?? process.env.DATABASE_URL;
  if (url !== undefined && url !== '') {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError(`--db: expected a postgres://… address, got "${url.slice(0, 80)}"`);
    const { PgStore } = await import('../../server/pg-store.ts');
    const store = await PgStore.open(url).catch((e: unknown) => {
      throw new UsageError(`--db: cannot open the PostgreSQL store: ${e instanceof Error ? e.message : String(e)}`);
    });
    return { store, where: `PostgreSQL at ${new URL(url).host}` };
  }
  const dataDir = path.resolve(io.cwd, flags.data ?? 'data');
  makeFolder(io, dataDir);
  return { store: SqliteStore.inFolder(dataDir), where: displayPath(io, dataDir) };
}

/** `hexarena serve`: the browser app at http://localhost:8080 (--port, PORT). */
export async function serveCommand(
  io: CliIo,
  flags: { port?: number; host?: string; build?: boolean; data?: string; db?: string },
): Promise<void> {
  const fromEnv = process.env.PORT;
  if (flags.port === undefined && fromEnv !== undefined && !/^\d{1,5}$/.test(fromEnv))
    throw new UsageError(`PORT must be a port number from 1 to 65535, got "${fromEnv}"`);
  const port = flags.port ?? Number(fromEnv ?? 8080);
  if (port < 1 || port > 65535) throw new UsageError(`PORT must be a port number from 1 to 65535, got ${port}`);
  // HEXARENA_WEB_DIST serves a build made elsewhere (a deployment, a test) and never builds.
  const webDist = process.env.HEXARENA_WEB_DIST ? path.resolve(process.env.HEXARENA_WEB_DIST) : WEB_DIST;
  if (!process.env.HEXARENA_WEB_DIST) await ensureBuilt(io, flags.build ?? false);
  // Online games live in an embedded SQLite store unless a database is named: nothing else to start.
  const hub = hubSettingsFromEnv(port);
  const { store, where } = await openStore(io, flags);
  // HEXARENA_API_RATE: requests a second per address on /api after a burst of 120 (default 40);
  // HEXARENA_WS_RATE: messages a second per WebSocket after a burst of 30 (default 10).
  const rate = rateFromEnv('HEXARENA_API_RATE');
  const messageRate = rateFromEnv('HEXARENA_WS_RATE');
  // HEXARENA_OUTSIDE_SEATS: a JSON list of outside Hive players games may seat, such as
  // ["uhp:nokamute uhp", "http:127.0.0.1:9001"] (started by this server, so only the operator names them).
  const outsideSeats = outsideSeatsFromEnv(process.env.HEXARENA_OUTSIDE_SEATS);
  // HEXARENA_WS_PING_MS: how often sockets are pinged (30 s); HEXARENA_SEND_BUFFER_BYTES: what may wait
  // for a client that does not read before it is dropped (1 MiB); HEXARENA_BOT_STREAMS: streams per bot (3).
  const pingMs = millisecondsFromEnv('HEXARENA_WS_PING_MS');
  const sendBufferBytes = countFromEnv('HEXARENA_SEND_BUFFER_BYTES');
  const botStreams = countFromEnv('HEXARENA_BOT_STREAMS');
  // HEXARENA_OPEN_GAMES: games waiting for players one account (with its bots) or address may have at once (5).
  const openGames = countFromEnv('HEXARENA_OPEN_GAMES');
  // HEXARENA_AI_GAMES: games of AIs alone one account (with its bots) or address may have going at once (2).
  const aiGames = countFromEnv('HEXARENA_AI_GAMES');
  // HEXARENA_BOTS_PER_ACCOUNT: bots one player may make (5).
  const botsPerAccount = countFromEnv('HEXARENA_BOTS_PER_ACCOUNT');
  // HEXARENA_AI_THREADS: threads the server's AIs think in (one fewer than the cores, at least one).
  const aiThreads = countFromEnv('HEXARENA_AI_THREADS');
  // HEXARENA_REPORTS_PER_DAY: reports one account may file a day (10).
  const reportsPerDay = countFromEnv('HEXARENA_REPORTS_PER_DAY');
  // HEXARENA_SIGNUPS_PER_HOUR: accounts one address may make an hour (10).
  const signupsPerHour = countFromEnv('HEXARENA_SIGNUPS_PER_HOUR');
  // HEXARENA_REVIEWS_PER_HOUR: computer reviews one player may ask for an hour (10);
  // HEXARENA_REVIEW_DEPTH and HEXARENA_REVIEW_NODES: each position's search (4 plies, 50,000 nodes).
  const reviewsPerHour = countFromEnv('HEXARENA_REVIEWS_PER_HOUR');
  const reviewDepth = countFromEnv('HEXARENA_REVIEW_DEPTH');
  const reviewNodes = countFromEnv('HEXARENA_REVIEW_NODES');
  const reviews = {
    ...(reviewsPerHour === undefined ? {} : { perHour: reviewsPerHour }),
    ...(reviewDepth === undefined && reviewNodes === undefined
      ? {}
      : { budget: { depth: reviewDepth ?? DEFAULT_REVIEW_BUDGET.depth, nodes: reviewNodes ?? DEFAULT_REVIEW_BUDGET.nodes } }),
  };
  const connections = connectionLimitsFromEnv();
  // HEXARENA_HEARTBEAT_MS: how often this instance tells the store it is alive (1 s): no more of a
  // crash than that is charged to the players' clocks.
  const heartbeatMs = millisecondsFromEnv('HEXARENA_HEARTBEAT_MS');
  // HEXARENA_PRESENCE_MS: with Redis, how often each instance renews who is online on it and reads the
  // others' (2 s); a dead instance's players are offline everywhere within four of these.
  const presenceMs = millisecondsFromEnv('HEXARENA_PRESENCE_MS');
  // HEXARENA_POOL_WAVE_MS: how often quick pairing runs a wave (2 s); its lease lapses after three waves unrenewed.
  const waveMs = millisecondsFromEnv('HEXARENA_POOL_WAVE_MS');
  const tournamentTickMs = millisecondsFromEnv('HEXARENA_TOURNAMENT_TICK_MS');
  // HEXARENA_ORIGIN: the site's public origins (https://hexarena.example), comma-separated: writes from
  // any other page are refused. By default, the origin each request is addressed to.
  const origins = (process.env.HEXARENA_ORIGIN ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => o !== '');
  for (const origin of origins)
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new UsageError(`HEXARENA_ORIGIN: expected origins such as https://example.org, got "${origin}"`);
  // HEXARENA_SECURE_COOKIES=1: served over HTTPS (behind a proxy that ends TLS): session cookies are
  // Secure and named __Host-…, so a plain-HTTP page or another subdomain can neither read nor set them.
  const secure = process.env.HEXARENA_SECURE_COOKIES === '1' || origins.some((o) => o.startsWith('https://'));
  const app = await createHttpServer(
    webDist,
    {
      store,
      ...(outsideSeats.length > 0 ? { outsideSeats } : {}),
      // REDIS_URL: instances sharing one PostgreSQL store tell each other of every event through it.
      ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
      ...(rate === undefined ? {} : { rate }),
      ...(messageRate === undefined ? {} : { messageRate }),
      ...(pingMs === undefined ? {} : { pingMs }),
      ...(sendBufferBytes === undefined ? {} : { sendBufferBytes }),
      ...(botStreams === undefined ? {} : { botStreams }),
      ...(openGames === undefined ? {} : { openGames }),
      ...(aiGames === undefined ? {} : { aiGames }),
      ...(botsPerAccount === undefined ? {} : { botsPerAccount }),
      ...(aiThreads === undefined ? {} : { aiThreads }),
      ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
      ...(presenceMs === undefined ? {} : { presenceMs }),
      ...(reportsPerDay === undefined ? {} : { reportsPerDay }),
      ...(signupsPerHour === undefined ? {} : { identity: { signupsPerHour } }),
      reviews,
      ...(origins.length > 0 ? { origins } : {}),
      sessions: { secure },
      hub,
      ...(waveMs === undefined ? {} : { pools: { waveMs, leaseMs: 3 * waveMs, unrenewedWaitMs: 4 * waveMs } }),
      // HEXARENA_TOURNAMENT_TICK_MS: how often tournaments are directed (1 s); the director's lease lapses after five.
      ...(tournamentTickMs === undefined ? {} : { tournaments: { tickMs: tournamentTickMs, leaseMs: 5 * tournamentTickMs } }),
      // HEXARENA_LOG=json: one JSON object a line on stderr, with request ids and nothing personal (docs/operations.md).
      ...(process.env.HEXARENA_LOG === 'json' ? { jsonLogs: true } : {}),
      // HEXARENA_METRICS_TOKEN: /metrics answers to this bearer token only (docs/operations.md); without it, 404.
      ...(process.env.HEXARENA_METRICS_TOKEN ? { metricsToken: process.env.HEXARENA_METRICS_TOKEN } : {}),
      // HEXARENA_OPERATOR_TOKEN: the secret `hexarena ladder --server` asks for the engine ladder's games with.
      ...(process.env.HEXARENA_OPERATOR_TOKEN ? { operatorToken: process.env.HEXARENA_OPERATOR_TOKEN } : {}),
    },
    connections,
  );
  // HEXARENA_STOP_MS: how long a graceful stop may take before the process ends anyway (5 s).
  const stopMs = millisecondsFromEnv('HEXARENA_STOP_MS') ?? STOP_MS;
  // Connections not yet accepted wait in the kernel's queue of this length (Node's default is 511,
  // capped by net.core.somaxconn): when hundreds arrive while the event loop is in one long turn, a
  // full queue made the kernel reset them (`read ECONNRESET` at 1,000 tables starting at once).
  const address = await app.listen({ port, host: flags.host ?? 'localhost', backlog: LISTEN_BACKLOG });
  // The signals are taken before the address is told: whoever starts the server may stop it the
  // moment it reads that line (a supervisor, a test), and a SIGTERM with no handler yet kills it
  // outright, with no graceful stop (seen beside two busy loops).
  const stopped = untilStopped(io, (say) => stopGracefully(app, { say, deadlineMs: stopMs }), stopMs);
  io.stdout(`hexarena is at ${address.replace('127.0.0.1', 'localhost')} (games in ${where})\n`);
  const originUnset = originWarning(flags.host ?? 'localhost', origins);
  if (originUnset !== null) io.stderr(`${originUnset}\n`);
  await stopped;
}

/**
 * Resolves once a signal (SIGTERM, SIGINT) has stopped the server gracefully: the process then ends
 * by itself, exit code 0. Two guards: a second signal ends it at once (exit code 128 + the signal's
 * number, 143 for SIGTERM, 130 for SIGINT), and a stop that has not let the process end within
 * `stopMs` of the first signal ends it then (exit code 1, with what was still open). Acknowledged
 * moves are stored before they are answered, so neither loses one.
 */
function untilStopped(io: CliIo, stop: (say: (line: string) => void) => Promise<void>, stopMs: number): Promise<void> {
  const say = (line: string) => io.stderr(`hexarena: ${line}\n`);
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        say(`${signal} again: stopping at once`);
        process.exit(128 + constants.signals[signal]);
      }
      stopping = true;
      say(`${signal}: stopping (moves under way are finished, players are told to reconnect)`);
      // Not what keeps the process alive; fires only if something else still does.
      setTimeout(() => {
        // What still held the process (this timer among the timeouts), for whoever looks into it.
        const open = process.getActiveResourcesInfo();
        say(`not stopped within ${stopMs / 1000} s (still open: ${open.join(', ')}): stopping at once`);
        process.exit(1);
      }, stopMs).unref();
      stop(say).then(
        () => {
          say('stopped');
          resolve();
        },
        (e: unknown) => {
          say(`the stop failed: ${e instanceof Error ? e.message : String(e)}`);
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
