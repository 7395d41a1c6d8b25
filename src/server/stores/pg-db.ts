import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { StoreOutOfDisk, StoreUnavailable } from './failures.ts';
import type { Database } from './schema.ts';
import { type Db, repeatedName, type SqlDb } from './sql.ts';

/**
 * The door of stores/sql.ts on PostgreSQL, apart: only a server on PostgreSQL loads `pg` (a SQLite
 * server starts without it).
 */

/** PostgreSQL's BIGINT (times, counts) as numbers: every one the stores keep is far below 2^53. */
const INT8 = 20;
export const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Errors of the connection or of a server going away (SQLSTATE classes 08 and 57P, sockets refused or
 * reset): the request did not happen, or not for good, and may be made again.
 */
export function pgUnavailable(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (/^(08|57P)/.test(code) || /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/.test(code)))
    return true;
  return e instanceof Error && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message);
}

/** SQLSTATE 53100: the database server's disk is full. */
export const pgFailure = (e: unknown): unknown =>
  (e as { code?: unknown }).code === '53100' ? new StoreOutOfDisk(e) : pgUnavailable(e) ? new StoreUnavailable(e) : e;

/**
 * Each of the pool's connections prepares the repeated statements (stores/sql.ts) once, by name, and
 * then only binds and runs them: parsed and planned each time, a move's statement cost PostgreSQL
 * more than running it. The query builder passes a text and values; a repeated text goes on as a
 * named statement (pg prepares a name on a connection the first time it sees it there).
 */
export function prepareRepeated(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? repeatedName(text) : undefined;
      return name === undefined ? query(...args) : query({ name, text, values });
    }) as typeof client.query;
  });
}

/** PostgreSQL through the store's pool (whose types read BIGINT as numbers: `pgTypes`). */
export function postgresDb(pool: pg.Pool): SqlDb {
  prepareRepeated(pool);
  const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    dialect: 'postgres',
    db,
    async read<T>(op: (db: Db) => Promise<T>): Promise<T> {
      try {
        return await op(db);
      } catch (e) {
        throw pgFailure(e);
      }
    },
    async write<T>(op: (trx: Db) => Promise<T>): Promise<T> {
      try {
        return await db.transaction().execute(op);
      } catch (e) {
        throw pgFailure(e);
      }
    },
    forgetOldPages: async () => undefined,
    // The store ends its own pool.
    close: async () => undefined,
  };
}
