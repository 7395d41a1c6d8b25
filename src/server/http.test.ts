import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, SECURITY_HEADERS } from './http.ts';

/** The web server over a real socket on loopback, serving a small build of its own. */
let app: FastifyInstance;
let base: string;
let dir: string;
const script = `export const big = ${JSON.stringify('hexarena '.repeat(2000))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-http-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>hexarena</title>');
  writeFileSync(path.join(dir, 'assets', 'index-Cml3mJu8.js'), script);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A file the build compressed (scripts/vite-precompress.ts): its copy beside it is what is sent.
  writeFileSync(path.join(dir, 'assets', 'board-Bq2mPn0x.js'), script);
  writeFileSync(path.join(dir, 'assets', 'board-Bq2mPn0x.js.br'), brotliCompressSync(`${script}// the build's copy\n`));
  app = await createHttpServer(dir);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(base + url, { headers, redirect: 'manual' });

describe('the web server', () => {
  it('compresses what is worth compressing', async () => {
    const res = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      request(`${base}/assets/index-Cml3mJu8.js`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () => resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(res.encoding).toBe('gzip');
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it('sends the build’s compressed copy of a file as it is, not compressed again', async () => {
    const res = await new Promise<{ encoding: string | undefined; cache: string | undefined; body: Buffer }>((resolve, reject) => {
      request(`${base}/assets/board-Bq2mPn0x.js`, { headers: { 'accept-encoding': 'br, gzip' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () =>
          resolve({ encoding: r.headers['content-encoding'], cache: r.headers['cache-control'], body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });
    expect(res.encoding).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(`${script}// the build's copy\n`);
    expect(res.cache).toBe('public, max-age=31536000, immutable');
    // A client that takes no compression gets the file itself.
    const plain = await get('/assets/board-Bq2mPn0x.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('keeps hashed build assets for good, and has the page revalidated', async () => {
    expect((await get('/assets/index-Cml3mJu8.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/favicon.svg')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const url of ['/', '/assets/index-Cml3mJu8.js', '/nothing-here', '/healthz']) {
      const res = await get(url);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), `${url} ${name}`).toBe(value);
    }
  });

  it('a missing page is a page for a browser and { "error" } for a program; /favicon.ico finds the icon', async () => {
    const page = await get('/nothing-here', { accept: 'text/html' });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('There is nothing at /nothing-here.');
    // Styled as the app is, light or dark by the reader's setting (not a white page in dark mode).
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toMatch(/background:var\(--bg\)/);
    expect(html).toContain('--bg:light-dark(#f3f4f6,#14171b)');
    const api = await get('/nothing-here', { accept: 'application/json' });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'There is nothing at /nothing-here.' });
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(301);
    expect(icon.headers.get('location')).toBe('/favicon.svg');
  });

  it('an address past the header limit gets 431 with what to do, in words', async () => {
    const res = await get(`/?game=hive&moves=${'wS1;'.repeat(6_000)}`);
    expect(res.status).toBe(431);
    expect(await res.text()).toMatch(/longer than the server takes \(16 KB\).*Open a record/);
  });
});
