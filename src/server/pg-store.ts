import pg from 'pg';
import type { Json } from '../engine/game.ts';
import {
  type AppendRefusal,
  type GameId,
  type GameRow,
  type GameStore,
  gameFromRows,
  type NewGame,
  type StoredGame,
  type StoredMove,
} from './store.ts';

/**
 * The store on PostgreSQL, for several server instances sharing one database: the database decides
 * races — a move is the insert of (game, ply) under its primary key, with the game's row locked, so
 * two instances accepting a move for one game at once cannot both win. Migrations are numbered and
 * applied at open under an advisory lock, so instances starting together apply each one once.
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
];

/** Any number of the store's instances agree on this lock while migrating. */
const MIGRATION_LOCK = 0x6865_7861;

export class PgStore implements GameStore {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects, and brings the schema up to date. */
  static async open(connectionString: string): Promise<PgStore> {
    const pool = new pg.Pool({ connectionString, max: 10 });
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
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await body(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  async create(game: NewGame): Promise<void> {
    await this.pool.query('INSERT INTO games (id, game, options, seed, seats, clock, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      game.id,
      game.game,
      JSON.stringify(game.options),
      game.seed,
      JSON.stringify(game.seats),
      game.clock ? JSON.stringify(game.clock) : null,
      game.createdAt,
    ]);
  }

  async read(id: GameId): Promise<StoredGame | null> {
    const { rows } = await this.pool.query<GameRow>('SELECT * FROM games WHERE id = $1', [id]);
    return rows[0] ? this.hydrate(rows[0]) : null;
  }

  private async hydrate(row: GameRow): Promise<StoredGame> {
    const [moves, claimed] = await Promise.all([
      this.pool.query<{ ply: number; move: string; at: string }>('SELECT ply, move, at FROM moves WHERE game_id = $1 ORDER BY ply', [
        row.id,
      ]),
      this.pool.query<{ seat: number; token_hash: string; name: string | null }>(
        'SELECT seat, token_hash, name FROM seats WHERE game_id = $1',
        [row.id],
      ),
    ]);
    return gameFromRows(row, moves.rows, claimed.rows);
  }

  append(id: GameId, move: StoredMove, deadline: number | null): Promise<AppendRefusal | null> {
    return this.transaction(async (c) => {
      // The game's row is locked: its ending and its moves change one writer at a time.
      const game = await c.query<{ termination: string | null }>('SELECT termination FROM games WHERE id = $1 FOR UPDATE', [id]);
      if (game.rows.length === 0) return 'no-such-game';
      if (game.rows[0]?.termination !== null) return 'game-over';
      const inserted = await c.query('INSERT INTO moves (game_id, ply, move, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        id,
        move.ply,
        move.move,
        move.at,
      ]);
      if (inserted.rowCount === 0) return 'ply-taken';
      await c.query('UPDATE games SET deadline = $1 WHERE id = $2', [deadline, id]);
      return null;
    });
  }

  async claimSeat(id: GameId, seat: number, tokenHash: string, name: string | null): Promise<boolean> {
    const r = await this.pool.query('INSERT INTO seats (game_id, seat, token_hash, name) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      id,
      seat,
      tokenHash,
      name,
    ]);
    return r.rowCount === 1;
  }

  async end(id: GameId, result: Json, termination: string): Promise<boolean> {
    const r = await this.pool.query(
      'UPDATE games SET ended_result = $1, termination = $2, deadline = NULL WHERE id = $3 AND termination IS NULL',
      [JSON.stringify(result), termination, id],
    );
    return r.rowCount === 1;
  }

  async live(limit = 100_000): Promise<StoredGame[]> {
    const { rows } = await this.pool.query<GameRow>('SELECT * FROM games WHERE termination IS NULL ORDER BY created_at LIMIT $1', [limit]);
    return Promise.all(rows.map((r) => this.hydrate(r)));
  }

  async open(limit = 100): Promise<StoredGame[]> {
    const { rows } = await this.pool.query<GameRow>(
      `SELECT g.* FROM games g
         WHERE g.termination IS NULL
           AND (SELECT COUNT(*) FROM json_array_elements_text(g.seats::json) s WHERE s = 'open')
             > (SELECT COUNT(*) FROM seats c WHERE c.game_id = g.id)
         ORDER BY g.created_at DESC LIMIT $1`,
      [limit],
    );
    return Promise.all(rows.map((r) => this.hydrate(r)));
  }

  async registerBot(tokenHash: string, name: string, createdAt: number): Promise<boolean> {
    const r = await this.pool.query('INSERT INTO bots (token_hash, name, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      tokenHash,
      name,
      createdAt,
    ]);
    return r.rowCount === 1;
  }

  async botName(tokenHash: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ name: string }>('SELECT name FROM bots WHERE token_hash = $1', [tokenHash]);
    return rows[0]?.name ?? null;
  }

  async seatedIn(tokenHash: string): Promise<GameId[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT DISTINCT g.id, g.created_at FROM seats s JOIN games g ON g.id = s.game_id
         WHERE s.token_hash = $1 AND g.termination IS NULL ORDER BY g.created_at, g.id`,
      [tokenHash],
    );
    return rows.map((r) => r.id);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
