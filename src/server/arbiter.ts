import type { AnyGame, Player } from '../engine/game.ts';
import type { Refusal } from '../protocols/wire/index.ts';
import type { Clocks } from './clock.ts';
import type { StoredGame } from './store.ts';
import { tokenMatches } from './tokens.ts';

/**
 * The arbiter: what the rules of online play decide about an intent or a moment, from a snapshot
 * of the table and the time, with no store, no queue and no clock of its own. The room (room.ts)
 * asks it, then commits and publishes what it decided; tests drive it with plain tables.
 */

/** The credential of the server itself, for the seats its AIs play: no client can send a symbol. */
export const SERVER_SEAT: unique symbol = Symbol('the server plays this seat');

/** A game as the arbiter sees it: the stored game, the position it has reached, its clocks. */
export interface Table {
  readonly game: AnyGame;
  /** The game's options, parsed. */
  readonly options: unknown;
  readonly stored: StoredGame;
  /** The position after the stored moves. */
  readonly state: unknown;
  /** Events so far: one a move, one a departure, one for the ending. */
  readonly version: number;
  /** The clocks now, for a timed game. */
  readonly clocks: Clocks | null;
  /** How long an untimed game may wait for its player to move before it counts as abandoned. */
  readonly abandonAfterMs: number;
}

/** A refusal: its kind for clients to act on, its words for people. */
export interface Refused {
  readonly refusal: Refusal;
  readonly error: string;
}

const refused = (refusal: Refusal, error: string): Refused => ({ refusal, error });

export const seatName = (table: Table, seat: Player): string => table.game.seatNames(table.options)[seat] ?? `seat ${seat}`;

/** Whether a person's seat is still open (nobody has taken it). */
export const waiting = (stored: StoredGame, seatTokens: readonly (string | null)[] = stored.seatTokens): boolean =>
  stored.seats.some((kind, i) => kind === 'open' && seatTokens[i] === null);

export const hasLeft = (stored: StoredGame, seat: Player): boolean => stored.departures.some((d) => d.seat === seat);

/** Whether `token` is the seat's: its holder's for a person's seat, the server's own for an AI's. */
export function mayAct(table: Table, seat: Player, token: unknown): boolean {
  const { stored } = table;
  if (stored.seats[seat] !== 'open') return token === SERVER_SEAT;
  return tokenMatches(token, stored.seatTokens[seat] ?? null);
}

/** The seat an intent names: one of the game's, or why not. */
export function judgeSeat(table: Table, seat: Player): Refused | null {
  const seats = table.stored.seats.length;
  if (Number.isInteger(seat) && seat >= 0 && seat < seats) return null;
  return refused(
    'no-such-seat',
    `there is no seat ${seat}: the seats are 0 to ${seats - 1} (${table.game.seatNames(table.options).join(', ')})`,
  );
}

/** Whether the seat's player may still act here: the game goes on, and they have not left it. */
export function judgeStillPlaying(table: Table, seat: Player): Refused | null {
  if (table.stored.ending !== null) return refused('game-over', 'the game is over');
  if (hasLeft(table.stored, seat)) return refused('game-over', `${seatName(table, seat)} left this game: it goes on without them`);
  return null;
}

/**
 * A move, checked against the table: made against its version, on the mover's turn, once a timed
 * game's seats are all taken, and legal in the game's notation. The move, or why not.
 */
export function judgeMove(table: Table, seat: Player, text: unknown, version: number): Refused | { readonly move: unknown } {
  const { game, state } = table;
  if (version !== table.version)
    return refused('stale', `the move was made against version ${version}; the game is at version ${table.version}`);
  const toMove = game.toMove(state);
  // Won by the last move, its ending not yet stored (another instance is storing it): nothing more.
  if (toMove === null || game.result(state) !== null) return refused('game-over', 'the game is over');
  if (toMove !== seat) return refused('not-your-turn', `it is ${seatName(table, toMove)}'s turn, not ${seatName(table, seat)}'s`);
  // A clock runs only against someone: a timed game starts once every seat is taken.
  if (table.stored.clock && waiting(table.stored))
    return refused('waiting', 'the clocks start once every seat is taken: wait for the other players');
  if (typeof text !== 'string' || text.length > 200) return refused('illegal', 'a move is a short text in the game’s notation');
  const parsed = game.parseMove(state, text);
  return parsed.ok ? { move: parsed.value } : refused('illegal', parsed.error.message);
}

/** What lateness the server must act on at `now`. */
export type Lateness =
  /** The running clock ran out. */
  | { readonly kind: 'time'; readonly seat: Player }
  /** An untimed game's player to move stayed away past the limit. */
  | { readonly kind: 'abandoned'; readonly seat: Player }
  /** Nobody took an open seat in that time: the game is called off. */
  | { readonly kind: 'called-off' };

/**
 * Whether anyone is late at `now`: a clock at or past its deadline (exactly at it counts), or the
 * player to move (a person's seat) silent since the last move for the limit. Null: nobody.
 */
export function lateness(table: Table, now: number): Lateness | null {
  const { stored, clocks } = table;
  if (stored.ending !== null) return null;
  if (clocks && clocks.deadline !== null && clocks.running !== null && now >= clocks.deadline && !hasLeft(stored, clocks.running))
    return { kind: 'time', seat: clocks.running };
  const lastAt = stored.moves.at(-1)?.at ?? stored.createdAt;
  const seat = table.game.toMove(table.state);
  if (seat === null || stored.seats[seat] !== 'open' || hasLeft(stored, seat) || now < lastAt + table.abandonAfterMs) return null;
  return waiting(stored) ? { kind: 'called-off' } : { kind: 'abandoned', seat };
}
