import { mkdtempSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { logBoundBytes, logBoundFor } from '../sqlite-store.ts';
import {
  CHECKPOINT_EVERY_WRITES,
  type Checkpointed,
  checkpointEvery,
  MAX_LOG_PAGES,
  threadCheckpointer,
  walCheckpoints,
} from './wal-checkpoints.ts';

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

/** A database in WAL mode on disk, as the store opens it. */
function walDatabase(): Database.Database {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-checkpoints-'));
  folders.push(dir);
  const db = new Database(path.join(dir, 'db.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 256');
  db.exec('CREATE TABLE t (n INTEGER, pad TEXT)');
  return db;
}

/** A checkpointer whose checkpoints end when the test says, with the figures it gives. */
function heldCheckpointer() {
  const runs: ((r: Checkpointed | null) => void)[] = [];
  let made = 0;
  let closed = false;
  return {
    runs,
    made: () => made,
    closed: () => closed,
    make: () => {
      made++;
      return {
        run: () => new Promise<Checkpointed | null>((resolve) => runs.push(resolve)),
        close: async () => {
          closed = true;
        },
      };
    },
  };
}

const ticks = () => new Promise((resolve) => setImmediate(resolve));

/** The writes between two checkpoints of walDatabase's log (no journal_size_limit: bounded at MAX_LOG_PAGES). */
const EVERY = checkpointEvery(MAX_LOG_PAGES);

describe("SQLite's checkpoints on a thread of their own", () => {
  it("bounds the store's log at 16 MiB, or a 64th of the disk's free space where that is less, never under 1 MiB", () => {
    const MiB = 2 ** 20;
    // A 4 MiB disk (src/server/disk.test.ts mounts one) and a small one: 1 MiB; 100 MiB free: a 64th,
    // in whole pages; a gigabyte free or more: 16 MiB.
    expect([4 * MiB, 64 * MiB, 100 * MiB, 1024 * MiB, 80 * 1024 * MiB].map(logBoundFor)).toEqual([
      MiB,
      MiB,
      Math.floor((100 * MiB) / 64 / 4096) * 4096,
      16 * MiB,
      16 * MiB,
    ]);
    // This machine's disk, asked; no folder to ask (a database in memory): the largest.
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bound-'));
    folders.push(dir);
    const disk = statfsSync(dir);
    expect(logBoundBytes(dir)).toBe(logBoundFor(disk.bavail * disk.bsize));
    expect(logBoundBytes(path.join(dir, 'none'))).toBe(16 * MiB);
  });

  it('needs nothing for a database in memory; takes checkpointing off the writer otherwise', () => {
    expect(walCheckpoints(new Database(':memory:'))).toBeNull();
    const db = walDatabase();
    const held = heldCheckpointer();
    expect(walCheckpoints(db, held.make)).not.toBeNull();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    // Nothing written yet: no thread started.
    expect(held.made()).toBe(0);
    db.close();
  });

  it('asks for a checkpoint once an eighth of the bound in writes is committed, one at a time; while the log is at half its bound, again while any are committed', async () => {
    expect(checkpointEvery(MAX_LOG_PAGES)).toBe(MAX_LOG_PAGES / 8);
    expect(checkpointEvery(64)).toBe(CHECKPOINT_EVERY_WRITES);
    const db = walDatabase();
    const held = heldCheckpointer();
    const checkpoints = walCheckpoints(db, held.make);
    if (!checkpoints) throw new Error('no checkpoints');
    checkpoints.committed(EVERY - 1);
    expect(held.runs).toHaveLength(0);
    checkpoints.committed(1);
    expect(held.runs).toHaveLength(1);
    // One under way: the writes committed meanwhile wait for it to end, then enough of them ask for the next.
    checkpoints.committed(EVERY);
    expect(held.runs).toHaveLength(1);
    held.runs[0]?.({ log: 100, checkpointed: 100 });
    await ticks();
    expect(held.runs).toHaveLength(2);
    // A small log and fewer than that committed meanwhile: they wait for more (their pages are copied once).
    checkpoints.committed(1);
    held.runs[1]?.({ log: 10, checkpointed: 9 });
    await ticks();
    expect(held.runs).toHaveLength(2);
    checkpoints.committed(EVERY - 2);
    expect(held.runs).toHaveLength(2);
    checkpoints.committed(1);
    expect(held.runs).toHaveLength(3);
    // The log at half its bound: one more write committed meanwhile is copied at once, and again,
    // until a checkpoint copies it all with nothing committed since (the log starts over).
    checkpoints.committed(1);
    held.runs[2]?.({ log: MAX_LOG_PAGES / 2, checkpointed: MAX_LOG_PAGES / 2 - 3 });
    await ticks();
    expect(held.runs).toHaveLength(4);
    checkpoints.committed(1);
    held.runs[3]?.({ log: MAX_LOG_PAGES / 2 + 1, checkpointed: MAX_LOG_PAGES / 2 + 1 });
    await ticks();
    expect(held.runs).toHaveLength(5);
    held.runs[4]?.({ log: MAX_LOG_PAGES / 2 + 2, checkpointed: MAX_LOG_PAGES / 2 + 2 });
    await ticks();
    expect(held.runs).toHaveLength(5);
    expect(held.made()).toBe(1);
    await checkpoints.close();
    expect(held.closed()).toBe(true);
    db.close();
  });

  it('holds the writer back once the log has grown past its bound, until a checkpoint begun after copies it all', async () => {
    const db = walDatabase();
    const held = heldCheckpointer();
    const checkpoints = walCheckpoints(db, held.make);
    if (!checkpoints) throw new Error('no checkpoints');
    checkpoints.committed(EVERY);
    // Behind: the writer kept writing while this one ran (the next begins at once for those writes).
    checkpoints.committed(EVERY);
    held.runs[0]?.({ log: MAX_LOG_PAGES + 10, checkpointed: MAX_LOG_PAGES });
    await ticks();
    expect(checkpoints.behind).toBe(true);
    expect(held.runs).toHaveLength(2);
    let caughtUp = false;
    void checkpoints.caughtUp().then(() => {
      caughtUp = true;
    });
    // The one under way began before the wait: it does not count.
    held.runs[1]?.({ log: MAX_LOG_PAGES + 10, checkpointed: MAX_LOG_PAGES + 10 });
    await ticks();
    expect(caughtUp).toBe(false);
    // The checkpoint begun after the wait, with no commit since: all of it copied, the log starts over.
    held.runs[2]?.({ log: MAX_LOG_PAGES + 10, checkpointed: MAX_LOG_PAGES + 10 });
    await ticks();
    expect(caughtUp).toBe(true);
    expect(checkpoints.behind).toBe(false);
    await checkpoints.close();
    db.close();
  });

  it("holds the writer back once the log's file outgrows journal_size_limit, whatever the thread has said, until the log can start over", async () => {
    const db = walDatabase();
    const limit = 64 * 4096;
    db.pragma(`journal_size_limit = ${limit}`);
    const held = heldCheckpointer();
    const checkpoints = walCheckpoints(db, held.make);
    if (!checkpoints) throw new Error('no checkpoints');
    const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
    const logBytes = () => statSync(`${db.name}-wal`).size;
    insert.run(0, 'x');
    checkpoints.committed(1);
    expect(checkpoints.behind).toBe(false);
    // A hundred pages in one commit, and no checkpoint has answered (the thread is slow): the file is past the limit.
    db.transaction(() => {
      for (let i = 1; i <= 100; i++) insert.run(i, 'x'.repeat(3000));
    })();
    checkpoints.committed(checkpointEvery(limit / 4096));
    expect(logBytes()).toBeGreaterThan(limit);
    expect(held.runs).toHaveLength(1);
    expect(checkpoints.behind).toBe(true);
    let caughtUp = false;
    void checkpoints.caughtUp().then(() => {
      caughtUp = true;
    });
    // The one under way began before the wait: it does not count, and it copied what it saw.
    held.runs[0]?.({ log: 120, checkpointed: 100 });
    await ticks();
    expect(caughtUp).toBe(false);
    expect(checkpoints.behind).toBe(true);
    // The one begun after, nothing committed meanwhile: it copies it all (done here on the writer's own connection).
    const [copied] = db.pragma('wal_checkpoint(PASSIVE)') as Checkpointed[];
    held.runs[1]?.(copied ?? null);
    await ticks();
    expect(caughtUp).toBe(true);
    // The file is still large, but the next write starts the log over and cuts the file back.
    expect(checkpoints.behind).toBe(false);
    insert.run(101, 'y');
    checkpoints.committed(1);
    expect(logBytes()).toBeLessThanOrEqual(limit);
    expect(checkpoints.behind).toBe(false);
    await checkpoints.close();
    db.close();
  });

  it('gives checkpointing back to the writer when the thread cannot checkpoint', async () => {
    const db = walDatabase();
    const held = heldCheckpointer();
    const checkpoints = walCheckpoints(db, held.make);
    if (!checkpoints) throw new Error('no checkpoints');
    checkpoints.committed(EVERY);
    held.runs[0]?.(null);
    await ticks();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(256);
    checkpoints.committed(10 * EVERY);
    expect(held.runs).toHaveLength(1);
    await expect(checkpoints.caughtUp()).resolves.toBeUndefined();
    await checkpoints.close();
    db.close();
  });

  it('answers a writer that asked to catch up while the checkpoint that failed was running (a full disk)', async () => {
    const db = walDatabase();
    const held = heldCheckpointer();
    const checkpoints = walCheckpoints(db, held.make);
    if (!checkpoints) throw new Error('no checkpoints');
    checkpoints.committed(EVERY);
    // The writer, held back, asks while that checkpoint runs; then the checkpoint fails.
    let answered = false;
    const caughtUp = checkpoints.caughtUp().then(() => {
      answered = true;
    });
    held.runs[0]?.(null);
    await ticks();
    await ticks();
    // Before: the writer waited for a checkpoint that would never come, and every write after it too.
    expect(answered).toBe(true);
    await caughtUp;
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(256);
    await checkpoints.close();
    db.close();
  });

  it('leaves checkpointing to the writer when no thread can start', async () => {
    const db = walDatabase();
    const checkpoints = walCheckpoints(db, () => {
      throw new Error('no threads here');
    });
    if (!checkpoints) throw new Error('no checkpoints');
    checkpoints.committed(EVERY);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(256);
    await expect(checkpoints.caughtUp()).resolves.toBeUndefined();
    await checkpoints.close();
    db.close();
  });

  it('copies the log into the database on a worker thread, without blocking the writer', async () => {
    const db = walDatabase();
    const checkpoints = walCheckpoints(db);
    if (!checkpoints) throw new Error('no checkpoints');
    const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
    for (let i = 0; i < 200; i++) insert.run(i, 'x'.repeat(2000));
    const thread = threadCheckpointer(db.name, -1);
    const r = await thread.run();
    expect(r).not.toBeNull();
    expect(r?.log).toBeGreaterThan(50);
    expect(r?.checkpointed).toBe(r?.log);
    // Another writer's rows are there once more is written: the log started over from its beginning.
    insert.run(1000, 'y');
    const again = await thread.run();
    expect(again?.log).toBeLessThan(r?.log as number);
    await thread.close();
    await checkpoints.close();
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 201 });
    db.close();
  });
});
