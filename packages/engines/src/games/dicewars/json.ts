import type { Json } from '../../engine/game.ts';
import { fail, ok, type Result } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { makeBoard } from './board.ts';
import { DiceWarsPosition, MAX_DICE, MAX_STOCK, MAX_STRENGTH, type Report, RULE_SETS, type RuleSet } from './position.ts';

/**
 * A DiceWars position as JSON, and back. What comes back is untrusted (a stored game, a record, a
 * client): every invariant a position keeps is checked, so no state read here can loop, crash or
 * play a game the rules could not reach.
 */

export const PLAYER_LIMITS: Record<RuleSet, readonly [number, number]> = { classic: [2, 8], strength: [2, 4] };
/** Larger than any map either rule set makes (classic large: 36 × 40, strength: 25 × 25). */
const MAX_SIDE = 64;

export function toJSON(pos: DiceWarsPosition, withRng: boolean): Json {
  return {
    rules: pos.rules,
    board: { grid: pos.board.grid, cols: pos.board.cols, rows: pos.board.rows, cells: Array.from(pos.board.cellTerritory) },
    owner: Array.from(pos.owner),
    dice: Array.from(pos.dice),
    order: [...pos.order],
    turn: pos.turn,
    stock: Array.from(pos.stock),
    round: pos.round,
    out: [...pos.out],
    maxRounds: Number.isFinite(pos.maxRounds) ? pos.maxRounds : null,
    movesThisTurn: pos.movesThisTurn,
    last: pos.last as unknown as Json,
    ...(withRng ? { rng: [...pos.rng.state()] } : {}),
  };
}

const isInt = (x: unknown, lo: number, hi: number): x is number => Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;
const intArray = (x: unknown, lo: number, hi: number): x is number[] => Array.isArray(x) && x.every((v) => isInt(v, lo, hi));
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function fromJSON(json: unknown): Result<DiceWarsPosition> {
  if (!isObject(json)) return fail('a DiceWars state must be an object');
  const j = json;
  const rules = j.rules as RuleSet;
  if (typeof rules !== 'string' || !RULE_SETS.includes(rules)) return fail('state.rules must be classic or strength');

  const board = j.board;
  if (
    !isObject(board) ||
    (board.grid !== 'odd-r' && board.grid !== 'axial') ||
    !isInt(board.cols, 1, MAX_SIDE) ||
    !isInt(board.rows, 1, MAX_SIDE)
  )
    return fail(`state.board must be { grid, cols, rows, cells } with at most ${MAX_SIDE} columns and rows`);
  const { cols, rows } = board;
  const cells = board.cells;
  if (!intArray(cells, -1, cols * rows - 1) || cells.length !== cols * rows)
    return fail('state.board.cells must give a territory (or -1) per cell');
  let territories = 0;
  for (const t of cells) if (t >= territories) territories = t + 1;
  const sized = new Uint8Array(territories);
  for (const t of cells) if (t >= 0) sized[t] = 1;
  if (territories < 2 || sized.includes(0)) return fail('state.board.cells must number its territories 0, 1, 2… with none left out');
  const b = makeBoard(board.grid, cols, rows, Int16Array.from(cells), territories);

  const [minPlayers, maxPlayers] = PLAYER_LIMITS[rules];
  const players = Array.isArray(j.order) ? j.order.length : 0;
  if (players < minPlayers || players > maxPlayers || !intArray(j.order, 0, players - 1) || new Set(j.order).size !== players)
    return fail(`state.order must list each of ${minPlayers} to ${maxPlayers} seats once`);
  const order = j.order;
  const empty = rules === 'strength' ? -1 : 0;
  if (!intArray(j.owner, empty, players - 1) || j.owner.length !== territories)
    return fail(`state.owner must give a seat${rules === 'strength' ? ' (or -1)' : ''} per territory`);
  const owner = j.owner;
  const cap = rules === 'classic' ? MAX_DICE : MAX_STRENGTH;
  if (!intArray(j.dice, 0, cap) || j.dice.length !== territories) return fail('state.dice must give a count per territory');
  const dice = j.dice;
  for (let t = 0; t < territories; t++) {
    const held = (owner[t] as number) >= 0;
    if (held ? (dice[t] as number) < 1 : dice[t] !== 0)
      return fail(
        `state.dice: territory ${t} ${held ? `is held with no ${rules === 'classic' ? 'dice' : 'strength'}` : 'is empty but has strength'}`,
      );
  }
  if (!intArray(j.stock, 0, MAX_STOCK) || j.stock.length !== players) return fail(`state.stock must give 0 to ${MAX_STOCK} per seat`);

  if (!intArray(j.out, 0, players - 1) || new Set(j.out).size !== j.out.length)
    return fail('state.out must list eliminated seats, each once');
  const out = j.out;
  if (out.length >= players) return fail('state.out: at least one seat is still in');
  for (let seat = 0; seat < players; seat++) {
    const holds = owner.includes(seat);
    if (out.includes(seat) === holds)
      return fail(holds ? `state.out: seat ${seat} is out but holds territories` : `state.out: seat ${seat} holds nothing but is not out`);
  }
  if (!isInt(j.turn, 0, players - 1)) return fail('state.turn must index state.order');
  const gameOver = out.length === players - 1;
  if (!gameOver && out.includes(order[j.turn] as number)) return fail('state.turn: the seat to move is out');

  const maxRounds = j.maxRounds ?? Infinity;
  if (maxRounds !== Infinity && !isInt(maxRounds, 1, Number.MAX_SAFE_INTEGER))
    return fail('state.maxRounds must be a whole number of at least 1, or null for no cap');
  if (!isInt(j.round, 0, Math.min(maxRounds, Number.MAX_SAFE_INTEGER)))
    return fail('state.round must be a whole number from 0 to state.maxRounds');
  const movesThisTurn = j.movesThisTurn ?? 0;
  if (!isInt(movesThisTurn, 0, Number.MAX_SAFE_INTEGER)) return fail('state.movesThisTurn must be a whole number');
  const last = j.last ?? null;
  if (last !== null && !isReport(last, b.territories, players)) return fail('state.last must be null or a report of the last move');
  const rng = Rng.fromState(j.rng);
  if (!rng.ok) return fail(`state.rng: ${rng.error.message}`);
  return ok(
    new DiceWarsPosition(
      rules,
      b,
      Int8Array.from(owner),
      Uint8Array.from(dice),
      order,
      j.turn,
      Int32Array.from(j.stock),
      j.round,
      [...out],
      rng.value,
      last,
      maxRounds,
      movesThisTurn,
    ),
  );
}

/** A report of the last move, in the shapes `play` writes (views and logs read it). */
function isReport(x: unknown, territories: number, players: number): x is Report {
  if (!isObject(x) || !isInt(x.seat, 0, players - 1)) return false;
  const dice = (d: unknown) => intArray(d, 1, MAX_STRENGTH) && d.length >= 1 && d.length <= MAX_DICE;
  switch (x.type) {
    case 'attack':
      return (
        isInt(x.from, 0, territories - 1) &&
        isInt(x.to, 0, territories - 1) &&
        isInt(x.defender, 0, players - 1) &&
        dice(x.attack) &&
        dice(x.defence) &&
        typeof x.won === 'boolean' &&
        typeof x.eliminated === 'boolean'
      );
    case 'expand':
      return isInt(x.from, 0, territories - 1) && isInt(x.to, 0, territories - 1);
    case 'end':
      return isInt(x.supply, 0, territories) && isInt(x.placed, 0, territories * MAX_STRENGTH) && isInt(x.stock, 0, MAX_STOCK);
    default:
      return false;
  }
}
