import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { writeLine } from './stream-lines.ts';

describe('a streamed answer written a line at a time', () => {
  it('stops writing, rather than waiting for ever, when the client leaves with the buffer full', async () => {
    let finished: (lines: number) => void = () => undefined;
    const ended = new Promise<number>((resolve) => {
      finished = resolve;
    });
    const line = `${'x'.repeat(64 * 1024)}\n`;
    const server = createServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      let lines = 0;
      // Far more than the socket's buffers hold: the writer must wait for the client, who leaves.
      while (lines < 10_000 && (await writeLine(res, line))) lines++;
      finished(lines);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const asked = request({ host: '127.0.0.1', port, path: '/' }, (answer) => {
      // The first chunk read, then gone.
      answer.once('data', () => asked.destroy());
    });
    asked.on('error', () => undefined);
    asked.end();
    const lines = await ended;
    expect(lines).toBeLessThan(10_000);
    server.close();
  });

  it('writes every line to a client that reads them all', async () => {
    const server = createServer(async (_req, res) => {
      for (let i = 0; i < 200; i++) await writeLine(res, `${'y'.repeat(8 * 1024)}${i}\n`);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const text = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(text.trim().split('\n')).toHaveLength(200);
    server.close();
  });
});
