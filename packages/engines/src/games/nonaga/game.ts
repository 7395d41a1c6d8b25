import type { GameDefinition, Json, Outcome, SearchPosition } from '../../engine/game.ts';
import { refuse } from '../../engine/refusal.ts';
import { err, fail, ok, type Result } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { DEFAULT_NONAGA_OPTIONS, type NonagaOptions, type NonagaState } from './state.ts';
import { legalTurns } from './turns.ts';

export { DEFAULT_NONAGA_OPTIONS, legalTurns, type NonagaOptions, type NonagaState };

import { replayFrom } from '../../engine/replay.ts';
import { evaluateNonaga } from './evaluate.ts';
import { discMoves, generate, MAX_PLY_MOVES, slides } from './moves.ts';
import { formatTurn, type NonagaTurn, parseTurn } from './notation.ts';
import { BLACK, DRAWN, NonagaPosition, PLAYING, RED, type Side } from './position.ts';
import { formatNonagaPosition, parseNonagaPosition } from './position-notation.ts';

function parseOptions(json: unknown): Result<NonagaOptions> {
  if (json === undefined || json === null) return ok(DEFAULT_NONAGA_OPTIONS);
  if (typeof json !== 'object' || Array.isArray(json))
    return refuse('options.object', 'Nonaga options must be an object such as {"connectivity":"strict"}', {
      game: 'Nonaga',
      example: '{"connectivity":"strict"}',
    });
  const o = json as Record<string, unknown>;
  const known = Object.keys(DEFAULT_NONAGA_OPTIONS);
  const unknown = Object.keys(o).filter((k) => !known.includes(k));
  if (unknown.length > 0)
    return refuse('options.unknown', `unknown Nonaga option ${unknown.join(', ')} (known: ${known.join(', ')})`, {
      game: 'Nonaga',
      names: unknown.join(', ').slice(0, 60),
      known: known.join(', '),
    });
  const first = o.first ?? 'red';
  if (first !== 'red' && first !== 'black' && first !== 'random')
    return refuse('options.oneOf', 'first must be red, black or random', { name: 'first', choices: 'red, black, random' });
  const connectivity = o.connectivity ?? 'strict';
  if (connectivity !== 'strict' && connectivity !== 'final' && connectivity !== 'none')
    return refuse('options.oneOf', 'connectivity must be strict, final or none', { name: 'connectivity', choices: 'strict, final, none' });
  for (const flag of ['placementCap', 'triangleOnly', 'stuckPasses'] as const) {
    if (o[flag] !== undefined && typeof o[flag] !== 'boolean')
      return refuse('options.flag', `${flag} must be true or false`, { name: flag });
  }
  const maxTurns = o.maxTurns ?? 200;
  if (!Number.isInteger(maxTurns) || (maxTurns as number) < 1)
    return refuse('options.atLeast', 'maxTurns must be a whole number of at least 1', { name: 'maxTurns', min: 1 });
  return ok({
    first,
    connectivity,
    placementCap: (o.placementCap as boolean | undefined) ?? false,
    triangleOnly: (o.triangleOnly as boolean | undefined) ?? false,
    stuckPasses: (o.stuckPasses as boolean | undefined) ?? false,
    maxTurns: maxTurns as number,
  });
}

const buffer = new Int32Array(MAX_PLY_MOVES);

/** The result: a win by shape, a draw, or a player left with no legal step (who loses). */
export function nonagaOutcome(pos: NonagaPosition): Outcome | null {
  if (pos.result === RED || pos.result === BLACK) return { kind: 'win', winner: pos.result, reason: 'three tokens joined' };
  if (pos.result === DRAWN)
    return { kind: 'draw', reason: pos.turns >= pos.rules.maxTurns ? `${pos.rules.maxTurns} turns played` : 'threefold repetition' };
  if (generate(pos, buffer) === 0)
    return { kind: 'win', winner: pos.turn ^ 1, reason: pos.phase === 0 ? 'no token can slide' : 'no disc can move' };
  // Slides that strand every disc are no turn at all: with only those, the player is as stuck as with none.
  if (pos.phase === 0 && !pos.rules.stuckPasses && !someSlideGoesOn(pos))
    return { kind: 'win', winner: pos.turn ^ 1, reason: 'no slide leaves a disc to move' };
  return null;
}

const slideBuffer = new Int32Array(MAX_PLY_MOVES);

/** Whether some slide makes a whole turn: it wins, or a disc can move after it. */
function someSlideGoesOn(pos: NonagaPosition): boolean {
  const n = slides(pos, slideBuffer);
  for (let i = 0; i < n; i++) {
    pos.make(slideBuffer[i] as number);
    const goesOn = pos.result === pos.turn || discMoves(pos, buffer) > 0;
    pos.unmake();
    if (goesOn) return true;
  }
  return false;
}

function firstSide(options: NonagaOptions, seed: string): Side {
  if (options.first === 'random') return Rng.fromSeed(`${seed}/first`).int(2) as Side;
  return options.first === 'red' ? RED : BLACK;
}

function play(state: NonagaState, turn: NonagaTurn): NonagaState {
  const pos = state.pos.clone();
  const text = formatTurn(pos, turn);
  pos.make(turn.slide);
  if (turn.disc !== null) pos.make(turn.disc);
  return { ...state, pos, turns: [...state.turns, text] };
}

function startState(options: NonagaOptions, seed: string, first = firstSide(options, seed)): NonagaState {
  return { pos: NonagaPosition.start(options, first), options, turns: [], seed, first };
}

function replayTurns(start: NonagaState, turns: readonly string[]): Result<NonagaState> {
  const replayed = replayFrom(nonaga, start, turns, undefined, 'turn');
  return replayed.refusal === null ? ok(replayed.states.at(-1) as NonagaState) : err(replayed.refusal);
}

/** The mutable view the generic search plays on: a turn as two plies of the same player. */
export function nonagaSearchPosition(state: NonagaState): SearchPosition {
  const pos = state.pos.clone();
  // The search asks for both hash halves, then terminal(), then the moves of the same node: each
  // is worked out once per position (a version counter says when the position changed).
  let version = 0;
  let hashVersion = -1;
  let hash: [number, number] = [0, 0];
  const probe = new Int32Array(MAX_PLY_MOVES);
  let probeVersion = -1;
  let probeCount = 0;
  const hashOf = (): [number, number] => {
    if (hashVersion !== version) {
      hash = pos.hash();
      hashVersion = version;
    }
    return hash;
  };
  const movesNow = (): number => {
    if (probeVersion !== version) {
      probeCount = generate(pos, probe);
      probeVersion = version;
    }
    return probeCount;
  };
  return {
    generate(out) {
      const n = movesNow();
      out.set(probe.subarray(0, n));
      return n;
    },
    make(move) {
      pos.make(move);
      version++;
    },
    unmake() {
      pos.unmake();
      version++;
    },
    hashLo: () => hashOf()[0],
    hashHi: () => hashOf()[1],
    terminal() {
      if (pos.result === DRAWN) return 0;
      if (pos.result !== PLAYING) return pos.result === pos.turn ? 1 : -1;
      return movesNow() === 0 ? -1 : null;
    },
    evaluate: () => evaluateNonaga(pos),
    turn: () => pos.turn,
  };
}

/** A game set up from a position (parsePosition) carries that position; its turns follow on from it. */
const fromPosition = (state: NonagaState): { position?: string } => (state.position === undefined ? {} : { position: state.position });

const toJSON = (state: NonagaState): Json => ({
  options: { ...state.options },
  seed: state.seed,
  ...fromPosition(state),
  turns: [...state.turns],
});

/** The start of a stored game: its position when it has one (which names its options), else the options' start. */
function startOf(position: unknown, start: () => Result<NonagaState>): Result<NonagaState> {
  if (position === undefined) return start();
  if (typeof position !== 'string') return fail('a Nonaga game\'s "position" is a position in Nonaga\'s position notation');
  return parseNonagaPosition(position);
}

export const nonaga: GameDefinition<NonagaState, NonagaTurn, NonagaOptions> = {
  id: 'nonaga',
  title: 'Nonaga',
  rulesVersion: 1,
  draws: true,
  players: { min: 2, max: 2 },
  defaultOptions: DEFAULT_NONAGA_OPTIONS,
  parseOptions,
  seatNames: () => ['Red', 'Black'],
  newGame: (options, seed) => startState(options, seed),
  toMove: (state) => (nonagaOutcome(state.pos) ? null : state.pos.turn),
  result: (state) => nonagaOutcome(state.pos),
  legalMoves: (state) => (nonagaOutcome(state.pos) ? [] : legalTurns(state.pos)),
  play,
  formatMove: (state, turn) => formatTurn(state.pos, turn),
  parseMove: (state, text) => (nonagaOutcome(state.pos) ? refuse('rules.gameOver', 'the game is over') : parseTurn(state.pos, text)),
  toJSON,
  fromJSON(json) {
    if (typeof json !== 'object' || json === null) return fail('a Nonaga state is {"options": {...}, "seed": "...", "turns": [...]}');
    const { options, seed, position, turns } = json as { options?: unknown; seed?: unknown; position?: unknown; turns?: unknown };
    const parsed = parseOptions(options);
    if (!parsed.ok) return parsed;
    if (typeof seed !== 'string' || !Array.isArray(turns) || !turns.every((t) => typeof t === 'string'))
      return fail('a Nonaga state needs a seed and a list of turns');
    const start = startOf(position, () => ok(startState(parsed.value, seed)));
    if (!start.ok) return start;
    return replayTurns({ ...start.value, seed }, turns as string[]);
  },
  // The seed stays on the server (an AI's choices are drawn from it): the view says who went first.
  view: (state) => ({
    options: { ...state.options },
    first: state.first === RED ? 'red' : 'black',
    ...fromPosition(state),
    turns: [...state.turns],
  }),
  fromView(json) {
    if (typeof json !== 'object' || json === null) return fail('a Nonaga view is {"options": {...}, "first": "red", "turns": [...]}');
    const { options, first, position, turns } = json as { options?: unknown; first?: unknown; position?: unknown; turns?: unknown };
    if (first !== 'red' && first !== 'black') return fail('a Nonaga view says who went first: red or black');
    const parsed = parseOptions(options);
    if (!parsed.ok) return parsed;
    if (!Array.isArray(turns) || !turns.every((t) => typeof t === 'string')) return fail('a Nonaga view needs a list of turns');
    const start = startOf(position, () => ok(startState(parsed.value, '', first === 'red' ? RED : BLACK)));
    if (!start.ok) return start;
    return replayTurns(start.value, turns as string[]);
  },
  formatPosition: formatNonagaPosition,
  parsePosition: parseNonagaPosition,
  alwaysEnds: true,
};
