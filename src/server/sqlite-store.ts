import path from 'node:path';
import Database from 'better-sqlite3';
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
 * The embedded store: SQLite through better-sqlite3, in WAL mode with full synchronous commits,
 * so a move is on disk before `append` resolves and a process killed at any instant loses nothing
 * it acknowledged. Migrations are numbered and applied at open.
 */

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE games (
     id TEXT PRIMARY KEY,
     game TEXT NOT NULL,
     options TEXT NOT NULL,
     seed TEXT NOT NULL,
     seats TEXT NOT NULL,
     clock TEXT,
     created_at INTEGER NOT NULL,
     ended_result TEXT,
     termination TEXT,
     deadline INTEGER
   );
   CREATE TABLE moves (
     game_id TEXT NOT NULL REFERENCES games(id),
     ply INTEGER NOT NULL,
     move TEXT NOT NULL,
     at INTEGER NOT NULL,
     PRIMARY KEY (game_id, ply)
   ) WITHOUT ROWID;
   CREATE TABLE seats (
     game_id TEXT NOT NULL REFERENCES games(id),
     seat INTEGER NOT NULL,
     token_hash TEXT NOT NULL,
     name TEXT,
     PRIMARY KEY (game_id, seat)
   ) WITHOUT ROWID;
   CREATE INDEX games_live ON games(created_at) WHERE termination IS NULL;`,
  // 2: bots, and a seat's games found by its token (a bot's token is its seats' token).
  `CREATE TABLE bots (
     token_hash TEXT PRIMARY KEY,
     name TEXT NOT NULL UNIQUE,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX seats_by_token ON seats(token_hash);`,
];

export class SqliteStore implements GameStore {
  private readonly db: Database.Database;

  /** `file` is a path in a folder that exists (the caller makes it), or ":memory:" for tests that need no disk. */
  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // FULL: a commit is fsynced before it returns, so an acknowledged move survives a power cut too.
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.migrate();
  }

  /** Each statement is prepared once: preparing costs more than running a small one. */
  private readonly statements = new Map<string, Database.Statement>();
  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** The store in a data folder: `<dir>/hexarena.sqlite`. */
  static inFolder(dir: string): SqliteStore {
    return new SqliteStore(path.join(dir, 'hexarena.sqlite'));
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    for (let v = version; v < MIGRATIONS.length; v++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v] as string);
        this.db.pragma(`user_version = ${v + 1}`);
      })();
    }
  }

  create(game: NewGame): Promise<void> {
    return this.write(() => {
      this.sql('INSERT INTO games (id, game, options, seed, seats, clock, created_at, deadline) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)').run(
        game.id,
        game.game,
        JSON.stringify(game.options),
        game.seed,
        JSON.stringify(game.seats),
        game.clock ? JSON.stringify(game.clock) : null,
        game.createdAt,
      );
    });
  }

  async read(id: GameId): Promise<StoredGame | null> {
    const row = this.sql('SELECT * FROM games WHERE id = ?').get(id) as GameRow | undefined;
    return row ? this.hydrate(row) : null;
  }

  private hydrate(row: GameRow): StoredGame {
    return gameFromRows(
      row,
      this.sql('SELECT ply, move, at FROM moves WHERE game_id = ? ORDER BY ply').all(row.id) as StoredMove[],
      this.sql('SELECT seat, token_hash, name FROM seats WHERE game_id = ?').all(row.id) as {
        seat: number;
        token_hash: string;
        name: string | null;
      }[],
    );
  }

  /** Writes waiting for the next commit: one transaction (one fsync) takes every write of a tick. */
  private batch: { op: () => unknown; done: (r: unknown) => void; fail: (e: unknown) => void }[] = [];

  /**
   * Group commit: `op` runs with every other write of this tick in one durable transaction, inside a
   * savepoint of its own (a write that fails is undone alone); the promise resolves once it is on disk.
   */
  private write<T>(op: () => T): Promise<T> {
    return new Promise((done, fail) => {
      if (this.batch.length === 0) setImmediate(() => this.commitBatch());
      this.batch.push({ op, done: done as (r: unknown) => void, fail });
    });
  }

  private commitBatch(): void {
    const batch = this.batch;
    this.batch = [];
    if (batch.length === 0) return;
    let outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[];
    try {
      outcomes = this.db.transaction(() =>
        batch.map((b) => {
          try {
            return { ok: true as const, value: this.db.transaction(b.op)() };
          } catch (error) {
            return { ok: false as const, error };
          }
        }),
      )();
    } catch (e) {
      for (const b of batch) b.fail(e);
      return;
    }
    for (const [i, b] of batch.entries()) {
      const outcome = outcomes[i] as (typeof outcomes)[number];
      if (outcome.ok) b.done(outcome.value);
      else b.fail(outcome.error);
    }
  }

  append(id: GameId, move: StoredMove, deadline: number | null): Promise<AppendRefusal | null> {
    return this.write(() => this.appendOne(id, move, deadline));
  }

  private appendOne(id: GameId, move: StoredMove, deadline: number | null): AppendRefusal | null {
    const game = this.sql('SELECT termination FROM games WHERE id = ?').get(id) as { termination: string | null } | undefined;
    if (!game) return 'no-such-game';
    if (game.termination !== null) return 'game-over';
    // The primary key (game, ply) decides: a second writer of the same ply is refused here.
    const inserted = this.sql('INSERT OR IGNORE INTO moves (game_id, ply, move, at) VALUES (?, ?, ?, ?)').run(
      id,
      move.ply,
      move.move,
      move.at,
    );
    if (inserted.changes === 0) return 'ply-taken';
    this.sql('UPDATE games SET deadline = ? WHERE id = ?').run(deadline, id);
    return null;
  }

  claimSeat(id: GameId, seat: number, tokenHash: string, name: string | null): Promise<boolean> {
    return this.write(
      () =>
        this.sql('INSERT OR IGNORE INTO seats (game_id, seat, token_hash, name) VALUES (?, ?, ?, ?)').run(id, seat, tokenHash, name)
          .changes === 1,
    );
  }

  end(id: GameId, result: Json, termination: string): Promise<boolean> {
    return this.write(
      () =>
        this.sql('UPDATE games SET ended_result = ?, termination = ?, deadline = NULL WHERE id = ? AND termination IS NULL').run(
          JSON.stringify(result),
          termination,
          id,
        ).changes === 1,
    );
  }

  async live(limit = 100_000): Promise<StoredGame[]> {
    const rows = this.sql('SELECT * FROM games WHERE termination IS NULL ORDER BY created_at LIMIT ?').all(limit) as GameRow[];
    return rows.map((r) => this.hydrate(r));
  }

  async open(limit = 100): Promise<StoredGame[]> {
    // A game with fewer claimed seats than seats open to people; AI seats are never open.
    const rows = this.sql(
      `SELECT g.* FROM games g
         WHERE g.termination IS NULL
           AND (SELECT COUNT(*) FROM json_each(g.seats) s WHERE s.value = 'open')
             > (SELECT COUNT(*) FROM seats c WHERE c.game_id = g.id)
         ORDER BY g.created_at DESC LIMIT ?`,
    ).all(limit) as GameRow[];
    return rows.map((r) => this.hydrate(r));
  }

  registerBot(tokenHash: string, name: string, createdAt: number): Promise<boolean> {
    return this.write(
      () =>
        this.sql('INSERT OR IGNORE INTO bots (token_hash, name, created_at) VALUES (?, ?, ?)').run(tokenHash, name, createdAt).changes ===
        1,
    );
  }

  async botName(tokenHash: string): Promise<string | null> {
    const row = this.sql('SELECT name FROM bots WHERE token_hash = ?').get(tokenHash) as { name: string } | undefined;
    return row?.name ?? null;
  }

  async seatedIn(tokenHash: string): Promise<GameId[]> {
    const rows = this.sql(
      `SELECT DISTINCT g.id FROM seats s JOIN games g ON g.id = s.game_id
         WHERE s.token_hash = ? AND g.termination IS NULL ORDER BY g.created_at, g.id`,
    ).all(tokenHash) as { id: string }[];
    return rows.map((r) => r.id);
  }

  async close(): Promise<void> {
    // Writes still waiting for their tick are committed first.
    if (this.batch.length > 0) this.commitBatch();
    this.db.close();
  }
}
