import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What the front door (front-door.ts) passes on and what it says itself: a request's headers as an
 * instance is to see them, and its own answers in words, on a response or on a bare socket.
 */

/** Headers of one connection, not of the request: never passed on (RFC 9110, 7.6.1). */
export const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** The client's address as the instances should count it (an IPv4 client without its IPv6 dress). */
export function clientAddress(socket: Socket): string {
  return (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
}

export function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = (headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.includes(name) && !named.includes(name)) out[name] = value;
  return out;
}

/**
 * The request's headers as an instance is to see them: the connection's own left out (but for a
 * WebSocket's upgrade), and who asked. The front door is the site's edge: what a client says of its
 * own address is replaced, never trusted.
 */
export function forwarded(req: IncomingMessage, upgrade = false): OutgoingHttpHeaders {
  const headers = withoutHopByHop(req.headers);
  if (upgrade) {
    headers.connection = 'Upgrade';
    if (req.headers.upgrade !== undefined) headers.upgrade = req.headers.upgrade;
  }
  headers['x-forwarded-for'] = clientAddress(req.socket);
  headers['x-forwarded-proto'] = 'encrypted' in req.socket ? 'https' : 'http';
  if (req.headers.host !== undefined) headers['x-forwarded-host'] = req.headers.host;
  return headers;
}

/** An answer of the front door's own, in words: a small page for a browser, `{ "error": … }` for a program. */
export function answer(req: IncomingMessage, res: ServerResponse, status: number, title: string, message: string): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const html = req.headers.accept?.includes('text/html') ?? false;
  const body = html
    ? `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${status} ${title} · hexarena</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>${title}</h1><p>${message}</p><p><a href="/">Back to hexarena</a></p>
</body></html>
`
    : JSON.stringify({ error: message });
  res.writeHead(status, {
    'content-type': html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...(status === 503 ? { 'retry-after': '1' } : {}),
  });
  res.end(body);
}

/** A whole HTTP answer written on a bare socket (before or instead of a request's own handling). */
export function rawAnswer(status: number, reason: string, type: string | null, body: string | Buffer, extra: string[] = []): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    ...(type ? [`Content-Type: ${type}`] : []),
    ...extra,
    `Content-Length: ${bytes.length}`,
    'Connection: close',
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), bytes]);
}
