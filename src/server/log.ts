import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { subscriberOf } from './network.ts';

/**
 * Structured logs (HEXARENA_LOG=json): one JSON object a line on stderr, through Fastify's own
 * logger (pino). Three kinds, each line saying which in `kind`:
 * - `request`: one a request once answered — its request id (`reqId`, also sent back as
 *   X-Request-Id, or taken from a proxy's X-Request-Id), method, route *pattern* (never the address
 *   as sent: a query string may carry a token), status, milliseconds, and the client as a keyed hash;
 * - `websocket`: a socket opened, the same fields but the status;
 * - `error`: a request that failed on the server (5xx), with the error's type and message;
 * - `event`: what the server tells its operator (a store away, a heartbeat failing, a stop), the
 *   lines it writes as `hexarena: …`.
 * Nothing personal is written: no bodies, headers, cookies, tokens, chat or passwords are logged,
 * and an address only as a hash keyed by a secret of this process (the same client is the same
 * hash until the restart, and no hash can be looked up). Event text is scrubbed besides (scrub()).
 */

/** The key of this process's address hashes: never written anywhere. */
const ADDRESS_KEY = randomBytes(32);

/** A client's address (its subscriber: an IPv6 /64) as 12 hex digits no one can turn back into it. */
export const clientKey = (address: string): string =>
  createHash('sha256').update(ADDRESS_KEY).update(subscriberOf(address)).digest('hex').slice(0, 12);

/** A request id a proxy set (nginx's $request_id: 32 hex digits) is kept when it looks like one. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && PROXY_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fastify's options for JSON logs written by `write` (stderr, as it was before anything wrapped it). */
export function jsonLogOptions(write: (line: string) => void): Partial<FastifyServerOptions> {
  return {
    logger: {
      level: 'info',
      stream: { write },
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      // Only what is named here is written of a request or a reply (pino's defaults would add the
      // remote address and port, the host, the address as sent).
      serializers: { req: () => ({}), res: () => ({}) },
    },
    // Fastify's own two lines a request are replaced by logRequests' one.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestId,
  };
}

/** One line a request, once answered, and one a WebSocket opened; every answer names its request id. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.headers.upgrade?.toLowerCase() === 'websocket')
      request.log.info(
        { kind: 'websocket', method: request.method, route: request.routeOptions.url ?? null, client: clientKey(request.ip) },
        'websocket',
      );
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        kind: 'request',
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: clientKey(request.ip),
      },
      'request',
    );
  });
}

/** A request that failed on the server: the error's type and scrubbed message, under the request's id. */
export function logFailure(log: FastifyBaseLogger, error: Error): void {
  log.error({ kind: 'error', error: { type: error.name, message: scrub(error.message) } }, 'request failed');
}

/** Lines that say something went wrong, logged as warnings; the rest as information. */
const WARNING = /fail|error|cannot|refused|forfeits|out of disk|not answering|not stopped|again: stopping/i;

/**
 * From now on, for the life of the process, each line written to stderr (the server's `hexarena: …`
 * lines, from every module) is logged as an `event` instead. `hexarena serve` is one server a process.
 */
export function logServerLines(log: FastifyBaseLogger): void {
  original ??= process.stderr.write;
  let pending = '';
  const write = (chunk: string | Uint8Array, encoding?: unknown, done?: unknown): boolean => {
    pending += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      const text = scrub(pending.slice(0, nl).replace(/^hexarena: /, ''));
      pending = pending.slice(nl + 1);
      if (text.trim() === '') continue;
      if (WARNING.test(text)) log.warn({ kind: 'event' }, text);
      else log.info({ kind: 'event' }, text);
    }
    const callback = typeof encoding === 'function' ? encoding : done;
    if (typeof callback === 'function') callback();
    return true;
  };
  process.stderr.write = write as typeof process.stderr.write;
}

/** What stderr's write was before logServerLines: put back by a test that ran a server in its own process. */
let original: typeof process.stderr.write | null = null;

export function stopLoggingServerLines(): void {
  if (original) process.stderr.write = original;
  original = null;
}

/**
 * Text for the log with what might be personal taken out: e-mail addresses, IP addresses (as their
 * keyed hash), and anything shaped like a token or a key (a run of 20 or more letters, digits, `-`
 * and `_` but words in camelCase: seat tokens are 22, sessions 43, hashes 64; a game's id, 12, stays).
 */
/** A long run of letters that reads as words joined in camelCase (disableRequestLogging), which a random token never does. */
const WORDS = /^[A-Za-z][a-z]+([A-Z][a-z]+)*$/;

export function scrub(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail]')
    .replace(/postgres(ql)?:\/\/\S+/g, 'postgres://[address]')
    .replace(/\b\d{1,3}(\.\d{1,3}){3}\b/g, (ip) => `[client ${clientKey(ip)}]`)
    .replace(/\b[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}\b/gi, (ip) =>
      ip.includes('::') || ip.split(':').length > 4 ? `[client ${clientKey(ip)}]` : ip,
    )
    .replace(/[A-Za-z0-9_-]{20,}/g, (run) => (WORDS.test(run) ? run : '[redacted]'));
}
