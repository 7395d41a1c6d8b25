import { statfsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DiskState, StoreTooNew } from './store.ts';
import { CreatorTallies, type TalliedRow } from './stores/creator-tallies.ts';
import { migrations } from './stores/migrations.ts';
import { sqliteDb } from './stores/sql.ts';
import { SqlStore } from './stores/sql-store.ts';

/**
 * The embedded store: SQLite through better-sqlite3, in WAL mode, its log synced before a write is
 * acknowledged (stores/log-sync.ts), so a move is on disk before `append` resolves and a process killed at any instant loses nothing
 * it acknowledged. Migrations are numbered and applied at open.
 */

/** The store's file in a server's data folder. */
export const SQLITE_FILE = 'hexarena.sqlite';

export const MIGRATIONS = migrations('sqlite');

const MIB = 1024 * 1024;

/**
 * The write-ahead log's bound for a store in `dir`: 16 MiB, or a 64th of the disk's free space where
 * that is less, and never under 1 MiB — on a small disk the log never takes the space the games need;
 * on any other, checkpoints come seldom enough that the pages many writes share are copied once
 * (stores/wal-checkpoints.ts).
 */
export function logBoundBytes(dir: string): number {
  let free = Number.POSITIVE_INFINITY;
  try {
    const disk = statfsSync(dir);
    free = disk.bavail * disk.bsize;
  } catch {
    // No such folder (a database in memory): the largest bound; no log is kept anyway.
  }
  return logBoundFor(free);
}

/** The log's bound with `freeBytes` free on the disk, in whole pages (logBoundBytes). */
export const logBoundFor = (freeBytes: number): number => Math.floor(Math.min(16 * MIB, Math.max(MIB, freeBytes / 64)) / 4096) * 4096;

/**
 * The database file opened as the store keeps it, migrated: WAL with full synchronous commits while
 * it migrates (the store then syncs the log itself, off the event loop: stores/log-sync.ts), so a
 * write is on disk before it is acknowledged and a process killed at any instant loses nothing it acknowledged.
 */
function openSqlite(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // The log is cut back to its bound after each time it starts over, and never outgrows it by more
  // than a commit (the checkpoint thread sees to that; SQLite's own checkpoints, where no thread runs, at the bound).
  const bound = logBoundBytes(path.dirname(file));
  db.pragma(`wal_autocheckpoint = ${bound / 4096}`);
  db.pragma(`journal_size_limit = ${bound}`);
  // FULL until the store's own log sync takes over (sqliteDb): the migrations are durable when they return.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // What is deleted is overwritten, not left in free space: a deleted account's name is gone from the file.
  db.pragma('secure_delete = ON');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    db.close();
    throw new StoreTooNew(version, MIGRATIONS.length);
  }
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}

/** The live games made by someone, as the tallies count them (games_live_by_creator). */
function liveGames(db: Database.Database): TalliedRow[] {
  return db
    .prepare('SELECT id, creator, open_seats, seats FROM games WHERE termination IS NULL AND creator IS NOT NULL')
    .all() as TalliedRow[];
}

export class SqliteStore extends SqlStore {
  private readonly db: Database.Database;

  readonly disk: DiskState;

  /** `file` is a path in a folder that exists (the caller makes it), or ":memory:" for tests that need no disk. */
  constructor(file: string) {
    const disk = new DiskState(file);
    const db = openSqlite(file);
    // This process is the file's one writer: each creator's live games are counted from the file once, then kept in step.
    super(sqliteDb(db, disk), CreatorTallies.of(liveGames(db)));
    this.disk = disk;
    this.db = db;
  }

  /** The store in a data folder: `<dir>/hexarena.sqlite`. */
  static inFolder(dir: string): SqliteStore {
    return new SqliteStore(path.join(dir, SQLITE_FILE));
  }

  async close(): Promise<void> {
    await this.sqlDb.close();
    this.db.close();
  }
}
