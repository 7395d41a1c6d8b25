import path from 'node:path';
import Database from 'better-sqlite3';
import type { Json } from '../engine/game.ts';
import { HEARTBEATS } from './downtime.ts';
import {
  ACCOUNT_COLUMNS,
  ACCOUNTS,
  type Account,
  type AccountRow,
  API_TOKEN_ID,
  accountFromRow,
  BOTS_TO_CLOSE,
  type BotToCloseRow,
  botsOwned,
  CLOSED_IN_PLAY,
  closedAccounts,
  closingStatements,
  type DeletionDetails,
  type GamesQuery,
  type IdentityStore,
  LIVE_SEATS,
  OWNED_BOTS,
  ownerOfAccount,
  ownerOfBot,
  type PlayedResult,
  SESSION_COLUMNS,
  type SessionRow,
  type StoredSession,
  sessionFromRow,
} from './identity/store.ts';
import { moderationMigration, NOT_BANNED } from './moderation/store.ts';
import {
  BOT_NAMES_FOLDED,
  CHALLENGE_COLUMNS,
  CHALLENGES,
  type Challenge,
  type ChallengeRow,
  challengeFromRow,
  challengeRow,
  DEPARTURES,
  DiskState,
  EXPLORER_UPSERT,
  type ExplorerCount,
  type ExplorerRow,
  explorerCountFromRow,
  explorerMigration,
  GAME_COLUMNS,
  type GameId,
  type GameRow,
  type GameStore,
  gameFromRows,
  JOIN_POOL_UPSERT,
  LOBBY_ROWS_PER_CREATOR,
  MOVE_CLIENT_IDS,
  type NewGame,
  newestOfEachCreator,
  newGameRow,
  type OpeningLine,
  openingRows,
  type Paired,
  type PairedSeat,
  POOLS,
  PUZZLE_RATINGS,
  type PuzzleRatingRow,
  type PuzzleRoundResult,
  type PuzzleRoundRow,
  RATINGS,
  type Ranked,
  type RatingPoint,
  type RatingRow,
  REMATCHES_NOT_OPEN,
  REVIEWS,
  type ReviewRequestRow,
  type ReviewRow,
  RULES_VERSIONS,
  ratingFromRow,
  ratingOfRow,
  reviewFromRow,
  SEEKS,
  type StoredGame,
  type StoredPuzzleRating,
  type StoredRating,
  type StoredReview,
  TABLE_MANNERS,
  TAKE_LEASE_UPSERT,
  type Waiting,
  type WaitingRow,
  waitingFromRow,
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

  /** Marks a finished game looked at by the explorer and counts its opening, if not done before. */
  private count(id: GameId, opening: OpeningLine | null): boolean {
    if (this.sql('UPDATE games SET explored = 1 WHERE id = ? AND explored = 0 AND termination IS NOT NULL').run(id).changes === 0)
      return false;
    if (!opening) return true;
    const add = this.sql(
      `INSERT INTO explorer (variant, position, move, games, first_wins, draws, second_wins) VALUES (?, ?, ?, 1, ?, ?, ?) ${EXPLORER_UPSERT}`,
    );
    for (const row of openingRows(opening)) add.run(opening.variant, ...row);
    return true;
  }

  async unexplored(limit: number): Promise<{ ids: GameId[]; left: number }> {
    const where = 'FROM games WHERE termination IS NOT NULL AND explored = 0';
    const ids = (this.sql(`SELECT id ${where} ORDER BY created_at, id LIMIT ?`).all(limit) as { id: string }[]).map((r) => r.id);
    const { n } = this.sql(`SELECT COUNT(*) AS n ${where}`).get() as { n: number };
    return { ids, left: Number(n) };
  }

  explore(id: GameId, opening: OpeningLine | null): Promise<boolean> {
    return this.write(() => this.count(id, opening));
  }

  async explorer(variant: string, key: string): Promise<ExplorerCount[]> {
    const rows = this.sql(
      'SELECT move, games, first_wins, draws, second_wins FROM explorer WHERE variant = ? AND position = ? ORDER BY games DESC, move',
    ).all(variant, key) as ExplorerRow[];
    return rows.map(explorerCountFromRow);
  }

  async leaderboard(perf: string, maxDeviation: number, limit: number): Promise<Ranked[]> {
    const rows = this.sql(
      `SELECT a.name, a.kind, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.perf = ? AND r.deviation < ? AND a.kind IN ('player', 'bot')
           AND ${NOT_BANNED} ORDER BY r.rating DESC, a.name LIMIT ?`,
    ).all(perf, maxDeviation, limit) as { name: string; kind: string; rating: number; deviation: number; games: number }[];
    return rows.map((r) => ({
      name: r.name,
      kind: r.kind,
      rating: Number(r.rating),
      deviation: Number(r.deviation),
      games: Number(r.games),
    }));
  }

  async ratedAbove(perf: string, maxDeviation: number, rating: number): Promise<number> {
    const row = this.sql(
      `SELECT COUNT(*) AS n FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.perf = ? AND r.deviation < ? AND a.kind IN ('player', 'bot')
           AND ${NOT_BANNED} AND r.rating > ?`,
    ).get(perf, maxDeviation, rating) as { n: number };
    return Number(row.n);
  }

  async ratingHistory(accountId: string, perf: string, limit: number): Promise<RatingPoint[]> {
    const rows = this.sql(
      `SELECT at, rating, game_id FROM (SELECT at, rating, game_id, rowid AS n FROM rating_history WHERE account_id = ? AND perf = ?
         ORDER BY at DESC, rowid DESC LIMIT ?) ORDER BY at, n`,
    ).all(accountId, perf, limit) as { at: number; rating: number; game_id: string }[];
    return rows.map((r) => ({ at: Number(r.at), rating: Number(r.rating), gameId: r.game_id }));
  }

  async ratingsOf(accountId: string): Promise<StoredRating[]> {
    const rows = this.sql('SELECT perf, rating, deviation, volatility, games, at FROM ratings WHERE account_id = ? ORDER BY perf').all(
      accountId,
    ) as RatingRow[];
    return rows.map(ratingFromRow);
  }

  async open(limit = 100): Promise<StoredGame[]> {
    // Enough rows for `limit` creators: each has at most a few open games at once (the route's cap).
    const rows = this.sql('SELECT * FROM games WHERE termination IS NULL AND open_seats > 0 ORDER BY created_at DESC LIMIT ?').all(
      limit * LOBBY_ROWS_PER_CREATOR,
    ) as GameRow[];
    return newestOfEachCreator(rows, limit).map((r) => this.hydrate(r));
  }

  async playing(limit: number): Promise<StoredGame[]> {
    const rows = this.sql('SELECT * FROM games WHERE termination IS NULL AND open_seats = 0 ORDER BY created_at DESC LIMIT ?').all(
      limit,
    ) as GameRow[];
    return rows.map((r) => this.hydrate(r));
  }

  async openBy(creator: string): Promise<number> {
    const row = this.sql('SELECT COUNT(*) AS n FROM games WHERE creator = ? AND termination IS NULL AND open_seats > 0').get(creator) as {
      n: number;
    };
    return row.n;
  }

  async aiOnlyBy(creator: string): Promise<number> {
    const row = this.sql(`SELECT COUNT(*) AS n FROM games WHERE creator = ? AND termination IS NULL AND seats NOT LIKE '%"open"%'`).get(
      creator,
    ) as { n: number };
    return row.n;
  }

  joinPool(who: Waiting, seenUntil: number): Promise<number> {
    return this.write(() => {
      const row = this.sql(
        `INSERT INTO pool_members (account_id, pool, name, rating, since, misses, seen_until) VALUES (?, ?, ?, ?, ?, 0, ?) ${JOIN_POOL_UPSERT} RETURNING since`,
      ).get(who.account, who.pool, who.name, who.rating, who.since, seenUntil) as { since: number };
      return Number(row.since);
    });
  }

  leavePool(account: string): Promise<boolean> {
    return this.write(() => this.sql('DELETE FROM pool_members WHERE account_id = ? AND game_id IS NULL').run(account).changes === 1);
  }

  async waiting(pool: string, now: number): Promise<Waiting[]> {
    const rows = this.sql(
      'SELECT account_id, pool, name, rating, since, misses FROM pool_members WHERE pool = ? AND game_id IS NULL AND seen_until >= ? ORDER BY since, account_id',
    ).all(pool, now) as WaitingRow[];
    return rows.map(waitingFromRow);
  }

  async poolCounts(now: number): Promise<Record<string, number>> {
    const rows = this.sql('SELECT pool, COUNT(*) AS n FROM pool_members WHERE game_id IS NULL AND seen_until >= ? GROUP BY pool').all(
      now,
    ) as { pool: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.pool, Number(r.n)]));
  }

  seen(accounts: readonly string[], until: number): Promise<Paired[]> {
    if (accounts.length === 0) return Promise.resolve([]);
    return this.write(() => {
      const marks = accounts.map(() => '?').join(', ');
      this.sql(`UPDATE pool_members SET seen_until = ? WHERE game_id IS NULL AND account_id IN (${marks})`).run(until, ...accounts);
      const paired = this.sql(
        `SELECT account_id, game_id, seat FROM pool_members WHERE game_id IS NOT NULL AND account_id IN (${marks})`,
      ).all(...accounts) as { account_id: string; game_id: string; seat: number }[];
      if (paired.length > 0) this.sql(`DELETE FROM pool_members WHERE game_id IS NOT NULL AND account_id IN (${marks})`).run(...accounts);
      return paired.map((p) => ({ account: p.account_id, gameId: p.game_id, seat: Number(p.seat) }));
    });
  }

  pairUp(pool: string, game: NewGame, seats: readonly PairedSeat[]): Promise<boolean> {
    return this.write(() => {
      const marks = seats.map(() => '?').join(', ');
      const still = this.sql(`SELECT COUNT(*) AS n FROM pool_members WHERE pool = ? AND game_id IS NULL AND account_id IN (${marks})`).get(
        pool,
        ...seats.map((s) => s.account),
      ) as { n: number };
      if (Number(still.n) !== seats.length) return false;
      this.insertKept(game, seats);
      for (const [i, seat] of seats.entries())
        this.sql('UPDATE pool_members SET game_id = ?, seat = ? WHERE account_id = ?').run(game.id, i, seat.account);
      return true;
    });
  }

  /** A game and its held seats, inside a write. */
  private insertKept(game: NewGame, seats: readonly PairedSeat[]): void {
    this.sql(`INSERT INTO games (${GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...newGameRow(game));
    for (const [i, seat] of seats.entries())
      this.sql('INSERT INTO seats (game_id, seat, token_hash, name, account_id) VALUES (?, ?, ?, ?, ?)').run(
        game.id,
        i,
        seat.tokenHash,
        seat.name,
        seat.account,
      );
  }

  createKept(game: NewGame, seats: readonly PairedSeat[]): Promise<void> {
    return this.write(() => this.insertKept(game, seats));
  }

  passOver(pool: string, accounts: readonly string[]): Promise<void> {
    if (accounts.length === 0) return Promise.resolve();
    return this.write(() => {
      const marks = accounts.map(() => '?').join(', ');
      this.sql(`UPDATE pool_members SET misses = misses + 1 WHERE pool = ? AND game_id IS NULL AND account_id IN (${marks})`).run(
        pool,
        ...accounts,
      );
    });
  }

  lease(name: string, owner: string, until: number, now: number): Promise<boolean> {
    return this.write(
      () =>
        this.sql(`INSERT INTO leases (name, owner, until) VALUES (?, ?, ?) ${TAKE_LEASE_UPSERT} ?`).run(name, owner, until, now).changes ===
        1,
    );
  }

  createChallenge(challenge: Challenge): Promise<void> {
    return this.write(() => {
      this.sql(`INSERT INTO challenges (${CHALLENGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        ...challengeRow(challenge),
      );
    });
  }

  async challenge(id: string): Promise<Challenge | null> {
    const row = this.sql('SELECT * FROM challenges WHERE id = ?').get(id) as ChallengeRow | undefined;
    return row ? challengeFromRow(row) : null;
  }

  async challengesOf(account: string, now: number, since: number): Promise<Challenge[]> {
    const rows = this.sql(
      `SELECT * FROM challenges WHERE (to_account = ? OR from_account = ?)
         AND ((status = 'open' AND expires_at > ?) OR (status <> 'open' AND answered_at >= ?))
         ORDER BY created_at DESC, id LIMIT 50`,
    ).all(account, account, now, since) as ChallengeRow[];
    return rows.map(challengeFromRow);
  }

  answerChallenge(
    id: string,
    answer: 'declined' | 'cancelled' | { readonly game: NewGame; readonly seats: readonly PairedSeat[] },
    now: number,
  ): Promise<boolean> {
    return this.write(() => {
      const status = typeof answer === 'string' ? answer : 'accepted';
      const gameId = typeof answer === 'string' ? null : answer.game.id;
      const changed = this.sql(
        `UPDATE challenges SET status = ?, answered_at = ?, game_id = ? WHERE id = ? AND status = 'open' AND expires_at > ?`,
      ).run(status, now, gameId, id, now).changes;
      if (changed !== 1) return false;
      if (typeof answer !== 'string') this.insertKept(answer.game, answer.seats);
      return true;
    });
  }

  requestReview(request: ReviewRequestRow): Promise<StoredReview> {
    return this.write(() => {
      this.sql('INSERT INTO reviews (game_id, requester, requested_at, total) VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING').run(
        request.gameId,
        request.requester,
        request.requestedAt,
        request.total,
      );
      return reviewFromRow(this.sql('SELECT * FROM reviews WHERE game_id = ?').get(request.gameId) as ReviewRow);
    });
  }

  async review(gameId: GameId): Promise<StoredReview | null> {
    const row = this.sql('SELECT * FROM reviews WHERE game_id = ?').get(gameId) as ReviewRow | undefined;
    return row ? reviewFromRow(row) : null;
  }

  reviewProgress(gameId: GameId, evaluations: readonly Json[]): Promise<boolean> {
    return this.write(
      () =>
        this.sql('UPDATE reviews SET evaluations = ? WHERE game_id = ? AND review IS NULL').run(JSON.stringify(evaluations), gameId)
          .changes === 1,
    );
  }

  finishReview(gameId: GameId, review: Json): Promise<boolean> {
    return this.write(
      () =>
        this.sql('UPDATE reviews SET review = ? WHERE game_id = ? AND review IS NULL').run(JSON.stringify(review), gameId).changes === 1,
    );
  }

  async unfinishedReviews(limit: number): Promise<StoredReview[]> {
    const rows = this.sql('SELECT * FROM reviews WHERE review IS NULL ORDER BY requested_at, game_id LIMIT ?').all(limit) as ReviewRow[];
    return rows.map(reviewFromRow);
  }

  async reviewsRequestedBy(requester: string, since: number): Promise<number> {
    return (this.sql('SELECT count(*) AS n FROM reviews WHERE requester = ? AND requested_at >= ?').get(requester, since) as { n: number })
      .n;
  }

  puzzleRound(round: PuzzleRoundRow): Promise<PuzzleRoundResult | null> {
    return this.write(() => {
      const first =
        this.sql('INSERT OR IGNORE INTO puzzle_rounds (account_id, puzzle, game, win, at) VALUES (?, ?, ?, ?, ?)').run(
          round.account,
          round.puzzle,
          round.game,
          round.win ? 1 : 0,
          round.at,
        ).changes === 1;
      if (!first) return null;
      const player = this.sql('SELECT rating, deviation, volatility FROM puzzle_players WHERE account_id = ? AND game = ?').get(
        round.account,
        round.game,
      ) as PuzzleRatingRow | undefined;
      const puzzle = this.sql('SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = ?').get(round.puzzle) as
        | PuzzleRatingRow
        | undefined;
      const before = player ? ratingOfRow(player) : null;
      const after = round.rate(before, puzzle ? ratingOfRow(puzzle) : null);
      this.sql(
        `INSERT INTO puzzle_players (account_id, game, rating, deviation, volatility, rounds, at) VALUES (?, ?, ?, ?, ?, 1, ?)
           ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, rounds = puzzle_players.rounds + 1, at = excluded.at`,
      ).run(round.account, round.game, after.player.rating, after.player.deviation, after.player.volatility, round.at);
      this.sql(
        `INSERT INTO puzzle_ratings (puzzle, game, rating, deviation, volatility, plays) VALUES (?, ?, ?, ?, ?, 1)
           ON CONFLICT (puzzle) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, plays = puzzle_ratings.plays + 1`,
      ).run(round.puzzle, round.game, after.puzzle.rating, after.puzzle.deviation, after.puzzle.volatility);
      return { before, player: after.player, puzzle: after.puzzle };
    });
  }

  async puzzleStanding(account: string, game: string): Promise<{ rating: StoredRating | null; tried: string[] }> {
    const row = this.sql('SELECT rating, deviation, volatility, rounds, at FROM puzzle_players WHERE account_id = ? AND game = ?').get(
      account,
      game,
    ) as (PuzzleRatingRow & { rounds: number; at: number }) | undefined;
    const tried = this.sql('SELECT puzzle FROM puzzle_rounds WHERE account_id = ? AND game = ?').all(account, game) as { puzzle: string }[];
    return {
      rating: row ? { perf: `puzzle-${game}`, ...ratingOfRow(row), games: row.rounds, at: row.at } : null,
      tried: tried.map((t) => t.puzzle),
    };
  }

  async puzzleRatings(game: string): Promise<StoredPuzzleRating[]> {
    const rows = this.sql('SELECT puzzle, rating, deviation, volatility, plays FROM puzzle_ratings WHERE game = ?').all(
      game,
    ) as (PuzzleRatingRow & {
      puzzle: string;
      plays: number;
    })[];
    return rows.map((r) => ({ id: r.puzzle, ...ratingOfRow(r), plays: r.plays }));
  }

  async siteSecret(): Promise<string> {
    return (this.sql("SELECT value FROM site WHERE name = 'secret'").get() as { value: string }).value;
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

  async ownerOf(accountId: string): Promise<string | null> {
    const row = this.sql(ownerOfAccount('?')).get(accountId) as { owner: string } | undefined;
    return row?.owner ?? null;
  }

  async ownerOfBot(tokenHash: string): Promise<string | null> {
    const row = this.sql(ownerOfBot('?')).get(tokenHash) as { owner: string } | undefined;
    return row?.owner ?? null;
  }

  async seatedIn(tokenHash: string): Promise<GameId[]> {
    const rows = this.sql(
      `SELECT DISTINCT g.id FROM seats s JOIN games g ON g.id = s.game_id
         WHERE s.token_hash = ? AND g.termination IS NULL ORDER BY g.created_at, g.id`,
    ).all(tokenHash) as { id: string }[];
    return rows.map((r) => r.id);
  }

  registerOwnedBot(
    accountId: string,
    ownerId: string,
    name: string,
    key: string,
    keyHash: string,
    tokenHash: string,
    createdAt: number,
    maxBots?: number,
  ): Promise<boolean> {
    return this.write(() => {
      if (maxBots !== undefined && Number((this.sql(botsOwned('?')).get(ownerId) as { n: number }).n) >= maxBots) return false;
      if (this.sql('SELECT 1 FROM retired_names WHERE key_hash = ?').get(keyHash)) return false;
      if (this.sql('SELECT 1 FROM accounts WHERE name_key = ?').get(key)) return false;
      if (this.sql('SELECT 1 FROM bots WHERE lower(name) = ?').get(key)) return false;
      this.sql("INSERT INTO accounts (id, name, name_key, kind, created_at, owner_id) VALUES (?, ?, ?, 'bot', ?, ?)").run(
        accountId,
        name,
        key,
        createdAt,
        ownerId,
      );
      this.sql('INSERT INTO bots (token_hash, name, created_at, account_id) VALUES (?, ?, ?, ?)').run(
        tokenHash,
        name,
        createdAt,
        accountId,
      );
      return true;
    });
  }

  async botsOwnedBy(ownerId: string): Promise<{ name: string; createdAt: number }[]> {
    const rows = this.sql("SELECT name, created_at FROM accounts WHERE owner_id = ? AND kind = 'bot' ORDER BY created_at").all(ownerId) as {
      name: string;
      created_at: number;
    }[];
    return rows.map((r) => ({ name: r.name, createdAt: Number(r.created_at) }));
  }

  rotateBotToken(ownerId: string, key: string, tokenHash: string): Promise<string | null> {
    return this.write(() => {
      const row = this.sql(
        "SELECT b.token_hash FROM bots b JOIN accounts a ON a.id = b.account_id WHERE a.owner_id = ? AND a.name_key = ? AND a.kind = 'bot'",
      ).get(ownerId, key) as { token_hash: string } | undefined;
      if (!row) return null;
      this.sql('UPDATE bots SET token_hash = ? WHERE token_hash = ?').run(tokenHash, row.token_hash);
      // Its seats in games still on are played with the new token; the old one opens nothing.
      this.sql('UPDATE seats SET token_hash = ? WHERE token_hash = ? AND game_id IN (SELECT id FROM games WHERE termination IS NULL)').run(
        tokenHash,
        row.token_hash,
      );
      return row.token_hash;
    });
  }

  createApiToken(tokenHash: string, accountId: string, label: string, scope: string, createdAt: number): Promise<void> {
    return this.write(() => {
      this.sql('INSERT INTO api_tokens (token_hash, account_id, label, scope, created_at) VALUES (?, ?, ?, ?, ?)').run(
        tokenHash,
        accountId,
        label,
        scope,
        createdAt,
      );
    });
  }

  async apiTokensOf(accountId: string): Promise<{ id: string; label: string; scope: string; createdAt: number }[]> {
    const rows = this.sql('SELECT token_hash, label, scope, created_at FROM api_tokens WHERE account_id = ? ORDER BY created_at').all(
      accountId,
    ) as { token_hash: string; label: string; scope: string; created_at: number }[];
    return rows.map((r) => ({ id: r.token_hash.slice(0, API_TOKEN_ID), label: r.label, scope: r.scope, createdAt: Number(r.created_at) }));
  }

  revokeApiToken(accountId: string, id: string): Promise<boolean> {
    return this.write(
      () =>
        this.sql('DELETE FROM api_tokens WHERE account_id = ? AND substr(token_hash, 1, ?) = ?').run(accountId, API_TOKEN_ID, id).changes >
        0,
    );
  }

  revokeApiTokens(accountId: string): Promise<number> {
    return this.write(() => this.sql('DELETE FROM api_tokens WHERE account_id = ?').run(accountId).changes);
  }

  async apiToken(tokenHash: string): Promise<{ accountId: string; scope: string } | null> {
    const row = this.sql('SELECT account_id, scope FROM api_tokens WHERE token_hash = ?').get(tokenHash) as
      | { account_id: string; scope: string }
      | undefined;
    return row ? { accountId: row.account_id, scope: row.scope } : null;
  }

  createGuest(id: string, name: string, createdAt: number): Promise<void> {
    return this.write(() => {
      this.sql("INSERT INTO accounts (id, name, kind, created_at) VALUES (?, ?, 'guest', ?)").run(id, name, createdAt);
    });
  }

  ensureEngineAccount(id: string, name: string, key: string, createdAt: number): Promise<void> {
    return this.write(() => {
      this.sql("INSERT INTO accounts (id, name, name_key, kind, created_at) VALUES (?, ?, ?, 'bot', ?) ON CONFLICT DO NOTHING").run(
        id,
        name,
        key,
        createdAt,
      );
    });
  }

  register(id: string, name: string, key: string, keyHash: string, passwordHash: string, createdAt: number): Promise<boolean> {
    return this.write(() => {
      if (this.sql('SELECT 1 FROM retired_names WHERE key_hash = ?').get(keyHash)) return false;
      if (this.sql('SELECT 1 FROM accounts WHERE name_key = ?').get(key)) return false;
      const upgraded = this.sql(
        "UPDATE accounts SET name = ?, name_key = ?, password_hash = ?, kind = 'player' WHERE id = ? AND kind = 'guest'",
      ).run(name, key, passwordHash, id).changes;
      // The guest's seats are the player's now, under their name.
      if (upgraded > 0) this.sql('UPDATE seats SET name = ? WHERE account_id = ?').run(name, id);
      if (upgraded === 0)
        this.sql("INSERT INTO accounts (id, name, name_key, password_hash, kind, created_at) VALUES (?, ?, ?, ?, 'player', ?)").run(
          id,
          name,
          key,
          passwordHash,
          createdAt,
        );
      return true;
    });
  }

  async account(id: string): Promise<Account | null> {
    const row = this.sql(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ?`).get(id) as AccountRow | undefined;
    return row ? accountFromRow(row) : null;
  }

  async accountByKey(key: string): Promise<Account | null> {
    const row = this.sql(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name_key = ?`).get(key) as AccountRow | undefined;
    return row ? accountFromRow(row) : null;
  }

  setPassword(id: string, passwordHash: string): Promise<void> {
    return this.write(() => {
      this.sql('UPDATE accounts SET password_hash = ? WHERE id = ?').run(passwordHash, id);
    });
  }

  async deleteAccount(id: string, placeholder: string, keyHash: string | null, deletion: DeletionDetails = {}): Promise<void> {
    await this.write(() => {
      const row = this.sql('SELECT name FROM accounts WHERE id = ?').get(id) as { name: string } | undefined;
      if (!row) return;
      // Marked first: whatever a crash leaves undone, a restart finds by it (closedInPlay).
      this.sql("UPDATE accounts SET kind = 'deleted', password_hash = NULL WHERE id = ?").run(id);
      const bots = this.sql(BOTS_TO_CLOSE).all({ id }) as BotToCloseRow[];
      for (const a of closedAccounts({ id, name: row.name }, placeholder, keyHash, bots, deletion)) {
        const { statements, values } = closingStatements(a, deletion.at ?? 0);
        for (const statement of statements) this.sql(statement).run(values);
      }
    });
    // The log still holds the pages as they were: folded into the database and cut to nothing.
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async liveSeatsOf(account: string): Promise<{ game: GameId; seat: number }[]> {
    return this.sql(LIVE_SEATS).all({ account }) as { game: GameId; seat: number }[];
  }

  async closedInPlay(): Promise<string[]> {
    return (this.sql(CLOSED_IN_PLAY).all() as { account_id: string }[]).map((r) => r.account_id);
  }

  withdraw(account: string, now: number): Promise<string[]> {
    return this.write(() => {
      const ids = [account, ...(this.sql('SELECT id FROM accounts WHERE owner_id = ?').all(account) as { id: string }[]).map((r) => r.id)];
      const others = new Set<string>();
      for (const id of ids) {
        const open = this.sql(
          "SELECT from_account, to_account FROM challenges WHERE status = 'open' AND (from_account = ? OR to_account = ?)",
        ).all(id, id) as { from_account: string; to_account: string }[];
        for (const c of open) others.add(c.from_account === id ? c.to_account : c.from_account);
        this.sql(
          "UPDATE challenges SET status = 'cancelled', answered_at = ? WHERE status = 'open' AND (from_account = ? OR to_account = ?)",
        ).run(now, id, id);
        this.sql('DELETE FROM pool_members WHERE account_id = ?').run(id);
      }
      for (const id of ids) others.delete(id);
      return [...others];
    });
  }

  createSession(idHash: string, accountId: string, now: number): Promise<void> {
    return this.write(() => {
      this.sql('INSERT INTO sessions (id_hash, account_id, created_at, seen_at) VALUES (?, ?, ?, ?)').run(idHash, accountId, now, now);
    });
  }

  async session(idHash: string): Promise<StoredSession | null> {
    const row = this.sql(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id_hash = ?`).get(idHash) as SessionRow | undefined;
    return row ? sessionFromRow(row) : null;
  }

  touchSession(idHash: string, now: number): Promise<void> {
    return this.write(() => {
      this.sql('UPDATE sessions SET seen_at = ? WHERE id_hash = ?').run(now, idHash);
    });
  }

  endSession(idHash: string): Promise<void> {
    return this.write(() => {
      this.sql('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
    });
  }

  endSessions(accountId: string, except: string | null): Promise<number> {
    return this.write(
      () => this.sql('DELETE FROM sessions WHERE account_id = ? AND (? IS NULL OR id_hash <> ?)').run(accountId, except, except).changes,
    );
  }

  async sessionsOf(accountId: string): Promise<StoredSession[]> {
    const rows = this.sql(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE account_id = ? ORDER BY created_at`).all(
      accountId,
    ) as SessionRow[];
    return rows.map(sessionFromRow);
  }

  async seatsOf(accountId: string): Promise<{ game: string; seat: number }[]> {
    return this.sql(
      'SELECT s.game_id AS game, s.seat FROM seats s JOIN games g ON g.id = s.game_id WHERE s.account_id = ? ORDER BY g.created_at, g.id, s.seat',
    ).all(accountId) as { game: string; seat: number }[];
  }

  async gamesOf(accountId: string, query: GamesQuery): Promise<StoredGame[]> {
    const rows = this.sql(
      `SELECT g.* FROM games g
         WHERE g.id IN (SELECT game_id FROM seats WHERE account_id = ?)
           AND (? IS NULL OR g.created_at < ?) AND (? = 0 OR g.termination IS NULL)
         ORDER BY g.created_at DESC, g.id DESC LIMIT ?`,
    ).all(accountId, query.before ?? null, query.before ?? null, query.live ? 1 : 0, query.limit) as GameRow[];
    return rows.map((r) => this.hydrate(r));
  }

  async finishedGames(game: string, after: GameId | null, limit: number): Promise<StoredGame[]> {
    const rows = this.sql(
      `SELECT * FROM games WHERE game = ? AND termination IS NOT NULL AND termination <> 'aborted' AND (? IS NULL OR id > ?)
         ORDER BY id LIMIT ?`,
    ).all(game, after, after, limit) as GameRow[];
    return rows.map((r) => this.hydrate(r));
  }

  async resultsOf(accountId: string): Promise<PlayedResult[]> {
    const rows = this.sql(
      `SELECT g.game, s.seat, g.ended_result FROM seats s JOIN games g ON g.id = s.game_id
         WHERE s.account_id = ? AND g.termination IS NOT NULL AND g.termination <> 'aborted'`,
    ).all(accountId) as { game: string; seat: number; ended_result: string | null }[];
    return rows.map((r) => ({ game: r.game, seat: r.seat, result: JSON.parse(r.ended_result ?? 'null') as Json }));
  }

  async close(): Promise<void> {
    await this.sqlDb.close();
    this.db.close();
  }
}
