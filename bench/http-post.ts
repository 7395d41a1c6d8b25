import http from 'node:http';

/**
 * A lean JSON POST for load generators: node:http, each request on a connection of its own. fetch
 * costs the generator several times the CPU, and the generator shares the machine with the server it
 * measures.
 *
 * Never a kept-alive connection: a pool shared between runs handed the next run connections the
 * server had closed while idle (about 100 of 1,000 games broke off on `read ECONNRESET` in a second
 * run), and within a run a table's connection idles through its game (tens of seconds at 1,000
 * tables) past the server's keep-alive timeout, and its next POST raced the server's close. A game
 * makes two WebSocket connections anyway; two more on loopback are what a player's browser opening a
 * page makes.
 */
export interface JsonPoster {
  /** POSTs `body` as JSON from local address `from` (any of 127.0.0.0/8 on loopback). */
  post(url: string, body: unknown, from?: string): Promise<Record<string, unknown>>;
  /** Closes every connection of this poster still open (requests under way included). */
  close(): void;
}

export function jsonPoster(): JsonPoster {
  const agent = new http.Agent({ keepAlive: false });
  const post = (url: string, body: unknown, from?: string): Promise<Record<string, unknown>> => {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          ...(from ? { localAddress: from } : {}),
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>);
            } catch (e) {
              reject(e);
            }
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  };
  return { post, close: () => agent.destroy() };
}
