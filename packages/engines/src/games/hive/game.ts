import type { GameDefinition, Json, Outcome, Player, SearchPosition } from '../../engine/game.ts';
import { refuse } from '../../engine/refusal.ts';
import { replayFrom } from '../../engine/replay.ts';
import { err, fail, ok, type Result } from '../../engine/result.ts';
import { evaluateHive, hiveMoveOrder } from './evaluate.ts';
import { generateMoves, legalMoves } from './movegen.ts';
import { formatMove, formatTurn, type GameState, gameOver, parseGameString, parseMove } from './notation.ts';
import { parseGameType } from './pieces.ts';
import { type HiveMove, HivePosition, PASS } from './position.ts';
import { DEFAULT_HIVE_OPTIONS, type HiveOptions, type HiveState } from './state.ts';
import { generateNoisy, isNoisy, isThreatened } from './threats.ts';

export { DEFAULT_HIVE_OPTIONS, type HiveOptions, type HiveState };

import { formatHivePosition, parseHivePosition } from './position-notation.ts';

export function hiveOutcome(state: HiveState): Outcome | null {
  const { pos } = state;
  const white = pos.queenSurrounded(0);
  const black = pos.queenSurrounded(1);
  if (white && black) return { kind: 'draw', reason: 'both queens surrounded' };
  if (white) return { kind: 'win', winner: 1, reason: 'queen surrounded' };
  if (black) return { kind: 'win', winner: 0, reason: 'queen surrounded' };
  if (state.options.repetitionDraw && pos.repetitions() >= 3) return { kind: 'draw', reason: 'threefold repetition' };
  return null;
}

export function gameState(state: HiveState): GameState {
  const outcome = hiveOutcome(state);
  if (outcome) return outcome.kind === 'draw' ? 'Draw' : outcome.winner === 0 ? 'WhiteWins' : 'BlackWins';
  return state.pos.ply === 0 ? 'NotStarted' : 'InProgress';
}

/** The moves of the game so far as MoveStrings, each written against the board before it. */
export function moveStrings(pos: HivePosition): string[] {
  const replay = pos.base();
  return pos.history().map((move) => {
    const text = formatMove(replay, move);
    replay.make(move);
    return text;
  });
}

export function formatGameString(state: HiveState): string {
  return [state.pos.type, gameState(state), formatTurn(state.pos), ...moveStrings(state.pos)].join(';');
}

/** Plays MoveStrings from the start with full validation; errors name the move number. */
export function replayMoves(options: HiveOptions, moves: readonly string[]): Result<HiveState> {
  const replayed = replayFrom(hive, { pos: new HivePosition(options), options }, moves);
  return replayed.refusal === null ? ok(replayed.states.at(-1) as HiveState) : err(replayed.refusal);
}

/** Loads a GameString (or a bare GameType), recomputing state and turn from the moves. */
export function loadGameString(text: string, base: Omit<HiveOptions, 'type'> = DEFAULT_HIVE_OPTIONS): Result<HiveState> {
  const parsed = parseGameString(text);
  if (!parsed.ok) return parsed;
  return replayMoves({ ...base, type: parsed.value.type }, parsed.value.moves);
}

function parseOptions(json: unknown): Result<HiveOptions> {
  if (json === undefined || json === null) return ok(DEFAULT_HIVE_OPTIONS);
  if (typeof json !== 'object' || Array.isArray(json))
    return refuse('options.object', 'Hive options must be an object such as {"type":"Base+MLP"}', {
      game: 'Hive',
      example: '{"type":"Base+MLP"}',
    });
  const o = json as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !['type', 'tournament', 'repetitionDraw'].includes(k));
  if (unknown.length > 0)
    return refuse('options.unknown', `unknown Hive option ${unknown.join(', ')} (known: type, tournament, repetitionDraw)`, {
      game: 'Hive',
      names: unknown.join(', ').slice(0, 60),
      known: 'type, tournament, repetitionDraw',
    });
  let type = DEFAULT_HIVE_OPTIONS.type;
  if (o.type !== undefined) {
    if (typeof o.type !== 'string') return refuse('hive.options.type', 'Hive option "type" must be a game type such as "Base+MLP"');
    const parsed = parseGameType(o.type);
    if (!parsed.ok) return parsed;
    type = parsed.value;
  }
  for (const flag of ['tournament', 'repetitionDraw'] as const) {
    if (o[flag] !== undefined && typeof o[flag] !== 'boolean')
      return refuse('options.flag', `Hive option "${flag}" must be true or false`, { name: flag });
  }
  return ok({
    type,
    tournament: (o.tournament as boolean | undefined) ?? DEFAULT_HIVE_OPTIONS.tournament,
    repetitionDraw: (o.repetitionDraw as boolean | undefined) ?? DEFAULT_HIVE_OPTIONS.repetitionDraw,
  });
}

/** The mutable view the generic searches use: a clone of the state's position. */
export function hiveSearchPosition(state: HiveState, exact = false): SearchPosition {
  const pos = state.pos.clone();
  const repetitionDraw = state.options.repetitionDraw;
  const searchRoot = pos.ply;
  return {
    generate: (buffer) => generateMoves(pos, buffer),
    make: (move) => pos.make(move),
    unmake: () => pos.unmake(),
    hashLo: () => pos.hashLo,
    hashHi: () => pos.hashHi,
    terminal() {
      const white = pos.queenSurrounded(0);
      const black = pos.queenSurrounded(1);
      if (white || black) return white && black ? 0 : (white ? 0 : 1) === pos.turn ? -1 : 1;
      if (repetitionDraw && pos.repetitions() >= 3) return 0;
      // Inside a search a repetition is a draw, whatever the option: going round in circles gains nothing.
      if (!exact && pos.ply > searchRoot && pos.repeatsSinceLastPlacement()) return 0;
      return null;
    },
    evaluate: () => evaluateHive(pos),
    moveOrder: (move) => hiveMoveOrder(pos, move),
    turn: () => pos.turn,
    // A pass never helps in Hive (a move is forced whenever one exists), so a free one is a fair test.
    makeNull: () => pos.make(PASS),
    noisy: (move) => isNoisy(pos, move),
    generateNoisy: (buffer) => generateNoisy(pos, buffer),
    threatened: () => isThreatened(pos),
  };
}

/**
 * A game from the start is its options and moves; a game from a position set up (parsePosition) also
 * carries that position, the moves following on from it.
 */
function toJSON(state: HiveState): Json {
  const { pos, options } = state;
  if (pos.fromStart) return { options: { ...options }, moves: moveStrings(pos) };
  return { options: { ...options }, position: formatHivePosition({ pos: pos.base(), options }), moves: moveStrings(pos) };
}

/** A position from text: the position notation, or a GameString (or a bare game type), so one box takes either. */
function parsePosition(text: string): Result<HiveState> {
  const trimmed = text.trim();
  return trimmed.includes(';') || /^\S+$/.test(trimmed) ? loadGameString(trimmed) : parseHivePosition(trimmed);
}

export const hive: GameDefinition<HiveState, HiveMove, HiveOptions> = {
  id: 'hive',
  title: 'Hive',
  rulesVersion: 1,
  draws: true,
  players: { min: 2, max: 2 },
  defaultOptions: DEFAULT_HIVE_OPTIONS,
  parseOptions,
  // Two programs may shuffle the same pieces back and forth for ever: with nobody to call it a draw,
  // the threefold repetition does.
  headlessOptions: (options) => ({ ...options, repetitionDraw: true }),
  seatNames: () => ['White', 'Black'],
  newGame: (options) => ({ pos: new HivePosition(options), options }),
  toMove: (state): Player | null => (hiveOutcome(state) ? null : state.pos.turn),
  result: hiveOutcome,
  legalMoves: (state) => (hiveOutcome(state) ? [] : legalMoves(state.pos)),
  play(state, move) {
    const pos = state.pos.clone();
    pos.make(move);
    return { pos, options: state.options };
  },
  formatMove: (state, move) => formatMove(state.pos, move),
  parseMove: (state, text) => (hiveOutcome(state) ? gameOver() : parseMove(state.pos, text)),
  toJSON,
  fromJSON(json) {
    if (typeof json !== 'object' || json === null || !Array.isArray((json as { moves?: unknown }).moves)) {
      return fail('a Hive state is {"options": {...}, "moves": ["wS1", "bG1 -wS1", …]}');
    }
    const { options, position, moves } = json as { options?: unknown; position?: unknown; moves: unknown[] };
    if (!moves.every((m) => typeof m === 'string')) return fail('Hive moves must be MoveStrings');
    if (position !== undefined) {
      // The position text names its options itself.
      if (typeof position !== 'string') return fail('a Hive state\'s "position" is a position in Hive\'s position notation');
      const start = parseHivePosition(position);
      if (!start.ok) return start;
      const replayed = replayFrom(hive, start.value, moves as string[]);
      return replayed.refusal === null ? ok(replayed.states.at(-1) as HiveState) : err(replayed.refusal);
    }
    const parsed = parseOptions(options);
    if (!parsed.ok) return parsed;
    return replayMoves(parsed.value, moves as string[]);
  },
  view: toJSON,
  formatPosition: formatHivePosition,
  parsePosition,
};
