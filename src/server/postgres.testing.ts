import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type LocalPostgres, makeLocalCluster, startLocalPostgres } from './local-services.ts';
import { freePort } from './online.testing.ts';
import { PgStore } from './pg-store.ts';

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
  /**
   * Ends the server at once (an immediate shutdown, asked by a signal) and has its folder removed by
   * a process of its own: for a process about to be killed.
   */
  abandon(): void;
}

const atEnd: (() => void)[] = [];

/**
 * Runs `cleanUp` when this process ends, however it ends: vitest ends its workers with SIGTERM
 * (SIGKILL half a second later), and no 'exit' event comes then. One handler for both, so that
 * every clean-up runs before the process exits.
 */
function whenProcessEnds(cleanUp: () => void): void {
  if (atEnd.length === 0) {
    const runAll = () => {
      for (const f of atEnd.splice(0)) f();
    };
    process.once('exit', runAll);
    process.once('SIGTERM', () => {
      runAll();
      process.exit(143);
    });
  }
  atEnd.push(cleanUp);
}

/** Removes `dir` in a process of its own, which outlives this one: some 40 MB can outlast the half second before SIGKILL. */
function removeDetached(dir: string): void {
  spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
}

let template: string | undefined;

/**
 * An empty cluster made once in this process and copied for each server after: initdb costs some
 * 2 s of CPU (9 s of a loaded machine's time), a copy a tenth of that, and a worker of the suite
 * starts several servers. Removed when the process ends.
 */
function clusterTemplate(): string {
  if (template === undefined) {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-pg-template-'));
    whenProcessEnds(() => removeDetached(dir));
    makeLocalCluster(dir, { durable: false });
    template = path.join(dir, 'data');
  }
  return template;
}

/**
 * The server on a port free a moment ago: another run of vitest on the machine (its workers take
 * ports from the same bands) may bind it first, and another port is tried then, as startServer does.
 */
async function startOnFreePort(dir: string): Promise<LocalPostgres> {
  for (let tries = 1; ; tries++) {
    try {
      return startLocalPostgres(dir, await freePort(), { durable: false });
    } catch (e) {
      const log = (() => {
        try {
          return readFileSync(path.join(dir, 'log'), 'utf8');
        } catch {
          return '';
        }
      })();
      if (tries >= 5 || !log.includes('Address already in use')) throw e;
      rmSync(path.join(dir, 'log'), { force: true });
    }
  }
}

/** A server of a test file's own: for a file that stops or pauses it (PostgreSQL going away is its subject). */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-pg-'));
  // Owner and modes kept (-a): the copy is the postgres user's as the template is.
  execFileSync('cp', ['-a', clusterTemplate(), path.join(dir, 'data')]);
  const server = await startOnFreePort(dir);
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
    abandon: () => {
      try {
        // The postmaster's pid is the first line of its pid file; SIGQUIT is pg_ctl's "immediate" stop.
        process.kill(Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGQUIT');
      } catch {
        // Gone already.
      }
      removeDetached(dir);
    },
  };
}

/** What a test file that only needs databases gets from the worker's shared server. */
export interface TestDatabases {
  /** A new empty database; its address. */
  createDatabase(): Promise<string>;
  /**
   * A new database with hexarena's schema in it, copied from one migrated once per server: for a test
   * about what a store does rather than how it migrates (a copy costs a tenth of migrating).
   */
  createMigratedDatabase(): Promise<string>;
}

let shared: Promise<{ server: TestPostgres; migrated: Promise<string> | undefined }> | undefined;
let copies = 0;

/**
 * Databases on one PostgreSQL server shared by the test files of this worker process (vitest runs
 * the files of a worker in one process, `isolate: false`): a server starts once per worker rather
 * than once per file, and goes when the process exits. Every database is new, so files share
 * nothing but the server; a file that stops or pauses PostgreSQL starts its own (startPostgres).
 */
export function sharedPostgres(): TestDatabases {
  const up = async () => {
    shared ??= startPostgres().then((server) => {
      whenProcessEnds(() => server.abandon());
      return { server, migrated: undefined };
    });
    return shared;
  };
  return {
    createDatabase: async () => (await up()).server.createDatabase(),
    createMigratedDatabase: async () => {
      const held = await up();
      held.migrated ??= migratedTemplate(held.server);
      const template = new URL(await held.migrated).pathname.slice(1);
      const name = `migrated_${++copies}`;
      const admin = new pg.Client({ connectionString: held.server.url });
      await admin.connect();
      try {
        // FILE_COPY: a small database copied file by file, not written through the WAL block by block.
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
      } finally {
        await admin.end();
      }
      return `${held.server.url.replace(/\/[^/]*$/, '')}/${name}`;
    },
  };
}

/** A database migrated by the store itself and closed (a template takes no connections while copied). */
async function migratedTemplate(server: TestPostgres): Promise<string> {
  const url = await server.createDatabase();
  await (await PgStore.open(url)).close();
  return url;
}
