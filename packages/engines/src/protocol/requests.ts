import type { Json } from '../engine/game.ts';
import { fail, ok, type Result } from '../engine/result.ts';

/**
 * The bodies of the REST requests that change something (docs/protocol.md), as the browser, bots
 * and scripts send them, with one parse each that the server runs at its edge. A parse checks shapes
 * and sizes; what a body means (a known game, its options, seats it has) is the server's to judge.
 */

/**
 * A time control: a budget and what each move adds, in milliseconds; or, with `perMove`, a
 * correspondence game's days for each move.
 */
export type ClockRequest = { readonly initialMs: number; readonly incrementMs: number; readonly perMove?: boolean };

const DAY_MS = 86_400_000;
/** Days per move a correspondence game may give. */
export const CORRESPONDENCE_DAYS: readonly number[] = [1, 2, 3, 5, 7, 14];
/** Custom clocks: up to three hours, and up to three minutes a move. */
export const MAX_CLOCK_MS = 3 * 3_600_000;
export const MAX_INCREMENT_MS = 180_000;

/** POST /api/games: a new game. */
export type NewGameRequest = {
  readonly game: string;
  readonly options?: { readonly [key: string]: Json };
  /** Per seat: "open" for a person, or an AI level the server plays. */
  readonly seats: readonly string[];
  /** The creator's seat, claimed at once; "random" lets the server draw one of the open seats. */
  readonly seat?: number | 'random';
  readonly name?: string;
  readonly clock?: ClockRequest | null;
  /** Rated: both seats played by accounts, the result changing their ratings. */
  readonly rated?: boolean;
  /** A rated seek's range: only players rated within it (in the game's kind and speed) may take a seat. */
  readonly ratingRange?: RatingRange;
};

/** Ratings from `min` to `max`, both included. */
export type RatingRange = { readonly min: number; readonly max: number };
export const RATING_FLOOR = 400;
export const RATING_CEILING = 4000;

/** POST /api/challenges: a game offered to one named player. */
export type ChallengeRequest = {
  /** The challenged player's username. */
  readonly to: string;
  readonly game: string;
  readonly options?: { readonly [key: string]: Json };
  readonly clock?: ClockRequest | null;
  readonly rated?: boolean;
  /** The challenger's seat; left out, it is drawn when the challenge is accepted. */
  readonly seat?: number;
};

/** POST /api/games/:id/seats/:seat: a seat taken, under a name or none. */
export type SeatRequest = { readonly name?: string };

/** POST /api/games/:id/rematch: a player of a finished game asks for the next one (by token, or by session). */
export type RematchRequest = { readonly seat: number; readonly token?: string };

/** Names are checked in characters by the server; here only the text's size is bounded. */
export const MAX_NAME_TEXT = 160;
export const MAX_SEATS = 8;

type Fields = Readonly<Record<string, unknown>>;
const isObject = (x: unknown): x is Fields => typeof x === 'object' && x !== null && !Array.isArray(x);
const isWhole = (x: unknown, min: number, max: number): x is number => Number.isInteger(x) && (x as number) >= min && (x as number) <= max;

/** Fields other than `known`, named: a misspelt field is said, not ignored. */
function unknownField(o: Fields, known: readonly string[]): Result<never> | null {
  const extra = Object.keys(o).find((k) => !known.includes(k));
  return extra === undefined ? null : fail(`unknown field ${JSON.stringify(extra.slice(0, 40))} (the fields are ${known.join(', ')})`);
}

function nameIn(o: Fields): Result<{ name?: string }> {
  if (o.name === undefined) return ok({});
  if (typeof o.name !== 'string' || o.name.length > MAX_NAME_TEXT) return fail('"name" must be a text of at most 40 characters');
  return ok({ name: o.name });
}

export function parseClockRequest(x: unknown): Result<ClockRequest | null> {
  if (x === null) return ok(null);
  if (!isObject(x)) return fail('"clock" must be {initialMs, incrementMs} or null');
  const extra = unknownField(x, ['initialMs', 'incrementMs', 'perMove']);
  if (extra) return extra;
  if (x.perMove !== undefined && x.perMove !== true) return fail('"clock.perMove" is true for a correspondence game, or left out');
  if (x.perMove === true) {
    if (!CORRESPONDENCE_DAYS.some((d) => d * DAY_MS === x.initialMs) || x.incrementMs !== 0)
      return fail(`a correspondence clock gives ${CORRESPONDENCE_DAYS.join(', ')} days a move (initialMs), and no increment`);
    return ok({ initialMs: x.initialMs as number, incrementMs: 0, perMove: true });
  }
  if (!isWhole(x.initialMs, 100, MAX_CLOCK_MS)) return fail('"clock.initialMs" must be whole milliseconds from 100 to three hours');
  if (!isWhole(x.incrementMs, 0, MAX_INCREMENT_MS)) return fail('"clock.incrementMs" must be whole milliseconds from 0 to three minutes');
  return ok({ initialMs: x.initialMs, incrementMs: x.incrementMs });
}

export function parseNewGameRequest(x: unknown): Result<NewGameRequest> {
  if (!isObject(x)) return fail('a new game is a JSON object with "game" and "seats"');
  const extra = unknownField(x, ['game', 'options', 'seats', 'seat', 'name', 'clock', 'rated', 'ratingRange']);
  if (extra) return extra;
  if (x.rated !== undefined && typeof x.rated !== 'boolean') return fail('"rated" must be true or false');
  if (typeof x.game !== 'string' || x.game.length > 20) return fail('"game" must be the id of a game');
  if (x.options !== undefined && (!isObject(x.options) || Object.keys(x.options).length > 10))
    return fail('"options" must be an object of at most 10 options');
  const seats = x.seats;
  if (
    !Array.isArray(seats) ||
    seats.length < 2 ||
    seats.length > MAX_SEATS ||
    !seats.every((s) => typeof s === 'string' && s.length <= 500)
  )
    return fail(`"seats" must list 2 to ${MAX_SEATS} seats, each "open" or an AI's name`);
  if (x.seat !== undefined && x.seat !== 'random' && !isWhole(x.seat, 0, MAX_SEATS - 1))
    return fail('"seat" must be the number of one of the seats, or "random"');
  const name = nameIn(x);
  if (!name.ok) return name;
  const clock = x.clock === undefined ? ok(undefined) : parseClockRequest(x.clock);
  if (!clock.ok) return clock;
  const range = x.ratingRange;
  if (range !== undefined) {
    if (x.rated !== true) return fail('"ratingRange" is for rated games: a casual game is open to anyone');
    if (
      !isObject(range) ||
      unknownField(range, ['min', 'max']) ||
      !isWhole(range.min, RATING_FLOOR, RATING_CEILING) ||
      !isWhole(range.max, RATING_FLOOR, RATING_CEILING) ||
      range.min > range.max
    )
      return fail(`"ratingRange" is {"min", "max"}: whole ratings from ${RATING_FLOOR} to ${RATING_CEILING}, min at most max`);
  }
  return ok({
    game: x.game,
    ...(x.options === undefined ? {} : { options: x.options as { [key: string]: Json } }),
    seats: seats as string[],
    ...(x.seat === undefined ? {} : { seat: x.seat as number | 'random' }),
    ...name.value,
    ...(clock.value === undefined ? {} : { clock: clock.value }),
    ...(x.rated === true ? { rated: true } : {}),
    ...(range === undefined ? {} : { ratingRange: { min: (range as Fields).min as number, max: (range as Fields).max as number } }),
  });
}

export function parseChallengeRequest(x: unknown): Result<ChallengeRequest> {
  if (!isObject(x)) return fail('a challenge is a JSON object with "to" (a username) and "game"');
  const extra = unknownField(x, ['to', 'game', 'options', 'clock', 'rated', 'seat']);
  if (extra) return extra;
  if (typeof x.to !== 'string' || x.to.length < 1 || x.to.length > 64) return fail('"to" must be the username of the player challenged');
  if (typeof x.game !== 'string' || x.game.length > 20) return fail('"game" must be the id of a game');
  if (x.options !== undefined && (!isObject(x.options) || Object.keys(x.options).length > 10))
    return fail('"options" must be an object of at most 10 options');
  if (x.rated !== undefined && typeof x.rated !== 'boolean') return fail('"rated" must be true or false');
  if (x.seat !== undefined && !isWhole(x.seat, 0, 1)) return fail('"seat" must be 0 or 1: a challenge is between two players');
  const clock = x.clock === undefined || x.clock === null ? ok(null) : parseClockRequest(x.clock);
  if (!clock.ok) return clock;
  return ok({
    to: x.to,
    game: x.game,
    ...(x.options === undefined ? {} : { options: x.options as { [key: string]: Json } }),
    ...(clock.value === null ? {} : { clock: clock.value }),
    ...(x.rated === true ? { rated: true } : {}),
    ...(x.seat === undefined ? {} : { seat: x.seat as number }),
  });
}

export function parseSeatRequest(x: unknown): Result<SeatRequest> {
  // An empty body is a seat taken with no name.
  if (x === null || x === undefined) return ok({});
  if (!isObject(x)) return fail('a seat request is a JSON object, with a "name" or none');
  return unknownField(x, ['name']) ?? nameIn(x);
}

export function parseRematchRequest(x: unknown): Result<RematchRequest> {
  if (!isObject(x)) return fail('a rematch request is {seat, token}: your seat in the finished game and its token');
  const extra = unknownField(x, ['seat', 'token']);
  if (extra) return extra;
  if (!isWhole(x.seat, 0, MAX_SEATS - 1)) return fail('"seat" must be your seat in the finished game');
  if (x.token === undefined) return ok({ seat: x.seat });
  if (typeof x.token !== 'string' || x.token.length > 64) return fail('"token" must be that seat’s token');
  return ok({ seat: x.seat, token: x.token });
}

/** POST /api/account (sign up) and POST /api/session (log in). */
export type CredentialsRequest = { readonly username: string; readonly password: string };

/** POST /api/account/password. */
export type PasswordChangeRequest = { readonly current: string; readonly password: string };

/** POST /api/account/delete: the password again, as proof. */
export type AccountDeletionRequest = { readonly password: string };

/** Longest text a password field may hold here (the server's rules say how long a password may be). */
const MAX_SECRET_TEXT = 1024;

/** A text field that holds a secret: its value is never said back in an error. */
function secretIn(o: Fields, field: string): Result<string> {
  const value = o[field];
  return typeof value === 'string' && value.length <= MAX_SECRET_TEXT ? ok(value) : fail(`"${field}" must be text`);
}

export function parseCredentialsRequest(x: unknown): Result<CredentialsRequest> {
  if (!isObject(x)) return fail('this takes {username, password}');
  const extra = unknownField(x, ['username', 'password']);
  if (extra) return extra;
  if (typeof x.username !== 'string' || x.username.length > 64) return fail('"username" must be text');
  const password = secretIn(x, 'password');
  return password.ok ? ok({ username: x.username, password: password.value }) : password;
}

export function parsePasswordChangeRequest(x: unknown): Result<PasswordChangeRequest> {
  if (!isObject(x)) return fail('this takes {current, password}: the password now, and the new one');
  const extra = unknownField(x, ['current', 'password']);
  if (extra) return extra;
  const current = secretIn(x, 'current');
  if (!current.ok) return current;
  const password = secretIn(x, 'password');
  return password.ok ? ok({ current: current.value, password: password.value }) : password;
}

export function parseAccountDeletionRequest(x: unknown): Result<AccountDeletionRequest> {
  if (!isObject(x)) return fail('this takes {password}: your password, to be sure it is you');
  const extra = unknownField(x, ['password']);
  if (extra) return extra;
  const password = secretIn(x, 'password');
  return password.ok ? ok({ password: password.value }) : password;
}
