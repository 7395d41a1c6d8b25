import type { Json } from '@hexarena/engines/engine/game.ts';
import type { NewGame } from '../stores/game.ts';
import type { PairedSeat } from '../stores/lobby.ts';
import type { EntryConditions } from './conditions.ts';

/**
 * What the stores keep of tournaments (docs/tournaments.md): each tournament's settings and state,
 * its entries, the rounds paired (an arena's waves are its rounds), each pairing with its game and
 * result, and the standings written at the end. Written once for both databases (stores/tournaments.ts).
 * A round is paired in one write keyed by its number: whoever pairs it second writes nothing.
 */

export type TournamentKind = 'arena' | 'swiss' | 'round-robin';
/** `created` until it starts (by its start time or its organiser), `running`, then `finished`. */
export type TournamentState = 'created' | 'running' | 'finished';
/**
 * `disqualified` by its organiser or a moderator: never paired again nor let back in, and out of an
 * arena's standings (as lichess); a Swiss or round robin counts it as withdrawn.
 */
export type EntryState = 'active' | 'paused' | 'withdrawn' | 'disqualified';

/**
 * A pairing's result, from the first seat's side: `white` / `black` / `draw` as played; `bye` a
 * pairing-allocated bye (no second seat); `white-forfeit` the first seat wins by forfeit (its
 * opponent withdrew), `black-forfeit` the second; `void` counted for neither (an aborted game);
 * `table` a table of more than two won by the seat its `winner` names (everyone else lost).
 */
export type PairingResult = 'white' | 'black' | 'draw' | 'bye' | 'white-forfeit' | 'black-forfeit' | 'void' | 'table';
export const PAIRING_RESULTS: readonly PairingResult[] = [
  'white',
  'black',
  'draw',
  'bye',
  'white-forfeit',
  'black-forfeit',
  'void',
  'table',
];

/** What a kind of tournament is set with beyond the common fields (kept as JSON). */
export interface TournamentSettings {
  /** Swiss: the points of a pairing-allocated bye (1 by default, as FIDE). */
  readonly byePoints?: number;
  /** Round robin: how many times everyone meets everyone. */
  readonly cycles?: number;
  /** Who may join (conditions.ts). */
  readonly conditions?: EntryConditions;
  /** An invitation-only tournament's code, in its link: its organiser's to share, shown to nobody else. */
  readonly invite?: string;
  /** Paused by its organiser or a moderator while it runs: nothing is paired until it resumes. */
  readonly halted?: boolean;
  /** Players invited by name (an invitation-only tournament's list): they join without the code. */
  readonly invited?: readonly { readonly account: string; readonly name: string }[];
}

export interface NewTournament {
  readonly id: string;
  readonly kind: TournamentKind;
  readonly name: string;
  readonly game: string;
  readonly options: Json;
  readonly clock: { readonly initialMs: number; readonly incrementMs: number } | null;
  readonly rated: boolean;
  /** The organiser's account. */
  readonly organiser: string;
  readonly organiserName: string;
  /** When it starts by itself; null: when its organiser starts it. */
  readonly startsAt: number | null;
  /** Swiss: its rounds; a round robin's are set at its start (from its players and cycles); null for an arena. */
  readonly rounds: number | null;
  /** Arena: how long it runs. */
  readonly durationMs: number | null;
  readonly settings: TournamentSettings;
  readonly createdAt: number;
}

export interface StoredTournament extends NewTournament {
  readonly state: TournamentState;
  readonly startedAt: number | null;
  /** Arena: when pairing stops; any kind: set when its organiser finishes it early. */
  readonly endsAt: number | null;
  readonly finishedAt: number | null;
  /** The last round (arena: wave) paired, 0 before the first. */
  readonly round: number;
  /** Written once at the end (standings.ts's shape). */
  readonly standings: Json | null;
  readonly players: number;
  /**
   * Counts every change a viewer sees (entries, their states, start, rounds paired, results, the
   * end): what the lobby socket's tournament events are numbered by, so a page knows what it missed.
   */
  readonly version: number;
}

export interface Entry {
  readonly account: string;
  readonly name: string;
  /** Their rating in the tournament's kind of game when they joined. */
  readonly rating: number;
  /** The start rank (from 1): by rating at the start, then in the order of joining for late entries. */
  readonly seed: number | null;
  readonly joinedAt: number;
  readonly state: EntryState;
}

export interface Pairing {
  readonly round: number;
  /** From 1, the higher pairs first. */
  readonly board: number;
  /** The first seat's account (White). */
  readonly white: string;
  /** Null for a bye. */
  readonly black: string | null;
  /** A table of more than two (an arena's DiceWars): the accounts at the third seat and after. */
  readonly others?: readonly string[];
  readonly gameId: string | null;
  readonly result: PairingResult | null;
  /** A table's result (`table`): the seat that won (0 the first). */
  readonly winner?: number;
  /** Moves the game lasted (what an arena's quick draw and berserk are judged by). */
  readonly plies: number | null;
  readonly endedAt: number | null;
  /** An arena's game: the seats that berserked in it (0 the first, 1 the second). */
  readonly berserk?: readonly number[];
}

/** Every account a pairing seats, in seat order (white, black, then a table's others). */
export const seatsOf = (p: Pick<Pairing, 'white' | 'black' | 'others'>): string[] =>
  p.black === null ? [p.white] : [p.white, p.black, ...(p.others ?? [])];

/** A pairing to write: with its game (and the game's seats) unless it is decided already (a bye, a forfeit). */
export interface NewPairing {
  readonly board: number;
  readonly white: string;
  readonly black: string | null;
  /** A table of more than two: the accounts at the third seat and after. */
  readonly others?: readonly string[];
  readonly game: { readonly game: NewGame; readonly seats: readonly PairedSeat[] } | null;
  readonly result: PairingResult | null;
}

/** A result as recorded: a table's (`table`) names the seat that won. */
export type Decided = { readonly result: Exclude<PairingResult, 'table'> } | { readonly result: 'table'; readonly winner: number };

/** A pairing's game that has ended, its result not yet recorded. */
export interface EndedGame {
  readonly round: number;
  readonly board: number;
  readonly gameId: string;
  readonly result: Json;
  readonly termination: string;
  readonly plies: number;
  /** A table of more than two (its result is the seat that won). */
  readonly table?: true;
}

/** What a tournament's organiser may change before it starts. */
export type TournamentEdit = Pick<NewTournament, 'name' | 'clock' | 'rated' | 'startsAt' | 'rounds' | 'durationMs' | 'settings'>;

/** `disqualified`: that player was, and is not let back in. */
export type JoinOutcome = 'joined' | 'already' | 'closed' | 'unknown' | 'disqualified';

export interface TournamentsStore {
  create(t: NewTournament): Promise<void>;
  read(id: string): Promise<StoredTournament | null>;
  /** Tournaments in `state`: created and running ones soonest first, finished ones latest first. */
  list(state: TournamentState, limit: number): Promise<StoredTournament[]>;
  /** How many of `organiser`'s tournaments have not finished (made or running): what one organiser may keep going. */
  unfinishedBy(organiser: string): Promise<number>;
  /** Those a director has work in at `now`: running ones, and created ones whose start time has come. */
  due(now: number): Promise<StoredTournament[]>;
  /**
   * `entry` joins (or rejoins, active again): before the start, or while running where late entries
   * are taken (not a round robin's); 'closed' otherwise. A rejoining player keeps their seed.
   */
  join(id: string, entry: Omit<Entry, 'seed' | 'state'>): Promise<JoinOutcome>;
  /**
   * An entry paused, active again, withdrawn or disqualified; false when there is no such entry, the
   * tournament is over, or the entry was disqualified (that stands).
   */
  setEntry(id: string, account: string, state: EntryState): Promise<boolean>;
  /** Its entries, by seed (unseeded last, in the order they joined). */
  entries(id: string): Promise<Entry[]>;
  /** Starts it (from `created` only): its seeds, its rounds (a round robin's, known now) and when an arena ends. */
  start(
    id: string,
    at: number,
    seeds: readonly { account: string; seed: number }[],
    rounds: number | null,
    endsAt: number | null,
  ): Promise<boolean>;
  /**
   * Its settings changed by its organiser, only before it starts (false once it has, or when there is
   * none); `ratings`, entries' new ratings (its clock changed its kind of game), in the same write.
   */
  edit(id: string, edit: TournamentEdit, ratings: ReadonlyMap<string, number>): Promise<boolean>;
  /** Paused (or resumed) while it runs, counting a version; false when it is not running or was so already. */
  halt(id: string, halted: boolean): Promise<boolean>;
  /** A tournament that has not started, cancelled by its organiser: it and its entries are gone (false once it has started, or when there is none). */
  cancel(id: string): Promise<boolean>;
  /** The tournaments `account` entered (withdrawn or not), the latest made first: a profile's list. */
  ofPlayer(account: string, limit: number): Promise<StoredTournament[]>;
  /** Its start time (the organiser's start: now); only before it starts. */
  startAt(id: string, at: number): Promise<boolean>;
  /** Pairing stops at `at` (an early finish); only while running. */
  endAt(id: string, at: number): Promise<boolean>;
  /**
   * Round `round` paired: its pairings and their games, in one write, only if round - 1 is the last
   * paired (false, and nothing written, for a round paired already: it is paired exactly once).
   */
  pairRound(id: string, round: number, pairings: readonly NewPairing[], at: number): Promise<boolean>;
  /** Every pairing, by round and board. */
  pairings(id: string): Promise<Pairing[]>;
  /** Pairings whose game has ended and whose result is not yet recorded. */
  ended(id: string): Promise<EndedGame[]>;
  /** A pairing's result (a table's with the seat that won), recorded once (false when it was already). */
  record(id: string, round: number, board: number, result: Decided, plies: number, at: number): Promise<boolean>;
  /** Finished, with its standings (from `running` only). */
  finish(id: string, standings: Json, at: number): Promise<boolean>;
  /** The tournament and round a game was paired in, or null. */
  ofGame(gameId: string): Promise<{ readonly tournament: string; readonly round: number } | null>;
  /** Per account that is a bot's, its token's hash: its seats are taken with it, so its stream and moves know them. */
  botTokens(accounts: readonly string[]): Promise<Map<string, string>>;
  /** The account of the bot whose token's hash is given, or null. */
  botAccount(tokenHash: string): Promise<string | null>;
  /** The tournaments' games not yet over with a seat held by one of these token hashes (bots'): what their streams follow. */
  liveGamesOf(tokenHashes: readonly string[]): Promise<{ readonly id: string; readonly tokenHash: string }[]>;
}

/** Migration 26, the same SQL in both stores. */
export const TOURNAMENTS_MIGRATION = `CREATE TABLE tournaments (
     id TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     name TEXT NOT NULL,
     game TEXT NOT NULL,
     options TEXT NOT NULL,
     clock TEXT,
     rated INTEGER NOT NULL,
     organiser TEXT NOT NULL,
     organiser_name TEXT NOT NULL,
     state TEXT NOT NULL,
     starts_at BIGINT,
     rounds INTEGER,
     duration_ms BIGINT,
     settings TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     started_at BIGINT,
     ends_at BIGINT,
     finished_at BIGINT,
     round INTEGER NOT NULL DEFAULT 0,
     standings TEXT
   );
   CREATE INDEX tournaments_by_state ON tournaments(state, starts_at);
   CREATE INDEX tournaments_by_organiser ON tournaments(organiser, state);
   CREATE TABLE tournament_entries (
     tournament_id TEXT NOT NULL,
     account_id TEXT NOT NULL,
     name TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL,
     seed INTEGER,
     joined_at BIGINT NOT NULL,
     state TEXT NOT NULL,
     PRIMARY KEY (tournament_id, account_id)
   );
   CREATE TABLE tournament_rounds (
     tournament_id TEXT NOT NULL,
     round INTEGER NOT NULL,
     paired_at BIGINT NOT NULL,
     PRIMARY KEY (tournament_id, round)
   );
   CREATE TABLE tournament_pairings (
     tournament_id TEXT NOT NULL,
     round INTEGER NOT NULL,
     board INTEGER NOT NULL,
     white TEXT NOT NULL,
     black TEXT,
     game_id TEXT UNIQUE,
     result TEXT,
     plies INTEGER,
     ended_at BIGINT,
     PRIMARY KEY (tournament_id, round, board)
   );
   CREATE INDEX tournament_pairings_pending ON tournament_pairings(tournament_id) WHERE result IS NULL;`;

/** Migration 27, the same SQL in both stores: each tournament's count of changes (StoredTournament.version). */
export const TOURNAMENT_VERSIONS = 'ALTER TABLE tournaments ADD COLUMN version INTEGER NOT NULL DEFAULT 0;';

/**
 * Migration 36, the same SQL in both stores: an arena's tables of more than two (DiceWars) — the
 * accounts seated third and after (a JSON list; white and black are the first two seats), and the
 * seat that won a table (its result `table`).
 */
export const TOURNAMENT_TABLES = `ALTER TABLE tournament_pairings ADD COLUMN others TEXT;
   ALTER TABLE tournament_pairings ADD COLUMN winner INTEGER;`;
