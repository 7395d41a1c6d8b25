import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type BetterSqlite from 'better-sqlite3';

/**
 * SQLite's checkpoints (the write-ahead log copied into the database) made on a thread of their own.
 * SQLite checkpoints by itself inside the COMMIT that fills the log past `wal_autocheckpoint` pages:
 * on the event loop, with an fsync of the log and one of the database — at a thousand moves a second
 * that was a stall of tens of milliseconds several times a second, and most of the time a move
 * spent in SQLite. Here the store's connection never checkpoints (`wal_autocheckpoint = 0`); a second
 * connection on a worker thread runs PASSIVE checkpoints, which never block the writer, once enough
 * writes have been committed since the last: an eighth of the log's bound in writes (at least 16).
 * Between two, the pages the writes share (a live game's row, the last page of its moves) are
 * rewritten in the log and copied once: a checkpoint after every few writes copied nearly every page
 * as often as it was written, with two fsyncs each time (in-process, 1,000 games: 86–101 µs of CPU a
 * move against 52–54). Once the log holds half its bound, checkpoints follow one another while
 * anything is committed, until one copies it all with nothing committed meanwhile: SQLite then starts
 * the log over from its beginning at the next write (and cuts the file back to `journal_size_limit`).
 * Should the thread still fall behind a writer that never pauses (the log's file grown past
 * `journal_size_limit`, or past MAX_LOG_PAGES without one), the next commit waits for a
 * checkpoint begun after the last, which copies all of it since nothing is written meanwhile: the log
 * starts over then. So the file never outgrows that limit by more than one commit's pages, however
 * slow the thread: a bound by construction, not by the thread keeping up. Durability is untouched:
 * a checkpoint copies only committed frames, and a commit is acknowledged once the log is synced
 * (log-sync.ts), never on a checkpoint.
 */
export interface WalCheckpoints {
  /**
   * `writes` were committed (told before the connection's next transaction begins): a checkpoint is
   * asked for once enough have been since the last.
   */
  committed(writes: number): void;
  /**
   * Whether the log has grown past its bound (its file larger than the database's `journal_size_limit`,
   * or a checkpoint found it past MAX_LOG_PAGES): the writer waits for `caughtUp` before its next commit.
   */
  readonly behind: boolean;
  /** Resolves once a checkpoint begun after the call has ended (whatever its outcome). */
  caughtUp(): Promise<void>;
  /** Waits for the checkpoint under way and lets the thread go. */
  close(): Promise<void>;
}

/** The fewest writes committed between two checkpoints (a write is a few pages). */
export const CHECKPOINT_EVERY_WRITES = 16;
/** Pages (4 KiB) in the log past which the writer waits for the checkpoints, where no `journal_size_limit` bounds its file: 16 MiB. */
export const MAX_LOG_PAGES = 4096;

/** What a checkpoint reports: the log's frames, and how many of them are in the database now. */
export interface Checkpointed {
  readonly log: number;
  readonly checkpointed: number;
}

/** Runs one checkpoint; resolves with its figures, or null when it failed (the next one tries again). */
export type Checkpointer = {
  run(): Promise<Checkpointed | null>;
  close(): Promise<void>;
};

/**
 * The thread's code: plain JavaScript, run from text so that it needs no file of its own in the
 * compiled CLI. A checkpoint's syncs come from `synchronous = NORMAL` (the log synced before it is
 * copied, the database after).
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
db.pragma('journal_size_limit = ' + workerData.sizeLimit);
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
`;

/**
 * Where better-sqlite3 is, for the thread to load the same: found from this module, else (bundled
 * somewhere without node_modules beside it, as a test's writer is) from the working folder.
 */
function betterSqlitePath(): string {
  try {
    return createRequire(import.meta.url).resolve('better-sqlite3');
  } catch {
    return createRequire(path.join(process.cwd(), 'package.json')).resolve('better-sqlite3');
  }
}

/** A checkpointer on a worker thread with its own connection to `file`; throws when the thread cannot start. */
export function threadCheckpointer(file: string, sizeLimit: number): Checkpointer {
  const worker = new Worker(THREAD, { eval: true, workerData: { file, sizeLimit, module: betterSqlitePath() } });
  // A store left open does not keep the process alive.
  worker.unref();
  let failed = false;
  let answer: ((r: Checkpointed | null) => void) | null = null;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (m: Checkpointed | { error: string }) => {
    const done = answer;
    answer = null;
    worker.unref();
    done?.('error' in m ? null : m);
  });
  worker.on('error', (e) => {
    // The thread is gone (it could not open the database): checkpoints are made on the writer's connection again.
    failed = true;
    process.stderr.write(`hexarena: the checkpoint thread failed (${e.message}); SQLite checkpoints as it writes again\n`);
    answer?.(null);
    answer = null;
  });
  return {
    run() {
      if (failed) return Promise.resolve(null);
      return new Promise((resolve) => {
        answer = resolve;
        // Held while it works: a stop awaiting this answer must not see the event loop empty (an unref'd
        // thread would let the process end there, mid-await: exit code 13).
        worker.ref();
        worker.postMessage('run');
      });
    },
    async close() {
      if (failed) return;
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}

/**
 * The log's bound as the database keeps it (`journal_size_limit`, read once): in pages (MAX_LOG_PAGES
 * where SQLite keeps no limit), the writes between two checkpoints for it, and whether the log's file
 * is past it now (never, where there is no limit).
 */
function logLimits(raw: BetterSqlite.Database): { boundPages: number; every: number; fileOver: () => boolean } {
  const sizeLimit = raw.pragma('journal_size_limit', { simple: true }) as number;
  const boundPages = sizeLimit > 0 ? Math.max(1, Math.floor(sizeLimit / 4096)) : MAX_LOG_PAGES;
  const logFile = `${raw.name}-wal`;
  const fileOver = () => sizeLimit > 0 && (statSync(logFile, { throwIfNoEntry: false })?.size ?? 0) > sizeLimit;
  return { boundPages, every: checkpointEvery(boundPages), fileOver };
}

/** Says that no checkpoint thread could start, and why: SQLite checkpoints as it writes from then on. */
function sayNoThread(e: unknown): void {
  process.stderr.write(`hexarena: no checkpoint thread (${e instanceof Error ? e.message : String(e)}); SQLite checkpoints as it writes\n`);
}

/** Writes committed between two checkpoints for a log bounded at `boundPages`: an eighth of it, at least CHECKPOINT_EVERY_WRITES. */
export const checkpointEvery = (boundPages: number): number => Math.max(CHECKPOINT_EVERY_WRITES, Math.floor(boundPages / 8));

/**
 * Checkpoints of `raw`'s database (a file in WAL mode) on a thread; null for a database in memory or
 * not in WAL mode (nothing to checkpoint). `checkpointer`: the thread's, or a test's.
 */
export function walCheckpoints(
  raw: BetterSqlite.Database,
  checkpointer: () => Checkpointer = () => threadCheckpointer(raw.name, raw.pragma('journal_size_limit', { simple: true }) as number),
): WalCheckpoints | null {
  if (raw.memory || raw.pragma('journal_mode', { simple: true }) !== 'wal') return null;
  const ownPages = raw.pragma('wal_autocheckpoint', { simple: true }) as number;
  raw.pragma('wal_autocheckpoint = 0');
  const { boundPages, every, fileOver: logFileTooLarge } = logLimits(raw);
  // Made at the first checkpoint: a store that writes little (a test's) never starts a thread.
  let thread: Checkpointer | null = null;
  let running: Promise<void> | null = null;
  let writes = 0;
  let log = 0;
  // A checkpoint copied the whole log and nothing was committed since: the next write starts it over
  // and cuts its file back, so the file's size says nothing until then.
  let startsOver = false;
  // Waiting for a checkpoint begun after they asked.
  let waiting: (() => void)[] = [];
  // Closed, or the thread failed: the writer's connection checkpoints as SQLite does by itself.
  let closed = false;
  const giveBack = (): void => {
    closed = true;
    log = 0;
    raw.pragma(`wal_autocheckpoint = ${ownPages}`);
  };
  const run = (): void => {
    try {
      thread ??= checkpointer();
    } catch (e) {
      sayNoThread(e);
      giveBack();
      for (const done of waiting.splice(0)) done();
      return;
    }
    const mine = waiting;
    waiting = [];
    writes = 0;
    const t = thread;
    running = t.run().then((r) => {
      running = null;
      // Copied in full with no commit since it began: the next write starts the log over.
      if (r) {
        startsOver = r.checkpointed === r.log && writes === 0;
        log = startsOver ? 0 : r.log;
      }
      // The thread could not checkpoint: the writer's own connection does from now on, so the log never grows for ever.
      else if (!closed) giveBack();
      for (const done of mine) done();
      // Given back or closed: no checkpoint will come for those who asked meanwhile (a full disk's writer waited for ever).
      if (closed) for (const done of waiting.splice(0)) done();
      // Again once enough were committed meanwhile; and, with the log at half its bound, while any
      // were: the last commits are copied too, so the log starts over at the next write before the
      // writer must wait for it (left uncopied, they would keep it growing).
      else if (waiting.length > 0 || writes >= every || (writes > 0 && log >= boundPages / 2)) run();
    });
  };
  return {
    committed(n) {
      writes += n;
      startsOver = false;
      if (!closed && running === null && writes >= every) run();
    },
    get behind() {
      return !closed && (log >= MAX_LOG_PAGES || (!startsOver && logFileTooLarge()));
    },
    caughtUp() {
      if (closed && running === null) return Promise.resolve();
      return new Promise((done) => {
        waiting.push(done);
        if (running === null) run();
      });
    },
    async close() {
      closed = true;
      while (running !== null) await running;
      await thread?.close();
      for (const done of waiting.splice(0)) done();
    },
  };
}
