import type BetterSqlite from 'better-sqlite3';
import {
  type Compilable,
  createQueryId,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
  sql,
} from 'kysely';
import { type DiskState, StoreOutOfDisk, StoreUnavailable } from './failures.ts';
import { logSync } from './log-sync.ts';
import type { Database } from './schema.ts';
import { type WalCheckpoints, walCheckpoints } from './wal-checkpoints.ts';

/**
 * The one door of both stores to their database: a typed query builder over the schema, and writes
 * made durable in groups. Every store concern (stores/*.ts) is written once against it; what differs
 * between SQLite and PostgreSQL is asked of `dialect` where a concern must (locking, upserts' words).
 */

export type Dialect = 'sqlite' | 'postgres';

/** A query builder, inside a write's transaction or not. */
export type Db = Kysely<Database>;

export interface SqlDb {
  readonly dialect: Dialect;
  /** Reads, and on PostgreSQL single statements that are their own transaction. */
  readonly db: Db;
  /** A read, its failures said as the store says them (StoreUnavailable: try again). */
  read<T>(op: (db: Db) => Promise<T>): Promise<T>;
  /**
   * A write, all of it or nothing, resolved once durable. On SQLite the writes that arrive while the group
   * before commits and syncs share one transaction (one fsync), each in a savepoint of its own, so one that fails is undone alone; on
   * PostgreSQL each is a transaction of its own (the server groups commits itself).
   */
  write<T>(op: (trx: Db) => Promise<T>): Promise<T>;
  /**
   * Old versions of pages gone from the disk (an account's deletion): on SQLite the write-ahead log,
   * which still holds the pages as they were, copied into the database and cut to nothing; nothing to
   * do on PostgreSQL (its own log is not the store's files to read).
   */
  forgetOldPages(): Promise<void>;
  close(): Promise<void>;
}

/** better-sqlite3 with each statement prepared once: preparing costs more than running a small one. */
function preparedOnce(raw: BetterSqlite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => raw.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = raw.prepare(text) as unknown as SqliteStatement;
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * SQLite's one connection handed out first come, first served. Kysely's own lock wakes every waiter
 * at each release (all but one wait again): with hundreds of reads queued behind a tick's write, that
 * cost more than the queries. Here only the next in line is woken.
 */
class QueuedSqliteDriver extends SqliteDriver {
  private readonly queue: (() => void)[] = [];
  private held = false;

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.held) await new Promise<void>((turn) => this.queue.push(turn));
    this.held = true;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.queue.shift();
    if (next) next();
    else this.held = false;
  }
}

class QueuedSqliteDialect extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver({ database: this.database });
  }
}

/** Why SQLite refused a commit: the disk (nothing written; it may be sent again), or the request. */
export function sqliteFailure(e: unknown, disk: DiskState): unknown {
  const code = (e as { code?: string }).code ?? '';
  const full = /^SQLITE_FULL|^SQLITE_IOERR_(WRITE|SHMSIZE|TRUNCATE)/.test(code);
  if (full) disk.full(Date.now());
  if (full) return new StoreOutOfDisk(e);
  return /^SQLITE_(BUSY|LOCKED|IOERR)/.test(code) ? new StoreUnavailable(e) : e;
}

interface Waiting {
  readonly op: (trx: Db) => Promise<unknown>;
  readonly done: (value: unknown) => void;
  readonly fail: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A failed fdatasync of the log: a full disk said as one, anything else as a store that did not answer. */
function syncFailure(e: unknown, disk: DiskState): unknown {
  const code = (e as { code?: string }).code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return new StoreUnavailable(e);
  disk.full(Date.now());
  return new StoreOutOfDisk(e);
}

/** The words of a group's transaction, prepared once (through the builder each cost a compile a write). */
function transactionWords(raw: BetterSqlite.Database) {
  const [begin, savepoint, release, rollbackTo, commit] = ['BEGIN', 'SAVEPOINT w', 'RELEASE w', 'ROLLBACK TO w', 'COMMIT'].map((text) =>
    raw.prepare(text),
  ) as [BetterSqlite.Statement, BetterSqlite.Statement, BetterSqlite.Statement, BetterSqlite.Statement, BetterSqlite.Statement];
  return { begin, savepoint, release, rollbackTo, commit };
}

/**
 * The writes of a group in one transaction, each in a savepoint of its own (one that fails is undone
 * alone): each one's outcome, once committed. Throws when the transaction as a whole fails. The
 * words are said on the connection the group holds, straight to better-sqlite3.
 */
async function commitGroup(
  db: Db,
  raw: BetterSqlite.Database,
  words: ReturnType<typeof transactionWords>,
  group: readonly Waiting[],
  checkpoints: WalCheckpoints | null,
) {
  const outcomes: Outcome[] = [];
  // BEGIN and COMMIT said here, not by the builder's transaction: when a commit fails for want of
  // disk SQLite has rolled back already, and a second ROLLBACK would hide why.
  await db.connection().execute(async (trx) => {
    // The checkpoints fell behind a writer that never paused: this group waits, so the log can start
    // over. Asked here, where the groups' transactions take their turns on the one connection, so
    // that every group sees the log as the one before left it: it outgrows its bound by one group at most.
    if (checkpoints?.behind) await checkpoints.caughtUp();
    words.begin.run();
    try {
      for (const w of group) {
        words.savepoint.run();
        try {
          outcomes.push({ ok: true, value: await w.op(trx) });
          words.release.run();
        } catch (error) {
          words.rollbackTo.run();
          words.release.run();
          outcomes.push({ ok: false, error });
        }
      }
      words.commit.run();
      // Told before the next group's turn, which reads `behind` from it.
      checkpoints?.committed(group.length);
    } catch (e) {
      if (raw.inTransaction) raw.exec('ROLLBACK');
      throw e;
    }
  });
  return outcomes;
}

/**
 * SQLite's write-ahead log copied into the database and cut to nothing (SqlDb.forgetOldPages). A
 * checkpoint of the thread's under way holds SQLite's checkpoint lock: TRUNCATE then answers busy (or
 * fails as busy) and cuts nothing, and is tried again once that checkpoint has ended.
 */
function oldPagesForgetter(db: Db, disk: DiskState, checkpoints: WalCheckpoints | null): () => Promise<void> {
  return async () => {
    for (let tries = 1; ; tries++) {
      const cut = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db).then(
        (r) => r.rows[0]?.busy === 0,
        (e: unknown) => {
          if ((e as { code?: unknown }).code === 'SQLITE_BUSY') return false;
          throw sqliteFailure(e, disk);
        },
      );
      if (cut) return;
      if (tries >= 20) throw new Error('SQLite could not cut its write-ahead log: a checkpoint kept it busy');
      if (checkpoints) await checkpoints.caughtUp();
      else await new Promise<void>((turn) => setImmediate(turn));
    }
  };
}

/**
 * SQLite through better-sqlite3 (already opened and migrated by the store), its writes grouped a tick
 * at a time and acknowledged once the log is on the disk (stores/log-sync.ts), the log checkpointed
 * into the database on a thread of its own (stores/wal-checkpoints.ts).
 */
export function sqliteDb(raw: BetterSqlite.Database, disk: DiskState): SqlDb {
  const db: Db = new Kysely<Database>({ dialect: new QueuedSqliteDialect(preparedOnce(raw)) });
  const log = logSync(raw);
  const checkpoints = walCheckpoints(raw);
  const words = transactionWords(raw);
  let batch: Waiting[] = [];
  // A group's commit and its log's sync under way, or scheduled: the writes that arrive meanwhile
  // wait and go as the next group, once it is durable. While the disk syncs, the groups grow
  // instead of committing every tick: fewer commits write the pages many moves share once
  // (a COMMIT costs more than the statements of a small group), and a write waits no longer — a
  // sync begun after its commit was always what it waited for.
  let scheduled = false;
  let committing: Promise<void> = Promise.resolve();
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      committing = commit().finally(() => {
        scheduled = false;
        if (batch.length > 0) schedule();
      });
    });
  };
  async function commit(): Promise<void> {
    const group = batch;
    batch = [];
    if (group.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = await commitGroup(db, raw, words, group, checkpoints);
    } catch (e) {
      const failure = sqliteFailure(e, disk);
      for (const w of group) w.fail(failure);
      return;
    }
    try {
      await log?.durable();
    } catch (e) {
      const failure = syncFailure(e, disk);
      for (const w of group) w.fail(failure);
      return;
    }
    disk.written();
    for (const [i, w] of group.entries()) {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) w.done(outcome.value);
      else w.fail(outcome.error);
    }
  }
  return {
    dialect: 'sqlite',
    db,
    read: (op) => op(db),
    write<T>(op: (trx: Db) => Promise<T>): Promise<T> {
      return new Promise<T>((done, fail) => {
        batch.push({ op, done: done as (value: unknown) => void, fail });
        schedule();
      });
    },
    forgetOldPages: oldPagesForgetter(db, disk, checkpoints),
    // Writes still waiting for their group are committed first; the store closes its own handle after.
    async close() {
      while (scheduled) {
        await committing;
        if (scheduled) await new Promise<void>((turn) => setImmediate(turn));
      }
      await commit();
      await checkpoints?.close();
      await log?.close();
    },
  };
}

/** A value's place in a statement compiled once (see compiledOnce). */
class StandIn {
  constructor(readonly key: string) {}
}

/**
 * The texts of the statements that run again and again with other values (compiledOnce's, the move
 * path's): PostgreSQL's connections prepare them once each, by name (stores/pg-db.ts), where any
 * other text is parsed and planned each time it runs. A text's name is its order here.
 */
const repeated = new Map<string, string>();

/** Marks `text` as one that runs again and again (see `repeated`); returns it. */
export function repeatedStatement(text: string): string {
  if (!repeated.has(text)) repeated.set(text, `hexarena_${repeated.size}`);
  return text;
}

/** The name `text` is prepared under, or undefined when it is not one of the repeated statements. */
export const repeatedName = (text: string): string | undefined => repeated.get(text);

/** A statement compiled once, run with `values` in its places. */
export type CompiledOnce<V> = (db: Db, values: V) => Promise<QueryResult<unknown>>;

/**
 * A statement of one shape, built by the query builder and compiled the first time it runs; later
 * runs put their values in the compiled statement's places, without the builder and the compiler,
 * which cost more than SQLite takes to run a small statement. `build` is given stand-ins for the
 * values: it places them, never reads them (a shape that depends on a value is a statement of its
 * own). Either dialect: the places are the compiled parameters, `?` or `$n`.
 */
export function compiledOnce<V extends Record<string, unknown>>(build: (db: Db, values: V) => Compilable<unknown>): CompiledOnce<V> {
  type Made = { sql: string; query: RootOperationNode; parameters: readonly unknown[]; places: readonly (string | null)[] };
  // One compiled statement a dialect (its adapter's class): a process may hold stores of both.
  const made = new Map<unknown, Made>();
  return (db, values) => {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = made.get(dialect);
    if (compiled === undefined) {
      const standIns = Object.fromEntries(Object.keys(values).map((key) => [key, new StandIn(key)])) as unknown as V;
      const { sql, query, parameters } = build(db, standIns).compile();
      compiled = { sql: repeatedStatement(sql), query, parameters, places: parameters.map((p) => (p instanceof StandIn ? p.key : null)) };
      made.set(dialect, compiled);
    }
    const { sql, query, places } = compiled;
    const parameters = compiled.parameters.map((p, i) => {
      const key = places[i];
      return key === null || key === undefined ? p : values[key];
    });
    return db.executeQuery({ sql, query, queryId: createQueryId(), parameters });
  };
}

/** The rows a statement compiled once changed (an update's, an insert's). */
export const rowsChanged = (r: QueryResult<unknown>): number => Number(r.numAffectedRows ?? 0n);

/** A row's key taken by a write at the same moment (PostgreSQL's 23505, SQLite's constraint): the later may go again. */
export const keyTaken = (e: unknown): boolean => {
  const code = (e as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};
