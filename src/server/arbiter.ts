import type { AnyGame, Outcome, Player } from '@hexarena/engines/engine/game.ts';
import { playMoves } from '@hexarena/engines/engine/record.ts';
import type { Why } from '@hexarena/engines/engine/refusal.ts';
import { leaversLast, outcomeWithout, outOfGame, seatsInGame } from '@hexarena/engines/engine/resign.ts';
import type { Refusal } from '@hexarena/engines/protocol/index.ts';
import type { Clocks } from './clock.ts';
import { type StoredGame, seatedAtStart } from './store.ts';
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
  /** How long a player seated by the pairing or a challenge has for a first move before the game is aborted. */
  readonly firstMoveMs: number;
}

/** A refusal: its kind for clients to act on, its words for people. */
export interface Refused {
  readonly refusal: Refusal;
  readonly error: string;
}

const refused = (refusal: Refusal, error: string): Refused => ({ refusal, error });

/**
 * A refusal as an HTTP answer says it, decided with its words: its stable code (`games.*`,
 * docs/protocol.md) and the values the words name, which the route sends as they are.
 */
export interface CodedRefusal extends Why {
  readonly error: string;
}

export const seatName = (table: Table, seat: Player): string => table.game.seatNames(table.options)[seat] ?? `seat ${seat}`;

/** Whether a person's seat is still open (nobody has taken it). */
export const waiting = (stored: StoredGame, seatTokens: readonly (string | null)[] = stored.seatTokens): boolean =>
  stored.seats.some((kind, i) => kind === 'open' && seatTokens[i] === null);

export const hasLeft = (stored: StoredGame, seat: Player): boolean => stored.departures.some((d) => d.seat === seat);

/** The credential of a browser's socket: the account its session speaks for. */
export interface AccountCredential {
  readonly account: string;
}

const isAccountCredential = (x: unknown): x is AccountCredential =>
  typeof x === 'object' && x !== null && typeof (x as { account?: unknown }).account === 'string';

/**
 * Whether `credential` may act for the seat: a person's seat, by its token or the account that holds
 * it; an AI's, by the server's own symbol.
 */
export function mayAct(table: Table, seat: Player, credential: unknown): boolean {
  const { stored } = table;
  if (stored.seats[seat] !== 'open') return credential === SERVER_SEAT;
  if (isAccountCredential(credential)) return (stored.seatAccounts[seat] ?? null) === credential.account;
  return tokenMatches(credential, stored.seatTokens[seat] ?? null);
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

/** What taking a seat decides: the seat tokens after it, and whether the game's clocks start with it. */
export interface Seating {
  readonly seatTokens: readonly (string | null)[];
  /** The last open seat of a timed game, with an AI to move: that AI is due at once, in the same write. */
  readonly starts: boolean;
}

/** Whether a person (or a bot, by its token's hash) may take `seat`, and what it changes. */
export function judgeClaim(table: Table, seat: Player, tokenHash: string, aiToMove: boolean): CodedRefusal | Seating {
  const { stored } = table;
  const noSeat = judgeSeat(table, seat);
  if (noSeat) return { error: noSeat.error, code: 'games.noSeat', values: { id: stored.id, seat, count: stored.seats.length } };
  // An ended game's seats are its record's players, as they played.
  if (stored.ending !== null) return SEATS_PLAYED;
  const nameSeat = seatName(table, seat);
  if (stored.seats[seat] !== 'open')
    return {
      error: `${nameSeat} is played by the server's AI, not open to a person`,
      code: 'games.seatPlayedByAI',
      values: { seat, nameSeat },
    };
  if (stored.seatTokens[seat] !== null) return seatTaken(nameSeat);
  const seatTokens = stored.seatTokens.map((t, i) => (i === seat ? tokenHash : t));
  return { seatTokens, starts: stored.clock !== null && waiting(stored) && !waiting(stored, seatTokens) && aiToMove };
}

/** A seat of a game that has ended, refused: its seats are its record's players. */
export const SEATS_PLAYED: CodedRefusal = { error: 'the game is over: its seats stay as they were played', code: 'games.seatsPlayed' };

/** A seat someone holds, refused (and a seek of a player blocked: the block is not told). */
export const seatTaken = (nameSeat: string): CodedRefusal => ({
  error: `${nameSeat} is taken`,
  code: 'games.seatTaken',
  values: { nameSeat },
});

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
  | { readonly kind: 'called-off' }
  /** A player seated by the pairing or a challenge made no first move in time: the game is aborted. */
  | { readonly kind: 'no-start'; readonly seat: Player };

/**
 * Whether anyone is late at `now`: a clock at or past its deadline (exactly at it counts), or the
 * player to move (a person's seat) silent since the last move for the limit. Null: nobody.
 */
export function lateness(table: Table, now: number): Lateness | null {
  const { stored, clocks } = table;
  if (stored.ending !== null) return null;
  const starting = firstMoveDue(table);
  if (starting && now >= starting.at) return { kind: 'no-start', seat: starting.seat };
  if (clocks && clocks.deadline !== null && clocks.running !== null && now >= clocks.deadline && !hasLeft(stored, clocks.running))
    return { kind: 'time', seat: clocks.running };
  // A running clock governs: a correspondence game may wait longer for a move than an untimed one.
  if (clocks && clocks.running !== null) return null;
  const lastAt = stored.moves.at(-1)?.at ?? stored.createdAt;
  const seat = table.game.toMove(table.state);
  if (seat === null || stored.seats[seat] !== 'open' || hasLeft(stored, seat) || now < lastAt + table.abandonAfterMs) return null;
  return waiting(stored) ? { kind: 'called-off' } : { kind: 'abandoned', seat };
}

/**
 * In a game that began with its players seated (pairing, challenge; not correspondence), while someone
 * has yet to make a first move: the person to move, and when their first move is due. Null otherwise.
 */
export function firstMoveDue(table: Table): { seat: Player; at: number } | null {
  const { stored } = table;
  if (!seatedAtStart(stored) || stored.clock?.perMove || stored.moves.length >= stored.seats.length) return null;
  const seat = table.game.toMove(table.state);
  if (seat === null || stored.seats[seat] !== 'open' || hasLeft(stored, seat)) return null;
  return { seat, at: (stored.moves.at(-1)?.at ?? stored.createdAt) + table.firstMoveMs };
}

/** The seats still playing once `left` are gone: in the game by its rules, leader first. */
export function stillPlaying(table: Table, left: readonly Player[]): Player[] {
  return seatsInGame(table.game, table.state, table.stored.seats.length).filter((s) => !left.includes(s));
}

/**
 * Whether the game goes on once `left` are gone: three seats or more, two still playing, a person
 * among them (the server's AIs do not play on alone for a ranking nobody waits for), and a move
 * that passes a turn (`passes`: the game has one, as its first position shows).
 */
export function playsOnWithout(table: Table, left: readonly Player[], passes: boolean): boolean {
  const playing = stillPlaying(table, left);
  return table.stored.seats.length > 2 && playing.length >= 2 && playing.some((s) => table.stored.seats[s] === 'open') && passes;
}

/** The result when `left` (in the order they left) are out and the game ends for want of players. */
export function outcomeWithoutThem(table: Table, left: readonly Player[], reason: string): Outcome {
  const { game, options, stored } = table;
  const names = game.seatNames(options);
  // The order the rules put players out in, where it matters (some are out, not by leaving): replayed.
  const playing = stillPlaying(table, left);
  const out =
    names.length > 2 && playing.length + left.length < names.length
      ? (() => {
          const played = playMoves(
            game,
            options,
            stored.seed,
            stored.moves.map((m) => m.move),
          );
          return played.ok ? outOfGame(game, played.value.states) : [];
        })()
      : [];
  return outcomeWithout(game, table.state, names, left, reason, out);
}

/** What follows a move at once. */
export type AfterMove =
  | { readonly kind: 'end'; readonly outcome: Outcome; readonly termination: string }
  /** A player who left is to move: the server passes for them. */
  | { readonly kind: 'pass' }
  | null;

/**
 * What a move brings at once: the game's end by its rules (those who left ranked last), a game of AIs
 * alone at its move cap (a draw), the end for want of players when the rules put out the last but one
 * still playing; else the pass of a player who left, when it is theirs.
 */
export function afterMove(table: Table, passes: boolean, moveCap: number): AfterMove {
  const { game, state, stored } = table;
  const left = stored.departures.map((d) => d.seat);
  const outcome = game.result(state);
  if (outcome) return { kind: 'end', outcome: leaversLast(outcome, left), termination: 'rules' };
  if (stored.seats.every((kind, i) => kind !== 'open' || hasLeft(stored, i)) && stored.moves.length >= moveCap)
    return {
      kind: 'end',
      outcome: { kind: 'draw', reason: `a game of AIs alone ends after ${moveCap} moves online` },
      termination: 'move-cap',
    };
  if (left.length > 0 && !playsOnWithout(table, left, passes)) {
    // The rules put out the last player but one still playing, or the last person among them; those
    // who left held on passively until then.
    const playing = stillPlaying(table, left);
    const reason =
      playing.length <= 1
        ? `${playing[0] === undefined ? 'nobody' : seatName(table, playing[0])} is the last player still playing`
        : 'only the server’s AIs are still playing';
    return {
      kind: 'end',
      outcome: outcomeWithoutThem(table, left, reason),
      termination: stored.departures.at(-1)?.termination ?? 'resignation',
    };
  }
  const toMove = game.toMove(state);
  return toMove !== null && hasLeft(stored, toMove) ? { kind: 'pass' } : null;
}
