import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeLocalCluster, startLocalPostgres } from './local-services.ts';
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

let template: string | undefined;

/**
 * An empty cluster made once in this process and copied for each server after: initdb costs some
 * 2 s of CPU (9 s of a loaded machine's time), a copy a tenth of that, and a worker of the suite
 * starts several servers. Removed when the process exits.
 */
function clusterTemplate(): string {
  if (template === undefined) {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-pg-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    makeLocalCluster(dir, { durable: false });
    template = path.join(dir, 'data');
  }
  return template;
}

export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-pg-'));
  // Owner and modes kept (-a): the copy is the postgres user's as the template is.
  execFileSync('cp', ['-a', clusterTemplate(), path.join(dir, 'data')]);
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
