import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Writes only from the site's own pages: a browser sends Origin (and Sec-Fetch-Site) with every
 * request that changes something, and another site's page that posts to us — with our cookie, as
 * browsers send it — is refused before any handler runs. Programs (bots, scripts, curl) send
 * neither header and are judged by their tokens instead. WebSocket upgrades are checked the same
 * way, since a socket carries the session too.
 */

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins the site is served from: the configured ones, else the one the request was addressed to. */
function ownOrigins(request: FastifyRequest, configured: readonly string[]): readonly string[] {
  return configured.length > 0 ? configured : [`${request.protocol}://${request.host}`];
}

/** Why a browser's request comes from elsewhere, or null when it is the site's own (or no browser's). */
export function foreignOrigin(request: FastifyRequest, configured: readonly string[]): string | null {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `a ${site} request`;
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  return ownOrigins(request, configured).includes(origin) ? null : `a request from ${origin.slice(0, 100)}`;
}

export function guardOrigins(app: FastifyInstance, configured: readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    if (SAFE.has(request.method) && !upgrade) return;
    const foreign = foreignOrigin(request, configured);
    if (foreign === null) return;
    return reply.code(403).send({ error: `${foreign} may not change anything here: use hexarena's own pages` });
  });
}

/** Whether `host`, as the server is told to listen on it, is reachable from this machine alone. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * What the start-up log says when the server listens beyond loopback with no HEXARENA_ORIGIN: it then
 * takes each request's own Host for the site's origin, which whoever points a name at the server
 * chooses (DNS rebinding), and session cookies are not Secure. Null when there is nothing to say.
 */
export function originWarning(host: string, configured: readonly string[]): string | null {
  if (configured.length > 0 || isLoopbackHost(host)) return null;
  return (
    `warning: hexarena listens on ${host}, beyond this machine, and HEXARENA_ORIGIN is not set: the origin each ` +
    "request names is taken for the site's own. Set HEXARENA_ORIGIN to the address players open " +
    '(HEXARENA_ORIGIN=https://hexarena.example; several, comma-separated): writes and sockets from any other ' +
    'origin are then refused, and an https:// origin makes session cookies Secure.'
  );
}
