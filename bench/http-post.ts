import http from 'node:http';

/**
 * A lean JSON POST for load generators: node:http over kept-alive connections. fetch costs the
 * generator several times the CPU, and the generator shares the machine with the server it measures.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
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
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
