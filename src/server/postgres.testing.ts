import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './online.testing.ts';

/**
 * A throwaway PostgreSQL server for tests: Debian's package (scripts/ensure-packages.mjs installs it
 * before `npm test`), a cluster made in a temporary folder, listening on 127.0.0.1 only, stopped and
 * removed afterwards. PostgreSQL refuses to run as root: as root it runs as the package's `postgres` user.
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

function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin')).find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error("PostgreSQL's server is not installed: apt-get install postgresql (npm test's pretest does it as root)");
  return found;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binaries();
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? (Number(execFileSync('id', ['-u', 'postgres']).toString()) as number) : null;
  if (user !== null) {
    const group = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, user, group);
    chmodSync(dir, 0o700);
  }
  const run = (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, program);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args;
    const r = spawnSync(command, full, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${program} failed: ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'hexarena', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // Loopback only, the socket in the temporary folder; no fsync: these tests are about behaviour.
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  start();
  const url = `postgres://hexarena@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    url,
    createDatabase: async () => {
      const name = `test_${++databases}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return url.replace(/\/postgres$/, `/${name}`);
    },
    pause: () => run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    resume: start,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
