import type { Json } from '../engine/game.ts';
import type { IdentityStore } from './identity/store.ts';
import type { ModerationStore } from './moderation/store.ts';
import type { ArchiveStore } from './stores/archive.ts';
import type { ChallengeStore } from './stores/challenges.ts';
import type { ChatStore } from './stores/chat.ts';
import type { EndingStore } from './stores/ending.ts';
import type { ExplorerStore, OpeningLine } from './stores/explorer.ts';
import type { GamesStore } from './stores/games.ts';
import type { Heartbeats } from './stores/heartbeats.ts';
import type { LobbyStore } from './stores/lobby.ts';
import type { PuzzlesStore } from './stores/puzzles.ts';
import type { NewRating, RatingsStore, StoredRating } from './stores/ratings.ts';
import type { ReviewsStore } from './stores/reviews.ts';

/**
 * Where online games live: every game as options + seed + moves, the seat tokens (hashed), and the
 * clocks' deadlines. The store is the truth; a server's rooms are a cache of it. A move is appended
 * at a ply and fails if that ply exists: that check is what decides races between two writers.
 * Implementations (SQLite embedded, PostgreSQL for several instances) pass one contract suite.
 */

export type GameId = string;
export type { Challenge } from './stores/challenges.ts';
export type { ChatLine } from './stores/chat.ts';
export type { ExplorerCount, OpeningLine } from './stores/explorer.ts';
export { type GameRow, gameFromRows } from './stores/game-rows.ts';
export type { Paired, PairedSeat, Waiting } from './stores/lobby.ts';
export type { PuzzleRoundResult, PuzzleRoundRow, StoredPuzzleRating } from './stores/puzzles.ts';
export type { NewRating, Ranked, RatingPoint, StoredRating } from './stores/ratings.ts';
export type { ReviewRequestRow, StoredReview } from './stores/reviews.ts';

/** A game as created: what is needed to replay it, and who may sit where. */
export interface NewGame {
  readonly id: GameId;
  readonly game: string;
  readonly options: Json;
  /** Secret until the game is over: it decides DiceWars's dice. */
  readonly seed: string;
  /** Per seat: "open" for a person to claim, or an AI level. */
  readonly seats: readonly string[];
  /** Time control, if any: initial time and increment per move, in milliseconds; `perMove`, a correspondence game's time for each move. */
  readonly clock?: { readonly initialMs: number; readonly incrementMs: number; readonly perMove?: boolean } | null;
  readonly createdAt: number;
  /** When the server must first look at the game unasked (an AI to move at once), or null. */
  readonly due?: number | null;
  /**
   * Who made it, as an opaque key (a bot's name, or a keyed hash of an address — never the address):
   * what the cap on open games and the lobby count by.
   */
  readonly creator?: string | null;
  /**
   * The version of the game's rules it is played under (GameDefinition.rulesVersion): a server
   * with other rules does not replay it as if they were its own. Absent for a game stored before
   * versions were kept (taken as today's).
   */
  readonly rulesVersion?: number;
  /** Rated: its end updates both players' ratings, in the same write. */
  readonly rated?: boolean;
  /** A rated seek's range: who may take its open seats, by their rating in the game's kind. */
  readonly ratingRange?: { readonly min: number; readonly max: number } | null;
}

/**
 * A rated game's new ratings, worked out before the end is written (ratings/game-end.ts, a pure
 * function of the ratings read) and written with it — only while every player's rating is still the
 * one read (`before`; null: none yet), checked in the write as a move's ply is: else the end is not
 * written and says `ratings-changed` (another game of theirs ended first: read them again).
 */
export interface RatingChange {
  readonly perf: string;
  readonly at: number;
  readonly seats: readonly {
    readonly account: string;
    readonly before: StoredRating | null;
    readonly after: NewRating;
  }[];
  /** What the game shows: each new rating less the old, in whole points. */
  readonly diffs: readonly number[];
}

/** How a game ends, as the room decided it. */
export interface GameEnding {
  readonly result: Json;
  readonly termination: string;
  /** The moves it ends after: first ending wins, and none decided on a position that is gone. */
  readonly plies: number;
  /** When given, the ending holds only after exactly that many departures. */
  readonly departed?: number;
  /** When given, the ending holds only after exactly that many takebacks. */
  readonly undone?: number;
  /** A rated game's ratings, written with its end. */
  readonly ratings?: RatingChange;
  /**
   * The opening explorer's line, counted in the write that ends the game (null: the game is not
   * counted, and is marked as looked at); without one, the game waits for `explore`.
   */
  readonly opening?: OpeningLine | null;
}

/** A rated end not written because a player's rating changed since it was read. */
export const RATINGS_CHANGED = 'ratings-changed';

/** One move as stored: its ply (0-based), its text in the game's notation, and when. */
export interface StoredMove {
  readonly ply: number;
  readonly move: string;
  readonly at: number;
  /** The id the client gave the move, kept so that its retry is recognised after a restart or on another instance. */
  readonly clientId?: string;
}

/**
 * A player who left a game of three or more that goes on without them (resigned, ran out of time,
 * stayed away too long): the server passes their turns from then on.
 */
export interface Departure {
  readonly seat: number;
  /** The moves made before they left. */
  readonly plies: number;
  readonly at: number;
  /** How they left, in the words of an ending: "resignation", "time", "abandoned". */
  readonly termination: string;
}

export interface StoredGame extends NewGame {
  readonly moves: readonly StoredMove[];
  /** The players who left the game while it went on, in the order they left. */
  readonly departures: readonly Departure[];
  /** Set once the game has ended (by the rules, resignation, time…): the record's result and how. */
  readonly ending: { readonly result: Json; readonly termination: string } | null;
  /** Per seat: the hash of its token once claimed, else null. */
  readonly seatTokens: readonly (string | null)[];
  /** Per seat: the name a person gave when claiming it. */
  readonly seatNames: readonly (string | null)[];
  /** Per seat: the account (a player's or a guest's) that holds it, for seats taken by one. */
  readonly seatAccounts: readonly (string | null)[];
  /** The offer standing (a draw, a takeback), if any. */
  readonly offer: Offer | null;
  /** A rated game's rating changes, seat by seat (whole points), once it has ended. */
  readonly ratingDiffs: readonly number[] | null;
  /**
   * Moves taken back so far, plus one for each takeback: what a game's version counts beyond its
   * moves, departures and ending, so versions never go back.
   */
  readonly undone: number;
  /** The move count the last takeback went back to (0 when none was made). */
  readonly undoneAt: number;
  /** When the player to move runs out of time, if a clock runs. */
  readonly deadline: number | null;
  /**
   * When the server must next act in the game without a client asking: an AI to move (at once), a
   * clock to flag, a game abandoned. Null once over. Whichever instance claims the game does it.
   */
  readonly due: number | null;
  /**
   * The last time the whole site was down while the game went on: when its clocks were resumed,
   * and by how much they were moved on (downtime.ts). Absent when that never happened.
   */
  readonly paused?: { readonly at: number; readonly ms: number };
}

/**
 * What a move leaves behind besides itself: the running clock's deadline, when the server must act
 * next, and — when that is at once (an AI's turn) — the claim of the instance that stored the move,
 * so no other takes the turn in between.
 */
export interface AfterMove {
  readonly deadline: number | null;
  readonly due: number | null;
  readonly claim?: { readonly owner: string; readonly until: number } | null;
  /**
   * The departures the move was made after: when given, the move lands only if the game has exactly
   * that many (a player who left meanwhile, through another instance, changed the game).
   */
  readonly departed?: number;
  /** Likewise the count of moves taken back (and takebacks) the move was made after. */
  readonly undone?: number;
}

/** An offer standing in a game: a draw or a takeback, by `seat`, made after `ply` moves; it lapses at the next move. */
export interface Offer {
  readonly kind: 'draw' | 'takeback';
  readonly seat: number;
  readonly ply: number;
}

/** A line of a game's chat: the players' own, or the spectators'. */

/**
 * The store did not answer (a database restarting, a connection lost): nothing changed, and the
 * same request may be made again. Clients are told "try again" (HTTP 503), never "server error".
 */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`the game store is not answering: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailable';
  }
}

/**
 * A stored game was played under another version of its rules than this server's (an upgrade
 * changed them): replaying it under today's would make another game of it, so it is not played on
 * here. Said in words (HTTP 409); its record stays readable, stamped with its own version.
 */
export class RulesChanged extends Error {
  constructor(
    readonly id: GameId,
    title: string,
    readonly stored: number,
    readonly current: number,
  ) {
    super(
      `game ${id} was played under ${title} rules version ${stored}, and this server plays version ${current}: it cannot be played on here, only read as a record (/api/games/${id}/record)`,
    );
    this.name = 'RulesChanged';
  }
}

/**
 * The store's disk is full: nothing changed, and nothing will until the operator frees space — not a
 * passing outage. Clients are told so in words; the operator by the log and /healthz.
 */
export class StoreOutOfDisk extends StoreUnavailable {
  constructor(cause: unknown) {
    super(cause);
    this.message = `the game store is out of disk space: ${cause instanceof Error ? cause.message : String(cause)}`;
    this.name = 'StoreOutOfDisk';
  }
}

/** What a client is told when the store's disk is full. */
export const STORE_OUT_OF_DISK = "the server's disk is full, so nothing can be saved; nothing changed. The operator has been told.";

/**
 * Whether a store's writes fail for want of disk, as the store last found: since when, or null. Set
 * by the failed write, cleared by the next one that succeeds; said once in the log each time.
 */
export class DiskState {
  fullSince: number | null = null;
  constructor(private readonly where: string) {}

  full(now: number): void {
    if (this.fullSince !== null) return;
    this.fullSince = now;
    process.stderr.write(
      `hexarena: OUT OF DISK: the game store (${this.where}) cannot write; moves and new games are refused until space is freed\n`,
    );
  }

  written(): void {
    if (this.fullSince === null) return;
    this.fullSince = null;
    process.stderr.write(`hexarena: the game store (${this.where}) writes again\n`);
  }
}

/** Why an append was refused: the ply was taken (a race, a retry), or the game has ended. */
export type AppendRefusal = 'ply-taken' | 'game-over' | 'no-such-game';

/** Why a move found nothing to change at its ply, from the game's row as it is now (none: no such game). */
export function refusalOf(game: { readonly termination: string | null } | undefined): AppendRefusal {
  return !game ? 'no-such-game' : game.termination !== null ? 'game-over' : 'ply-taken';
}

export interface GameStore
  extends IdentityStore,
    Heartbeats,
    ModerationStore,
    ChatStore,
    EndingStore,
    RatingsStore,
    ArchiveStore,
    ExplorerStore,
    ReviewsStore,
    PuzzlesStore,
    LobbyStore,
    ChallengeStore,
    GamesStore {
  /** Whether writes fail for want of disk (reported by /healthz); absent where the store cannot tell. */
  readonly disk?: DiskState;
  close(): Promise<void>;
}

/** A registered bot as a request with its token shows it (the token is never stored, only its hash). */
export interface Bot {
  readonly name: string;
  readonly tokenHash: string;
  readonly token: string;
}

/**
 * The creator of a rematch: the finished game it follows, whose players alone may take its seats.
 * None of them is open to the lobby, so a flood of rematches (one per finished game) takes no place there.
 */
export const REMATCH_OF = 'rematch:';

/** The creator of a game the pairing made: its seats are taken as it is made, none open to the lobby. */
export const POOL_OF = 'pool:';
/** The creator of the engine ladder's games (asked by the operator; played out even with nobody watching). */
export const LADDER_OF = 'ladder';
/** The creator of a game a challenge became: likewise. */
export const CHALLENGE_OF = 'challenge:';
/** Games whose seats are kept for their players, none open to the lobby. */
const KEPT_FOR_PLAYERS = [REMATCH_OF, POOL_OF, CHALLENGE_OF];

/**
 * Whether the game began with its players already seated (paired by the pools, a challenge accepted):
 * nobody chose to sit down at that moment, so one who never makes a first move aborts it.
 */
export const seatedAtStart = (game: { readonly creator?: string | null }): boolean =>
  game.creator?.startsWith(POOL_OF) === true || game.creator?.startsWith(CHALLENGE_OF) === true;

/**
 * A new game's row as both stores insert it: open_seats counts the seats anyone may claim from the
 * lobby (not an AI's, not a rematch's). In GAME_COLUMNS' order.
 */
export function newGameValues(game: NewGame) {
  return {
    id: game.id,
    game: game.game,
    options: JSON.stringify(game.options),
    seed: game.seed,
    seats: JSON.stringify(game.seats),
    clock: game.clock ? JSON.stringify(game.clock) : null,
    created_at: game.createdAt,
    due: game.due ?? null,
    open_seats: KEPT_FOR_PLAYERS.some((kept) => game.creator?.startsWith(kept)) ? 0 : game.seats.filter((s) => s === 'open').length,
    creator: game.creator ?? null,
    rules_version: game.rulesVersion ?? null,
    rated: game.rated ? 1 : 0,
    rating_range: game.ratingRange ? JSON.stringify(game.ratingRange) : null,
  };
}

/** The values of a new game's row, in GAME_COLUMNS' order. */
export const newGameRow = (game: NewGame): unknown[] => Object.values(newGameValues(game));

/** A game just made, as it will read back from the store. */
export function newStoredGame(game: NewGame): StoredGame {
  const none = game.seats.map(() => null);
  return {
    ...game,
    moves: [],
    departures: [],
    ending: null,
    seatTokens: none,
    seatNames: none,
    seatAccounts: none,
    offer: null,
    undone: 0,
    undoneAt: 0,
    ratingDiffs: null,
    deadline: null,
    due: game.due ?? null,
    creator: game.creator ?? null,
  };
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

/** The rating changes a rated game shows: the new ratings less the old, in whole points. */
export const ratingDiffs = (before: readonly (StoredRating | null)[], after: readonly { rating: number }[], start = 1500): number[] =>
  after.map((a, i) => Math.round(a.rating) - Math.round(before[i]?.rating ?? start));

/** Migration 16, the same SQL in both stores: a rated seek's rating range. */
export const SEEKS = 'ALTER TABLE games ADD COLUMN rating_range TEXT;';

/** The columns of a new game's row, as newGameRow gives them. */
export const GAME_COLUMNS =
  'id, game, options, seed, seats, clock, created_at, due, open_seats, creator, rules_version, rated, rating_range';

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
