import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type BackupKind, BackupProblem, backupKindOf, backupSqlite, restoreSqlite } from '../../server/backup.ts';
import { displayPath, makeFolder } from '../files.ts';
import { type CliIo, UsageError } from '../io.ts';

/**
 * `hexarena backup FILE` and `hexarena restore FILE` (docs/operations.md): the store `serve` uses —
 * PostgreSQL when `--db` or DATABASE_URL names it, else the SQLite file in `--data` (./data) — copied
 * while the server serves, and put back in a folder or database of its own.
 */

export interface BackupFlags {
  readonly data?: string;
  readonly db?: string;
}

export interface RestoreFlags extends BackupFlags {
  readonly replace?: boolean;
}

/** The PostgreSQL address named by --db or DATABASE_URL, or null for the SQLite store. */
function postgresUrl(flags: BackupFlags): string | null {
  const url = flags.db ?? process.env.DATABASE_URL;
  if (url === undefined || url === '') return null;
  if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError(`--db: expected a postgres://… address, got "${url.slice(0, 80)}"`);
  return url;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** A BackupProblem is the command's failure, in its words (exit code 1). */
async function inWords<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof BackupProblem) throw new Error(e.message);
    throw e;
  }
}

export async function backupCommand(io: CliIo, file: string, flags: BackupFlags): Promise<void> {
  const out = path.resolve(io.cwd, file);
  const shown = displayPath(io, out);
  const url = postgresUrl(flags);
  const started = performance.now();
  if (url !== null) {
    const { backupPostgres } = await import('../../server/pg-backup.ts');
    const { bytes } = await inWords(() => backupPostgres(url, out, shown));
    io.stdout(`backed up the PostgreSQL store to ${shown} (${megabytes(bytes)}, pg_dump's custom format)\n`);
    return;
  }
  const dataDir = path.resolve(io.cwd, flags.data ?? 'data');
  const s = await inWords(() => backupSqlite(dataDir, out, shown, displayPath(io, dataDir)));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  io.stdout(
    `backed up ${s.games} games and ${s.moves} moves from ${displayPath(io, dataDir)} to ${shown} (${megabytes(s.bytes)}, checked, in ${seconds} s)\n`,
  );
}

/** How the kind of a backup and the kind of the store named must agree: a store never changes database here. */
function mismatch(kind: BackupKind, toPostgres: boolean, shown: string): string | null {
  if (kind === 'postgres' && !toPostgres)
    return `${shown} is a PostgreSQL dump: restore it into a database with --db postgres://… (or DATABASE_URL)`;
  if (kind === 'sqlite' && toPostgres) return `${shown} is a SQLite store: restore it into a data folder with --data DIR, without --db`;
  return null;
}

export async function restoreCommand(io: CliIo, file: string, flags: RestoreFlags): Promise<void> {
  const from = path.resolve(io.cwd, file);
  const shown = displayPath(io, from);
  const url = postgresUrl(flags);
  const kind = await inWords(() => backupKindOf(from, shown));
  const wrong = mismatch(kind, url !== null, shown);
  if (wrong !== null) throw new UsageError(wrong);
  const replace = flags.replace ?? false;
  if (url !== null) {
    const { restorePostgres } = await import('../../server/pg-backup.ts');
    const keep = `${from}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const { replaced } = await inWords(() => restorePostgres(from, url, { replace, now: Date.now(), keep, shown }));
    io.stdout(
      `restored ${shown} into the PostgreSQL store${replaced ? ` (the database as it was is dumped to ${displayPath(io, replaced)})` : ''}\n`,
    );
    return;
  }
  const dataDir = path.resolve(io.cwd, flags.data ?? 'data');
  const made = !existsSync(dataDir);
  makeFolder(io, dataDir);
  const s = await inWords(() =>
    restoreSqlite(from, dataDir, { replace, now: Date.now(), shown, shownDir: displayPath(io, dataDir) }),
  ).catch((e: unknown) => {
    // A folder made for a restore that failed is not left behind.
    if (made) rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  io.stdout(
    `restored ${s.games} games and ${s.moves} moves into ${displayPath(io, dataDir)}${s.replaced ? ` (the store it replaced is kept as ${displayPath(io, s.replaced)})` : ''}; \`hexarena serve\` brings its schema up to date as it starts\n`,
  );
}
