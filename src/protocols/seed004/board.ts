import { fail, ok, type Result } from '../../engine/result.ts';
import type { HiveState } from '../../games/hive/game.ts';
import { CELLS } from '../../games/hive/grid.ts';
import { displayCoordinates } from '../../games/hive/layout.ts';
import { legalMoves } from '../../games/hive/movegen.ts';
import {
  BLACK,
  bugOf,
  COUNT_OF_BUG,
  type Color,
  colorOf,
  expansionsOf,
  FIRST_INDEX_OF_BUG,
  PIECES_PER_COLOR,
  pieceId,
  WHITE,
} from '../../games/hive/pieces.ts';
import { type HiveMove, HivePosition, IN_HAND, MAX_HEIGHT, movePiece, moveTo, PASS } from '../../games/hive/position.ts';
import type { Hex } from '../../hex/coords.ts';

/**
 * Hive as the Prolog Hive of seed 004 writes it over HTTP (docs/seed-004-http.md): a game is a list
 * of pieces `{x, y, color, type, height}` in "odd-q" offset coordinates, the player to move, the
 * turn, and each player's pieces left to set; an action sets the `piece_index`-th of those pieces
 * or moves the piece at (from_x, from_y). Conversions both ways, and the checks of untrusted JSON.
 */

export const SEED_COLORS = ['white', 'black'] as const;
/** The seed's lower-case bug names, by hexarena's bug number (the grasshopper is its "cricket"). */
export const SEED_TYPES = ['queen', 'spider', 'beetle', 'cricket', 'ant', 'mosquito', 'ladybug', 'pillbug'] as const;
/** Other names a player may send for a bug. */
const TYPE_ALIASES: Readonly<Record<string, number>> = { grasshopper: 3, 'soldier ant': 4, 'queen bee': 0 };

export interface SeedPiece {
  readonly x: number;
  readonly y: number;
  readonly color: (typeof SEED_COLORS)[number];
  readonly type: string;
  /** 0 on the ground, 1 on top of one piece, … */
  readonly height: number;
}

export interface SeedGame {
  /** The number of the move about to be made, from 1. */
  readonly turn: number;
  readonly board: readonly SeedPiece[];
  readonly player: (typeof SEED_COLORS)[number];
  readonly remaining_pieces: readonly { readonly player: (typeof SEED_COLORS)[number]; readonly pieces: readonly string[] }[];
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

/** Axial (q, r) to the seed's odd-q offset (x = column, y = row; odd columns sit half a cell lower). */
export const toOffset = (h: Hex): { x: number; y: number } => ({ x: h.q, y: h.r + (h.q - (h.q & 1)) / 2 });
export const toAxial = (x: number, y: number): Hex => ({ q: x, r: y - (x - (x & 1)) / 2 });

/** Where each cell of the position is, in the seed's coordinates: the hive and every cell next to it. */
function seedCells(pos: HivePosition): Map<number, { x: number; y: number }> {
  const cells = new Map<number, { x: number; y: number }>();
  for (const [cell, h] of displayCoordinates(pos)) cells.set(cell, toOffset(h));
  // An empty board: the first piece goes to the engine's first cell, which is the seed's (0, 0).
  if (cells.size === 0) for (const m of legalMoves(pos)) if (m !== PASS) cells.set(moveTo(m), { x: 0, y: 0 });
  return cells;
}

/** The pieces a player has left to set, in the order `piece_index` counts them. */
function inHand(pos: HivePosition, color: Color): number[] {
  const pieces: number[] = [];
  for (let i = 0; i < PIECES_PER_COLOR; i++) {
    const p = pieceId(color, i);
    if (pos.where[p] === IN_HAND) pieces.push(p);
  }
  return pieces;
}

export function toSeedGame(state: HiveState): SeedGame {
  const pos = state.pos;
  const cells = seedCells(pos);
  const board: SeedPiece[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    const h = pos.height[cell] as number;
    for (let level = 0; level < h; level++) {
      const piece = pos.stack[cell * MAX_HEIGHT + level] as number;
      const at = cells.get(cell) as { x: number; y: number };
      board.push({ ...at, color: SEED_COLORS[colorOf(piece)], type: SEED_TYPES[bugOf(piece)] as string, height: level });
    }
  }
  return {
    turn: pos.ply + 1,
    board,
    player: SEED_COLORS[pos.turn],
    remaining_pieces: [WHITE, BLACK].map((c) => ({
      player: SEED_COLORS[c as Color],
      pieces: inHand(pos, c as Color).map((p) => SEED_TYPES[bugOf(p)] as string),
    })),
  };
}

/** The action of a move (a pillbug's throw is the thrown piece's move; its `args` stay empty). */
export function toSeedAction(state: HiveState, move: HiveMove): SeedAction {
  return actionOf(state.pos, move, seedCells(state.pos));
}

function actionOf(pos: HivePosition, move: HiveMove, cells: Map<number, { x: number; y: number }>): SeedAction {
  if (move === PASS) throw new Error('the seed has no pass action');
  const piece = movePiece(move);
  const to = cells.get(moveTo(move)) as { x: number; y: number };
  const from = pos.where[piece] as number;
  if (from === IN_HAND) return { type: 'set', final_x: to.x, final_y: to.y, piece_index: inHand(pos, pos.turn).indexOf(piece) };
  const at = cells.get(from) as { x: number; y: number };
  return { type: 'move', from_x: at.x, from_y: at.y, final_x: to.x, final_y: to.y, args: [] };
}

/** The legal move an action names, or why it names none. */
export function fromSeedAction(state: HiveState, action: SeedAction): Result<HiveMove> {
  const moves = legalMoves(state.pos).filter((m) => m !== PASS);
  const cells = seedCells(state.pos);
  const same = (a: SeedAction, b: SeedAction) =>
    a.type === b.type &&
    a.final_x === b.final_x &&
    a.final_y === b.final_y &&
    (a.type === 'set'
      ? a.piece_index === (b as typeof a).piece_index
      : a.from_x === (b as typeof a).from_x && a.from_y === (b as typeof a).from_y);
  const found = moves.find((m) => same(actionOf(state.pos, m, cells), action));
  if (found !== undefined) return ok(found);
  return fail(
    action.type === 'set'
      ? `setting piece ${action.piece_index} at (${action.final_x}, ${action.final_y}) is not a legal move`
      : `moving the piece at (${action.from_x}, ${action.from_y}) to (${action.final_x}, ${action.final_y}) is not a legal move`,
  );
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown, lo = -1000, hi = 1000): x is number => Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;
const isColor = (x: unknown): x is (typeof SEED_COLORS)[number] => x === 'white' || x === 'black';
export const seedBug = (type: unknown): number => (typeof type === 'string' ? SEED_TYPES.indexOf(type as never) : -1);
const bugNumber = (type: string): number => {
  const i = seedBug(type.toLowerCase());
  return i >= 0 ? i : (TYPE_ALIASES[type.toLowerCase()] ?? -1);
};

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

/** A game as the referee sent it (untrusted JSON), or what is wrong with it. */
export function parseSeedGame(json: unknown): Result<SeedGame> {
  if (!isObject(json)) return fail('a game is a JSON object with turn, board, player and remaining_pieces');
  if (!isInt(json.turn, 1, 100_000)) return fail('"turn" is a whole number from 1');
  if (!isColor(json.player)) return fail('"player" is white or black');
  if (!Array.isArray(json.board) || json.board.length > 2 * PIECES_PER_COLOR) return fail('"board" is a list of at most 28 pieces');
  for (const p of json.board)
    if (
      !isObject(p) ||
      !isInt(p.x) ||
      !isInt(p.y) ||
      !isColor(p.color) ||
      typeof p.type !== 'string' ||
      bugNumber(p.type) < 0 ||
      !isInt(p.height, 0, 7)
    )
      return fail('each piece of "board" is {x, y, color, type, height} with a known type (queen, ant, beetle, spider, cricket, …)');
  if (!Array.isArray(json.remaining_pieces)) return fail('"remaining_pieces" is a list of {player, pieces}');
  for (const r of json.remaining_pieces)
    if (
      !isObject(r) ||
      !isColor(r.player) ||
      !Array.isArray(r.pieces) ||
      !r.pieces.every((t) => typeof t === 'string' && bugNumber(t) >= 0)
    )
      return fail('each of "remaining_pieces" is {player, pieces} with known types');
  return ok(json as unknown as SeedGame);
}

/**
 * The engine's position for a game the referee sent: the pieces numbered in the order they come,
 * stacks from the ground up. What the seed does not send (which piece moved last) is left unknown.
 */
/**
 * Where the piece that moved last stands, from the game before the move and the game after it (the
 * seed does not send it, and a pillbug may not throw a piece that just moved): the one piece at a
 * place it did not hold before.
 */
export function movedSince(before: SeedGame, after: SeedGame): { x: number; y: number; height: number } | null {
  const key = (p: SeedPiece) => `${p.color}/${p.type}/${p.x}/${p.y}/${p.height}`;
  const held = new Map<string, number>();
  for (const p of before.board) held.set(key(p), (held.get(key(p)) ?? 0) + 1);
  const fresh = after.board.filter((p) => {
    const n = held.get(key(p)) ?? 0;
    held.set(key(p), n - 1);
    return n <= 0;
  });
  return fresh.length === 1 ? { x: (fresh[0] as SeedPiece).x, y: (fresh[0] as SeedPiece).y, height: (fresh[0] as SeedPiece).height } : null;
}

export function fromSeedGame(
  game: SeedGame,
  base: HiveState['options'],
  lastMoved: { x: number; y: number; height: number } | null = null,
): Result<HivePosition> {
  const x = expansionsOf(base.type);
  const used = new Map<string, number>();
  const pieces: [number, number, number][] = [];
  const sorted = [...game.board].sort((a, b) => a.height - b.height);
  for (const p of sorted) {
    const bug = bugNumber(p.type);
    if ((bug === 5 && !x.mosquito) || (bug === 6 && !x.ladybug) || (bug === 7 && !x.pillbug))
      return fail(`a ${p.type} is not in a ${base.type} game`);
    const color: Color = p.color === 'white' ? WHITE : BLACK;
    const key = `${color}/${bug}`;
    const n = used.get(key) ?? 0;
    if (n >= (COUNT_OF_BUG[bug] as number)) return fail(`too many ${p.color} ${p.type} pieces`);
    used.set(key, n + 1);
    const h = toAxial(p.x, p.y);
    pieces.push([pieceId(color, (FIRST_INDEX_OF_BUG[bug] as number) + n), h.q, h.r]);
  }
  const turn: Color = game.player === 'white' ? WHITE : BLACK;
  const ply = Math.max(game.turn - 1, pieces.length);
  const moved =
    lastMoved &&
    pieces.find((_, k) => {
      const p = sorted[k] as SeedPiece;
      return p.x === lastMoved.x && p.y === lastMoved.y && p.height === lastMoved.height;
    });
  try {
    return ok(
      HivePosition.arrange({ type: base.type, tournament: base.tournament }, pieces, {
        turn,
        ply: ply % 2 === turn ? ply : ply + 1,
        ...(moved ? { lastMoved: moved[0] } : {}),
      }),
    );
  } catch (e) {
    return fail(`the board cannot be set up: ${e instanceof Error ? e.message : String(e)}`);
  }
}
