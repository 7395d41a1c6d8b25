import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { untilReady } from '../local-services.ts';
import { freePort } from '../online.testing.ts';
import { isLoopbackHost, originWarning } from './origin.ts';

describe('the start-up warning about HEXARENA_ORIGIN', () => {
  it('is said when the server listens beyond loopback with no origin set, naming what to set', () => {
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.20', '2001:db8::7', 'hexarena.example']) {
      expect(isLoopbackHost(host), host).toBe(false);
      const warning = originWarning(host, []);
      expect(warning, host).toContain(`listens on ${host}`);
      expect(warning).toMatch(/HEXARENA_ORIGIN is not set/);
      expect(warning).toMatch(/Set HEXARENA_ORIGIN to the address players open \(HEXARENA_ORIGIN=https:\/\/hexarena\.example/);
    }
  });

  it('is not said on loopback, nor once an origin is set', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.3.4.5', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
      expect(originWarning(host, []), host).toBeNull();
    }
    expect(originWarning('0.0.0.0', ['https://hexarena.example'])).toBeNull();
  });
});

describe('hexarena serve', () => {
  /** What `hexarena serve --host <host>` logs once it listens, HEXARENA_ORIGIN set to `origin` (or unset). */
  async function startUpLog(host: string, origin?: string): Promise<string> {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-origin-'));
    const web = path.join(dir, 'web');
    mkdirSync(web);
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>hexarena</title>');
    const env: Record<string, string | undefined> = { ...process.env, HEXARENA_WEB_DIST: web };
    if (origin === undefined) delete env.HEXARENA_ORIGIN;
    else env.HEXARENA_ORIGIN = origin;
    const bin = fileURLToPath(new URL('../../../bin/hexarena.js', import.meta.url));
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'serve', '--port', String(port), '--host', host, '--data', dir], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d: Buffer) => (log += d.toString()));
    // Everything it wrote is read once its pipes close.
    const closed = new Promise((resolve) => child.once('close', resolve));
    const kill = await untilReady(child, 'hexarena is at', 'server');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await kill();
    await closed;
    rmSync(dir, { recursive: true, force: true });
    return log;
  }

  it('says at start-up, listening on every address with no HEXARENA_ORIGIN, what to set; not on loopback, nor with it set', async () => {
    expect(await startUpLog('0.0.0.0')).toMatch(
      /listens on 0\.0\.0\.0, beyond this machine, and HEXARENA_ORIGIN is not set.*Set HEXARENA_ORIGIN/s,
    );
    expect(await startUpLog('127.0.0.1')).not.toMatch(/HEXARENA_ORIGIN/);
    expect(await startUpLog('0.0.0.0', 'http://hexarena.example')).not.toMatch(/HEXARENA_ORIGIN/);
  });
});
