import { describeOutcome, type GameDefinition, type Json, type Outcome, sameOutcome } from './game.ts';
import { RulesRefusal, refuse } from './refusal.ts';
import { replayFrom } from './replay.ts';
import { err, ok, type Result } from './result.ts';

/** How a game came to its end: by the rules, or by something outside the board. */
/**
 * `aborted`: called off before anyone played against anyone (an online game whose open seat nobody took).
 * `closed`: a player's account was closed (deleted) while the game went on; `banned`: a moderator banned them.
 */
export const TERMINATIONS = [
  'rules',
  'resignation',
  'move-cap',
  'abandoned',
  'aborted',
  'time',
  'forfeit',
  'agreement',
  'adjudication',
  'closed',
  'banned',
] as const;
export type Termination = (typeof TERMINATIONS)[number];

/**
 * A finished or unfinished game as plain JSON: everything needed to replay it exactly.
 * Moves are in the game's own notation, so a person can read the record too.
 */
export interface GameRecord {
  readonly game: string;
  readonly options: Json;
  readonly seed: string;
  readonly moves: readonly string[];
  /** The outcome, or null for a game still in progress. */
  readonly result: Outcome | null;
  /** Absent means 'rules'; any other ending leaves the final position not over by the rules. */
  readonly termination?: Termination;
  /** Who sat in each seat (agent names, user names), in seat order. */
  readonly players?: readonly string[];
  /** The game's rules version when it has one (see GameDefinition.rulesVersion); absent means 1. */
  readonly rulesVersion?: number;
}

export interface Replayed<S, M> {
  /** The position the moves lead to. */
  readonly state: S;
  readonly moves: readonly M[];
  /** states[i] is the position after i moves: states[0] the start, the last one `state`. */
  readonly states: readonly S[];
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

const isSeat = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

/** A result as untrusted JSON gives it: a draw, or a win with its seat (and ranking), or null. */
export function parseOutcome(x: unknown): Result<Outcome | null> {
  if (x === null || x === undefined) return ok(null);
  if (!isObject(x)) return refuse('record.result', 'result must be an object or null');
  const reason = typeof x.reason === 'string' ? { reason: x.reason } : {};
  if (x.kind === 'draw') return ok({ kind: 'draw', ...reason });
  if (x.kind === 'win' && isSeat(x.winner)) {
    if (x.ranking !== undefined && !(Array.isArray(x.ranking) && x.ranking.every(isSeat)))
      return refuse('record.ranking', 'result.ranking must be a list of seats, best first');
    const ranking = x.ranking === undefined ? {} : { ranking: x.ranking as number[] };
    return ok({ kind: 'win', winner: x.winner, ...ranking, ...reason });
  }
  return refuse('record.result', 'result must be {"kind":"draw"} or {"kind":"win","winner":<seat>}');
}

/** Checks the shape of an untrusted record (an upload, a request body, a file). */
export function parseRecord(json: unknown): Result<GameRecord> {
  if (!isObject(json)) return refuse('record.object', 'a game record must be a JSON object');
  const { game, options, seed, moves, termination, players, rulesVersion } = json;
  if (typeof game !== 'string' || game === '') return refuse('record.game', 'record.game must be a game id such as "tictactoe"');
  if (typeof seed !== 'string') return refuse('record.seed', 'record.seed must be a string');
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === 'string'))
    return refuse('record.moves', 'record.moves must be an array of move strings');
  if (termination !== undefined && !TERMINATIONS.includes(termination as Termination)) {
    return refuse('record.termination', `record.termination must be one of ${TERMINATIONS.join(', ')}`, {
      terminations: TERMINATIONS.join(', '),
    });
  }
  if (players !== undefined && (!Array.isArray(players) || !players.every((p) => typeof p === 'string'))) {
    return refuse('record.players', 'record.players must be an array of names');
  }
  if (rulesVersion !== undefined && !(Number.isInteger(rulesVersion) && (rulesVersion as number) >= 1))
    return refuse('record.rulesVersion', 'record.rulesVersion must be a whole number of at least 1');
  const result = parseOutcome(json.result);
  if (!result.ok) return result;
  return ok({
    game,
    options: (options ?? {}) as Json,
    seed,
    moves: moves as string[],
    result: result.value,
    ...(termination === undefined ? {} : { termination: termination as Termination }),
    ...(players === undefined ? {} : { players: players as string[] }),
    ...(rulesVersion === undefined ? {} : { rulesVersion: rulesVersion as number }),
  });
}

/**
 * Re-plays a record move by move with full validation, and checks that its stated result is
 * the one the moves lead to. Errors name the move number (1-based, counting every move).
 */
export function replay<S, M, O>(game: GameDefinition<S, M, O>, record: GameRecord): Result<Replayed<S, M>> {
  if (record.game !== game.id)
    return refuse('record.otherGame', `this record is a game of ${record.game}, not ${game.id}`, {
      game: record.game.slice(0, 40),
      expected: game.id,
    });
  const version = record.rulesVersion ?? 1;
  if (version !== game.rulesVersion)
    return refuse(
      'record.version',
      `this record was made under ${game.title} rules version ${version}, and this hexarena plays version ${game.rulesVersion}: the same seed draws another game, so its moves cannot be replayed`,
      { title: game.title, version, current: game.rulesVersion },
    );
  const options = game.parseOptions(record.options);
  if (!options.ok) return err(new RulesRefusal(`record options: ${options.error.message}`, { code: 'record.options' }, options.error));
  const played = playMoves(game, options.value, record.seed, record.moves);
  if (!played.ok) return played;
  const { states, moves } = played.value;
  const state = states[states.length - 1] as S;
  const byRules = game.result(state);
  const seats = game.seatNames(options.value);
  const misfit = record.result && misfitOf(record.result, seats.length);
  if (misfit) return err(new RulesRefusal(`record result: ${misfit.message}`, misfit.why));
  const termination = record.termination ?? 'rules';
  if (termination === 'rules') {
    if (!sameOutcome(byRules, record.result)) {
      return refuse(
        'record.resultDiffers',
        `the record says ${describeOutcome(record.result, seats)} but its moves end ${describeOutcome(byRules, seats)}`,
        { ...outcomeValues('stated', record.result, seats), ...outcomeValues('ended', byRules, seats) },
      );
    }
  } else if (byRules !== null) {
    return refuse(
      'record.terminationDiffers',
      `the record says it ended by ${termination} but its moves end ${describeOutcome(byRules, seats)} by the rules`,
      { termination, ...outcomeValues('ended', byRules, seats) },
    );
  } else if (record.result === null) {
    return refuse('record.needsResult', `a game ended by ${termination} needs a result`, { termination });
  }
  return ok({ state, moves, states });
}

/**
 * An outcome as a refusal's values, each under `prefix`: its kind (`win`, `draw`, or `none` for a
 * game going on) and its winner's seat name as the game names it (`<prefix>Seat`, empty for no winner).
 */
function outcomeValues(prefix: string, outcome: Outcome | null, seats: readonly string[]): Record<string, string> {
  const kind = outcome === null ? 'none' : outcome.kind;
  const seat = outcome?.kind === 'win' ? (seats[outcome.winner] ?? String(outcome.winner)) : '';
  return { [prefix]: kind, [`${prefix}Seat`]: seat };
}

/** Why an outcome cannot be one of a game of `seats` seats, by code (`record.winnerSeat`…), or null when it can. */
export function misfitOf(outcome: Outcome, seats: number): RulesRefusal | null {
  if (outcome.kind === 'draw') return null;
  const last = seats - 1;
  if (outcome.winner >= seats) {
    const message = `winner ${outcome.winner} is no seat of this game (seats 0 to ${last})`;
    return new RulesRefusal(message, { code: 'record.winnerSeat', values: { winner: outcome.winner, last } });
  }
  const ranking = outcome.ranking;
  if (ranking === undefined) return null;
  const stranger = ranking.find((s) => s >= seats);
  if (stranger !== undefined) {
    const message = `the ranking names seat ${stranger}, and the seats are 0 to ${last}`;
    return new RulesRefusal(message, { code: 'record.rankingSeat', values: { seat: stranger, last } });
  }
  if (new Set(ranking).size !== ranking.length) return new RulesRefusal('the ranking names a seat twice', { code: 'record.rankingTwice' });
  if (ranking[0] !== outcome.winner) return new RulesRefusal('the ranking must start with the winner', { code: 'record.rankingWinner' });
  return null;
}

/** Why an outcome cannot be one of a game of `seats` seats, in English, or null when it can. */
export const outcomeMisfit = (outcome: Outcome, seats: number): string | null => misfitOf(outcome, seats)?.message ?? null;

/**
 * Plays `texts` from `newGame(options, seed)`, each checked: the positions after every move
 * (states[0] the start) and the moves, or the first bad move named by its number.
 */
export function playMoves<S, M, O>(
  game: GameDefinition<S, M, O>,
  options: O,
  seed: string,
  texts: readonly string[],
): Result<{ states: S[]; moves: M[] }> {
  const played = replayFrom(game, game.newGame(options, seed), texts);
  return played.refusal === null ? ok({ states: [...played.states], moves: [...played.moves] }) : err(played.refusal);
}

/** Builds the record of a game played from `newGame(options, seed)` through `moves`. */
export function makeRecord<S, M, O>(
  game: GameDefinition<S, M, O>,
  options: O,
  seed: string,
  moves: readonly string[],
  result: Outcome | null,
  /** `rulesVersion`: the rules it was played under, when not today's (a stored game's). */
  extra: { termination?: Termination; players?: readonly string[]; rulesVersion?: number } = {},
): GameRecord {
  return {
    game: game.id,
    options: options as Json,
    seed,
    moves: [...moves],
    result,
    ...(extra.termination && extra.termination !== 'rules' ? { termination: extra.termination } : {}),
    ...(extra.players ? { players: [...extra.players] } : {}),
    rulesVersion: extra.rulesVersion ?? game.rulesVersion,
  };
}
