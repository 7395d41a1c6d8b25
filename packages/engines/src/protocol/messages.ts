import type { Json, Outcome, Player } from '../engine/game.ts';

/**
 * The online protocol (docs/protocol.md), both ways, written once: the server builds these, the
 * browser, bots and the load generator read them, and each side parses what the other sends with
 * parse.ts. Isomorphic: no Node, no DOM.
 */

/** Why an intent was refused: a client acts on the kind, and shows the words that come with it. */
export const REFUSALS = ['stale', 'illegal', 'not-your-turn', 'waiting', 'bad-token', 'no-such-seat', 'game-over', 'try-again'] as const;
export type Refusal = (typeof REFUSALS)[number];

/** The clocks as of `since`: per seat the time left then; the running seat's keeps falling after it. */
export interface ClockReading {
  readonly remainingMs: readonly number[];
  /** The seat whose clock runs, or null (before the first move, or once the game is over). */
  readonly running: Player | null;
  /** When the running clock started: the time of the last move. */
  readonly since: number | null;
  /** When the running seat runs out of time, or null. */
  readonly deadline: number | null;
}

/** A game's time control and its clocks now. */
export interface ClockInfo extends ClockReading {
  readonly initialMs: number;
  readonly incrementMs: number;
  /** Correspondence: `initialMs` for each move (days per move). */
  readonly perMove?: boolean;
}

/** Who sits where: open to a person, taken by one (with the name they gave), or the server's AI. */
export interface SeatInfo {
  readonly kind: 'open' | 'taken' | 'ai';
  /** The AI's level, for an AI seat. */
  readonly level?: string;
  readonly name: string | null;
  /** Why the player left a game that goes on without them ("B resigned"). */
  readonly left?: string;
}

/** How a game ended: its result, and how it came (rules, resignation, time…). */
export interface Ending {
  readonly result: Outcome;
  readonly termination: string;
  /** A rated game's rating changes, seat by seat, in whole points. */
  readonly ratingDiffs?: readonly number[];
}

/** A game's public state: GET /api/games/:id, and a WebSocket's sync. No seed, no token. */
export interface PublicGame {
  readonly id: string;
  readonly game: string;
  readonly options: Json;
  readonly seats: readonly SeatInfo[];
  readonly version: number;
  readonly toMove: Player | null;
  /** The moves of the player to move, in the game's notation. */
  readonly legalMoves: readonly string[];
  readonly clock: ClockInfo | null;
  readonly moves: readonly string[];
  readonly ending: Ending | null;
  /** What a spectator sees now, and saw before the first move. */
  readonly view: Json;
  readonly start: Json;
  /** The server's time when it answered (clocks are shown against it). */
  readonly now: number;
  /** A rated game: its end changes the two players' ratings. */
  readonly rated?: boolean;
  /**
   * The whole site was down while the game went on, and no move has been made since: its clocks
   * were paused `ms` milliseconds (nobody's time ran), and resumed at `at`.
   */
  readonly paused?: { readonly at: number; readonly ms: number };
  /** A tournament's game: the tournament's id (its page says which round); its players play no rematch. */
  readonly tournament?: string;
  /**
   * An arena's game with a clock: its players may berserk (each before their own first move: half
   * their clock, no increment, a point more for a win). The seats that did; absent where nobody may.
   */
  readonly berserk?: readonly Player[];
  /** GET /api/games/:id only: the seats the asking session's account holds. */
  readonly yours?: readonly Player[];
}

/** What happened in a game; each event bumps its version by one. */
export type GameEvent =
  | {
      readonly version: number;
      readonly kind: 'move';
      readonly ply: number;
      readonly seat: Player;
      readonly move: string;
      readonly at: number;
      /** In a game of chance, the position after the move (what the dice did), as a spectator sees it. */
      readonly view?: Json;
      /** With a time control, the clocks after the move. */
      readonly clock?: ClockReading;
    }
  | {
      readonly version: number;
      /** A player left a game of three or more, which goes on without them: the server passes their turns. */
      readonly kind: 'leave';
      readonly seat: Player;
      /** How they left, in the words of an ending: "resignation", "time", "abandoned". */
      readonly termination: string;
      readonly reason: string;
    }
  | ({ readonly version: number; readonly kind: 'end' } & Ending)
  /** The players agreed to take moves back: the game is again as it was after its first `ply` moves. */
  | { readonly version: number; readonly kind: 'takeback'; readonly ply: number }
  /** A player of an arena's game berserked: their clock halved, its increment gone; the clocks after it. */
  | { readonly version: number; readonly kind: 'berserk'; readonly seat: Player; readonly clock?: ClockReading };

/** The answer to an intent, to its sender: the event it made, or the refusal. */
export type Answer =
  | { readonly ok: true; readonly version: number; readonly event: GameEvent; readonly duplicate?: true }
  | {
      readonly ok: false;
      readonly refusal: Refusal;
      readonly error: string;
      readonly version: number;
      /** A refusal the socket tells as an `error` message with this code (a berserk's). */
      readonly code?: MessageErrorCode;
    };

/**
 * What a player sends on a game's WebSocket. `id` (at most 64 characters) comes back with the answer.
 * `token` is the seat's token (a bot's, a script's); a browser's socket speaks for the account of
 * its session and sends none.
 */
export type ClientMessage =
  | {
      readonly type: 'move';
      readonly seat: Player;
      readonly token?: string;
      readonly move: string;
      /** The version the client saw: a move against another is stale. */
      readonly version: number;
      readonly id?: string;
    }
  | { readonly type: 'resign'; readonly seat: Player; readonly token?: string; readonly id?: string }
  /** A draw offered, or a takeback asked for; standing until answered or the next move. */
  | { readonly type: 'offer'; readonly offer: OfferKind; readonly seat: Player; readonly token?: string; readonly id?: string }
  /** The other player's offer answered. */
  | {
      readonly type: 'reply';
      readonly offer: OfferKind;
      readonly accept: boolean;
      readonly seat: Player;
      readonly token?: string;
      readonly id?: string;
    }
  /** The game called off, with no result, while not everyone has moved. */
  | { readonly type: 'abort'; readonly seat: Player; readonly token?: string; readonly id?: string }
  /** The game claimed from an opponent away on their own clock: won, or drawn. */
  | { readonly type: 'claim'; readonly result: 'win' | 'draw'; readonly seat: Player; readonly token?: string; readonly id?: string }
  /**
   * A line of chat: a seat's holder speaks in the players' chat (by seat and token, or the socket's
   * session), anyone else with a session in the spectators'.
   */
  | { readonly type: 'chat'; readonly text: string; readonly seat?: Player; readonly token?: string; readonly id?: string }
  /** An arena's player gives up half their clock for a point more on a win: before their first move. */
  | { readonly type: 'berserk'; readonly seat: Player; readonly token?: string; readonly id?: string }
  /**
   * A correspondence game's conditional premoves (docs/protocol.md): with `lines`, the seat's forecast
   * left (an empty list takes it back); without, the forecast kept asked for. Answered with `forecast`.
   */
  | {
      readonly type: 'forecast';
      readonly seat: Player;
      readonly token?: string;
      readonly lines?: readonly (readonly string[])[];
      readonly id?: string;
    };

/** A forecast holds at most this many lines, of at most this many moves each. */
export const MAX_FORECAST_LINES = 10;
export const MAX_FORECAST_PLIES = 16;

export type OfferKind = 'draw' | 'takeback';

/** The longest chat line, in characters. */
export const MAX_CHAT = 140;

export interface ChatMessage {
  /** The line's number in its game's chat (lines and removals are numbered in the order written): what a moderator removes it by. */
  readonly n: number;
  readonly author: string;
  readonly text: string;
  readonly at: number;
}

/** Who is at the table: per seat, whether its player is connected (and since when not); how many watch. */
export interface Presence {
  readonly seats: readonly { readonly connected: boolean; readonly goneSince: number | null }[];
  readonly watching: number;
  /** How long a player must be away on their own clock before their opponent may claim the game. */
  readonly claimAfterMs: number;
}

/** What the server sends on a game's WebSocket. */
export type ServerMessage =
  | { readonly type: 'sync'; readonly game: PublicGame }
  | { readonly type: 'events'; readonly events: readonly GameEvent[] }
  | { readonly type: 'event'; readonly event: GameEvent }
  | { readonly type: 'seats'; readonly seats: readonly SeatInfo[] }
  | { readonly type: 'rematch'; readonly id: string }
  /** The standing offer (a draw, a takeback) and whose it is, or none. */
  | { readonly type: 'offer'; readonly offer: { readonly kind: OfferKind; readonly seat: Player } | null }
  | ({ readonly type: 'presence' } & Presence)
  /** An intent that changes no position (an offer made or declined, a chat line) was done. */
  | { readonly type: 'done'; readonly id?: string }
  /**
   * Chat lines of the chat this socket reads (the players' or the spectators'): on connecting the last
   * ones (`recent`: the whole chat as kept, from its first line on), then each new one; and the numbers
   * of lines a moderator removed (`removed`), which a page shows no more.
   */
  | {
      readonly type: 'chat';
      readonly room: 'players' | 'spectators';
      readonly lines: readonly ChatMessage[];
      readonly recent?: true;
      readonly removed?: readonly number[];
    }
  | ({ readonly type: 'answer'; readonly id?: string } & Answer)
  /** A seat's forecast as the server keeps it (after it was left, asked for, or played from), to that seat's socket only. */
  | {
      readonly type: 'forecast';
      readonly id?: string;
      readonly seat: Player;
      readonly ply: number;
      readonly lines: readonly (readonly string[])[];
    }
  /** A message refused before it reached the game: its `id` when it gave one, why in words, and (for a refusal) a code. */
  | {
      readonly type: 'error';
      readonly id?: string;
      readonly code?: MessageErrorCode;
      readonly error: string;
      /** The values its words name, for a client to say them in its own language (`muted`: `until`, a mute's end, ms since 1970). */
      readonly values?: Readonly<Record<string, string | number>>;
    };

/**
 * Why a message was refused before it reached the game, in a code that stays when the words change:
 * `too-large` (over 4 KB), `too-many` (over the rate), `not-json` (binary), `malformed` (not a
 * well-formed intent), `no-session` (chat without a session), `chat-too-fast`, `chat-empty`,
 * `chat-unshowable` (a control or format character, or an unpaired surrogate), `bad-token`,
 * `account-closed`, `muted` (the moderators muted the sender's chat), `not-correspondence` (a forecast
 * in a game that is not played over days), `forecast-illegal` (a line that cannot be played, said
 * where), `forecast-your-turn` (a forecast left on one's own move); a berserk's: `not-arena` (not an
 * arena's game), `no-clock` (its game has no clock to halve), `berserk-too-late` (the seat has moved, or
 * the game is over), `already-berserk`.
 */
export const MESSAGE_ERROR_CODES = [
  'too-large',
  'too-many',
  'not-json',
  'malformed',
  'no-session',
  'chat-too-fast',
  'chat-empty',
  'chat-unshowable',
  'bad-token',
  'account-closed',
  'muted',
  'not-correspondence',
  'forecast-illegal',
  'forecast-your-turn',
  'not-arena',
  'no-clock',
  'berserk-too-late',
  'already-berserk',
] as const;
export type MessageErrorCode = (typeof MESSAGE_ERROR_CODES)[number];

/** A client's own id of a message: at most this long. */
export const MAX_MESSAGE_ID = 64;

/** A line of a bot's event stream (GET /api/bots/stream, newline-delimited JSON). */
export type BotStreamMessage =
  /** A game the bot sits in: its seats there, and the game as it stands. */
  | { readonly type: 'game'; readonly seats: readonly Player[]; readonly game: PublicGame }
  /** An event of one of its games, with whose turn it is now and, on the bot's turn, its legal moves. */
  | {
      readonly type: 'event';
      readonly id: string;
      readonly event: GameEvent;
      readonly toMove: Player | null;
      readonly legalMoves?: readonly string[];
    }
  /** Something wrong with one game (`id`) or with the whole stream (then it ends). */
  | { readonly type: 'error'; readonly id?: string; readonly error: string }
  /** The stream is alive. */
  | { readonly type: 'ping' };

/** A player's message before the client gives it its id. */
export type ClientIntent = { [K in ClientMessage['type']]: Omit<Extract<ClientMessage, { type: K }>, 'id'> }[ClientMessage['type']];
