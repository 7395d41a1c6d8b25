import type { GameDefinition, Json, Outcome, Player, SearchPosition } from '../../engine/game.ts';
import { refuse } from '../../engine/refusal.ts';
import { replayFrom } from '../../engine/replay.ts';
import { err, fail, ok, type Result } from '../../engine/result.ts';
import { BLUE, HexBoard, RED, SWAP } from './board.ts';
import { cellName, MAX_SIZE, MIN_SIZE, parseCellName } from './cells.ts';
import { evaluateHex } from './distance.ts';
import type { HexState } from './state.ts';

export type { HexState };

import { formatHexPosition, parseHexPosition } from './position-notation.ts';

export interface HexOptions {
  /** The board is size × size cells: 5 to 19 in a game (smaller ones only for study and tests). */
  readonly size: number;
  /** The pie rule: the second player may take the first stone as their own (`swap`). */
  readonly pie: boolean;
}

export const DEFAULT_HEX_OPTIONS: HexOptions = { size: 11, pie: true };
export { MIN_SIZE };

/** A stone on a cell, or the pie rule's swap. */
export type HexMove = { readonly kind: 'place'; readonly cell: number } | { readonly kind: 'swap' };

const SIDE_NAMES = ['Red', 'Blue'];
const JOINS = ['top and bottom', 'left and right'];

/** A new game on a size × size board of any size from 1 (the rules' module; games are 5 to 19). */
export function newHexPosition(size: number, pie: boolean): HexState {
  return { board: new HexBoard(size, pie) };
}

/** Whether the second player took the first stone by the pie rule (the second move, or never). */
export const pieTaken = (state: HexState): boolean => state.board.history[1] === SWAP;

const toNumber = (move: HexMove): number => (move.kind === 'swap' ? SWAP : move.cell);
export const toHexMove = (n: number): HexMove => (n === SWAP ? { kind: 'swap' } : { kind: 'place', cell: n });

function outcome(state: HexState): Outcome | null {
  const { winner } = state.board;
  if (winner === -1) return null;
  return { kind: 'win', winner, reason: `${SIDE_NAMES[winner]} joined ${JOINS[winner]}` };
}

function formatHexMove(state: HexState, move: HexMove): string {
  return move.kind === 'swap' ? 'swap' : cellName(state.board.size, move.cell);
}

function parseHexMove(state: HexState, text: string): Result<HexMove> {
  const { board } = state;
  if (board.over) return refuse('rules.gameOver', 'the game is over');
  if (text.trim().toLowerCase() === 'swap') {
    if (!board.pie) return refuse('hex.noPie', 'swap is the pie rule, which this game is played without');
    if (board.plies !== 1) return refuse('hex.swapLate', 'swap answers the first stone only: it is the second move or never');
    return ok({ kind: 'swap' });
  }
  const cell = parseCellName(board.size, text);
  if (!cell.ok) return cell;
  const stone = board.stones[cell.value];
  if (stone !== -1) {
    const name = cellName(board.size, cell.value);
    return refuse('hex.taken', `${name} holds a ${SIDE_NAMES[stone as number]} stone`, { cell: name, side: stone === 0 ? 'red' : 'blue' });
  }
  return ok({ kind: 'place', cell: cell.value });
}

function parseOptions(json: unknown): Result<HexOptions> {
  if (json === undefined || json === null) return ok(DEFAULT_HEX_OPTIONS);
  if (typeof json !== 'object' || Array.isArray(json))
    return refuse('options.object', 'Hex options must be an object such as {"size":11,"pie":true}', {
      game: 'Hex',
      example: '{"size":11,"pie":true}',
    });
  const o = json as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => k !== 'size' && k !== 'pie');
  if (unknown.length > 0)
    return refuse('options.unknown', `unknown Hex option ${unknown.join(', ')} (known: size, pie)`, {
      game: 'Hex',
      names: unknown.join(', ').slice(0, 60),
      known: 'size, pie',
    });
  const size = o.size ?? DEFAULT_HEX_OPTIONS.size;
  if (!(Number.isInteger(size) && (size as number) >= MIN_SIZE && (size as number) <= MAX_SIZE))
    return refuse('options.range', `Hex option "size" must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}`, {
      name: 'size',
      min: MIN_SIZE,
      max: MAX_SIZE,
    });
  const pie = o.pie ?? DEFAULT_HEX_OPTIONS.pie;
  if (typeof pie !== 'boolean') return refuse('options.flag', 'Hex option "pie" must be true or false', { name: 'pie' });
  return ok({ size: size as number, pie });
}

/** A position from its moves (untrusted: every move checked), on a board of any size from 1. */
function fromMoves(size: number, pie: boolean, moves: readonly string[]): Result<HexState> {
  const replayed = replayFrom(hex, newHexPosition(size, pie), moves);
  return replayed.refusal === null ? ok(replayed.states.at(-1) as HexState) : err(replayed.refusal);
}

function fromJSON(json: unknown): Result<HexState> {
  const o = json as { size?: unknown; pie?: unknown; moves?: unknown } | null;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return fail('a Hex position is {"size", "pie", "moves"}');
  if (!(Number.isInteger(o.size) && (o.size as number) >= 1 && (o.size as number) <= MAX_SIZE))
    return fail(`a Hex position's size is a whole number from 1 to ${MAX_SIZE}`);
  if (typeof o.pie !== 'boolean') return fail('a Hex position says whether the pie rule is on');
  if (!Array.isArray(o.moves) || !o.moves.every((m) => typeof m === 'string') || o.moves.length > (o.size as number) ** 2 + 1)
    return fail('a Hex position lists its moves, one text each');
  return fromMoves(o.size as number, o.pie, o.moves as string[]);
}

function toJSON(state: HexState): Json {
  const { board } = state;
  return { size: board.size, pie: board.pie, moves: board.history.map((n) => formatHexMove(state, toHexMove(n))) };
}

/** The search's view: the board itself, cloned, changing in place. */
export function hexSearchPosition(state: HexState): SearchPosition {
  const board = state.board.clone();
  return {
    generate: (buffer) => board.generate(buffer),
    make: (move) => board.make(move),
    unmake: () => board.unmake(),
    hashLo: () => board.hashLo,
    hashHi: () => board.hashHi,
    // The player who just moved won: the side to move has lost.
    terminal: () => (board.over ? -1 : null),
    evaluate: () => evaluateHex(board),
    turn: () => board.turn,
  };
}

/** Hex (Piet Hein, John Nash): join your two sides with a chain of your stones; no draws. */
export const hex: GameDefinition<HexState, HexMove, HexOptions> = {
  id: 'hex',
  title: 'Hex',
  rulesVersion: 1,
  players: { min: 2, max: 2 },
  defaultOptions: DEFAULT_HEX_OPTIONS,
  parseOptions,
  seatNames: () => SIDE_NAMES,
  newGame: (options) => newHexPosition(options.size, options.pie),
  toMove: (state): Player | null => (state.board.over ? null : state.board.turn),
  result: outcome,
  legalMoves(state) {
    const buffer = new Int32Array(state.board.size ** 2 + 1);
    const n = state.board.generate(buffer);
    return Array.from(buffer.subarray(0, n), toHexMove);
  },
  play(state, move) {
    const n = toNumber(move);
    if (!state.board.isLegal(n)) throw new Error(`illegal Hex move ${formatHexMove(state, move)}`);
    const board = state.board.clone();
    board.make(n);
    return { board };
  },
  formatMove: formatHexMove,
  parseMove: parseHexMove,
  toJSON,
  fromJSON,
  view: toJSON,
  formatPosition: formatHexPosition,
  parsePosition: parseHexPosition,
  alwaysEnds: true,
};

export { BLUE, RED };
