import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BackupProblem, LIVE_MS, messageOf } from './backup.ts';

/**
 * Backups of a PostgreSQL store through PostgreSQL's own programs: `pg_dump` in its custom format
 * (one snapshot of the database, taken while the instances write on: a move is in it whole or not at
 * all), and `pg_restore` in one transaction (a dump that fails halfway leaves the database as it was).
 * A restore never writes over a hexarena store unless told to (`replace`), never while an instance
 * is running on it, and then dumps the database as it was first.
 */

/** Debian keeps each version's programs under /usr/lib/postgresql/<version>/bin; /usr/bin has wrappers of them. */
function program(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const found = path.join(root, v, 'bin', name);
      if (existsSync(found)) return found;
    }
  }
  return name;
}

/** Runs a PostgreSQL program: its output, or a BackupProblem with what it said. */
function run(name: 'pg_dump' | 'pg_restore', args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program(name), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    child.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new BackupProblem(
          e.code === 'ENOENT'
            ? `${name} is not installed: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)`
            : `${name} could not start: ${e.message}`,
        ),
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(out);
      // Its own words, without the password a connection string may carry.
      else reject(new BackupProblem(`${name} failed: ${hidePasswords(err.trim().split('\n').slice(-3).join(' '))}`));
    });
  });
}

const hidePasswords = (text: string) => text.replace(/(postgres(?:ql)?:\/\/[^:@/\s]*:)[^@\s]*@/g, '$1***@');

/** Dumps the database at `url` to `file` (a new file), checked readable by pg_restore before it is given its name. */
export async function backupPostgres(url: string, file: string, shown = file): Promise<{ bytes: number }> {
  if (existsSync(file)) throw new BackupProblem(`${shown} exists already: a backup never writes over a file, name a new one`);
  if (!existsSync(path.dirname(file))) throw new BackupProblem(`the folder of ${shown} does not exist`);
  const partial = `${file}.partial-${process.pid}`;
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`]);
    await checkDump(partial, 'the dump just made');
    renameSync(partial, file);
    return { bytes: statSync(file).size };
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
}

/** A dump pg_restore can read, of a hexarena store (its games and moves tables in it). */
async function checkDump(file: string, shown: string): Promise<void> {
  let listing: string;
  try {
    listing = await run('pg_restore', ['--list', file]);
  } catch (e) {
    throw new BackupProblem(`${shown} is damaged: ${messageOf(e)}`);
  }
  for (const table of ['games', 'moves', 'schema_migrations'])
    if (!new RegExp(`TABLE DATA \\S+ ${table} `).test(listing))
      throw new BackupProblem(`${shown} is a PostgreSQL dump but not of a hexarena store (no ${table} table in it)`);
}

/**
 * Restores the dump `file` into the database at `url`. An empty database takes it as it is; one
 * holding a hexarena store only with `replace`, when no instance is running on it, and after it has
 * been dumped to `keep`.
 */
export async function restorePostgres(
  file: string,
  url: string,
  options: { readonly replace: boolean; readonly now: number; readonly keep: string; readonly shown?: string },
): Promise<{ replaced: string | null }> {
  const shown = options.shown ?? file;
  await checkDump(file, shown);
  const held = await liveDatabase(url, options.now);
  if (held !== null && !options.replace)
    throw new BackupProblem(
      `the database holds a hexarena store already (${held.games} games): restore into an empty database, or add --replace to put the backup in its place (the database is dumped first)`,
    );
  if (held?.aliveMs !== null && held?.aliveMs !== undefined)
    throw new BackupProblem(
      `an instance is running on the database (its heartbeat is ${Math.round(held.aliveMs / 1000)} s old): stop every instance first, then restore (one that crashed counts as running for ${LIVE_MS / 1000} s after its last heartbeat)`,
    );
  if (held !== null) await backupPostgres(url, options.keep);
  await run('pg_restore', [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    ...(held !== null ? ['--clean', '--if-exists'] : []),
    `--dbname=${url}`,
    file,
  ]);
  return { replaced: held !== null ? options.keep : null };
}

/** What the database holds: null when no hexarena store; else its games and the age of a live instance's heartbeat. */
async function liveDatabase(url: string, now: number): Promise<{ games: number; aliveMs: number | null } | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (e) {
    throw new BackupProblem(`cannot reach the database: ${hidePasswords(messageOf(e))}`);
  }
  try {
    const { rows } = await client.query<{ games: string | null; beats: string | null }>(
      "SELECT to_regclass('games')::text AS games, to_regclass('heartbeats')::text AS beats",
    );
    if (rows[0]?.games === null || rows[0]?.games === undefined) return null;
    const games = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM games')).rows[0]?.n ?? 0);
    const newest =
      rows[0]?.beats === null
        ? null
        : ((await client.query<{ seen: string | null }>('SELECT max(seen) AS seen FROM heartbeats WHERE stopped = 0')).rows[0]?.seen ??
          null);
    const age = newest === null ? null : now - Number(newest);
    return { games, aliveMs: age !== null && age < LIVE_MS ? Math.max(0, age) : null };
  } finally {
    await client.end();
  }
}
