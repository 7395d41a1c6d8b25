import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './online.testing.ts';

/**
 * A throwaway Redis for tests: Debian's redis-server (scripts/ensure-packages.mjs installs it before
 * `npm test`), on 127.0.0.1 only, nothing saved, in a temporary folder; `stop` ends it and removes it.
 */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export async function startRedis(port?: number): Promise<TestRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-redis-'));
  const at = port ?? (await freePort());
  const child = spawn('redis-server', ['--port', String(at), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${at}`,
    port: at,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
