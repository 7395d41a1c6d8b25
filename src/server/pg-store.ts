import pg from 'pg';
import { StoreTooNew } from './stores/failures.ts';
import { migrations } from './stores/migrations.ts';
import { pgFailure, pgTypes, postgresDb } from './stores/pg-db.ts';
import { SqlStore } from './stores/sql-store.ts';

/**
 * The store on PostgreSQL, for several server instances sharing one database: the database decides
 * races — a move is one statement that bumps the game's move count from the ply it was made at and
 * inserts (game, ply) under its primary key, so two instances accepting a move for one game at once
 * cannot both win. Claims on games (an AI's move, a flag, a sweep) are row updates; sweeps skip rows
 * another instance has locked. Migrations are numbered and applied at open under an advisory lock,
 * so instances starting together apply each one once.
 */

const MIGRATIONS = migrations('postgres');

/** Any number of the store's instances agree on this lock while migrating. */
const MIGRATION_LOCK = 0x6865_7861;

const translated = pgFailure;

/** The store's connections to PostgreSQL. */
export function pgPool(connectionString: string, connections: number): pg.Pool {
  // A lost server is noticed within seconds, not after the operating system's minutes.
  const pool = new pg.Pool({ connectionString, max: connections, connectionTimeoutMillis: 5_000, types: pgTypes });
  // A client that loses its server must not take the process down: an idle one's error comes to the
  // pool; one in use (a query or transaction under way) emits it on itself, where the pool listens
  // no more — its query fails, and the pool drops it when it is given back.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export class PgStore extends SqlStore {
  private constructor(private readonly pool: pg.Pool) {
    super(postgresDb(pool));
  }

  /** Connects (a pool of `connections`), and brings the schema up to date. */
  static async open(connectionString: string, connections = 20): Promise<PgStore> {
    const pool = pgPool(connectionString, connections);
    const store = new PgStore(pool);
    try {
      await store.migrate();
    } catch (e) {
      await pool.end();
      throw e;
    }
    return store;
  }

  private async migrate(): Promise<void> {
    await this.transaction(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await c.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)');
      const { rows } = await c.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
      const schema = rows[0]?.v ?? 0;
      if (schema > MIGRATIONS.length) throw new StoreTooNew(schema, MIGRATIONS.length);
      for (let v = schema; v < MIGRATIONS.length; v++) {
        await c.query(MIGRATIONS[v] as string);
        await c.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v + 1]);
      }
    });
  }

  private async transaction<T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch((e: unknown) => {
      throw translated(e);
    });
    try {
      await client.query('BEGIN');
      const result = await body(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw translated(e);
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
