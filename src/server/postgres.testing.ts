import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { makeLocalCluster, startLocalPostgres } from './local-services.ts';
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
   * Ends the server at once (an immediate shutdown, asked by a signal) and has its folder and the
   * cluster template removed by a process of their own: for a process about to be killed.
   */
  abandon(): void;
}

let template: string | undefined;
let templateDir: string | undefined;

/**
 * An empty cluster made once in this process and copied for each server after: initdb costs some
 * 2 s of CPU (9 s of a loaded machine's time), a copy a tenth of that, and a worker of the suite
 * starts several servers. Removed when the process exits.
 */
function clusterTemplate(): string {
  if (template === undefined) {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-pg-template-'));
    templateDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    makeLocalCluster(dir, { durable: false });
    template = path.join(dir, 'data');
  }
  return template;
}

/** A server of a test file's own: for a file that stops or pauses it (PostgreSQL going away is its subject). */
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
    abandon: () => {
      try {
        // The postmaster's pid is the first line of its pid file; SIGQUIT is pg_ctl's "immediate" stop.
        process.kill(Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGQUIT');
      } catch {
        // Gone already.
      }
      // Removing some 80 MB can outlast the half second vitest gives a worker before SIGKILL: rm,
      // detached, outlives it.
      spawn('rm', ['-rf', dir, ...(templateDir === undefined ? [] : [templateDir])], { detached: true, stdio: 'ignore' }).unref();
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
      // vitest ends its workers with SIGTERM (SIGKILL half a second later): no 'exit' event comes then.
      let abandoned = false;
      process.once('exit', () => {
        if (!abandoned) void server.stop();
      });
      process.once('SIGTERM', () => {
        abandoned = true;
        server.abandon();
        process.exit(143);
      });
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
