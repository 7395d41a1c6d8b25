import type { Json } from '@hexarena/engines/engine/game.ts';

/**
 * A game as the stores keep it: options + seed + moves, its seats, departures and offer, what a move
 * writes with it, and the new game's row. Plain data every store concern and the server share.
 */

export type GameId = string;

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
  /**
   * An arena's game with a clock: its players may berserk (game/berserk.ts). Present (empty at first)
   * only then; each mark a seat that gave up half its clock, in the order they did.
   */
  readonly berserk?: readonly Berserk[];
}

/** A seat that berserked: after `plies` moves (before its own first), at `at`. */
export interface Berserk {
  readonly seat: number;
  readonly plies: number;
  readonly at: number;
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
  /** Likewise an arena game's berserk marks (a berserk written meanwhile changed its clocks). */
  readonly berserked?: readonly Berserk[];
}

/** An offer standing in a game: a draw or a takeback, by `seat`, made after `ply` moves; it lapses at the next move. */
export interface Offer {
  readonly kind: 'draw' | 'takeback';
  readonly seat: number;
  readonly ply: number;
}

/** Why an append was refused: the ply was taken (a race, a retry), or the game has ended. */
export type AppendRefusal = 'ply-taken' | 'game-over' | 'no-such-game';

/** Why a move found nothing to change at its ply, from the game's row as it is now (none: no such game). */
export function refusalOf(game: { readonly termination: string | null } | undefined): AppendRefusal {
  return !game ? 'no-such-game' : game.termination !== null ? 'game-over' : 'ply-taken';
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
/** The creator of a tournament's game (`tournament:<id>`): likewise; the tournament keeps its pairing and round. */
export const TOURNAMENT_OF = 'tournament:';
/** Games whose seats are kept for their players, none open to the lobby. */
const KEPT_FOR_PLAYERS = [REMATCH_OF, POOL_OF, CHALLENGE_OF, TOURNAMENT_OF];

/**
 * Whether the game began with its players already seated (paired by the pools, a challenge accepted):
 * nobody chose to sit down at that moment, so one who never makes a first move aborts it.
 */
export const seatedAtStart = (game: { readonly creator?: string | null }): boolean =>
  [POOL_OF, CHALLENGE_OF, TOURNAMENT_OF].some((of) => game.creator?.startsWith(of) === true);

/**
 * A new game's row as both stores insert it: open_seats counts the seats anyone may claim from the
 * lobby (not an AI's, not a rematch's).
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
    berserk: game.berserk ? JSON.stringify(game.berserk) : null,
  };
}

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
