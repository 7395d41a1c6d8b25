import type { Player } from '@hexarena/engines/engine/game.ts';
import type { ChatMessage, OfferKind, Presence } from '@hexarena/engines/protocol/index.ts';
import type { ConnectionState } from './connection.ts';
import type { ForecastControl } from './forecast.ts';
import type { SeatInfo } from './protocol.ts';

/** What a game page shows of online play, beside the board (the shell reads it; no rules in it). */
export interface OnlineInfo {
  readonly id: string;
  readonly connection: ConnectionState;
  readonly seats: readonly SeatInfo[];
  /** The address a friend opens to take a seat or watch. */
  readonly invite: string;
  /** Each seat's time left at `localNow` (this page's clock), or null without a time control. */
  clocks(localNow: number): readonly number[] | null;
  /** The seat whose clock runs, or null. */
  readonly runningClock: Player | null;
  /** An arena's game: the seats that berserked (their clock halved), marked beside their clocks. */
  readonly berserked: readonly Player[];
  /** Takes an open seat for this browser; null when it holds one or none is open. */
  readonly claim: ((seat: Player, name: string) => void) | null;
  /** How the game ended (`aborted`, `resignation`, …), once it is over. */
  readonly termination: string | null;
  /** A rated game's rating changes, seat by seat, once it is over. */
  readonly ratingDiffs: readonly number[] | null;
  /** Whether the game is rated. */
  readonly rated: boolean;
  /** The site was down while the game went on and its clocks were paused that long (ms), with no move since; else null. */
  readonly pausedMs: number | null;
  /** What the game is rated in ("hive:blitz"): the rating its players' strips show. */
  readonly perf: string;
  /** The pool that pairs a rated game like this one, for a page that holds a seat: "New opponent". */
  readonly pool: string | null;
  /** The game's record, once it is over (seed included). */
  readonly recordUrl: string | null;
  /** Starts or joins the rematch; null before the end or for a page that holds no seat. */
  readonly rematch: (() => void) | null;
  /** The rematch another player started, if any. */
  readonly rematchId: string | null;
  /** The tournament this game was paired in: its page, not a rematch, comes next. */
  readonly tournament: string | null;
  /** Conditional premoves: a correspondence game's seat held here, on another's turn; else null. */
  readonly forecast: ForecastControl | null;
  /** Table manners; null for a page that holds no seat (a spectator's). */
  readonly manners: Manners | null;
  /** The standing offer and whose it is. */
  readonly offer: { readonly kind: OfferKind; readonly seat: Player } | null;
  /** Who is at the table (null until the server says). */
  readonly presence: Presence | null;
  /** The chat this page reads: the players' for a seat's holder, the spectators' for anyone else. */
  readonly chat: { readonly room: 'players' | 'spectators'; readonly lines: readonly ChatMessage[] };
  /** Says a line in that chat. */
  readonly say: (text: string) => void;
  /** A moderator's page removes line `n` of that chat (for every page reading it); null for anyone else. */
  readonly removeLine: ((n: number) => void) | null;
}

/** What a seat's holder may ask besides moves (the server judges each; the page offers what may be asked). */
export interface Manners {
  readonly seat: Player;
  /** What the rules of the table allow this seat to ask now (the server's own rule): only those are offered. */
  readonly allowed: { readonly draw: boolean; readonly takeback: boolean; readonly abort: boolean };
  /** Berserks (half the clock, for a point more on a win): an arena's timed game, before this seat's first move; else null. */
  readonly berserk: (() => void) | null;
  offer(kind: OfferKind): void;
  reply(kind: OfferKind, accept: boolean): void;
  abort(): void;
  claim(result: 'win' | 'draw'): void;
}
