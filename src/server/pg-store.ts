import pg from 'pg';
import type { Json } from '../engine/game.ts';
import { HEARTBEATS, numbered } from './downtime.ts';
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

  /** Many games at once: their moves and seats in two queries, not two a game. */
  private async hydrateAll(rows: readonly GameRow[]): Promise<StoredGame[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [moves, claimed, departures] = await Promise.all([
      this.query<{ game_id: string; ply: number; move: string; at: string; client_id: string | null }>(
        'SELECT game_id, ply, move, at, client_id FROM moves WHERE game_id = ANY($1) ORDER BY game_id, ply',
        [ids],
      ),
      this.query<{ game_id: string; seat: number; token_hash: string; name: string | null }>(
        'SELECT game_id, seat, token_hash, name, account_id FROM seats WHERE game_id = ANY($1)',
        [ids],
      ),
      this.query<{ game_id: string; seat: number; plies: number; at: string; termination: string }>(
        'SELECT game_id, seat, plies, at, termination FROM departures WHERE game_id = ANY($1) ORDER BY game_id, n',
        [ids],
      ),
    ]);
    const of = <T extends { game_id: string }>(all: readonly T[], id: string) => all.filter((r) => r.game_id === id);
    return rows.map((row) => gameFromRows(row, of(moves.rows, row.id), of(claimed.rows, row.id), of(departures.rows, row.id)));
  }

  /** Marks a finished game looked at by the explorer and counts its opening, if not done before (inside a transaction). */
  private async count(c: pg.PoolClient, id: GameId, opening: OpeningLine | null): Promise<boolean> {
    const marked = await c.query('UPDATE games SET explored = 1 WHERE id = $1 AND explored = 0 AND termination IS NOT NULL', [id]);
    if (marked.rowCount !== 1) return false;
    const rows = opening ? openingRows(opening) : [];
    if (!opening || rows.length === 0) return true;
    // One statement for the opening (each row once: openingRows), rows in key order so two games
    // counted at once lock shared rows in the same order.
    rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    const values: unknown[] = [];
    const tuples = rows.map((row, i) => {
      values.push(opening.variant, ...row);
      const p = i * 6;
      return `($${p + 1}, $${p + 2}, $${p + 3}, 1, $${p + 4}, $${p + 5}, $${p + 6})`;
    });
    await c.query(
      `INSERT INTO explorer (variant, position, move, games, first_wins, draws, second_wins) VALUES ${tuples.join(', ')} ${EXPLORER_UPSERT}`,
      values,
    );
    return true;
  }

  async unexplored(limit: number): Promise<{ ids: GameId[]; left: number }> {
    const where = 'FROM games WHERE termination IS NOT NULL AND explored = 0';
    const { rows } = await this.query<{ id: string }>(`SELECT id ${where} ORDER BY created_at, id LIMIT $1`, [limit]);
    const { rows: counted } = await this.query<{ n: string }>(`SELECT COUNT(*) AS n ${where}`, []);
    return { ids: rows.map((r) => r.id), left: Number(counted[0]?.n ?? 0) };
  }

  explore(id: GameId, opening: OpeningLine | null): Promise<boolean> {
    return this.transaction((c) => this.count(c, id, opening));
  }

  async explorer(variant: string, key: string): Promise<ExplorerCount[]> {
    const { rows } = await this.query<ExplorerRow>(
      'SELECT move, games, first_wins, draws, second_wins FROM explorer WHERE variant = $1 AND position = $2 ORDER BY games DESC, move COLLATE "C"',
      [variant, key],
    );
    return rows.map(explorerCountFromRow);
  }

  async leaderboard(perf: string, maxDeviation: number, limit: number): Promise<Ranked[]> {
    const { rows } = await this.query<{ name: string; kind: string; rating: number; deviation: number; games: number }>(
      `SELECT a.name, a.kind, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.perf = $1 AND r.deviation < $2 AND a.kind IN ('player', 'bot')
           AND ${NOT_BANNED} ORDER BY r.rating DESC, a.name LIMIT $3`,
      [perf, maxDeviation, limit],
    );
    return rows.map((r) => ({
      name: r.name,
      kind: r.kind,
      rating: Number(r.rating),
      deviation: Number(r.deviation),
      games: Number(r.games),
    }));
  }

  async ratedAbove(perf: string, maxDeviation: number, rating: number): Promise<number> {
    const { rows } = await this.query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.perf = $1 AND r.deviation < $2 AND a.kind IN ('player', 'bot')
           AND ${NOT_BANNED} AND r.rating > $3`,
      [perf, maxDeviation, rating],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async ratingHistory(accountId: string, perf: string, limit: number): Promise<RatingPoint[]> {
    const { rows } = await this.query<{ at: string; rating: number; game_id: string }>(
      `SELECT at, rating, game_id FROM (SELECT at, rating, game_id, ctid AS n FROM rating_history WHERE account_id = $1 AND perf = $2
         ORDER BY at DESC, ctid DESC LIMIT $3) h ORDER BY at, n`,
      [accountId, perf, limit],
    );
    return rows.map((r) => ({ at: Number(r.at), rating: Number(r.rating), gameId: r.game_id }));
  }

  async ratingsOf(accountId: string): Promise<StoredRating[]> {
    const { rows } = await this.query<RatingRow>(
      'SELECT perf, rating, deviation, volatility, games, at FROM ratings WHERE account_id = $1 ORDER BY perf',
      [accountId],
    );
    return rows.map(ratingFromRow);
  }

  async open(limit = 100): Promise<StoredGame[]> {
    const { rows } = await this.query<GameRow>(
      'SELECT * FROM games WHERE termination IS NULL AND open_seats > 0 ORDER BY created_at DESC LIMIT $1',
      [limit * LOBBY_ROWS_PER_CREATOR],
    );
    return this.hydrateAll(newestOfEachCreator(rows, limit));
  }
  async playing(limit: number): Promise<StoredGame[]> {
    const { rows } = await this.query<GameRow>(
      'SELECT * FROM games WHERE termination IS NULL AND open_seats = 0 ORDER BY created_at DESC LIMIT $1',
      [limit],
    );
    return this.hydrateAll(rows);
  }

  async openBy(creator: string): Promise<number> {
    const { rows } = await this.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM games WHERE creator = $1 AND termination IS NULL AND open_seats > 0',
      [creator],
    );
    return rows[0]?.n ?? 0;
  }

  async aiOnlyBy(creator: string): Promise<number> {
    const { rows } = await this.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM games WHERE creator = $1 AND termination IS NULL AND seats NOT LIKE '%"open"%'`,
      [creator],
    );
    return rows[0]?.n ?? 0;
  }

  async joinPool(who: Waiting, seenUntil: number): Promise<number> {
    const { rows } = await this.query<{ since: string }>(
      `INSERT INTO pool_members (account_id, pool, name, rating, since, misses, seen_until) VALUES ($1, $2, $3, $4, $5, 0, $6) ${JOIN_POOL_UPSERT} RETURNING since`,
      [who.account, who.pool, who.name, who.rating, who.since, seenUntil],
    );
    return Number(rows[0]?.since);
  }

  async leavePool(account: string): Promise<boolean> {
    return (await this.query('DELETE FROM pool_members WHERE account_id = $1 AND game_id IS NULL', [account])).rowCount === 1;
  }

  async waiting(pool: string, now: number): Promise<Waiting[]> {
    const { rows } = await this.query<WaitingRow>(
      'SELECT account_id, pool, name, rating, since, misses FROM pool_members WHERE pool = $1 AND game_id IS NULL AND seen_until >= $2 ORDER BY since, account_id',
      [pool, now],
    );
    return rows.map(waitingFromRow);
  }

  async poolCounts(now: number): Promise<Record<string, number>> {
    const { rows } = await this.query<{ pool: string; n: string }>(
      'SELECT pool, COUNT(*) AS n FROM pool_members WHERE game_id IS NULL AND seen_until >= $1 GROUP BY pool',
      [now],
    );
    return Object.fromEntries(rows.map((r) => [r.pool, Number(r.n)]));
  }

  async seen(accounts: readonly string[], until: number): Promise<Paired[]> {
    if (accounts.length === 0) return [];
    return this.transaction(async (c) => {
      await c.query('UPDATE pool_members SET seen_until = $1 WHERE game_id IS NULL AND account_id = ANY($2)', [until, [...accounts]]);
      const { rows } = await c.query<{ account_id: string; game_id: string; seat: number }>(
        'DELETE FROM pool_members WHERE game_id IS NOT NULL AND account_id = ANY($1) RETURNING account_id, game_id, seat',
        [[...accounts]],
      );
      return rows.map((p) => ({ account: p.account_id, gameId: p.game_id, seat: Number(p.seat) }));
    });
  }

  async pairUp(pool: string, game: NewGame, seats: readonly PairedSeat[]): Promise<boolean> {
    return this.transaction(async (c) => {
      const { rows } = await c.query(
        'SELECT account_id FROM pool_members WHERE pool = $1 AND game_id IS NULL AND account_id = ANY($2) ORDER BY account_id FOR UPDATE',
        [pool, seats.map((s) => s.account)],
      );
      if (rows.length !== seats.length) return false;
      await this.insertKept(c, game, seats);
      for (const [i, seat] of seats.entries())
        await c.query('UPDATE pool_members SET game_id = $1, seat = $2 WHERE account_id = $3', [game.id, i, seat.account]);
      return true;
    });
  }

  /** A game and its held seats, inside a transaction. */
  private async insertKept(c: pg.PoolClient, game: NewGame, seats: readonly PairedSeat[]): Promise<void> {
    await c.query(`INSERT INTO games (${GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`, newGameRow(game));
    for (const [i, seat] of seats.entries())
      await c.query('INSERT INTO seats (game_id, seat, token_hash, name, account_id) VALUES ($1, $2, $3, $4, $5)', [
        game.id,
        i,
        seat.tokenHash,
        seat.name,
        seat.account,
      ]);
  }

  createKept(game: NewGame, seats: readonly PairedSeat[]): Promise<void> {
    return this.transaction((c) => this.insertKept(c, game, seats));
  }

  async passOver(pool: string, accounts: readonly string[]): Promise<void> {
    if (accounts.length === 0) return;
    await this.query('UPDATE pool_members SET misses = misses + 1 WHERE pool = $1 AND game_id IS NULL AND account_id = ANY($2)', [
      pool,
      [...accounts],
    ]);
  }

  async lease(name: string, owner: string, until: number, now: number): Promise<boolean> {
    return (
      (await this.query(`INSERT INTO leases (name, owner, until) VALUES ($1, $2, $3) ${TAKE_LEASE_UPSERT} $4`, [name, owner, until, now]))
        .rowCount === 1
    );
  }

  async requestReview(request: ReviewRequestRow): Promise<StoredReview> {
    await this.query(
      'INSERT INTO reviews (game_id, requester, requested_at, total) VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO NOTHING',
      [request.gameId, request.requester, request.requestedAt, request.total],
    );
    return (await this.review(request.gameId)) as StoredReview;
  }

  async review(gameId: GameId): Promise<StoredReview | null> {
    const { rows } = await this.query<ReviewRow>('SELECT * FROM reviews WHERE game_id = $1', [gameId]);
    return rows[0] ? reviewFromRow(rows[0]) : null;
  }

  async reviewProgress(gameId: GameId, evaluations: readonly Json[]): Promise<boolean> {
    const { rowCount } = await this.query('UPDATE reviews SET evaluations = $1 WHERE game_id = $2 AND review IS NULL', [
      JSON.stringify(evaluations),
      gameId,
    ]);
    return rowCount === 1;
  }

  async finishReview(gameId: GameId, review: Json): Promise<boolean> {
    const { rowCount } = await this.query('UPDATE reviews SET review = $1 WHERE game_id = $2 AND review IS NULL', [
      JSON.stringify(review),
      gameId,
    ]);
    return rowCount === 1;
  }

  async unfinishedReviews(limit: number): Promise<StoredReview[]> {
    const { rows } = await this.query<ReviewRow>('SELECT * FROM reviews WHERE review IS NULL ORDER BY requested_at, game_id LIMIT $1', [
      limit,
    ]);
    return rows.map(reviewFromRow);
  }

  puzzleRound(round: PuzzleRoundRow): Promise<PuzzleRoundResult | null> {
    return this.transaction(async (c) => {
      const inserted = await c.query(
        'INSERT INTO puzzle_rounds (account_id, puzzle, game, win, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [round.account, round.puzzle, round.game, round.win ? 1 : 0, round.at],
      );
      if (inserted.rowCount !== 1) return null;
      // Rows locked, so two first tries of one player, or at one puzzle, are rated one after the other.
      const player = await c.query<PuzzleRatingRow>(
        'SELECT rating, deviation, volatility FROM puzzle_players WHERE account_id = $1 AND game = $2 FOR UPDATE',
        [round.account, round.game],
      );
      const puzzle = await c.query<PuzzleRatingRow>(
        'SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1 FOR UPDATE',
        [round.puzzle],
      );
      const before = player.rows[0] ? ratingOfRow(player.rows[0]) : null;
      const after = round.rate(before, puzzle.rows[0] ? ratingOfRow(puzzle.rows[0]) : null);
      await c.query(
        `INSERT INTO puzzle_players (account_id, game, rating, deviation, volatility, rounds, at) VALUES ($1, $2, $3, $4, $5, 1, $6)
           ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, rounds = puzzle_players.rounds + 1, at = excluded.at`,
        [round.account, round.game, after.player.rating, after.player.deviation, after.player.volatility, round.at],
      );
      await c.query(
        `INSERT INTO puzzle_ratings (puzzle, game, rating, deviation, volatility, plays) VALUES ($1, $2, $3, $4, $5, 1)
           ON CONFLICT (puzzle) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, plays = puzzle_ratings.plays + 1`,
        [round.puzzle, round.game, after.puzzle.rating, after.puzzle.deviation, after.puzzle.volatility],
      );
      return { before, player: after.player, puzzle: after.puzzle };
    });
  }

  async puzzleStanding(account: string, game: string): Promise<{ rating: StoredRating | null; tried: string[] }> {
    const { rows } = await this.query<PuzzleRatingRow & { rounds: number; at: string }>(
      'SELECT rating, deviation, volatility, rounds, at FROM puzzle_players WHERE account_id = $1 AND game = $2',
      [account, game],
    );
    const tried = await this.query<{ puzzle: string }>('SELECT puzzle FROM puzzle_rounds WHERE account_id = $1 AND game = $2', [
      account,
      game,
    ]);
    const row = rows[0];
    return {
      rating: row ? { perf: `puzzle-${game}`, ...ratingOfRow(row), games: Number(row.rounds), at: Number(row.at) } : null,
      tried: tried.rows.map((t) => t.puzzle),
    };
  }

  async puzzleRatings(game: string): Promise<StoredPuzzleRating[]> {
    const { rows } = await this.query<PuzzleRatingRow & { puzzle: string; plays: number }>(
      'SELECT puzzle, rating, deviation, volatility, plays FROM puzzle_ratings WHERE game = $1',
      [game],
    );
    return rows.map((r) => ({ id: r.puzzle, ...ratingOfRow(r), plays: Number(r.plays) }));
  }

  async reviewsRequestedBy(requester: string, since: number): Promise<number> {
    const { rows } = await this.query<{ n: string }>('SELECT count(*) AS n FROM reviews WHERE requester = $1 AND requested_at >= $2', [
      requester,
      since,
    ]);
    return Number(rows[0]?.n ?? 0);
  }

  async createChallenge(challenge: Challenge): Promise<void> {
    await this.query(
      `INSERT INTO challenges (${CHALLENGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      challengeRow(challenge),
    );
  }

  async challenge(id: string): Promise<Challenge | null> {
    const { rows } = await this.query<ChallengeRow>('SELECT * FROM challenges WHERE id = $1', [id]);
    return rows[0] ? challengeFromRow(rows[0]) : null;
  }

  async challengesOf(account: string, now: number, since: number): Promise<Challenge[]> {
    const { rows } = await this.query<ChallengeRow>(
      `SELECT * FROM challenges WHERE (to_account = $1 OR from_account = $1)
         AND ((status = 'open' AND expires_at > $2) OR (status <> 'open' AND answered_at >= $3))
         ORDER BY created_at DESC, id LIMIT 50`,
      [account, now, since],
    );
    return rows.map(challengeFromRow);
  }

  async answerChallenge(
    id: string,
    answer: 'declined' | 'cancelled' | { readonly game: NewGame; readonly seats: readonly PairedSeat[] },
    now: number,
  ): Promise<boolean> {
    return this.transaction(async (c) => {
      const status = typeof answer === 'string' ? answer : 'accepted';
      const gameId = typeof answer === 'string' ? null : answer.game.id;
      const changed = await c.query(
        `UPDATE challenges SET status = $1, answered_at = $2, game_id = $3 WHERE id = $4 AND status = 'open' AND expires_at > $2`,
        [status, now, gameId, id],
      );
      if (changed.rowCount !== 1) return false;
      if (typeof answer !== 'string') await this.insertKept(c, answer.game, answer.seats);
      return true;
    });
  }

  async siteSecret(): Promise<string> {
    const { rows } = await this.query<{ value: string }>("SELECT value FROM site WHERE name = 'secret'", []);
    return rows[0]?.value as string;
  }

  async registerBot(tokenHash: string, name: string, createdAt: number): Promise<boolean> {
    const r = await this.query('INSERT INTO bots (token_hash, name, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      tokenHash,
      name,
      createdAt,
    ]);
    return r.rowCount === 1;
  }

  async botName(tokenHash: string): Promise<string | null> {
    const { rows } = await this.query<{ name: string }>('SELECT name FROM bots WHERE token_hash = $1', [tokenHash]);
    return rows[0]?.name ?? null;
  }

  async ownerOf(accountId: string): Promise<string | null> {
    return (await this.query<{ owner: string }>(ownerOfAccount('$1'), [accountId])).rows[0]?.owner ?? null;
  }

  async ownerOfBot(tokenHash: string): Promise<string | null> {
    return (await this.query<{ owner: string }>(ownerOfBot('$1'), [tokenHash])).rows[0]?.owner ?? null;
  }

  async seatedIn(tokenHash: string): Promise<GameId[]> {
    const { rows } = await this.query<{ id: string }>(
      `SELECT DISTINCT g.id, g.created_at FROM seats s JOIN games g ON g.id = s.game_id
         WHERE s.token_hash = $1 AND g.termination IS NULL ORDER BY g.created_at, g.id`,
      [tokenHash],
    );
    return rows.map((r) => r.id);
  }

  async registerOwnedBot(
    accountId: string,
    ownerId: string,
    name: string,
    key: string,
    keyHash: string,
    tokenHash: string,
    createdAt: number,
    maxBots?: number,
  ): Promise<boolean> {
    try {
      return await this.transaction(async (c) => {
        if (maxBots !== undefined) {
          // The owner's row locked: two bots made at once are counted one after the other.
          await c.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [ownerId]);
          const { rows } = await c.query<{ n: string }>(botsOwned('$1'), [ownerId]);
          if (Number(rows[0]?.n ?? 0) >= maxBots) return false;
        }
        const taken = await c.query(
          `SELECT 1 FROM retired_names WHERE key_hash = $1
           UNION ALL SELECT 1 FROM accounts WHERE name_key = $2 UNION ALL SELECT 1 FROM bots WHERE lower(name) = $2`,
          [keyHash, key],
        );
        if (taken.rowCount) return false;
        await c.query("INSERT INTO accounts (id, name, name_key, kind, created_at, owner_id) VALUES ($1, $2, $3, 'bot', $4, $5)", [
          accountId,
          name,
          key,
          createdAt,
          ownerId,
        ]);
        await c.query('INSERT INTO bots (token_hash, name, created_at, account_id) VALUES ($1, $2, $3, $4)', [
          tokenHash,
          name,
          createdAt,
          accountId,
        ]);
        return true;
      });
    } catch (e) {
      if ((e as { code?: unknown }).code === '23505') return false;
      throw e;
    }
  }

  async botsOwnedBy(ownerId: string): Promise<{ name: string; createdAt: number }[]> {
    const { rows } = await this.query<{ name: string; created_at: string }>(
      "SELECT name, created_at FROM accounts WHERE owner_id = $1 AND kind = 'bot' ORDER BY created_at",
      [ownerId],
    );
    return rows.map((r) => ({ name: r.name, createdAt: Number(r.created_at) }));
  }

  async rotateBotToken(ownerId: string, key: string, tokenHash: string): Promise<string | null> {
    return this.transaction(async (c) => {
      const { rows } = await c.query<{ token_hash: string }>(
        "SELECT b.token_hash FROM bots b JOIN accounts a ON a.id = b.account_id WHERE a.owner_id = $1 AND a.name_key = $2 AND a.kind = 'bot' FOR UPDATE OF b",
        [ownerId, key],
      );
      const old = rows[0]?.token_hash;
      if (old === undefined) return null;
      await c.query('UPDATE bots SET token_hash = $1 WHERE token_hash = $2', [tokenHash, old]);
      await c.query(
        'UPDATE seats SET token_hash = $1 WHERE token_hash = $2 AND game_id IN (SELECT id FROM games WHERE termination IS NULL)',
        [tokenHash, old],
      );
      return old;
    });
  }

  async createApiToken(tokenHash: string, accountId: string, label: string, scope: string, createdAt: number): Promise<void> {
    await this.query('INSERT INTO api_tokens (token_hash, account_id, label, scope, created_at) VALUES ($1, $2, $3, $4, $5)', [
      tokenHash,
      accountId,
      label,
      scope,
      createdAt,
    ]);
  }

  async apiTokensOf(accountId: string): Promise<{ id: string; label: string; scope: string; createdAt: number }[]> {
    const { rows } = await this.query<{ token_hash: string; label: string; scope: string; created_at: string }>(
      'SELECT token_hash, label, scope, created_at FROM api_tokens WHERE account_id = $1 ORDER BY created_at',
      [accountId],
    );
    return rows.map((r) => ({ id: r.token_hash.slice(0, API_TOKEN_ID), label: r.label, scope: r.scope, createdAt: Number(r.created_at) }));
  }

  async revokeApiToken(accountId: string, id: string): Promise<boolean> {
    const r = await this.query('DELETE FROM api_tokens WHERE account_id = $1 AND substr(token_hash, 1, $2) = $3', [
      accountId,
      API_TOKEN_ID,
      id,
    ]);
    return (r.rowCount ?? 0) > 0;
  }

  async revokeApiTokens(accountId: string): Promise<number> {
    return (await this.query('DELETE FROM api_tokens WHERE account_id = $1', [accountId])).rowCount ?? 0;
  }

  async apiToken(tokenHash: string): Promise<{ accountId: string; scope: string } | null> {
    const { rows } = await this.query<{ account_id: string; scope: string }>(
      'SELECT account_id, scope FROM api_tokens WHERE token_hash = $1',
      [tokenHash],
    );
    return rows[0] ? { accountId: rows[0].account_id, scope: rows[0].scope } : null;
  }

  async createGuest(id: string, name: string, createdAt: number): Promise<void> {
    await this.query("INSERT INTO accounts (id, name, kind, created_at) VALUES ($1, $2, 'guest', $3)", [id, name, createdAt]);
  }

  async ensureEngineAccount(id: string, name: string, key: string, createdAt: number): Promise<void> {
    await this.query("INSERT INTO accounts (id, name, name_key, kind, created_at) VALUES ($1, $2, $3, 'bot', $4) ON CONFLICT DO NOTHING", [
      id,
      name,
      key,
      createdAt,
    ]);
  }

  async register(id: string, name: string, key: string, keyHash: string, passwordHash: string, createdAt: number): Promise<boolean> {
    try {
      return await this.transaction(async (c) => {
        const retired = await c.query('SELECT 1 FROM retired_names WHERE key_hash = $1', [keyHash]);
        if (retired.rowCount) return false;
        const upgraded = await c.query(
          "UPDATE accounts SET name = $1, name_key = $2, password_hash = $3, kind = 'player' WHERE id = $4 AND kind = 'guest'",
          [name, key, passwordHash, id],
        );
        // The guest's seats are the player's now, under their name.
        if (upgraded.rowCount) await c.query('UPDATE seats SET name = $1 WHERE account_id = $2', [name, id]);
        if (upgraded.rowCount === 0)
          await c.query(
            "INSERT INTO accounts (id, name, name_key, password_hash, kind, created_at) VALUES ($1, $2, $3, $4, 'player', $5)",
            [id, name, key, passwordHash, createdAt],
          );
        return true;
      });
    } catch (e) {
      // The name taken, by now or a moment ago through another instance (unique_violation).
      if ((e as { code?: unknown }).code === '23505') return false;
      throw e;
    }
  }

  async account(id: string): Promise<Account | null> {
    const { rows } = await this.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [id]);
    return rows[0] ? accountFromRow(rows[0]) : null;
  }

  async accountByKey(key: string): Promise<Account | null> {
    const { rows } = await this.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name_key = $1`, [key]);
    return rows[0] ? accountFromRow(rows[0]) : null;
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.query('UPDATE accounts SET password_hash = $1 WHERE id = $2', [passwordHash, id]);
  }

  async deleteAccount(id: string, placeholder: string, keyHash: string | null, deletion: DeletionDetails = {}): Promise<void> {
    await this.transaction(async (c) => {
      const found = await c.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1 FOR UPDATE', [id]);
      const row = found.rows[0];
      if (!row) return;
      // Marked first: whatever a crash leaves undone, a restart finds by it (closedInPlay).
      await c.query("UPDATE accounts SET kind = 'deleted', password_hash = NULL WHERE id = $1", [id]);
      const bots = numbered(BOTS_TO_CLOSE, { id });
      const { rows } = await c.query<BotToCloseRow>(bots.text, bots.values);
      for (const a of closedAccounts({ id, name: row.name }, placeholder, keyHash, rows, deletion)) {
        const { statements, values } = closingStatements(a, deletion.at ?? 0);
        for (const statement of statements) {
          const { text, values: ordered } = numbered(statement, values);
          await c.query(text, ordered);
        }
      }
    });
  }

  async liveSeatsOf(account: string): Promise<{ game: GameId; seat: number }[]> {
    const { text, values } = numbered(LIVE_SEATS, { account });
    const { rows } = await this.query<{ game: GameId; seat: number }>(text, values);
    return rows.map((r) => ({ game: r.game, seat: Number(r.seat) }));
  }

  async closedInPlay(): Promise<string[]> {
    return (await this.query<{ account_id: string }>(CLOSED_IN_PLAY, [])).rows.map((r) => r.account_id);
  }

  async withdraw(account: string, now: number): Promise<string[]> {
    return this.transaction(async (c) => {
      const owned = await c.query<{ id: string }>('SELECT id FROM accounts WHERE owner_id = $1', [account]);
      const ids = [account, ...owned.rows.map((r) => r.id)];
      const cancelled = await c.query<{ from_account: string; to_account: string }>(
        `UPDATE challenges SET status = 'cancelled', answered_at = $1
           WHERE status = 'open' AND (from_account = ANY($2::text[]) OR to_account = ANY($2::text[]))
           RETURNING from_account, to_account`,
        [now, ids],
      );
      await c.query('DELETE FROM pool_members WHERE account_id = ANY($1::text[])', [ids]);
      const others = new Set(cancelled.rows.flatMap((r) => [r.from_account, r.to_account]));
      for (const id of ids) others.delete(id);
      return [...others];
    });
  }

  async createSession(idHash: string, accountId: string, now: number): Promise<void> {
    await this.query('INSERT INTO sessions (id_hash, account_id, created_at, seen_at) VALUES ($1, $2, $3, $3)', [idHash, accountId, now]);
  }

  async session(idHash: string): Promise<StoredSession | null> {
    const { rows } = await this.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id_hash = $1`, [idHash]);
    return rows[0] ? sessionFromRow(rows[0]) : null;
  }

  async touchSession(idHash: string, now: number): Promise<void> {
    await this.query('UPDATE sessions SET seen_at = $1 WHERE id_hash = $2', [now, idHash]);
  }

  async endSession(idHash: string): Promise<void> {
    await this.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
  }

  async endSessions(accountId: string, except: string | null): Promise<number> {
    const r = await this.query('DELETE FROM sessions WHERE account_id = $1 AND ($2::text IS NULL OR id_hash <> $2)', [accountId, except]);
    return r.rowCount ?? 0;
  }

  async sessionsOf(accountId: string): Promise<StoredSession[]> {
    const { rows } = await this.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE account_id = $1 ORDER BY created_at`, [
      accountId,
    ]);
    return rows.map(sessionFromRow);
  }

  async seatsOf(accountId: string): Promise<{ game: string; seat: number }[]> {
    const { rows } = await this.query<{ game: string; seat: number }>(
      'SELECT s.game_id AS game, s.seat FROM seats s JOIN games g ON g.id = s.game_id WHERE s.account_id = $1 ORDER BY g.created_at, g.id, s.seat',
      [accountId],
    );
    return rows;
  }

  async gamesOf(accountId: string, query: GamesQuery): Promise<StoredGame[]> {
    const { rows } = await this.query<GameRow>(
      `SELECT g.* FROM games g
         WHERE g.id IN (SELECT game_id FROM seats WHERE account_id = $1)
           AND ($2::bigint IS NULL OR g.created_at < $2::bigint) AND (NOT $3::boolean OR g.termination IS NULL)
         ORDER BY g.created_at DESC, g.id DESC LIMIT $4`,
      [accountId, query.before ?? null, query.live === true, query.limit],
    );
    return this.hydrateAll(rows);
  }

  async finishedGames(game: string, after: GameId | null, limit: number): Promise<StoredGame[]> {
    const { rows } = await this.query<GameRow>(
      `SELECT * FROM games WHERE game = $1 AND termination IS NOT NULL AND termination <> 'aborted' AND ($2::text IS NULL OR id > $2::text)
         ORDER BY id LIMIT $3`,
      [game, after, limit],
    );
    return this.hydrateAll(rows);
  }

  async resultsOf(accountId: string): Promise<PlayedResult[]> {
    const { rows } = await this.query<{ game: string; seat: number; ended_result: string | null }>(
      `SELECT g.game, s.seat, g.ended_result FROM seats s JOIN games g ON g.id = s.game_id
         WHERE s.account_id = $1 AND g.termination IS NOT NULL AND g.termination <> 'aborted'`,
      [accountId],
    );
    return rows.map((r) => ({ game: r.game, seat: r.seat, result: JSON.parse(r.ended_result ?? 'null') as Json }));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
