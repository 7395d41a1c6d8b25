import pg from 'pg';
import { HEARTBEATS } from './downtime.ts';
import { ACCOUNTS, OWNED_BOTS } from './identity/store.ts';
import { moderationMigration } from './moderation/store.ts';
import {
  BOT_NAMES_FOLDED,
  CHALLENGES,
  DEPARTURES,
  explorerMigration,
  MOVE_CLIENT_IDS,
  POOLS,
  PUZZLE_RATINGS,
  RATINGS,
  REMATCHES_NOT_OPEN,
  REVIEWS,
  RULES_VERSIONS,
  SEEKS,
  TABLE_MANNERS,
} from './store.ts';
import { pgFailure, pgTypes, postgresDb } from './stores/sql.ts';
import { SqlStore } from './stores/sql-store.ts';

/**
 * The store on PostgreSQL, for several server instances sharing one database: the database decides
 * races — a move is one statement that bumps the game's move count from the ply it was made at and
 * inserts (game, ply) under its primary key, so two instances accepting a move for one game at once
 * cannot both win. Claims on games (an AI's move, a flag, a sweep) are row updates; sweeps skip rows
 * another instance has locked. Migrations are numbered and applied at open under an advisory lock,
 * so instances starting together apply each one once.
 */

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE games (
     id TEXT PRIMARY KEY,
     game TEXT NOT NULL,
     options TEXT NOT NULL,
     seed TEXT NOT NULL,
     seats TEXT NOT NULL,
     clock TEXT,
     created_at BIGINT NOT NULL,
     ended_result TEXT,
     termination TEXT,
     deadline BIGINT
   );
   CREATE TABLE moves (
     game_id TEXT NOT NULL REFERENCES games(id),
     ply INTEGER NOT NULL,
     move TEXT NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (game_id, ply)
   );
   CREATE TABLE seats (
     game_id TEXT NOT NULL REFERENCES games(id),
     seat INTEGER NOT NULL,
     token_hash TEXT NOT NULL,
     name TEXT,
     PRIMARY KEY (game_id, seat)
   );
   CREATE INDEX games_live ON games(created_at) WHERE termination IS NULL;`,
  `CREATE TABLE bots (
     token_hash TEXT PRIMARY KEY,
     name TEXT NOT NULL UNIQUE,
     created_at BIGINT NOT NULL
   );
   CREATE INDEX seats_by_token ON seats(token_hash);`,
  // 3: the move count kept on the game (the version check in one statement), when the server must act
  // next, and who is acting. Every live game is looked at once after the upgrade.
  `ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0,
     ADD COLUMN due BIGINT, ADD COLUMN lease_owner TEXT, ADD COLUMN lease_until BIGINT;
   UPDATE games SET plies = (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id);
   UPDATE games SET due = 0 WHERE termination IS NULL;
   CREATE INDEX games_due ON games(due) WHERE termination IS NULL;`,
  // 4: seats still open to a person, kept on the game, so the lobby reads the newest open games
  // from an index instead of counting every live game's seats.
  `ALTER TABLE games ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0;
   UPDATE games SET open_seats = (SELECT COUNT(*) FROM json_array_elements_text(games.seats::json) s WHERE s = 'open')
     - (SELECT COUNT(*) FROM seats c WHERE c.game_id = games.id);
   CREATE INDEX games_lobby ON games(created_at) WHERE termination IS NULL AND open_seats > 0;`,
  // 5 and 6, the same in both stores' SQL: store.ts.
  MOVE_CLIENT_IDS,
  BOT_NAMES_FOLDED,
  // 7: who made each game (an opaque key), so one address cannot fill the lobby, and the site's
  // secret for keying those hashes, made once here.
  `ALTER TABLE games ADD COLUMN creator TEXT;
   CREATE INDEX games_live_by_creator ON games(creator) WHERE termination IS NULL;
   CREATE TABLE site (name TEXT PRIMARY KEY, value TEXT NOT NULL);
   INSERT INTO site VALUES ('secret', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));`,
  // 8 to 10, the same in both stores' SQL: store.ts.
  REMATCHES_NOT_OPEN,
  DEPARTURES,
  RULES_VERSIONS,
  ACCOUNTS,
  TABLE_MANNERS,
  OWNED_BOTS,
  RATINGS,
  POOLS,
  SEEKS,
  CHALLENGES,
  // 18: computer reviews (store.ts).
  REVIEWS,
  // 19: the opening explorer's index (store.ts).
  explorerMigration(''),
  // 20: puzzle ratings (store.ts).
  PUZZLE_RATINGS,
  // heartbeats: the instances' heartbeats and each game's last pause (downtime.ts).
  HEARTBEATS,
  // Moderation: roles, reports, sanctions, the audit log, exact rating changes (moderation/store.ts).
  moderationMigration('BIGSERIAL PRIMARY KEY'),
];

/** Any number of the store's instances agree on this lock while migrating. */
const MIGRATION_LOCK = 0x6865_7861;

const translated = pgFailure;

export class PgStore extends SqlStore {
  private constructor(private readonly pool: pg.Pool) {
    super(postgresDb(pool));
  }

  /** Connects (a pool of `connections`), and brings the schema up to date. */
  static async open(connectionString: string, connections = 20): Promise<PgStore> {
    // A lost server is noticed within seconds, not after the operating system's minutes.
    const pool = new pg.Pool({ connectionString, max: connections, connectionTimeoutMillis: 5_000, types: pgTypes });
    // An idle client that loses its server must not take the process down.
    pool.on('error', () => undefined);
    const store = new PgStore(pool);
    await store.migrate();
    return store;
  }

  private async migrate(): Promise<void> {
    await this.transaction(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await c.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)');
      const { rows } = await c.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
      for (let v = rows[0]?.v ?? 0; v < MIGRATIONS.length; v++) {
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
