import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalRedis } from './local-services.ts';
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
  const redis = await startLocalRedis(dir, port ?? (await freePort()));
  return {
    url: redis.url,
    port: redis.port,
    stop: async () => {
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
