import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalPostgres } from './local-services.ts';
import { freePort } from './online.testing.ts';

/**
 * A throwaway PostgreSQL server for tests: Debian's package (scripts/ensure-packages.mjs installs it
 * before `npm test`), a cluster made in a temporary folder, listening on 127.0.0.1 only, without
 * fsync (these tests are about behaviour), stopped and removed afterwards.
 */
export interface TestPostgres {
  readonly url: string;
  /** A new empty database on this server; its address. */
  createDatabase(): Promise<string>;
  /** Stops the server, keeping its data, and starts it again on the same port. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-pg-'));
  const server = startLocalPostgres(dir, await freePort(), { durable: false });
  let databases = 0;
  return {
    url: server.url(),
    createDatabase: () => server.ensureDatabase(`test_${++databases}`),
    pause: () => server.stop('fast'),
    resume: () => server.start(),
    stop: async () => {
      try {
        server.stop('immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
