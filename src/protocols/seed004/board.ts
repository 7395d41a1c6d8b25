import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import type { HiveState } from '@hexarena/engines/games/hive/game.ts';
import { CELLS } from '@hexarena/engines/games/hive/grid.ts';
import { legalMoves } from '@hexarena/engines/games/hive/movegen.ts';
import { BLACK, bugOf, colorOf, PIECES_PER_COLOR, WHITE } from '@hexarena/engines/games/hive/pieces.ts';
import { encodeMove, type HiveMove, IN_HAND, MAX_HEIGHT, movePiece, moveTo, PASS } from '@hexarena/engines/games/hive/position.ts';
import type { Hex } from '@hexarena/engines/hex/coords.ts';
import { whyNot } from './refusal.ts';

/**
 * Hive as the Prolog Hive of seed 004 writes it over HTTP (docs/seed-004-http.md): a game is a list
 * of pieces `{x, y, color, type, height}` in "odd-q" offset coordinates, the player to move, the
 * turn, and each player's pieces left to set; an action sets the `piece_index`-th of those pieces
 * or moves the piece at (from_x, from_y). Conversions both ways through a SeedView, and the checks
 * of untrusted JSON.
 */

export const SEED_COLORS = ['white', 'black'] as const;
export type SeedColor = (typeof SEED_COLORS)[number];
/** The seed's lower-case bug names, by hexarena's bug number (the grasshopper is its "cricket"). */
export const SEED_TYPES = ['queen', 'spider', 'beetle', 'cricket', 'ant', 'mosquito', 'ladybug', 'pillbug'] as const;
/** Other names a player may send for a bug. */
const TYPE_ALIASES: Readonly<Record<string, number>> = { grasshopper: 3, 'soldier ant': 4, 'queen bee': 0 };

export interface SeedPiece {
  readonly x: number;
  readonly y: number;
  readonly color: SeedColor;
  readonly type: string;
  /** 0 on the ground, 1 on top of one piece, … */
  readonly height: number;
}

export interface SeedGame {
  /** The number of the move about to be made, from 1. */
  readonly turn: number;
  readonly board: readonly SeedPiece[];
  readonly player: SeedColor;
  readonly remaining_pieces: readonly { readonly player: SeedColor; readonly pieces: readonly string[] }[];
}

export type SeedAction =
  | { readonly type: 'set'; readonly final_x: number; readonly final_y: number; readonly piece_index: number }
  | {
      readonly type: 'move';
      readonly from_x: number;
      readonly from_y: number;
      readonly final_x: number;
      readonly final_y: number;
      readonly args?: readonly unknown[];
    };

/**
 * How one end writes a position in the seed's terms. The referee's view is its own (view.ts); a
 * player's is the one the referee's game gave it (read.ts): the same cells, other numbers and orders.
 */
export interface SeedView {
  /** The seed's (x, y) of each engine cell an action may name: the hive's cells and those next to them. */
  readonly cells: ReadonlyMap<number, { readonly x: number; readonly y: number }>;
  /** White's and black's pieces left to set, by the seed's names, in the order `piece_index` counts them. */
  readonly hands: readonly [readonly string[], readonly string[]];
}

/** Axial (q, r) to the seed's odd-q offset (x = column, y = row; odd columns sit half a cell lower). */
export const toOffset = (h: Hex): { x: number; y: number } => ({ x: h.q, y: h.r + (h.q - (h.q & 1)) / 2 });
export const toAxial = (x: number, y: number): Hex => ({ q: x, r: y - (x - (x & 1)) / 2 });

/** hexarena's bug number of a seed type name (or another name players use), or -1. */
export function bugNumber(type: unknown): number {
  if (typeof type !== 'string') return -1;
  const name = type.toLowerCase();
  const i = SEED_TYPES.indexOf(name as never);
  return i >= 0 ? i : (TYPE_ALIASES[name] ?? -1);
}

export function toSeedGame(state: HiveState, view: SeedView): SeedGame {
  const pos = state.pos;
  const board: SeedPiece[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    const h = pos.height[cell] as number;
    for (let level = 0; level < h; level++) {
      const piece = pos.stack[cell * MAX_HEIGHT + level] as number;
      const at = view.cells.get(cell) as { x: number; y: number };
      board.push({ x: at.x, y: at.y, color: SEED_COLORS[colorOf(piece)], type: SEED_TYPES[bugOf(piece)] as string, height: level });
    }
  }
  return {
    turn: pos.ply + 1,
    board,
    player: SEED_COLORS[pos.turn],
    remaining_pieces: [WHITE, BLACK].map((c) => ({ player: SEED_COLORS[c], pieces: [...view.hands[c]] })),
  };
}

/** The action of a move: a set names the first piece of its bug in the mover's list; a pillbug's throw is the thrown piece's move. */
export function toSeedAction(state: HiveState, move: HiveMove, view: SeedView): SeedAction {
  if (move === PASS) throw new Error('the seed has no pass action');
  const pos = state.pos;
  const piece = movePiece(move);
  const to = view.cells.get(moveTo(move)) as { x: number; y: number };
  const from = pos.where[piece] as number;
  if (from === IN_HAND) {
    const index = view.hands[pos.turn].findIndex((t) => bugNumber(t) === bugOf(piece));
    if (index < 0) throw new Error(`no ${SEED_TYPES[bugOf(piece)]} in ${SEED_COLORS[pos.turn]}'s remaining_pieces`);
    return { type: 'set', final_x: to.x, final_y: to.y, piece_index: index };
  }
  const at = view.cells.get(from) as { x: number; y: number };
  return { type: 'move', from_x: at.x, from_y: at.y, final_x: to.x, final_y: to.y, args: [] };
}

/** The engine cell a view writes as (x, y), if an action may name it. */
function cellAt(view: SeedView, x: number, y: number): number | undefined {
  for (const [cell, at] of view.cells) if (at.x === x && at.y === y) return cell;
  return undefined;
}

/**
 * The legal move an action names, or why it names none. A set names a bug by its place in the
 * mover's list: any index of a spider sets a spider (pieces of one bug are alike until set, and the
 * engine sets them in order).
 */
export function fromSeedAction(state: HiveState, action: SeedAction, view: SeedView): Result<HiveMove> {
  const pos = state.pos;
  const color = SEED_COLORS[pos.turn];
  const final = `(${action.final_x}, ${action.final_y})`;
  let piece: number;
  let to: number | undefined;
  let what: string;
  if (action.type === 'set') {
    const hand = view.hands[pos.turn];
    const name = hand[action.piece_index];
    if (name === undefined)
      return fail(
        hand.length === 0
          ? `${color} has no pieces left to set`
          : `piece_index ${action.piece_index} is not in ${color}'s remaining_pieces, which counts ${hand.length} (0 to ${hand.length - 1})`,
      );
    what = `setting the ${name} (piece_index ${action.piece_index}) at ${final}`;
    piece = pos.nextInHand(pos.turn, bugNumber(name));
    if (piece < 0) return fail(`${what} is not a legal move: ${color} has no ${name} left to set`);
    to = cellAt(view, action.final_x, action.final_y);
    // The seed does not say where a game starts; hexarena numbers its games from the first piece.
    if (to === undefined && pos.piecesOnBoard === 0)
      return fail(`${what} is not a legal move: the first piece of a game is set at (0, 0), where the board's numbers start`);
  } else {
    what = `moving the piece at (${action.from_x}, ${action.from_y}) to ${final}`;
    const from = cellAt(view, action.from_x, action.from_y);
    if (from === undefined || pos.height[from] === 0)
      return fail(`${what} is not a legal move: there is no piece at (${action.from_x}, ${action.from_y})`);
    piece = pos.top(from);
    to = cellAt(view, action.final_x, action.final_y);
  }
  if (to === undefined) return fail(`${what} is not a legal move: ${final} does not touch the hive`);
  const move = encodeMove(piece, to);
  if (legalMoves(pos).includes(move)) return ok(move);
  return fail(`${what} is not a legal move: ${whyNot(pos, move)}`);
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown, lo = -1000, hi = 1000): x is number => Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;
const isColor = (x: unknown): x is SeedColor => x === 'white' || x === 'black';

/** An action from a player (untrusted JSON), or what is wrong with it. */
export function parseSeedAction(json: unknown): Result<SeedAction> {
  if (!isObject(json)) return fail('an action is a JSON object with "type": "set" or "move"');
  if (json.type === 'set') {
    if (!isInt(json.final_x) || !isInt(json.final_y) || !isInt(json.piece_index, 0, 13))
      return fail('a set action has whole numbers final_x, final_y and piece_index (0 to 13)');
    return ok({ type: 'set', final_x: json.final_x, final_y: json.final_y, piece_index: json.piece_index });
  }
  if (json.type === 'move') {
    if (!isInt(json.from_x) || !isInt(json.from_y) || !isInt(json.final_x) || !isInt(json.final_y))
      return fail('a move action has whole numbers from_x, from_y, final_x and final_y');
    if (json.args !== undefined && !Array.isArray(json.args)) return fail('a move action\'s "args" is a list');
    return ok({ type: 'move', from_x: json.from_x, from_y: json.from_y, final_x: json.final_x, final_y: json.final_y, args: [] });
  }
  return fail('an action\'s "type" is "set" or "move"');
}

/** A game as the referee sent it (untrusted JSON), or what is wrong with its shape (read.ts checks it is a Hive game). */
export function parseSeedGame(json: unknown): Result<SeedGame> {
  if (!isObject(json)) return fail('a game is a JSON object with turn, board, player and remaining_pieces');
  const { turn, player } = json;
  if (!isInt(turn, 1, 100_000)) return fail('"turn" is a whole number from 1');
  if (!isColor(player)) return fail('"player" is white or black');
  if (!Array.isArray(json.board) || json.board.length > 2 * PIECES_PER_COLOR) return fail('"board" is a list of at most 28 pieces');
  const board: SeedPiece[] = [];
  for (const p of json.board) {
    if (!isObject(p)) return fail(PIECE_SHAPE);
    const { x, y, color, type, height } = p;
    if (!isInt(x) || !isInt(y) || !isColor(color) || typeof type !== 'string' || bugNumber(type) < 0 || !isInt(height, 0, 7))
      return fail(PIECE_SHAPE);
    board.push({ x, y, color, type, height });
  }
  if (!Array.isArray(json.remaining_pieces)) return fail('"remaining_pieces" is a list of {player, pieces}');
  const remaining: { player: SeedColor; pieces: string[] }[] = [];
  for (const r of json.remaining_pieces) {
    const pieces: unknown = isObject(r) ? r.pieces : undefined;
    if (
      !isObject(r) ||
      !isColor(r.player) ||
      !Array.isArray(pieces) ||
      pieces.length > PIECES_PER_COLOR ||
      !pieces.every((t): t is string => typeof t === 'string' && bugNumber(t) >= 0)
    )
      return fail('each of "remaining_pieces" is {player, pieces} with at most 14 pieces of known types');
    remaining.push({ player: r.player, pieces });
  }
  return ok({ turn, board, player, remaining_pieces: remaining });
}

const PIECE_SHAPE = 'each piece of "board" is {x, y, color, type, height} with a known type (queen, ant, beetle, spider, cricket, …)';
