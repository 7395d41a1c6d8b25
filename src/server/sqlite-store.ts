import path from 'node:path';
import Database from 'better-sqlite3';
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
  DiskState,
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
import { sqliteDb } from './stores/sql.ts';
import { SqlStore } from './stores/sql-store.ts';

/**
 * The embedded store: SQLite through better-sqlite3, in WAL mode with full synchronous commits,
 * so a move is on disk before `append` resolves and a process killed at any instant loses nothing
 * it acknowledged. Migrations are numbered and applied at open.
 */

/** The store's file in a server's data folder. */
export const SQLITE_FILE = 'hexarena.sqlite';

export const MIGRATIONS: readonly string[] = [
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
  // 3: the move count kept on the game (the version check), when the server must act next, and who
  // is acting. Every live game is looked at once after the upgrade.
  `ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE games ADD COLUMN due INTEGER;
   ALTER TABLE games ADD COLUMN lease_owner TEXT;
   ALTER TABLE games ADD COLUMN lease_until INTEGER;
   UPDATE games SET plies = (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id);
   UPDATE games SET due = 0 WHERE termination IS NULL;
   CREATE INDEX games_due ON games(due) WHERE termination IS NULL;`,
  // 4: seats still open to a person, kept on the game, so the lobby reads the newest open games
  // from an index instead of counting every live game's seats.
  `ALTER TABLE games ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0;
   UPDATE games SET open_seats = (SELECT COUNT(*) FROM json_each(games.seats) s WHERE s.value = 'open')
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
   INSERT INTO site VALUES ('secret', lower(hex(randomblob(32))));`,
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
  explorerMigration(' WITHOUT ROWID'),
  // 20: puzzle ratings (store.ts).
  PUZZLE_RATINGS,
  // heartbeats: the instances' heartbeats and each game's last pause (downtime.ts).
  HEARTBEATS,
  // Moderation: roles, reports, sanctions, the audit log, exact rating changes (moderation/store.ts).
  moderationMigration('INTEGER PRIMARY KEY AUTOINCREMENT'),
];

/**
 * The database file opened as the store keeps it, migrated: WAL with full synchronous commits, so a
 * write is on disk before it is acknowledged and a process killed at any instant loses nothing it acknowledged.
 */
function openSqlite(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // The log is folded into the database every 256 pages (1 MiB, not SQLite's 4) and cut back to
  // that size after: on a small disk it never grows to take the space the games need.
  db.pragma('wal_autocheckpoint = 256');
  db.pragma(`journal_size_limit = ${256 * 4096}`);
  // FULL: a commit is fsynced before it returns, so an acknowledged move survives a power cut too.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // What is deleted is overwritten, not left in free space: a deleted account's name is gone from the file.
  db.pragma('secure_delete = ON');
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}

export class SqliteStore extends SqlStore implements GameStore, IdentityStore {
  private readonly db: Database.Database;

  readonly disk: DiskState;

  /** `file` is a path in a folder that exists (the caller makes it), or ":memory:" for tests that need no disk. */
  constructor(file: string) {
    const disk = new DiskState(file);
    const db = openSqlite(file);
    super(sqliteDb(db, disk));
    this.disk = disk;
    this.db = db;
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
    return new SqliteStore(path.join(dir, SQLITE_FILE));
  }

  create(game: NewGame): Promise<void> {
    return this.write(() => {
      this.sql(`INSERT INTO games (${GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...newGameRow(game));
    });
  }

  async read(id: GameId): Promise<StoredGame | null> {
    const row = this.sql('SELECT * FROM games WHERE id = ?').get(id) as GameRow | undefined;
    return row ? this.hydrate(row) : null;
  }

  private hydrate(row: GameRow): StoredGame {
    return gameFromRows(
      row,
      this.sql('SELECT ply, move, at, client_id FROM moves WHERE game_id = ? ORDER BY ply').all(row.id) as {
        ply: number;
        move: string;
        at: number;
        client_id: string | null;
      }[],
      this.sql('SELECT seat, token_hash, name, account_id FROM seats WHERE game_id = ?').all(row.id) as {
        seat: number;
        token_hash: string;
        name: string | null;
      }[],
      this.sql('SELECT seat, plies, at, termination FROM departures WHERE game_id = ? ORDER BY n').all(row.id) as {
        seat: number;
        plies: number;
        at: number;
        termination: string;
      }[],
    );
  }

  /** A write of the group commit (stores/sql.ts): with every other write of this tick, in one durable transaction. */
  private write<T>(op: () => T): Promise<T> {
    return this.sqlDb.write(async () => op());
  }

  append(id: GameId, move: StoredMove, after: AfterMove): Promise<AppendRefusal | null> {
    return this.write(() => this.appendOne(id, move, after));
  }

  private appendOne(id: GameId, move: StoredMove, after: AfterMove): AppendRefusal | null {
    // The move count decides: a second writer of the same ply finds it moved on.
    const departed = after.departed ?? null;
    const undone = after.undone ?? null;
    // A move lapses any offer: it was made about the position before.
    const counted = this.sql(
      `UPDATE games SET plies = plies + 1, deadline = ?, due = ?, lease_owner = ?, lease_until = ?, offer = NULL
         WHERE id = ? AND plies = ? AND termination IS NULL AND (? IS NULL OR departed = ?) AND (? IS NULL OR undone = ?)`,
    ).run(
      after.deadline,
      after.due,
      after.claim?.owner ?? null,
      after.claim?.until ?? null,
      id,
      move.ply,
      departed,
      departed,
      undone,
      undone,
    );
    if (counted.changes === 0)
      return refusalOf(this.sql('SELECT termination FROM games WHERE id = ?').get(id) as { termination: string | null } | undefined);
    this.sql('INSERT INTO moves (game_id, ply, move, at, client_id) VALUES (?, ?, ?, ?, ?)').run(
      id,
      move.ply,
      move.move,
      move.at,
      move.clientId ?? null,
    );
    return null;
  }

  claimSeat(
    id: GameId,
    seat: number,
    tokenHash: string,
    name: string | null,
    due?: number,
    account?: string,
    owner?: string,
  ): Promise<boolean> {
    return this.write(() => {
      // Only in a game still on: an ended game's seats are its record's players. Writes are one at a
      // time, so the owner's other seat, if any, is seen here even when claimed a moment ago elsewhere.
      const claimed = this.sql(
        `INSERT OR IGNORE INTO seats (game_id, seat, token_hash, name, account_id) SELECT ?, ?, ?, ?, ?
           WHERE EXISTS (SELECT 1 FROM games WHERE id = ? AND termination IS NULL)${owner === undefined ? '' : ` AND NOT EXISTS (${ownerSeated('?', '?', '?', '?', '?')})`}`,
      ).run(id, seat, tokenHash, name, account ?? null, id, ...(owner === undefined ? [] : [id, owner, owner, owner, owner]));
      if (claimed.changes === 0) return false;
      this.sql(
        "UPDATE games SET open_seats = open_seats - 1 WHERE id = ? AND open_seats > 0 AND json_extract(seats, '$[' || CAST(? AS INTEGER) || ']') = 'open'",
      ).run(id, seat);
      if (due !== undefined) this.sql('UPDATE games SET due = ? WHERE id = ?').run(due, id);
      return true;
    });
  }

  setOffer(id: GameId, offer: Offer | null, plies: number, undone: number): Promise<boolean> {
    return this.write(
      () =>
        this.sql('UPDATE games SET offer = ? WHERE id = ? AND plies = ? AND undone = ? AND termination IS NULL').run(
          offer ? JSON.stringify(offer) : null,
          id,
          plies,
          undone,
        ).changes === 1,
    );
  }

  takeBack(
    id: GameId,
    toPly: number,
    plies: number,
    undone: number,
    after: { deadline: number | null; due: number | null },
  ): Promise<boolean> {
    return this.write(() => {
      const counted = this.sql(
        `UPDATE games SET plies = ?, undone = undone + ?, undone_at = ?, offer = NULL, deadline = ?, due = ?, lease_owner = NULL, lease_until = NULL
           WHERE id = ? AND plies = ? AND undone = ? AND termination IS NULL`,
      ).run(toPly, plies - toPly + 1, toPly, after.deadline, after.due, id, plies, undone);
      if (counted.changes === 0) return false;
      this.sql('DELETE FROM moves WHERE game_id = ? AND ply >= ?').run(id, toPly);
      return true;
    });
  }

  depart(id: GameId, departure: Departure, departed: number, due?: number): Promise<boolean> {
    return this.write(() => {
      // The count decides, as the move count does for moves: a second writer finds it moved on.
      const counted = this.sql(
        `UPDATE games SET departed = departed + 1, due = COALESCE(?, due)
           WHERE id = ? AND plies = ? AND departed = ? AND termination IS NULL
             AND NOT EXISTS (SELECT 1 FROM departures WHERE game_id = ? AND seat = ?)`,
      ).run(due ?? null, id, departure.plies, departed, id, departure.seat);
      if (counted.changes === 0) return false;
      this.sql('INSERT INTO departures (game_id, n, seat, plies, at, termination) VALUES (?, ?, ?, ?, ?, ?)').run(
        id,
        departed,
        departure.seat,
        departure.plies,
        departure.at,
        departure.termination,
      );
      return true;
    });
  }

  claim(id: GameId, plies: number, owner: string, until: number, now: number): Promise<boolean> {
    return this.write(
      () =>
        this.sql(
          `UPDATE games SET lease_owner = ?, lease_until = ?
             WHERE id = ? AND plies = ? AND termination IS NULL AND (lease_until IS NULL OR lease_until < ? OR lease_owner = ?)`,
        ).run(owner, until, id, plies, now, owner).changes === 1,
    );
  }

  claimDue(owner: string, until: number, now: number, limit: number): Promise<GameId[]> {
    // One writer: the selection and the claims are one transaction, nobody can come between them.
    return this.write(() => {
      const due = this.sql(
        `SELECT id FROM games WHERE termination IS NULL AND due <= ? AND (lease_until IS NULL OR lease_until < ? OR lease_owner = ?)
           ORDER BY due LIMIT ?`,
      ).all(now, now, owner, limit) as { id: string }[];
      for (const { id } of due) this.sql('UPDATE games SET lease_owner = ?, lease_until = ? WHERE id = ?').run(owner, until, id);
      return due.map((g) => g.id);
    });
  }

  async settle(id: GameId, plies: number, owner: string, due: number | null): Promise<void> {
    await this.write(() =>
      this.sql(
        'UPDATE games SET due = ?, lease_owner = NULL, lease_until = NULL WHERE id = ? AND plies = ? AND termination IS NULL AND lease_owner = ?',
      ).run(due, id, plies, owner),
    );
  }

  async close(): Promise<void> {
    await this.sqlDb.close();
    this.db.close();
  }
}
