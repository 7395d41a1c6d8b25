import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Hub } from './hub.ts';
import { tallies } from './tallies.ts';

/**
 * `/metrics` in Prometheus' text format (prom-client), for the operator's scraper only — as Gitea
 * does it: off unless a token is configured (HEXARENA_METRICS_TOKEN), then asked for with it as a
 * bearer token; without one the address does not exist (404). What it says is read when it is
 * asked for, from what the server keeps anyway (the hub's rooms and counts, the sockets, the AI
 * queue, tallies.ts); the one thing measured on the move path is the answer time, heard from the
 * latency window the socket already feeds.
 */

/** What the figures are read from. */
export interface MetricsSources {
  readonly hub: Pick<Hub, 'movesCommitted' | 'liveGamesHeld' | 'roomsHeld' | 'latency'> & {
    readonly pool: { readonly waiting: number } | null;
  };
  /** WebSockets open (games, the lobby). */
  readonly websockets: () => number;
  /** TCP connections open (HTTP and WebSocket). */
  readonly connections: () => Promise<number>;
}

/** From a millisecond to ten seconds: a move answered on loopback, to one waiting on a slow disk. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The registry of one server's figures (the process's own among them: CPU, memory, the event loop, GC). */
export function metricsRegistry(sources: MetricsSources): Registry {
  const registry = new Registry();
  const registers = [registry];
  const { hub } = sources;
  collectDefaultMetrics({ register: registry });
  let moves = 0;
  new Counter({
    name: 'hexarena_moves_total',
    help: 'Moves committed to the store by this instance (rate() of it: moves a second).',
    registers,
    collect() {
      this.inc(hub.movesCommitted - moves);
      moves = hub.movesCommitted;
    },
  });
  const latency = new Histogram({
    name: 'hexarena_move_latency_seconds',
    help: "A move sent on a game's socket, from its arrival to its answer (checked, stored, then answered).",
    buckets: LATENCY_BUCKETS,
    registers,
  });
  hub.latency.listen((ms, kind) => {
    if (kind === 'move') latency.observe(ms / 1000);
  });
  gauge(registers, 'hexarena_live_games', 'Games being played that this instance holds in memory.', () => hub.liveGamesHeld);
  gauge(
    registers,
    'hexarena_rooms_held',
    'Games this instance holds in memory, finished ones not yet let go included.',
    () => hub.roomsHeld,
  );
  gauge(registers, 'hexarena_websockets', 'WebSockets open: games and the lobby.', sources.websockets);
  gauge(registers, 'hexarena_connections', 'TCP connections open to the server (HTTP and WebSocket).', sources.connections);
  gauge(registers, 'hexarena_ai_queue_depth', 'AI moves waiting for a thread.', () => hub.pool?.waiting ?? 0);
  tally(registers, 'hexarena_store_errors_total', 'Requests the store could not serve (away, out of disk).', () => tallies.storeErrors);
  tally(
    registers,
    'hexarena_logins_failed_total',
    'Passwords that did not match, at login or when checked again.',
    () => tallies.loginsFailed,
  );
  return registry;
}

function gauge(registers: Registry[], name: string, help: string, read: () => number | Promise<number>): void {
  new Gauge({
    name,
    help,
    registers,
    async collect() {
      this.set(await read());
    },
  });
}

/** A counter of a process-wide tally: it reports what the tally gained since this registry was made. */
function tally(registers: Registry[], name: string, help: string, read: () => number): void {
  let seen = read();
  new Counter({
    name,
    help,
    registers,
    collect() {
      const now = read();
      this.inc(now - seen);
      seen = now;
    },
  });
}

/**
 * Serves the registry at /metrics to whoever sends `Authorization: Bearer <token>`; anyone else is
 * told 401. Not registered at all without a token: the address answers 404 like any unknown one.
 */
export function registerMetrics(app: FastifyInstance, token: string, sources: MetricsSources): void {
  const registry = metricsRegistry(sources);
  const expected = digest(token);
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Compared as hashes in constant time: the answer's timing says nothing of the token.
    if (!timingSafeEqual(digest(given), expected)) {
      reply.code(401).header('www-authenticate', 'Bearer realm="hexarena metrics"');
      return { error: 'the metrics need the token the server was given (HEXARENA_METRICS_TOKEN), as Authorization: Bearer …' };
    }
    reply.type(registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();
