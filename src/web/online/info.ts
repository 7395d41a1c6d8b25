import type { Player } from '../../engine/game.ts';
import type { ConnectionState } from './connection.ts';
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
  /** Takes an open seat for this browser; null when it holds one or none is open. */
  readonly claim: ((seat: Player, name: string) => void) | null;
  /** The game's record, once it is over (seed included). */
  readonly recordUrl: string | null;
  /** Starts or joins the rematch; null before the end or for a page that holds no seat. */
  readonly rematch: (() => void) | null;
  /** The rematch another player started, if any. */
  readonly rematchId: string | null;
}
