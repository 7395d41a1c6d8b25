import { closeSync, fdatasync, openSync } from 'node:fs';
import type BetterSqlite from 'better-sqlite3';

/**
 * SQLite's commits made durable off the event loop. With `synchronous = FULL` every COMMIT fsyncs the
 * write-ahead log before it returns, and better-sqlite3 runs it on the event loop: on a disk where an
 * fsync takes milliseconds the whole server stood still for it, once per tick. Here SQLite commits
 * with `synchronous = NORMAL` (in WAL mode: the log written, not synced; checkpoints still sync the
 * log before copying it and the database after), and the log is fdatasync'ed on libuv's thread pool:
 * a write is acknowledged only once an fdatasync begun after its COMMIT has returned, so what is
 * acknowledged is on the disk exactly as with FULL, and the commits that arrive meanwhile share the
 * next one (PostgreSQL's group commit). Reads may see a commit a moment before it is acknowledged;
 * nothing is answered on it, and a later commit is never durable without the earlier ones (one log).
 */
export interface LogSync {
  /** Resolves once everything committed before the call is on the disk. */
  durable(): Promise<void>;
  /** Waits for the syncs under way and lets the log's file go. */
  close(): Promise<void>;
}

/** fs.fdatasync's shape. */
type Datasync = (fd: number, done: (e: NodeJS.ErrnoException | null) => void) => void;

/**
 * The log's sync for `raw`, or null when its commits are durable as they return (no log file: a
 * test's memory database). `datasync`: fs.fdatasync, or a test's.
 */
export function logSync(raw: BetterSqlite.Database, datasync: Datasync = fdatasync): LogSync | null {
  if (raw.memory || raw.pragma('journal_mode', { simple: true }) !== 'wal') return null;
  raw.pragma('synchronous = NORMAL');
  const file = `${raw.name}-wal`;
  let fd: number | null = null;
  let syncing: Promise<void> | null = null;
  let waiting: { done: () => void; fail: (e: unknown) => void }[] = [];
  const sync = (): void => {
    try {
      // The log exists once the database has been written in WAL mode; SQLite keeps the same file
      // (truncated, rewritten from its start) while a connection is open.
      fd ??= openSync(file, 'r');
    } catch (e) {
      for (const w of waiting) w.fail(e);
      waiting = [];
      return;
    }
    const group = waiting;
    waiting = [];
    syncing = new Promise<void>((settled) =>
      datasync(fd as number, (e) => {
        syncing = null;
        for (const w of group) e ? w.fail(e) : w.done();
        if (waiting.length > 0) sync();
        settled();
      }),
    );
  };
  return {
    durable() {
      return new Promise<void>((done, fail) => {
        waiting.push({ done, fail });
        if (syncing === null) sync();
      });
    },
    async close() {
      while (syncing !== null) await syncing;
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
