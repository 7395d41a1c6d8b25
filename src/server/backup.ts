import { closeSync, constants, copyFileSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, SQLITE_FILE } from './sqlite-store.ts';

/**
 * Backups of the embedded store while the server serves, and their restore (docs/operations.md).
 *
 * A backup is SQLite's online backup (better-sqlite3's `backup`) from a connection of its own, copying
 * every page in one step: one read transaction, so in WAL mode the server's writes go on beside it and
 * the copy is the store as it was at one instant — a move is in it whole or not at all, and every move
 * acknowledged before the backup began is in it (a move is committed before it is acknowledged).
 * The copy is checked (`integrity_check`), made one self-contained file, and only then given its name.
 *
 * A restore checks the file the same way before anything else is touched, puts it in place under its
 * final name in one rename, and never writes over a store without being told to (`replace`): even
 * then it refuses a store a server is using (a heartbeat younger than LIVE_MS), and the store it
 * replaces is kept beside it.
 */

/** What a backup holds. */
export interface BackupSummary {
  readonly games: number;
  readonly moves: number;
  readonly bytes: number;
  /** The schema version it was made under (its migrations' count). */
  readonly schema: number;
}

/** The two kinds of backup: a SQLite store (one file), or PostgreSQL's custom dump format (pg_dump -Fc). */
export type BackupKind = 'sqlite' | 'postgres';

/** A backup that cannot be made or restored, said in words: the command prints it and exits with 1. */
export class BackupProblem extends Error {
  override name = 'BackupProblem';
}

/** A server whose heartbeat is younger than this is running on the store (downtime.ts beats every second). */
export const LIVE_MS = 15_000;

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const PGDMP_MAGIC = Buffer.from('PGDMP', 'latin1');

/** Which kind of backup `file` is, from its first bytes; a missing or foreign file is a BackupProblem. */
export function backupKindOf(file: string, shown = file): BackupKind {
  if (!existsSync(file)) throw new BackupProblem(`there is no backup at ${shown}`);
  if (!statSync(file).isFile()) throw new BackupProblem(`${shown} is not a file`);
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 16 && head.equals(SQLITE_MAGIC)) return 'sqlite';
  if (read >= 5 && head.subarray(0, 5).equals(PGDMP_MAGIC)) return 'postgres';
  throw new BackupProblem(`${shown} is not a hexarena backup: neither a SQLite store nor a PostgreSQL dump (pg_dump -Fc)`);
}

/** Every page in one step of the backup: one read transaction, one instant of the store. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the store of the data folder `dataDir` to `file` (a new file) while a server may be writing
 * to it; the copy checked before it is given its name.
 */
export async function backupSqlite(dataDir: string, file: string, shown = file, shownDir = dataDir): Promise<BackupSummary> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!existsSync(source))
    throw new BackupProblem(`there is no server store in ${shownDir}: name the folder \`hexarena serve\` uses with --data`);
  if (existsSync(file)) throw new BackupProblem(`${shown} exists already: a backup never writes over a file, name a new one`);
  if (!existsSync(path.dirname(file))) throw new BackupProblem(`the folder of ${shown} does not exist`);
  const partial = `${file}.partial-${process.pid}`;
  const db = openToRead(source);
  try {
    storeSchema(db, source);
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (e) {
    rmSync(partial, { force: true });
    throw e instanceof BackupProblem ? e : new BackupProblem(`the backup of ${source} failed: ${messageOf(e)}`);
  } finally {
    db.close();
  }
  try {
    const summary = checkedCopy(partial, shown, true);
    durableRename(partial, file);
    return summary;
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
}

/**
 * Puts the backup `file` in place as the store of `dataDir` (which must exist). Refuses a folder that
 * holds a store unless `replace`; with it, refuses a store a server is using, and keeps the one
 * replaced as `hexarena.sqlite.replaced-<time>`. `now` is the clock heartbeats are read against.
 */
export function restoreSqlite(
  file: string,
  dataDir: string,
  options: { readonly replace: boolean; readonly now: number; readonly shown?: string; readonly shownDir?: string },
): BackupSummary & { readonly replaced: string | null } {
  const shown = options.shown ?? file;
  const shownDir = options.shownDir ?? dataDir;
  const target = path.join(dataDir, SQLITE_FILE);
  const held = existsSync(target) ? liveStore(target, options.now) : null;
  if (held !== null && !options.replace)
    throw new BackupProblem(
      `${shownDir} holds a store already (${held.games} games): restore into a new folder, or add --replace to put the backup in its place (the store there is kept beside it)`,
    );
  if (held?.aliveMs !== null && held?.aliveMs !== undefined)
    throw new BackupProblem(
      `a server is using the store in ${shownDir} (its heartbeat is ${Math.round(held.aliveMs / 1000)} s old): stop it first, then restore (a server that crashed counts as running for ${LIVE_MS / 1000} s after its last heartbeat)`,
    );
  // Copied first, then checked: the backup itself is never opened for writing (nor given a -wal beside it).
  const partial = path.join(dataDir, `${SQLITE_FILE}.restoring-${process.pid}`);
  let summary: BackupSummary;
  try {
    copyFile(file, partial);
    summary = checkedCopy(partial, shown, false);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  let replaced: string | null = null;
  if (held !== null) {
    replaced = `${target}.replaced-${new Date(options.now).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, replaced);
    for (const side of ['-wal', '-shm']) rmSync(target + side, { force: true });
  }
  durableRename(partial, target);
  return { ...summary, replaced };
}

/**
 * A connection that only reads the store (query_only), a busy writer waited for rather than failed
 * on. Opened for writing where it may be, so that closing it, the last connection of a stopped
 * server's store, folds its log and leaves no -wal and -shm files behind; read-only where it may not.
 */
function openToRead(file: string): Database.Database {
  const db = new Database(file, { fileMustExist: true, timeout: 30_000 });
  db.pragma('query_only = ON');
  return db;
}

/** The store's schema version; a file that is no hexarena store is a BackupProblem. */
function storeSchema(db: Database.Database, shown: string): number {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('games', 'moves')").all();
  const schema = db.pragma('user_version', { simple: true }) as number;
  if (tables.length !== 2 || schema < 1) throw new BackupProblem(`${shown} is a SQLite database but not a hexarena store`);
  if (schema > MIGRATIONS.length)
    throw new BackupProblem(
      `${shown} was made by a newer hexarena (schema ${schema}; this one knows ${MIGRATIONS.length}): restore it with that version`,
    );
  return schema;
}

/**
 * Checks the copy at `file` whole (integrity_check reads every page and index), counts what it
 * holds, and makes it one self-contained file (no -wal beside it), fsynced.
 */
function checkedCopy(file: string, shown: string, ownCopy: boolean): BackupSummary {
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (e) {
    throw new BackupProblem(`${shown} cannot be read as a store: ${messageOf(e)}`);
  }
  try {
    const problems = db.pragma('integrity_check') as { integrity_check: string }[];
    const first = problems[0]?.integrity_check;
    if (first !== 'ok') throw new BackupProblem(`${shown} is damaged: ${first ?? 'no answer'}`);
    const schema = storeSchema(db, shown);
    db.pragma('journal_mode = DELETE');
    const games = (db.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;
    const moves = (db.prepare('SELECT count(*) AS n FROM moves').get() as { n: number }).n;
    db.close();
    fsyncFile(file);
    return { games, moves, bytes: statSync(file).size, schema };
  } catch (e) {
    if (db.open) db.close();
    if (e instanceof BackupProblem) throw e;
    // SQLITE_NOTADB, SQLITE_CORRUPT: the file's pages do not hold together.
    throw new BackupProblem(`${ownCopy ? 'the backup just made' : shown} is damaged: ${messageOf(e)}`);
  }
}

/**
 * The store at `file` as a restore sees it: how many games it holds, and how long ago a server that
 * has not stopped last beat (null: none within LIVE_MS).
 */
function liveStore(file: string, now: number): { games: number; aliveMs: number | null } {
  const db = openToRead(file);
  try {
    const games = (db.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;
    const hasBeats = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'heartbeats'").get() !== undefined;
    const newest = hasBeats
      ? (db.prepare('SELECT max(seen) AS seen FROM heartbeats WHERE stopped = 0').get() as { seen: number | null }).seen
      : null;
    return { games, aliveMs: newest !== null && now - newest < LIVE_MS ? Math.max(0, now - newest) : null };
  } catch (e) {
    throw new BackupProblem(`the store in ${path.dirname(file)} cannot be read: ${messageOf(e)}`);
  } finally {
    db.close();
  }
}

/** A copy of `from` at `to` (a new file), fsynced. */
function copyFile(from: string, to: string): void {
  copyFileSync(from, to, constants.COPYFILE_EXCL);
  fsyncFile(to);
}

/** Renames `from` to `to` and fsyncs the folder, so the new name survives a power cut. */
function durableRename(from: string, to: string): void {
  renameSync(from, to);
  const dir = openSync(path.dirname(to), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

function fsyncFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
