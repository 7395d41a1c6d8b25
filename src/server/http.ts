import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { acceptedLanguages, isLocale, negotiate } from '../web/i18n/languages.ts';
import type { ServedPage } from '../web/page-files.ts';
import type { Identities } from './identity/identities.ts';
import { lazyValidators } from './lazy-validation.ts';
import { Holdings } from './limits.ts';
import { jsonLogOptions, logFailure, logRequests, logServerLines } from './log.ts';
import { subscriberOf } from './network.ts';
import { type OnlineLimits, registerOnline } from './online.ts';
import { type PreloadsOf, preloadLinks, readPreloads } from './page-preloads.ts';
import { HOME_ONLY_SCRIPT_HASH, type PrerenderedOf, readPrerendered, withMarkup } from './prerendered.ts';
import { STORE_UNAVAILABLE } from './room.ts';
import { Intake, RESTARTING, type StopSettings, stopServer } from './stop.ts';
import { type GameStore, RulesChanged, STORE_OUT_OF_DISK, StoreOutOfDisk, StoreUnavailable } from './store.ts';

/**
 * The web server: the built app as static files (online play extends it in a later issue).
 * Responses are compressed; hashed build assets are cached for good, the page itself revalidated;
 * every answer carries the security headers; errors are pages for people and JSON for programs.
 */

/** Vite names build assets by content hash: a name never changes meaning, so browsers may keep it. */
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.\w+$/;

/**
 * The app loads only its own scripts, styles and workers (inline styles: Preact sets style
 * attributes; one inline script, by its hash: prerendered.ts); no frames, no plugins, no other origins.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': `default-src 'self'; script-src 'self' ${HOME_ONLY_SCRIPT_HASH}; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** Longest request line and headers accepted; a game's address keeps its moves in the fragment, never sent. */
const MAX_HEADER_BYTES = 16 * 1024;

/** What one client may hold of the server's connections, and for how long a request may take to arrive. */
export interface ConnectionLimits {
  /** Connections (HTTP and WebSocket) one address may hold at once. */
  readonly connectionsPerAddress?: number;
  /** How long a request's line and headers may take to arrive; the connection is closed after it. */
  readonly headersTimeoutMs?: number;
  /** How long a whole request, body included, may take to arrive. */
  readonly requestTimeoutMs?: number;
  /**
   * The addresses of proxies in front (HEXARENA_TRUST_PROXY, comma-separated): their
   * X-Forwarded-For names the client, whose address the per-address allowances count.
   */
  readonly trustProxy?: readonly string[];
}

/**
 * A browser opens about six connections to a site and one WebSocket per game it shows; a household or
 * a school behind one address opens a few times that. Behind a proxy every client has the proxy's
 * address: set the cap there (docs/protocol.md).
 */
export const DEFAULT_CONNECTION_LIMITS: Required<ConnectionLimits> = {
  connectionsPerAddress: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  trustProxy: [],
};

/** How each server made here stops gracefully (a Fastify instance is a thenable: it carries no extra field through `await`). */
const stoppers = new WeakMap<FastifyInstance, (settings?: StopSettings) => Promise<void>>();

/**
 * Stops a server made by createHttpServer gracefully (stopServer in stop.ts): closes its intake,
 * finishes the writes under way, tells and closes every connection, then closes the AI threads, the
 * application and the store. What a signal to `hexarena serve` runs.
 */
export function stopGracefully(app: FastifyInstance, settings?: StopSettings): Promise<void> {
  const stop = stoppers.get(app);
  if (!stop) throw new Error('stopGracefully: not a server made by createHttpServer');
  return stop(settings);
}

export async function createHttpServer(
  staticDir: string,
  online?: { store: GameStore; readonly metricsToken?: string; readonly jsonLogs?: boolean | ((line: string) => void) } & OnlineLimits,
  connections: ConnectionLimits = {},
): Promise<FastifyInstance> {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...connections };
  // HEXARENA_LOG=json: structured logs on stderr (log.ts); the lines written before go there too.
  const toStderr = process.stderr.write.bind(process.stderr);
  const app = Fastify({
    ...(online?.jsonLogs ? jsonLogOptions(online.jsonLogs === true ? (line) => toStderr(line) : online.jsonLogs) : { logger: false }),
    routerOptions: { maxParamLength: 200 },
    // A half-sent request (slowloris) is cut off once its time is up; the timeouts are checked often
    // enough that a short one holds (Node checks every 30 s by default).
    http: {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs / 2),
    },
    requestTimeout: limits.requestTimeoutMs,
    ...(limits.trustProxy.length > 0 ? { trustProxy: [...limits.trustProxy] } : {}),
    // Bodies are checked, not coerced: `"seat": "1"` or `null` is a mistake to name, not a seat to
    // guess; and a field the schema does not know is refused, not silently dropped. The routes'
    // schemas are the code's own, not checked against JSON Schema's meta-schema at every start
    // (compiling that is a tenth of start-up); Ajv's strict mode still refuses an unknown keyword.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, validateSchema: false } },
    // Each route's validator compiled when the route is first asked (lazy-validation.ts).
    schemaController: { compilersFactory: { buildValidator: lazyValidators() } },
    clientErrorHandler: answerClientError,
  });
  if (online?.jsonLogs) {
    logRequests(app);
    logServerLines(app.log);
  }
  // While the server stops, a request on a connection already open is answered at once, and nothing of it is done.
  const intake = new Intake(app.server);
  app.addHook('onRequest', async (_request, reply) => {
    if (intake.accepting) return;
    reply.header('retry-after', '1').header('connection', 'close');
    return reply.code(503).send({ error: RESTARTING });
  });
  await serveFiles(app, staticDir);
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });
  capConnections(app, limits.connectionsPerAddress);
  const running = online ? await registerOnline(app, online.store, online, intake) : null;
  registerHealth(app, online?.store ?? null, running);
  // HEXARENA_METRICS_TOKEN: /metrics for the operator's scraper (metrics.ts); without it, no such address.
  // prom-client is loaded only then: most servers never need it.
  if (online?.metricsToken && running) {
    const { registerMetrics } = await import('./metrics.ts');
    registerMetrics(app, online.metricsToken, metricsSources(app, running.hub));
  }
  registerAppPages(app, staticDir, running?.identities ?? null);
  answerErrors(app);
  stoppers.set(app, (settings) => stopServer(intake, running?.parts ?? null, online?.store ?? null, () => app.close(), settings));
  return app;
}

/** Requests Node refuses before Fastify sees them (too long, malformed): a plain answer in words. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLong = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLong ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = tooLong
    ? `This address is longer than the server takes (${MAX_HEADER_BYTES / 1024} KB). hexarena keeps a game's moves after the # of its address, which is never sent: open the game from its record (Open a record…) instead.\n`
    : 'The server could not read this request.\n';
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The web app's files, compressed; hashed assets cached for good, the rest checked again each time. */
async function serveFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  // Brotli at quality 5, not zlib's default of 11: smaller than gzip's best in as little time, where
  // 11 held the event loop 10–25 ms for the lobby's 8 KB on every request (GET /api/games took 31–48 ms).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyStatic, {
    root: staticDir,
    // The build's own compressed copies (scripts/vite-precompress.ts), sent as they are: a file is
    // compressed once when built, not on every request (compress, above, leaves them alone).
    preCompressed: true,
    // Cache headers are set below, per kind of file.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // A compressed copy (x.js.br) is cached as the file it is a copy of.
      const url = `/${filePath
        .slice(staticDir.length)
        .replace(/\\/g, '/')
        .replace(/^\/+/, '')
        .replace(/\.(?:br|gz)$/, '')}`;
      res.setHeader('cache-control', HASHED_ASSET.test(url) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** What the online part started (registerOnline), when the server plays online. */
type Online = Awaited<ReturnType<typeof registerOnline>>;

function registerHealth(app: FastifyInstance, store: GameStore | null, online: Online | null): void {
  const hub = online?.hub;
  // Health for monitors: up (503 when the store's disk is full: the site cannot keep a move), how much
  // memory the process holds, how fast it answers moves.
  app.get('/healthz', async (_request, reply) => {
    const fullSince = store?.disk?.fullSince ?? null;
    if (fullSince !== null) reply.code(503);
    return {
      ok: fullSince === null,
      ...(fullSince === null ? {} : { store: 'out of disk', since: fullSince }),
      rss: process.memoryUsage().rss,
      ...(hub && online
        ? {
            rooms: hub.roomsHeld,
            intents: hub.latency.summary(),
            acted: hub.acted,
            relayed: hub.relayed,
            dropped: online.edge.dropped,
            waiting: waitingBytes(app),
          }
        : {}),
    };
  });
}

/**
 * The app's own pages, each served its index.html in the reader's language (`<html lang>`): the app
 * reads what to show from the path.
 */
function registerAppPages(app: FastifyInstance, staticDir: string, identities: Identities | null): void {
  const build = new BuildPages(staticDir);
  const page = (kind: ServedPage) => (request: FastifyRequest, reply: FastifyReply) => appPage(request, reply, build, kind, identities);
  // The home page's address is also the local pages' (/#analysis…): the fragment never reaches the server.
  app.get('/', page('root'));
  app.get('/index.html', page('root'));
  // An online game's address is the app's page; the app reads the id from the path.
  app.get('/g/:id', page('online'));
  // So is a player's account page.
  app.get('/account', page('account'));
  // The moderators' page: the app asks /api/mod/, which refuses anyone else.
  app.get('/mod', page('moderation'));
  app.get('/u/:name', page('profile'));
  // And the leaderboards: all of them, and one (/leaderboard/hive:blitz).
  app.get('/leaderboard', page('leaderboard'));
  app.get('/leaderboard/:perf', page('leaderboard'));
  // The games being played now, TV (every game's best, and each game's: /tv/hive), and whom you follow.
  app.get('/games', page('social'));
  app.get('/tv', page('social'));
  app.get('/tv/:game', page('social'));
  app.get('/following', page('social'));
  // The tournaments: upcoming, running and finished, and each one's page.
  app.get('/tournaments', page('tournaments'));
  app.get('/tournament/:id', page('tournament'));
  // The games database: finished games searched.
  app.get('/games/search', page('social'));
  // The engine ladder: Hive's, and one per rated game (/ladder/hex).
  app.get('/ladder', page('ladder'));
  app.get('/ladder/:game', page('ladder'));
  // Browsers ask for /favicon.ico whatever the page says.
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
}

/**
 * The build's index.html, what each page loads as it starts (page-preloads.ts) and the pages' first
 * markup (prerendered.ts), read again when index.html changes (a new build in place): the three
 * always come from the same build.
 */
class BuildPages {
  private read: { html: string; preloads: Promise<PreloadsOf>; markup: Promise<PrerenderedOf> } | null = null;
  constructor(private readonly staticDir: string) {}

  async page(kind: ServedPage, language: string): Promise<string> {
    const html = await readFile(path.join(this.staticDir, 'index.html'), 'utf8');
    if (this.read?.html !== html) this.read = { html, preloads: readPreloads(this.staticDir), markup: readPrerendered(this.staticDir) };
    const markup = (await this.read.markup)(kind, language);
    const preloads = await this.read.preloads;
    // With the home page's markup, its styles apply before the first paint (drawn without them, it
    // would move when they came); not its code, which the root's other pages do not run.
    const styles = markup ? preloads('home', language).filter((file) => file.endsWith('.css')) : [];
    const files = preloads(kind, language).filter((file) => !styles.includes(file));
    const links = preloadLinks(files) + preloadLinks(styles, 'apply');
    return withMarkup(links ? html.replace('</head>', `${links}</head>`) : html, markup);
  }
}

/**
 * The app's page with `<html lang>` set: a signed-in player's chosen language (marked chosen, so the
 * app keeps it over the browser's), else the first of the browser's (Accept-Language) that the site
 * speaks, else English. The app loads that language's words alone.
 */
async function appPage(
  request: FastifyRequest,
  reply: FastifyReply,
  build: BuildPages,
  kind: ServedPage,
  identities: Identities | null,
): Promise<string> {
  // The store away or a stale cookie: the browser's languages still choose.
  const chosen = (await identities?.of(request).catch(() => null))?.account.language;
  const lang = isLocale(chosen) ? chosen : negotiate(acceptedLanguages(request.headers['accept-language']));
  const html = await build.page(kind, lang);
  void reply.header('vary', 'Accept-Language, Cookie').header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  return html.replace(/<html lang="[^"]*">/, `<html lang="${lang}"${isLocale(chosen) ? ' data-lang-chosen=""' : ''}>`);
}

/** Errors answered in words, as JSON or a page as the client accepts: not found, the store away, a server error. */
function answerErrors(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    answerError(reply, request.headers.accept, 404, 'Not found', `There is nothing at ${request.url.slice(0, 200)}.`),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The database is away for a moment: nothing changed, and the request may be made again.
    if (error instanceof StoreOutOfDisk) return answerError(reply, request.headers.accept, 503, 'Out of disk', STORE_OUT_OF_DISK);
    if (error instanceof RulesChanged) return answerError(reply, request.headers.accept, 409, 'Rules changed', error.message);
    if (error instanceof StoreUnavailable) {
      reply.header('retry-after', '1');
      return answerError(reply, request.headers.accept, 503, 'Try again', STORE_UNAVAILABLE);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) logFailure(request.log, error);
    const message = status >= 500 ? 'Something went wrong on the server.' : error.message;
    return answerError(reply, request.headers.accept, status, status >= 500 ? 'Server error' : 'Bad request', message);
  });
}

/**
 * One address holds at most `cap` connections: past it a new one is answered 429 and closed before
 * anything of it is read, so one client cannot take every socket the server has.
 */
function capConnections(app: FastifyInstance, cap: number): void {
  const held = new Holdings(cap);
  const refused = new WeakSet<Socket>();
  app.server.on('connection', (socket: Socket) => {
    const release = held.take(subscriberOf(socket.remoteAddress ?? ''));
    if (release) {
      socket.once('close', release);
      return;
    }
    refused.add(socket);
    const body = `This address holds ${cap} connections to the server already: close some first.\n`;
    socket.end(
      `HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
  // A request that arrived on it before it was gone is not handled: nothing it asked for happens.
  app.addHook('onRequest', async (request, reply) => {
    if (!refused.has(request.raw.socket)) return;
    reply.hijack();
    request.raw.socket.destroy();
  });
}

/** What /metrics reads: the hub, and the server's sockets and connections. */
function metricsSources(app: FastifyInstance, hub: Online['hub']) {
  return {
    hub,
    websockets: () => app.websocketServer.clients.size,
    connections: () => new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n ?? 0))),
  };
}

/** Bytes sent on WebSockets that their clients have not taken yet (slow or stalled readers). */
function waitingBytes(app: FastifyInstance): number {
  let bytes = 0;
  for (const socket of app.websocketServer.clients) bytes += socket.bufferedAmount;
  return bytes;
}

/** An error as a small page for a browser, or `{ "error": … }` for a program. */
function answerError(reply: FastifyReply, accept: string | undefined, status: number, title: string, message: string) {
  reply.code(status);
  if (accept?.includes('text/html')) return reply.type('text/html; charset=utf-8').send(errorPage(status, title, message));
  return reply.send({ error: message });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The app's own colours (src/web/style.css's tokens, light and dark by the reader's setting), so an
 * error a browser lands on looks like the site it belongs to, not a bare white page in dark mode.
 */
const ERROR_PAGE_STYLE = `:root{color-scheme:light dark;--bg:light-dark(#f3f4f6,#14171b);--surface:light-dark(#fff,#1d2126);
--text:light-dark(#1a1d21,#e7eaee);--muted:light-dark(#535d68,#a5aeb8);--border:light-dark(#cfd5dc,#3b434c)}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);
font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:1rem;box-sizing:border-box}
main{box-sizing:border-box;max-width:32rem;width:100%;background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:1.5rem}
.status{color:var(--muted);font-size:.875rem;margin:0}h1{font-size:1.375rem;margin:.25rem 0 .5rem}
p{overflow-wrap:anywhere}a{display:inline-block;margin-top:.5rem;padding:.6rem 1rem;border-radius:8px;
background:#0072b2;color:#fff;text-decoration:none;font-weight:600}a:focus-visible{outline:3px solid light-dark(#0072b2,#6cc0f0);outline-offset:2px}`;

function errorPage(status: number, title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${status} ${escapeHtml(title)} · hexarena</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${ERROR_PAGE_STYLE}</style></head>
<body><main><p class="status">${status} · hexarena</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<a href="/">Back to hexarena</a></main></body></html>
`;
}
