import { agentNames } from '@hexarena/engines/ai/agents.ts';
import type { GameDefinition, GameRules, Json } from '@hexarena/engines/engine/game.ts';
import type { GameRecord } from '@hexarena/engines/engine/record.ts';
import { fail, ok, type Result, unwrap } from '@hexarena/engines/engine/result.ts';
import { randomSeed } from '@hexarena/engines/engine/rng.ts';
import { findGame, replayRecord } from '@hexarena/engines/games/index.ts';
import { t } from './i18n/index.ts';
import { rulesRefusal } from './i18n/why.ts';

/**
 * What a game page needs, all of it in the URL so that a game can be shared, reloaded or resumed:
 * the game, its options, who sits where, the seed, the moves, and a resignation if there was one.
 * It lives in the fragment (`#game=…`), which never travels to the server: a game of thousands of
 * moves makes an address of tens of kilobytes, past what a server takes in a request line.
 * Addresses of the older form (`?game=…`) still open.
 */
export interface Setup {
  readonly game: string;
  /** Raw options; the game's parseOptions checks them. */
  readonly options: Json;
  readonly seats: readonly string[];
  readonly seed: string;
  readonly moves: readonly string[];
  /** The seat that resigned, ending the game. */
  readonly resigned?: number;
  /** A position set up (the game's position notation) the game starts from, in place of its start. */
  readonly position?: string;
}

/** A person in the first seat, `opponent` (the game's first offer) in the others. */
export const defaultSeats = (opponent: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => (i === 0 ? 'human' : opponent));

/** What the browser fills in for a game when an address leaves it out (its web folder says). */
export interface AddressDefaults {
  readonly opponent: string;
  readonly addressDefaults?: (seats: number) => Record<string, Json>;
}

/** Who may sit in a seat of `game`: a person, or one of its agents by name. */
export const seatChoices = (game: GameRules<unknown, unknown>): string[] => ['human', ...agentNames(game)];

/** Between moves in the address: moves of Hive, Nonaga and DiceWars hold spaces, none holds this. */
export const MOVE_SEPARATOR = ';';

/** The options an address holds (its `options` parameter, JSON), `{}` without one. */
export function addressOptions(text: string | null): Result<Json> {
  if (!text) return ok({});
  try {
    return ok(JSON.parse(text) as Json);
  } catch {
    return fail(t('address.optionsNotJson', { text: text.slice(0, 80) }));
  }
}

/** The setup in a page's fragment or query string, or null for the home page; an error for a malformed one. */
export function parseSetup(address: string): Result<Setup> | null {
  const q = new URLSearchParams(address.replace(/^[^#?]*[#?]/, ''));
  const game = q.get('game');
  if (!game) return null;
  const parsedOptions = addressOptions(q.get('options'));
  if (!parsedOptions.ok) return parsedOptions;
  const options = parsedOptions.value;
  const position = q.get('position');
  const rawResigned = q.get('resigned');
  const resigned = rawResigned === null ? undefined : Number(rawResigned);
  if (resigned !== undefined && !(Number.isInteger(resigned) && resigned >= 0))
    return fail(t('address.resignedSeat', { text: String(rawResigned).slice(0, 40) }));
  return ok({
    game,
    options,
    // Without seats, checkSetup seats a person against the home page's default opponent.
    seats: q.get('seats')?.split(',') ?? [],
    seed: q.get('seed') ?? randomSeed(),
    moves: (q.get('moves') ?? '').split(MOVE_SEPARATOR).filter(Boolean),
    ...(resigned === undefined ? {} : { resigned }),
    ...(position === null ? {} : { position }),
  });
}

export function setupUrl(setup: Setup): string {
  const q = new URLSearchParams({ game: setup.game });
  if (setup.options !== null && (typeof setup.options !== 'object' || Object.keys(setup.options).length > 0)) {
    q.set('options', JSON.stringify(setup.options));
  }
  q.set('seats', setup.seats.join(','));
  q.set('seed', setup.seed);
  if (setup.position !== undefined) q.set('position', setup.position);
  if (setup.moves.some((m) => m.includes(MOVE_SEPARATOR))) throw new Error(`a move holds "${MOVE_SEPARATOR}": ${setup.moves.join(' | ')}`);
  if (setup.moves.length > 0) q.set('moves', setup.moves.join(MOVE_SEPARATOR));
  if (setup.resigned !== undefined) q.set('resigned', String(setup.resigned));
  return `./#${q}`;
}

export { setupPart } from './routes.ts';

/**
 * The setup that resumes an uploaded record, after checking it move by move: its options, seed and
 * moves; seats as the record names them when they are agents or "human", else human (a record of
 * people's names comes back as hotseat).
 */
export function setupFromRecord(json: unknown): Result<Setup> {
  const replayed = replayRecord(json);
  if (!replayed.ok) return replayed;
  const { game, record } = replayed.value;
  const seats = game.seatNames(unwrap(game.parseOptions(record.options)));
  const known = seatChoices(game);
  const players = seats.map((_, i) => {
    const name = record.players?.[i];
    return name !== undefined && known.includes(name) ? name : 'human';
  });
  const resigned = record.termination === 'resignation' ? resignedSeat(record, seats.length) : undefined;
  return ok({
    game: record.game,
    options: record.options,
    seats: players,
    seed: record.seed,
    moves: record.moves,
    ...(resigned === undefined ? {} : { resigned }),
  });
}

/** Who resigned: the loser of a two-seat game; with more seats, the last of the ranking. */
function resignedSeat(record: GameRecord, seats: number): number | undefined {
  if (record.result?.kind !== 'win') return undefined;
  if (seats === 2) return 1 - record.result.winner;
  return record.result.ranking?.[seats - 1];
}

/**
 * Checks a setup from the address before any board sees it: a known game, options its rules
 * accept (the browser's defaults filled in), one known player per seat. Options come back whole,
 * so a record or a shared link names every rule in force.
 */
export function checkSetup(given: Setup, browser: AddressDefaults = { opponent: 'random' }): Result<Setup> {
  let setup = given;
  const game = findGame(setup.game);
  if (!game.ok) return fail(t('address.noSuchGame', { game: setup.game.slice(0, 40) }));
  if (typeof setup.options !== 'object' || setup.options === null || Array.isArray(setup.options))
    return fail(t('address.optionsNotObject'));
  const options = game.value.parseOptions({ ...browser.addressDefaults?.(setup.seats.length), ...setup.options });
  if (!options.ok) return fail(rulesRefusal(options.error));
  const seats = game.value.seatNames(options.value);
  if (setup.seats.length === 0) setup = { ...setup, seats: defaultSeats(browser.opponent, seats.length) };
  if (seats.length !== setup.seats.length)
    return fail(t('address.seats', { game: game.value.title, seats: seats.length, names: seats.join(', '), given: setup.seats.length }));
  const known = seatChoices(game.value);
  const stranger = setup.seats.find((s) => !known.includes(s));
  if (stranger !== undefined) return fail(t('address.unknownPlayer', { name: stranger.slice(0, 40), known: known.join(', ') }));
  if (setup.resigned !== undefined && setup.resigned >= seats.length) return fail(t('address.noSeat', { seat: setup.resigned }));
  if (setup.position !== undefined) {
    const start = startOf(game.value, options.value, setup);
    if (!start.ok) return start;
  }
  return ok({ ...setup, game: game.value.id, options: options.value as Json });
}

/** Where a game of this setup starts: the position set up, or the game's own start from its options and seed. */
export function startOf<S, M, O>(game: GameDefinition<S, M, O>, options: O, setup: Pick<Setup, 'seed' | 'position'>): Result<S> {
  if (setup.position === undefined) return ok(game.newGame(options, setup.seed));
  if (!game.parsePosition) return fail(t('address.noNotation', { game: game.title }));
  const start = game.parsePosition(setup.position);
  return start.ok ? start : fail(t('address.position', { problem: rulesRefusal(start.error) }));
}
