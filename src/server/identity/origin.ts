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
