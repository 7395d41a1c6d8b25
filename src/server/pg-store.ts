import pg from 'pg';
import { HEARTBEATS } from './downtime.ts';
import { ACCOUNTS, type IdentityStore, OWNED_BOTS, ownerSeated } from './identity/store.ts';
import { moderationMigration } from './moderation/store.ts';
import {
  type AfterMove,
  type AppendRefusal,
  BOT_NAMES_FOLDED,
  CHALLENGES,
  DEPARTURES,
  type Departure,
  explorerMigration,
  GAME_COLUMNS,
  type GameId,
  type GameRow,
  type GameStore,
  gameFromRows,
  MOVE_CLIENT_IDS,
  type NewGame,
  newGameRow,
  type Offer,
  POOLS,
  PUZZLE_RATINGS,
  RATINGS,
  REMATCHES_NOT_OPEN,
  REVIEWS,
  RULES_VERSIONS,
  refusalOf,
  SEEKS,
  type StoredGame,
  type StoredMove,
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

/** A move waiting for its tick's statement, and whoever waits for its answer. */
interface PendingAppend {
  readonly id: GameId;
  readonly move: StoredMove;
  readonly after: AfterMove;
  readonly resolve: (refusal: AppendRefusal | null) => void;
  readonly reject: (e: unknown) => void;
}

/** Parameters of one move in the batch statement. */
const FIELDS = 11;
/** Moves in one statement at most (11 parameters each, far below PostgreSQL's 65,535). */
const MAX_BATCH = 500;

/** Any number of the store's instances agree on this lock while migrating. */
const MIGRATION_LOCK = 0x6865_7861;

const translated = pgFailure;

export class PgStore extends SqlStore implements GameStore, IdentityStore {
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

  private async query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (e) {
      throw translated(e);
    }
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

  async create(game: NewGame): Promise<void> {
    await this.query(
      `INSERT INTO games (${GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      newGameRow(game),
    );
  }

  async read(id: GameId): Promise<StoredGame | null> {
    const { rows } = await this.query<GameRow>('SELECT * FROM games WHERE id = $1', [id]);
    return rows[0] ? this.hydrate(rows[0]) : null;
  }

  private async hydrate(row: GameRow): Promise<StoredGame> {
    const [moves, claimed, departures] = await Promise.all([
      this.query<{ ply: number; move: string; at: string; client_id: string | null }>(
        'SELECT ply, move, at, client_id FROM moves WHERE game_id = $1 ORDER BY ply',
        [row.id],
      ),
      this.query<{ seat: number; token_hash: string; name: string | null; account_id: string | null }>(
        'SELECT seat, token_hash, name, account_id FROM seats WHERE game_id = $1',
        [row.id],
      ),
      this.query<{ seat: number; plies: number; at: string; termination: string }>(
        'SELECT seat, plies, at, termination FROM departures WHERE game_id = $1 ORDER BY n',
        [row.id],
      ),
    ]);
    return gameFromRows(row, moves.rows, claimed.rows, departures.rows);
  }

  /** Moves waiting for this tick's statement. */
  private pending: PendingAppend[] = [];

  /**
   * Group commit, as the SQLite store does: the moves of one tick (of different games) go to the
   * database in one statement, one round trip and one commit. Each lands only at its game's expected
   * move count, so a batch is all-or-nothing for none: each move stands or falls alone.
   */
  append(id: GameId, move: StoredMove, after: AfterMove): Promise<AppendRefusal | null> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.flushAppends());
      this.pending.push({ id, move, after, resolve, reject });
    });
  }

  private flushAppends(): void {
    const waiting = this.pending;
    this.pending = [];
    // A game twice in one tick (two writers of one process) waits for the next: one move per game a statement.
    const games = new Set<GameId>();
    const batch: PendingAppend[] = [];
    for (const p of waiting) {
      if (games.has(p.id) || batch.length === MAX_BATCH) {
        if (this.pending.length === 0) setImmediate(() => this.flushAppends());
        this.pending.push(p);
      } else {
        games.add(p.id);
        batch.push(p);
      }
    }
    if (batch.length > 0) void this.appendBatch(batch);
  }

  private async appendBatch(batch: readonly PendingAppend[]): Promise<void> {
    const values = batch.map((_, i) => {
      const n = i * FIELDS;
      return `($${n + 1}, $${n + 2}::int, $${n + 3}, $${n + 4}::bigint, $${n + 5}::bigint, $${n + 6}::bigint, $${n + 7}, $${n + 8}::bigint, $${n + 9}, $${n + 10}::int, $${n + 11}::int)`;
    });
    const params = batch.flatMap((p) => [
      p.id,
      p.move.ply,
      p.move.move,
      p.move.at,
      p.after.deadline,
      p.after.due,
      p.after.claim?.owner ?? null,
      p.after.claim?.until ?? null,
      p.move.clientId ?? null,
      p.after.departed ?? null,
      p.after.undone ?? null,
    ]);
    let landed: Set<string>;
    try {
      // Each game's row is updated (and locked) only at the move count the move was made at; its
      // move is inserted only if it was. A second writer of the same ply waits, then finds the count moved on.
      const { rows } = await this.query<{ game_id: string }>(
        `WITH input (id, ply, move, at, deadline, due, lease_owner, lease_until, client_id, departed, undone) AS (VALUES ${values.join(', ')}),
           counted AS (
             UPDATE games g SET plies = g.plies + 1, deadline = i.deadline, due = i.due, lease_owner = i.lease_owner, lease_until = i.lease_until, offer = NULL
               FROM input i WHERE g.id = i.id AND g.plies = i.ply AND g.termination IS NULL AND (i.departed IS NULL OR g.departed = i.departed)
                 AND (i.undone IS NULL OR g.undone = i.undone)
               RETURNING i.id, i.ply, i.move, i.at, i.client_id)
         INSERT INTO moves (game_id, ply, move, at, client_id) SELECT id, ply, move, at, client_id FROM counted RETURNING game_id`,
        params,
      );
      landed = new Set(rows.map((r) => r.game_id));
    } catch (e) {
      // Two batches locking the same games in opposite orders (instances racing): one is chosen to
      // fail; its moves go again one by one.
      if ((e as { code?: string }).code === '40P01' && batch.length > 1) {
        for (const p of batch) void this.appendBatch([p]);
        return;
      }
      for (const p of batch) p.reject(e);
      return;
    }
    for (const p of batch) {
      if (landed.has(p.id)) p.resolve(null);
      else this.whyNot(p.id).then(p.resolve, p.reject);
    }
  }

  /** Why a move found its game's move count elsewhere. */
  private async whyNot(id: GameId): Promise<AppendRefusal> {
    const { rows } = await this.query<{ termination: string | null }>('SELECT termination FROM games WHERE id = $1', [id]);
    return refusalOf(rows[0]);
  }

  async claimSeat(
    id: GameId,
    seat: number,
    tokenHash: string,
    name: string | null,
    due?: number,
    account?: string,
    owner?: string,
  ): Promise<boolean> {
    // The seat's row, the game's count of open seats and its due time change together, in one statement.
    const text = `WITH claimed AS (
         INSERT INTO seats (game_id, seat, token_hash, name, account_id)
           SELECT $1, $2, $3, $4, $6 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1 AND termination IS NULL)
           ${owner === undefined ? '' : `AND NOT EXISTS (${ownerSeated('$1', '$7', '$7', '$7', '$7')})`}
           ON CONFLICT DO NOTHING RETURNING game_id),
       counted AS (
         UPDATE games SET open_seats = open_seats - (CASE WHEN (seats::json ->> $2::int) = 'open' AND open_seats > 0 THEN 1 ELSE 0 END),
             due = COALESCE($5::bigint, due)
           WHERE id IN (SELECT game_id FROM claimed) RETURNING id)
       SELECT (SELECT COUNT(*) FROM claimed)::int AS claimed, (SELECT COUNT(*) FROM counted)::int AS counted`;
    const values = [id, seat, tokenHash, name, due ?? null, account ?? null];
    if (owner === undefined) return (await this.query<{ claimed: number }>(text, values)).rows[0]?.claimed === 1;
    // One owner's claims of a game's seats, one at a time: the game's row is locked first, so the
    // insert (a statement of its own, with a snapshot of its own) sees a seat another instance just took.
    return this.transaction(async (c) => {
      await c.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [id]);
      return (await c.query<{ claimed: number }>(text, [...values, owner])).rows[0]?.claimed === 1;
    });
  }

  async setOffer(id: GameId, offer: Offer | null, plies: number, undone: number): Promise<boolean> {
    const r = await this.query('UPDATE games SET offer = $1 WHERE id = $2 AND plies = $3 AND undone = $4 AND termination IS NULL', [
      offer ? JSON.stringify(offer) : null,
      id,
      plies,
      undone,
    ]);
    return r.rowCount === 1;
  }

  async takeBack(
    id: GameId,
    toPly: number,
    plies: number,
    undone: number,
    after: { deadline: number | null; due: number | null },
  ): Promise<boolean> {
    return this.transaction(async (c) => {
      const counted = await c.query(
        `UPDATE games SET plies = $1, undone = undone + $2, undone_at = $1, offer = NULL, deadline = $3, due = $4, lease_owner = NULL, lease_until = NULL
           WHERE id = $5 AND plies = $6 AND undone = $7 AND termination IS NULL`,
        [toPly, plies - toPly + 1, after.deadline, after.due, id, plies, undone],
      );
      if (counted.rowCount !== 1) return false;
      await c.query('DELETE FROM moves WHERE game_id = $1 AND ply >= $2', [id, toPly]);
      return true;
    });
  }

  async depart(id: GameId, departure: Departure, departed: number, due?: number): Promise<boolean> {
    // The game's row is updated (and locked) only at the count of departures the room saw: a second
    // writer waits, then finds the count moved on. The departure is inserted only if it was.
    const r = await this.query(
      `WITH counted AS (
         UPDATE games SET departed = departed + 1, due = COALESCE($7::bigint, due)
           WHERE id = $1 AND plies = $3 AND departed = $6 AND termination IS NULL
             AND NOT EXISTS (SELECT 1 FROM departures WHERE game_id = $1 AND seat = $2)
           RETURNING id)
       INSERT INTO departures (game_id, n, seat, plies, at, termination)
         SELECT id, $6::int, $2::int, $3::int, $4::bigint, $5::text FROM counted RETURNING game_id`,
      [id, departure.seat, departure.plies, departure.at, departure.termination, departed, due ?? null],
    );
    return r.rowCount === 1;
  }

  async claim(id: GameId, plies: number, owner: string, until: number, now: number): Promise<boolean> {
    const r = await this.query(
      `UPDATE games SET lease_owner = $3, lease_until = $4
         WHERE id = $1 AND plies = $2 AND termination IS NULL AND (lease_until IS NULL OR lease_until < $5 OR lease_owner = $3)`,
      [id, plies, owner, until, now],
    );
    return r.rowCount === 1;
  }

  async claimDue(owner: string, until: number, now: number, limit: number): Promise<GameId[]> {
    // Rows another instance is claiming right now are skipped, not waited for: each sweeper takes
    // different games, and none blocks on another.
    const { rows } = await this.query<{ id: string }>(
      `UPDATE games SET lease_owner = $1, lease_until = $2
         WHERE id IN (
           SELECT id FROM games
             WHERE termination IS NULL AND due <= $3 AND (lease_until IS NULL OR lease_until < $3 OR lease_owner = $1)
             ORDER BY due LIMIT $4
             FOR UPDATE SKIP LOCKED)
         RETURNING id`,
      [owner, until, now, limit],
    );
    return rows.map((r) => r.id);
  }

  async settle(id: GameId, plies: number, owner: string, due: number | null): Promise<void> {
    await this.query(
      `UPDATE games SET due = $4, lease_owner = NULL, lease_until = NULL
         WHERE id = $1 AND plies = $2 AND termination IS NULL AND lease_owner = $3`,
      [id, plies, owner, due],
    );
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
