import type { Heartbeats } from './downtime.ts';
import type { IdentityStore } from './identity/store.ts';
import type { ModerationStore } from './moderation/store.ts';
import type { ArchiveStore } from './stores/archive.ts';
import type { ChallengeStore } from './stores/challenges.ts';
import type { ChatStore } from './stores/chat.ts';
import type { ExplorerStore } from './stores/explorer.ts';
import type { DiskState } from './stores/failures.ts';
import { REMATCH_OF } from './stores/game.ts';
import type { GamesStore } from './stores/games.ts';
import type { LobbyStore } from './stores/lobby.ts';
import type { PuzzlesStore } from './stores/puzzles.ts';
import type { RatingsStore } from './stores/ratings.ts';
import type { ReviewsStore } from './stores/reviews.ts';

/**
 * Where online games live: every game as options + seed + moves, the seat tokens (hashed), and the
 * clocks' deadlines. The store is the truth; a server's rooms are a cache of it. A move is appended
 * at a ply and fails if that ply exists: that check is what decides races between two writers.
 * Implementations (SQLite embedded, PostgreSQL for several instances) pass one contract suite.
 */

export type { Heartbeats } from './downtime.ts';
export type { AccountStore, BotStore, IdentityStore } from './identity/store.ts';
export type { ModerationStore } from './moderation/store.ts';
export type { ArchiveStore } from './stores/archive.ts';
export type { Challenge, ChallengeStore } from './stores/challenges.ts';
export type { ChatLine, ChatStore } from './stores/chat.ts';
export { type EndingStore, type GameEnding, RATINGS_CHANGED, type RatingChange } from './stores/ending.ts';
export type { ExplorerCount, ExplorerStore, OpeningLine } from './stores/explorer.ts';
export * from './stores/failures.ts';
export * from './stores/game.ts';
export { type GameRow, gameFromRows } from './stores/game-rows.ts';
export type { GamesStore } from './stores/games.ts';
export type { LobbyStore, Paired, PairedSeat, Waiting } from './stores/lobby.ts';
export type { PuzzleRoundResult, PuzzleRoundRow, PuzzlesStore, StoredPuzzleRating } from './stores/puzzles.ts';
export type { NewRating, Ranked, RatingPoint, RatingsStore, StoredRating } from './stores/ratings.ts';
export type { ReviewRequestRow, ReviewsStore, StoredReview } from './stores/reviews.ts';

/**
 * The store, one part a concern, each named for what it keeps and written once for both databases
 * (stores/*.ts): `store.games.append(…)`, `store.chat.add(…)`. A module that needs one concern takes
 * that part alone (`ChatStore`), not the whole store.
 */
export interface GameStore extends IdentityStore {
  /** Games and moves as they are played, and their ends (with the ratings and opening they write). */
  readonly games: GamesStore;
  /** The open games and those under way, the pools, the leases. */
  readonly lobby: LobbyStore;
  readonly challenges: ChallengeStore;
  readonly chat: ChatStore;
  readonly ratings: RatingsStore;
  /** A player's games and results, the finished games of a kind. */
  readonly archive: ArchiveStore;
  readonly explorer: ExplorerStore;
  readonly reviews: ReviewsStore;
  readonly puzzles: PuzzlesStore;
  readonly moderation: ModerationStore;
  readonly heartbeats: Heartbeats;
  /** Whether writes fail for want of disk (reported by /healthz); absent where the store cannot tell. */
  readonly disk?: DiskState;
  close(): Promise<void>;
}

/**
 * Migration 8 of both stores: a rematch's seats are kept for the players of the game it follows, so
 * none counts as open to the lobby (rematches filled its rows, each its own creator, and pushed
 * everyone's games out).
 */
export const REMATCHES_NOT_OPEN = `UPDATE games SET open_seats = 0 WHERE creator LIKE '${REMATCH_OF}%';`;

/**
 * Migration 9 of both stores: the players who left a game of three or more that went on without
 * them, in order (a restart keeps who plays on), and their count on the game, which moves and
 * endings check as they check the move count.
 */
export const DEPARTURES = `ALTER TABLE games ADD COLUMN departed INTEGER NOT NULL DEFAULT 0;
 CREATE TABLE departures (
   game_id TEXT NOT NULL REFERENCES games(id),
   n INTEGER NOT NULL,
   seat INTEGER NOT NULL,
   plies INTEGER NOT NULL,
   at BIGINT NOT NULL,
   termination TEXT NOT NULL,
   PRIMARY KEY (game_id, n),
   UNIQUE (game_id, seat)
 );`;

/**
 * Migration 10 of both stores: the version of the rules each game is played under. Games stored
 * before have none, and are taken to be under today's rules, as they were until now.
 */
export const RULES_VERSIONS = 'ALTER TABLE games ADD COLUMN rules_version INTEGER;';

/** Migration 5 of both stores: the id a client gave each move, so its retry is acknowledged after a restart or on another instance. */
export const MOVE_CLIENT_IDS = 'ALTER TABLE moves ADD COLUMN client_id TEXT;';

/**
 * Migration 6 of both stores: bot names are one whatever their case ("Randy" and "randy" would pass
 * for each other); of names registered twice before, the later ones take a suffix from their token's hash.
 */
export const BOT_NAMES_FOLDED = `UPDATE bots SET name = name || '-' || substr(token_hash, 1, 6)
   WHERE EXISTS (SELECT 1 FROM bots b WHERE lower(b.name) = lower(bots.name)
     AND (b.created_at < bots.created_at OR (b.created_at = bots.created_at AND b.token_hash < bots.token_hash)));
 CREATE UNIQUE INDEX bots_name_folded ON bots (lower(name));`;

/** Migration 12, the same SQL in both stores: offers, takebacks, and each game's chat. */
export const TABLE_MANNERS = `ALTER TABLE games ADD COLUMN offer TEXT;
   ALTER TABLE games ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE games ADD COLUMN undone_at INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE chat (
     game_id TEXT NOT NULL REFERENCES games(id),
     n INTEGER NOT NULL,
     room TEXT NOT NULL,
     author TEXT NOT NULL,
     account_id TEXT,
     text TEXT NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (game_id, n)
   );
   CREATE INDEX chat_by_account ON chat(account_id);`;

/** Migration 14, the same SQL in both stores: rated games and players' ratings. */
export const RATINGS = `ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE games ADD COLUMN rating_diffs TEXT;
   CREATE TABLE ratings (
     account_id TEXT NOT NULL,
     perf TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     deviation DOUBLE PRECISION NOT NULL,
     volatility DOUBLE PRECISION NOT NULL,
     games INTEGER NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (account_id, perf)
   );
   CREATE TABLE rating_history (
     account_id TEXT NOT NULL,
     perf TEXT NOT NULL,
     at BIGINT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     game_id TEXT NOT NULL
   );
   CREATE INDEX rating_history_by_account ON rating_history(account_id, perf, at);`;

/** Migration 16, the same SQL in both stores: a rated seek's rating range. */
export const SEEKS = 'ALTER TABLE games ADD COLUMN rating_range TEXT;';

/** Migration 18, the same SQL in both stores: finished games' computer reviews, kept with the game. */
export const REVIEWS = `CREATE TABLE reviews (
     game_id TEXT PRIMARY KEY REFERENCES games(id),
     requester TEXT NOT NULL,
     requested_at BIGINT NOT NULL,
     total INTEGER NOT NULL,
     evaluations TEXT NOT NULL DEFAULT '[]',
     review TEXT
   );
   CREATE INDEX reviews_by_requester ON reviews(requester, requested_at);
   CREATE INDEX reviews_unfinished ON reviews(requested_at) WHERE review IS NULL;`;

/** Puzzle ratings (docs/puzzles.md): each player's per game, each puzzle's, and who tried what. */
export const PUZZLE_RATINGS = `CREATE TABLE puzzle_players (
     account_id TEXT NOT NULL,
     game TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     deviation DOUBLE PRECISION NOT NULL,
     volatility DOUBLE PRECISION NOT NULL,
     rounds INTEGER NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (account_id, game)
   );
   CREATE TABLE puzzle_ratings (
     puzzle TEXT PRIMARY KEY,
     game TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     deviation DOUBLE PRECISION NOT NULL,
     volatility DOUBLE PRECISION NOT NULL,
     plays INTEGER NOT NULL
   );
   CREATE INDEX puzzle_ratings_by_game ON puzzle_ratings(game);
   CREATE TABLE puzzle_rounds (
     account_id TEXT NOT NULL,
     puzzle TEXT NOT NULL,
     game TEXT NOT NULL,
     win INTEGER NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (account_id, puzzle)
   );`;

/** Migration 15, the same SQL in both stores: players waiting in pools, and leases (one pairing site-wide). */
export const POOLS = `CREATE TABLE pool_members (
     account_id TEXT PRIMARY KEY,
     pool TEXT NOT NULL,
     name TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     since BIGINT NOT NULL,
     misses INTEGER NOT NULL DEFAULT 0,
     seen_until BIGINT NOT NULL,
     game_id TEXT,
     seat INTEGER
   );
   CREATE INDEX pool_members_waiting ON pool_members(pool, since) WHERE game_id IS NULL;
   CREATE TABLE leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, until BIGINT NOT NULL);`;

/** Migration 17, the same SQL in both stores: challenges between players. */
export const CHALLENGES = `CREATE TABLE challenges (
     id TEXT PRIMARY KEY,
     from_account TEXT NOT NULL,
     from_name TEXT NOT NULL,
     to_account TEXT NOT NULL,
     to_name TEXT NOT NULL,
     game TEXT NOT NULL,
     options TEXT NOT NULL,
     clock TEXT,
     rated INTEGER NOT NULL,
     seat INTEGER,
     created_at BIGINT NOT NULL,
     expires_at BIGINT NOT NULL,
     status TEXT NOT NULL,
     answered_at BIGINT,
     game_id TEXT
   );
   CREATE INDEX challenges_to ON challenges(to_account, created_at);
   CREATE INDEX challenges_from ON challenges(from_account, created_at);`;

/**
 * Migration 19 of both stores (18 is the computer reviews'): the opening explorer's index — per
 * variant, position key and move, the games and how they ended — and on each game whether the
 * explorer has looked at it (its ending counted, or found not to count). Games finished before are
 * not looked at: the server's start counts them (server/explorer-index.ts), resumably.
 */
export const explorerMigration = (tableOptions: string): string => `ALTER TABLE games ADD COLUMN explored INTEGER NOT NULL DEFAULT 0;
   CREATE INDEX games_unexplored ON games(created_at, id) WHERE termination IS NOT NULL AND explored = 0;
   CREATE TABLE explorer (
     variant TEXT NOT NULL,
     position TEXT NOT NULL,
     move TEXT NOT NULL,
     games INTEGER NOT NULL,
     first_wins INTEGER NOT NULL,
     draws INTEGER NOT NULL,
     second_wins INTEGER NOT NULL,
     PRIMARY KEY (variant, position, move)
   )${tableOptions};`;
