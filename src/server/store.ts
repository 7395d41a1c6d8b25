import type { Json } from '../engine/game.ts';
import type { GamesQuery, IdentityStore, PlayedResult } from './identity/store.ts';
import type { ModerationStore } from './moderation/store.ts';
import type { ChatStore } from './stores/chat.ts';
import type { EndingStore } from './stores/ending.ts';
import type { GamesStore } from './stores/games.ts';
import type { Heartbeats } from './stores/heartbeats.ts';

/**
 * Where online games live: every game as options + seed + moves, the seat tokens (hashed), and the
 * clocks' deadlines. The store is the truth; a server's rooms are a cache of it. A move is appended
 * at a ply and fails if that ply exists: that check is what decides races between two writers.
 * Implementations (SQLite embedded, PostgreSQL for several instances) pass one contract suite.
 */

export type GameId = string;
export type { ChatLine } from './stores/chat.ts';

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
 * A finished game's opening, as the explorer counts it (src/explorer): under its variant, each
 * position of its first plies with the move played there ('' for the position it ended in), and how
 * it ended.
 */
export interface OpeningLine {
  readonly variant: string;
  readonly steps: readonly { readonly key: string; readonly move: string }[];
  readonly counted: 'first' | 'second' | 'draw';
}

/** A move at a position as the explorer's index counts it: the games it was played in, and how they ended. */
export interface ExplorerCount {
  /** In the game's notation; '' for the games that ended in the position. */
  readonly move: string;
  readonly games: number;
  readonly firstWins: number;
  readonly draws: number;
  readonly secondWins: number;
}

/** A place on a leaderboard. */
export interface Ranked {
  readonly name: string;
  readonly kind: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
}

/** A player's rating in one kind of game (a game, or a game at a speed), as stored. */
export interface StoredRating {
  readonly perf: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  /** Rated games played in it. */
  readonly games: number;
  /** When it last changed. */
  readonly at: number;
}

/** A rating as a game's end leaves it. */
export interface NewRating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
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

/** A point of a player's rating history: its rating after a rated game ended at `at`. */
export interface RatingPoint {
  readonly at: number;
  readonly rating: number;
  readonly gameId: string;
}

/** A player waiting in a pool, as stored: whichever instance runs the pairing reads them all. */
export interface Waiting {
  readonly pool: string;
  readonly account: string;
  /** The name shown on their seat. */
  readonly name: string;
  /** Their rating in the pool's kind of game when they joined. */
  readonly rating: number;
  /** When they began waiting (joining again from another tab or instance keeps it). */
  readonly since: number;
  /** Pairing waves that passed them by: their window widens with each. */
  readonly misses: number;
}

/** A waiting player's game, once the pairing found them one. */
export interface Paired {
  readonly account: string;
  readonly gameId: string;
  readonly seat: number;
}

/** A challenge from one player to another, as stored. */
export interface Challenge {
  readonly id: string;
  readonly from: { readonly account: string; readonly name: string };
  readonly to: { readonly account: string; readonly name: string };
  readonly game: string;
  readonly options: Json;
  readonly clock: { readonly initialMs: number; readonly incrementMs: number; readonly perMove?: boolean } | null;
  readonly rated: boolean;
  /** The challenger's seat; null: drawn when accepted. */
  readonly seat: number | null;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly status: 'open' | 'accepted' | 'declined' | 'cancelled';
  /** The game it became, once accepted. */
  readonly gameId: string | null;
}

/** A seat of a game made by the pairing: its player's account, name and (unsent) token's hash. */
export interface PairedSeat {
  readonly account: string;
  readonly name: string;
  readonly tokenHash: string;
}

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

export interface GameStore extends IdentityStore, Heartbeats, ModerationStore, ChatStore, EndingStore, GamesStore {
  /** Whether writes fail for want of disk (reported by /healthz); absent where the store cannot tell. */
  readonly disk?: DiskState;
  /**
   * The opening explorer's index: each game is counted at most once (by `end` or here), its mark and
   * its counts changed in one write. Finished games not yet looked at, oldest first (at most `limit`), and how many there are in all.
   */
  unexplored(limit: number): Promise<{ ids: GameId[]; left: number }>;
  /** Counts a finished game's opening (null: marks it looked at, uncounted): false when it was looked at already, or is not over. */
  explore(id: GameId, opening: OpeningLine | null): Promise<boolean>;
  /** What the index holds at a position of a variant: each move played there ('' for games that ended there), most played first. */
  explorer(variant: string, key: string): Promise<ExplorerCount[]>;
  /** A player's ratings, one a kind of game. */
  ratingsOf(accountId: string): Promise<StoredRating[]>;
  /** A player's rating under `perf` after each rated game, oldest first: the last `limit` points. */
  ratingHistory(accountId: string, perf: string, limit: number): Promise<RatingPoint[]>;
  /**
   * The best established ratings under `perf` (deviation under `maxDeviation`), highest first, at
   * most `limit`: players' and bots', never a deleted account's.
   */
  leaderboard(perf: string, maxDeviation: number, limit: number): Promise<Ranked[]>;
  /** How many established ratings under `perf` are higher than `rating`. */
  ratedAbove(perf: string, maxDeviation: number, rating: number): Promise<number>;
  /**
   * The account's games, newest first: at most `limit`, made before `before` when given, only those
   * still on when `live`.
   */
  gamesOf(accountId: string, query: GamesQuery): Promise<StoredGame[]>;
  /** Finished games of `game` (aborted ones left out), in id order after `after`, `limit` at a time: for mining puzzles. */
  finishedGames(game: string, after: GameId | null, limit: number): Promise<StoredGame[]>;
  /** Every finished game of the account (not the aborted ones), as what its record says of that account's seat. */
  resultsOf(accountId: string): Promise<PlayedResult[]>;
  /** Games with an open seat, newest first, each creator's newest only: the lobby. */
  open(limit?: number): Promise<StoredGame[]>;
  /** Games under way (every seat taken, not over), newest first: what the home page may show to watch. */
  playing(limit: number): Promise<StoredGame[]>;
  /** How many live games with an open seat `creator` has made. */
  openBy(creator: string): Promise<number>;
  /** How many live games of AIs alone (no seat for a person) `creator` has made. */
  aiOnlyBy(creator: string): Promise<number>;
  /**
   * `who` waits in `who.pool` (and in no other pool) until `seenUntil`, unless renewed; joining the
   * pool they already wait in keeps their `since` and misses. Resolves to their `since`.
   */
  joinPool(who: Waiting, seenUntil: number): Promise<number>;
  /** The account stops waiting; false when it was not waiting (already paired, or never joined). */
  leavePool(account: string): Promise<boolean>;
  /** Who waits in `pool` now (seen until `now` or later), longest waiting first. */
  waiting(pool: string, now: number): Promise<Waiting[]>;
  /** How many wait in each pool that has anyone. */
  poolCounts(now: number): Promise<Record<string, number>>;
  /**
   * The accounts are still there (their sockets open on this instance): they wait until `until`.
   * Returns those of them the pairing has found a game for, and forgets that it did.
   */
  seen(accounts: readonly string[], until: number): Promise<Paired[]>;
  /**
   * The pairing's game for `seats` (in seat order), made with its seats taken, in one write — only if
   * every one of them still waits in `pool`; false otherwise (one left, or was paired meanwhile).
   */
  pairUp(pool: string, game: NewGame, seats: readonly PairedSeat[]): Promise<boolean>;
  /** A game made with every seat held (the ladder's): the game and its seats in one write. */
  createKept(game: NewGame, seats: readonly PairedSeat[]): Promise<void>;
  /** A wave passed these waiting players by. */
  passOver(pool: string, accounts: readonly string[]): Promise<void>;
  /**
   * Holds the lease `name` for `owner` until `until`: true when it was free, lapsed (before `now`) or
   * already `owner`'s. One holder at a time, site-wide: what the pairing runs under.
   */
  lease(name: string, owner: string, until: number, now: number): Promise<boolean>;
  /** Stores a new open challenge. */
  createChallenge(challenge: Challenge): Promise<void>;
  /** A challenge, whatever its status. */
  challenge(id: string): Promise<Challenge | null>;
  /**
   * The account's challenges, sent and received, newest first: the open ones not expired at `now`,
   * and those answered since `since` (so the challenger hears the answer).
   */
  challengesOf(account: string, now: number, since: number): Promise<Challenge[]>;
  /**
   * Answers an open, unexpired challenge: declined or cancelled; or accepted, its game made with its
   * seats taken in the same write. False when it was no longer open.
   */
  answerChallenge(
    id: string,
    answer: 'declined' | 'cancelled' | { readonly game: NewGame; readonly seats: readonly PairedSeat[] },
    now: number,
  ): Promise<boolean>;
  /** A secret of this site, made once with the store, for keyed hashes (never sent, never logged). */
  siteSecret(): Promise<string>;
  /** Registers a bot: its token's hash and its name; false when the name is taken. */
  registerBot(tokenHash: string, name: string, createdAt: number): Promise<boolean>;
  /** The name of the bot with this token hash, or null. */
  botName(tokenHash: string): Promise<string | null>;
  /** The ids of the games not yet ended with a seat claimed by this token hash (a bot's games), oldest first. */
  seatedIn(tokenHash: string): Promise<GameId[]>;
  /**
   * The seats `account` holds in games still on and has not left, with those of the bots it owns
   * (by their accounts, or their tokens): what closing the account ends (account-closing.ts), oldest game first.
   */
  liveSeatsOf(account: string): Promise<{ readonly game: GameId; readonly seat: number }[]>;
  /** The deleted accounts that still hold a seat, not left, in a game still on: closings a crash cut short. */
  closedInPlay(): Promise<string[]>;
  /**
   * Takes the account and the bots it owns out of pairing at `now`: their open challenges, sent and
   * received, cancelled, and their places in pools given up. The other accounts of the challenges cancelled.
   */
  withdraw(account: string, now: number): Promise<string[]>;
  /**
   * Asks for the computer review of a game: stored unless one is already (asked once, whoever asks
   * again gets the first). Resolves to the review as stored now, the first request's or this one.
   */
  requestReview(request: ReviewRequestRow): Promise<StoredReview>;
  /** The review of a game, done or under way, or null when none was asked for. */
  review(gameId: GameId): Promise<StoredReview | null>;
  /** The positions of an unfinished review judged so far (all of them, in order); false once it is done. */
  reviewProgress(gameId: GameId, evaluations: readonly Json[]): Promise<boolean>;
  /** The review is done: kept with the game for good. False when it was done already. */
  finishReview(gameId: GameId, review: Json): Promise<boolean>;
  /** Reviews asked for and not done, longest waiting first, at most `limit` (taken up again after a restart). */
  unfinishedReviews(limit: number): Promise<StoredReview[]>;
  /** How many reviews `requester` has asked for since `since`. */
  reviewsRequestedBy(requester: string, since: number): Promise<number>;
  /**
   * A player's try at a puzzle: the first is rated (both ratings worked out by `round.rate` inside
   * the write, as a rated game's are), a later one only counted. Null when it was not the first.
   */
  puzzleRound(round: PuzzleRoundRow): Promise<PuzzleRoundResult | null>;
  /** A player's puzzle rating in a game (null: none yet), and the puzzles they have tried there. */
  puzzleStanding(account: string, game: string): Promise<{ readonly rating: StoredRating | null; readonly tried: string[] }>;
  /** The ratings of a game's puzzles that have been tried (the others are new: NEW_PUZZLE). */
  puzzleRatings(game: string): Promise<StoredPuzzleRating[]>;
  close(): Promise<void>;
}

/** A puzzle's own rating, as tries move it. */
export interface StoredPuzzleRating extends NewRating {
  readonly id: string;
  /** Rated tries at it. */
  readonly plays: number;
}

/** A try at a puzzle as it is written: who, which, how it went, and how the first try rates both. */
export interface PuzzleRoundRow {
  readonly account: string;
  readonly game: string;
  readonly puzzle: string;
  readonly win: boolean;
  readonly at: number;
  rate(player: NewRating | null, puzzle: NewRating | null): { readonly player: NewRating; readonly puzzle: NewRating };
}

/** A first try's ratings: the player's before (null: none yet) and after, and the puzzle's after. */
export interface PuzzleRoundResult {
  readonly before: NewRating | null;
  readonly player: NewRating;
  readonly puzzle: NewRating;
}

/** A review as it is asked for: whose request (a keyed hash or an account), when, and how many positions. */
export interface ReviewRequestRow {
  readonly gameId: GameId;
  readonly requester: string;
  readonly requestedAt: number;
  /** Positions to judge: the game's moves and one. */
  readonly total: number;
}

/** A computer review as the store keeps it: asked for, judged position by position, then done. */
export interface StoredReview extends ReviewRequestRow {
  /** The positions judged so far, in order. */
  readonly evaluations: readonly Json[];
  /** The finished review, or null while it is under way. */
  readonly review: Json | null;
}

/** A registered bot as a request with its token shows it (the token is never stored, only its hash). */
export interface Bot {
  readonly name: string;
  readonly tokenHash: string;
  readonly token: string;
}

/** A game's row as both stores keep it (JSON in text columns; PostgreSQL gives big integers as text). */
export interface GameRow {
  readonly id: string;
  readonly game: string;
  readonly options: string;
  readonly seed: string;
  readonly seats: string;
  readonly clock: string | null;
  readonly created_at: number | string;
  readonly ended_result: string | null;
  readonly termination: string | null;
  readonly deadline: number | string | null;
  readonly due: number | string | null;
  readonly creator?: string | null;
  readonly rules_version?: number | string | null;
  readonly offer?: string | null;
  readonly undone?: number | string | null;
  readonly undone_at?: number | string | null;
  readonly rated?: number | boolean | null;
  readonly rating_diffs?: string | null;
  readonly rating_range?: string | null;
  readonly paused_at?: number | string | null;
  readonly paused_ms?: number | string | null;
}

/** A stored game from its row, its moves in ply order, its claimed seats and its departures in order. */
export function gameFromRows(
  row: GameRow,
  moves: readonly { ply: number; move: string; at: number | string; client_id?: string | null }[],
  claimed: readonly { seat: number; token_hash: string; name: string | null; account_id?: string | null }[],
  departures: readonly { seat: number; plies: number; at: number | string; termination: string }[],
): StoredGame {
  const seats = JSON.parse(row.seats) as string[];
  const seatTokens: (string | null)[] = seats.map(() => null);
  const seatNames: (string | null)[] = seats.map(() => null);
  const seatAccounts: (string | null)[] = seats.map(() => null);
  for (const c of claimed) {
    seatTokens[c.seat] = c.token_hash;
    seatNames[c.seat] = c.name;
    seatAccounts[c.seat] = c.account_id ?? null;
  }
  return {
    id: row.id,
    game: row.game,
    options: JSON.parse(row.options) as Json,
    seed: row.seed,
    seats,
    clock: row.clock ? (JSON.parse(row.clock) as NewGame['clock']) : null,
    createdAt: Number(row.created_at),
    moves: moves.map((m) => ({ ply: m.ply, move: m.move, at: Number(m.at), ...(m.client_id ? { clientId: m.client_id } : {}) })),
    departures: departures.map((d) => ({ seat: d.seat, plies: d.plies, at: Number(d.at), termination: d.termination })),
    ending: row.termination === null ? null : { result: JSON.parse(row.ended_result ?? 'null') as Json, termination: row.termination },
    seatTokens,
    seatNames,
    seatAccounts,
    deadline: row.deadline === null ? null : Number(row.deadline),
    due: row.due === null ? null : Number(row.due),
    creator: row.creator ?? null,
    ...(row.rules_version === null || row.rules_version === undefined ? {} : { rulesVersion: Number(row.rules_version) }),
    offer: row.offer ? (JSON.parse(row.offer) as Offer) : null,
    undone: Number(row.undone ?? 0),
    undoneAt: Number(row.undone_at ?? 0),
    ...(row.rated ? { rated: true } : {}),
    ratingDiffs: row.rating_diffs ? (JSON.parse(row.rating_diffs) as number[]) : null,
    ...(row.rating_range ? { ratingRange: JSON.parse(row.rating_range) as { min: number; max: number } } : {}),
    ...(row.paused_at === null || row.paused_at === undefined
      ? {}
      : { paused: { at: Number(row.paused_at), ms: Number(row.paused_ms ?? 0) } }),
  };
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

/** Rows the lobby reads for each game it shows: a creator has at most a few open games at once. */
export const LOBBY_ROWS_PER_CREATOR = 5;

/** The first (newest) row of each creator, up to `limit`; games of no known creator each stand alone. */
export function newestOfEachCreator<R extends { readonly creator?: string | null }>(rows: readonly R[], limit: number): R[] {
  const seen = new Set<string>();
  const shown: R[] = [];
  for (const row of rows) {
    if (shown.length === limit) break;
    const creator = row.creator ?? null;
    if (creator !== null && seen.has(creator)) continue;
    if (creator !== null) seen.add(creator);
    shown.push(row);
  }
  return shown;
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

export interface RatingRow {
  readonly perf: string;
  readonly rating: number | string;
  readonly deviation: number | string;
  readonly volatility: number | string;
  readonly games: number | string;
  readonly at: number | string;
}

export const ratingFromRow = (r: RatingRow): StoredRating => ({
  perf: r.perf,
  rating: Number(r.rating),
  deviation: Number(r.deviation),
  volatility: Number(r.volatility),
  games: Number(r.games),
  at: Number(r.at),
});

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

/** A rating row of the puzzle tables, as either store reads it (PostgreSQL's numbers may come as text). */
export interface PuzzleRatingRow {
  readonly rating: number | string;
  readonly deviation: number | string;
  readonly volatility: number | string;
}

export const ratingOfRow = (row: PuzzleRatingRow): NewRating => ({
  rating: Number(row.rating),
  deviation: Number(row.deviation),
  volatility: Number(row.volatility),
});

export interface ReviewRow {
  readonly game_id: string;
  readonly requester: string;
  readonly requested_at: number | string;
  readonly total: number | string;
  readonly evaluations: string;
  readonly review: string | null;
}

export const reviewFromRow = (r: ReviewRow): StoredReview => ({
  gameId: r.game_id,
  requester: r.requester,
  requestedAt: Number(r.requested_at),
  total: Number(r.total),
  evaluations: JSON.parse(r.evaluations) as Json[],
  review: r.review === null ? null : (JSON.parse(r.review) as Json),
});

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

export interface WaitingRow {
  readonly account_id: string;
  readonly pool: string;
  readonly name: string;
  readonly rating: number | string;
  readonly since: number | string;
  readonly misses: number | string;
}

export const waitingFromRow = (r: WaitingRow): Waiting => ({
  pool: r.pool,
  account: r.account_id,
  name: r.name,
  rating: Number(r.rating),
  since: Number(r.since),
  misses: Number(r.misses),
});

/** Joining: a new row, or the same pool again (since and misses kept), or another pool (started anew). */
export const JOIN_POOL_UPSERT = `ON CONFLICT (account_id) DO UPDATE SET
     since = CASE WHEN pool_members.pool = excluded.pool AND pool_members.game_id IS NULL THEN pool_members.since ELSE excluded.since END,
     misses = CASE WHEN pool_members.pool = excluded.pool AND pool_members.game_id IS NULL THEN pool_members.misses ELSE 0 END,
     pool = excluded.pool, name = excluded.name, rating = excluded.rating, seen_until = excluded.seen_until, game_id = NULL, seat = NULL`;

/** Taking a lease: inserted, or taken over when lapsed, or renewed by its holder. */
export const TAKE_LEASE_UPSERT = `ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until = excluded.until
     WHERE leases.owner = excluded.owner OR leases.until < `;

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

export interface ChallengeRow {
  readonly id: string;
  readonly from_account: string;
  readonly from_name: string;
  readonly to_account: string;
  readonly to_name: string;
  readonly game: string;
  readonly options: string;
  readonly clock: string | null;
  readonly rated: number | boolean;
  readonly seat: number | null;
  readonly created_at: number | string;
  readonly expires_at: number | string;
  readonly status: string;
  readonly game_id: string | null;
}

export const challengeFromRow = (r: ChallengeRow): Challenge => ({
  id: r.id,
  from: { account: r.from_account, name: r.from_name },
  to: { account: r.to_account, name: r.to_name },
  game: r.game,
  options: JSON.parse(r.options) as Json,
  clock: r.clock ? (JSON.parse(r.clock) as Challenge['clock']) : null,
  rated: Boolean(r.rated),
  seat: r.seat === null ? null : Number(r.seat),
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  status: r.status as Challenge['status'],
  gameId: r.game_id,
});

export const challengeRow = (c: Challenge): unknown[] => [
  c.id,
  c.from.account,
  c.from.name,
  c.to.account,
  c.to.name,
  c.game,
  JSON.stringify(c.options),
  c.clock ? JSON.stringify(c.clock) : null,
  c.rated ? 1 : 0,
  c.seat,
  c.createdAt,
  c.expiresAt,
  c.status,
];

export const CHALLENGE_COLUMNS =
  'id, from_account, from_name, to_account, to_name, game, options, clock, rated, seat, created_at, expires_at, status';

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

/**
 * The rows an opening adds to, each once: a game that comes back to a position and plays the same move
 * there counts once for it. Per row: position, move, and the game's share of wins (first, draw, second).
 */
export function openingRows(opening: OpeningLine): [string, string, number, number, number][] {
  const seen = new Set<string>();
  const share: [number, number, number] = opening.counted === 'first' ? [1, 0, 0] : opening.counted === 'draw' ? [0, 1, 0] : [0, 0, 1];
  const rows: [string, string, number, number, number][] = [];
  for (const { key, move } of opening.steps) {
    const both = `${key} ${move}`;
    if (seen.has(both)) continue;
    seen.add(both);
    rows.push([key, move, ...share]);
  }
  return rows;
}

/** Adding one game to a row of the index: inserted, or its counts grown. */
export const EXPLORER_UPSERT = `ON CONFLICT (variant, position, move) DO UPDATE SET games = explorer.games + 1,
     first_wins = explorer.first_wins + excluded.first_wins, draws = explorer.draws + excluded.draws,
     second_wins = explorer.second_wins + excluded.second_wins`;

export interface ExplorerRow {
  readonly move: string;
  readonly games: number | string;
  readonly first_wins: number | string;
  readonly draws: number | string;
  readonly second_wins: number | string;
}

export const explorerCountFromRow = (r: ExplorerRow): ExplorerCount => ({
  move: r.move,
  games: Number(r.games),
  firstWins: Number(r.first_wins),
  draws: Number(r.draws),
  secondWins: Number(r.second_wins),
});
