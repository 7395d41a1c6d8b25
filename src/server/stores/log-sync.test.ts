import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { logSync } from './log-sync.ts';

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

/** A database in WAL mode on disk, as the store opens it, with one row written. */
function walDatabase(): Database.Database {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-log-sync-'));
  folders.push(dir);
  const db = new Database(path.join(dir, 'db.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (n INTEGER)');
  return db;
}

/** An fdatasync that returns only when the test says so, counting the calls. */
function heldSync() {
  const calls: ((e: NodeJS.ErrnoException | null) => void)[] = [];
  const datasync = (_fd: number, done: (e: NodeJS.ErrnoException | null) => void) => {
    calls.push(done);
  };
  return { calls, datasync };
}

describe('SQLite commits made durable off the event loop', () => {
  it('needs nothing for a database in memory, and lowers a WAL database to synchronous = NORMAL', () => {
    expect(logSync(new Database(':memory:'))).toBeNull();
    const db = walDatabase();
    expect(logSync(db)).not.toBeNull();
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    db.close();
  });

  it('acknowledges a commit only once an fdatasync begun after it returns; commits meanwhile share the next', async () => {
    const db = walDatabase();
    const { calls, datasync } = heldSync();
    const log = logSync(db, datasync);
    if (!log) throw new Error('no log');
    const acknowledged: string[] = [];
    db.exec('INSERT INTO t VALUES (1)');
    const first = log.durable().then(() => acknowledged.push('first'));
    db.exec('INSERT INTO t VALUES (2)');
    const second = log.durable().then(() => acknowledged.push('second'));
    const third = log.durable().then(() => acknowledged.push('third'));
    await Promise.resolve();
    // One sync under way (for the first); the others wait for one begun after their commits.
    expect(calls).toHaveLength(1);
    expect(acknowledged).toEqual([]);
    calls[0]?.(null);
    await first;
    expect(acknowledged).toEqual(['first']);
    expect(calls).toHaveLength(2);
    calls[1]?.(null);
    await Promise.all([second, third]);
    expect(acknowledged).toEqual(['first', 'second', 'third']);
    await log.close();
    db.close();
  });

  it('fails the commits a failed fdatasync covered, and syncs the next ones anew', async () => {
    const db = walDatabase();
    const { calls, datasync } = heldSync();
    const log = logSync(db, datasync);
    if (!log) throw new Error('no log');
    db.exec('INSERT INTO t VALUES (1)');
    const failed = log.durable();
    calls[0]?.(Object.assign(new Error('EIO'), { code: 'EIO' }));
    await expect(failed).rejects.toThrow('EIO');
    const next = log.durable();
    calls[1]?.(null);
    await expect(next).resolves.toBeUndefined();
    await log.close();
    db.close();
  });

  it('syncs the real log file', async () => {
    const db = walDatabase();
    const log = logSync(db);
    db.exec('INSERT INTO t VALUES (1)');
    await expect(log?.durable()).resolves.toBeUndefined();
    await log?.close();
    db.close();
  });
});
