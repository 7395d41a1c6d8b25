import path from 'node:path';
import Database from 'better-sqlite3';
import { HEARTBEATS } from './downtime.ts';
import { ACCOUNTS, OWNED_BOTS } from './identity/store.ts';
import { moderationMigration } from './moderation/store.ts';
import {
  BOT_NAMES_FOLDED,
  CHALLENGES,
  DEPARTURES,
  DiskState,
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

export class SqliteStore extends SqlStore {
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

  /** The store in a data folder: `<dir>/hexarena.sqlite`. */
  static inFolder(dir: string): SqliteStore {
    return new SqliteStore(path.join(dir, SQLITE_FILE));
  }

  async close(): Promise<void> {
    await this.sqlDb.close();
    this.db.close();
  }
}
