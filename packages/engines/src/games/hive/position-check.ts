import { refuse } from '../../engine/refusal.ts';
import type { Result } from '../../engine/result.ts';
import { DIRECTIONS } from '../../hex/coords.ts';
import {
  BEETLE,
  BUG_NAMES,
  BUGS,
  bugOf,
  COLOR_CODES,
  COLOR_NAMES,
  COUNT_OF_BUG,
  type Color,
  colorOf,
  expansionsOf,
  FIRST_INDEX_OF_BUG,
  formatPiece,
  type GameType,
  inGame,
  MOSQUITO,
  pieceId,
  QUEEN,
} from './pieces.ts';

/**
 * Whether a position set up by hand (an editor, a pasted text) can be a position of Hive, and if not,
 * what is wrong, in the players' words. The engine trusts its positions (one hive, stacks only under
 * climbers, the queen's rules): a position that breaks them would make it play another game.
 */

/** A piece at axial coordinates; pieces on one cell are listed bottom first. */
export interface PlacedPiece {
  readonly piece: number;
  readonly q: number;
  readonly r: number;
}

/** A position as set up: who is to move, at which turn, and what stands where. */
export interface HiveLayout {
  readonly type: GameType;
  /** No queen on a player's first turn. */
  readonly tournament: boolean;
  readonly turn: Color;
  /** The side to move's turn number, from 1 (UHP's White[n] / Black[n]). */
  readonly turnNumber: number;
  readonly pieces: readonly PlacedPiece[];
  /** The piece the last move moved, placed or threw, or -1. */
  readonly lastMoved: number;
}

/** A refusal of the layout (engine/refusal.ts), or null. */
type Refused = Result<never, Error> | null;

const key = (q: number, r: number): string => `${q},${r}`;
const at = (p: PlacedPiece): string => `${p.q},${p.r}`;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Turns each player has played before this position: White moves first, so on Black's turn n White has played n. */
export function turnsPlayed(turn: Color, turnNumber: number): [white: number, black: number] {
  return [turnNumber - 1 + turn, turnNumber - 1];
}

/**
 * What is wrong with the layout as a position of Hive, or null when nothing is: a refusal with its
 * English words and its code (engine/refusal.ts), for an app to say in its player's language.
 */
export function checkHiveLayout(layout: HiveLayout): Refused {
  return (
    piecesWrong(layout) ?? stacksWrong(layout) ?? orderWrong(layout) ?? hiveBroken(layout) ?? turnsWrong(layout) ?? lastMovedWrong(layout)
  );
}

function piecesWrong({ type, pieces }: HiveLayout): Refused {
  const x = expansionsOf(type);
  const seen = new Map<number, PlacedPiece>();
  for (const p of pieces) {
    const name = formatPiece(p.piece);
    if (!inGame(p.piece, x))
      return refuse('hive.position.notInGame', `${name} is not in a ${type} game: name its expansion in the game type (such as Base+MLP)`, {
        piece: name,
        type,
      });
    const before = seen.get(p.piece);
    if (before)
      return refuse('hive.position.twice', `${name} is placed twice (at ${at(before)} and at ${at(p)})`, {
        piece: name,
        cell: at(before),
        other: at(p),
      });
    seen.set(p.piece, p);
  }
  return null;
}

/** The highest a stack can be: a piece under every beetle and mosquito of the game. */
const highest = (type: GameType): number => 1 + 2 * (COUNT_OF_BUG[BEETLE] as number) + (expansionsOf(type).mosquito ? 2 : 0);

function stacksWrong({ type, pieces }: HiveLayout): Refused {
  const stacks = new Map<string, PlacedPiece[]>();
  for (const p of pieces) {
    const stack = stacks.get(at(p)) ?? [];
    stack.push(p);
    stacks.set(at(p), stack);
  }
  for (const [cell, stack] of stacks) {
    if (stack.length > highest(type))
      return refuse(
        'hive.position.tooHigh',
        `the stack at ${cell} is ${stack.length} pieces high, but in a ${type} game a stack is at most ${highest(type)} (a piece under every beetle${expansionsOf(type).mosquito ? ' and mosquito' : ''})`,
        { cell, height: stack.length, type, max: highest(type), mosquito: expansionsOf(type).mosquito ? 'yes' : 'no' },
      );
  }
  for (const stack of stacks.values()) {
    for (let level = 1; level < stack.length; level++) {
      const p = stack[level] as PlacedPiece;
      const bug = bugOf(p.piece);
      if (bug !== BEETLE && bug !== MOSQUITO) {
        const under = formatPiece((stack[level - 1] as PlacedPiece).piece);
        return refuse(
          'hive.position.climbs',
          `${formatPiece(p.piece)} is on top of ${under} at ${at(p)}, but only beetles and mosquitoes climb onto the hive (a ${BUG_NAMES[bug]} stays on the ground)`,
          { piece: formatPiece(p.piece), under, cell: at(p), bug: BUGS[bug] as string },
        );
      }
    }
  }
  return null;
}

/** Pieces of one bug enter in order: wS2 is never on the board while wS1 is in hand. */
function orderWrong({ pieces }: HiveLayout): Refused {
  const on = new Set(pieces.map((p) => p.piece));
  for (const color of [0, 1] as const) {
    for (let bug = 0; bug < FIRST_INDEX_OF_BUG.length; bug++) {
      const first = pieceId(color, FIRST_INDEX_OF_BUG[bug] as number);
      for (let i = 1; i < (COUNT_OF_BUG[bug] as number); i++) {
        if (on.has(first + i) && !on.has(first + i - 1))
          return refuse(
            'hive.position.order',
            `${formatPiece(first + i)} is on the board but ${formatPiece(first + i - 1)} is not: pieces of one bug enter in order (write ${formatPiece(first + i - 1)} first)`,
            { piece: formatPiece(first + i), next: formatPiece(first + i - 1) },
          );
      }
    }
  }
  return null;
}

/** One hive: the cells with pieces are one group of neighbours; the error names a piece cut off. */
function hiveBroken({ pieces }: HiveLayout): Refused {
  const tops = new Map<string, PlacedPiece>();
  for (const p of pieces) tops.set(at(p), p);
  const groups: PlacedPiece[][] = [];
  const grouped = new Set<string>();
  for (const [cell, start] of tops) {
    if (grouped.has(cell)) continue;
    const group = [start];
    grouped.add(cell);
    for (let i = 0; i < group.length; i++) {
      const { q, r } = group[i] as PlacedPiece;
      for (const d of DIRECTIONS) {
        const next = key(q + d.q, r + d.r);
        const there = tops.get(next);
        if (there && !grouped.has(next)) {
          grouped.add(next);
          group.push(there);
        }
      }
    }
    groups.push(group);
  }
  if (groups.length <= 1) return null;
  // The biggest group is the hive; a piece of another is the one cut off.
  const hive = groups.reduce((a, b) => (b.length > a.length ? b : a));
  const apart = groups.find((g) => g !== hive)?.[0] as PlacedPiece;
  return refuse(
    'hive.position.cutOff',
    `${formatPiece(apart.piece)} at ${at(apart)} is cut off from the hive: all pieces must touch one another in one group (one hive)`,
    { piece: formatPiece(apart.piece), cell: at(apart) },
  );
}

function turnsWrong({ tournament, turn, turnNumber, pieces }: HiveLayout): Refused {
  const played = turnsPlayed(turn, turnNumber);
  for (const color of [0, 1] as Color[]) {
    const name = COLOR_NAMES[color];
    const code = COLOR_CODES[color];
    const mine = pieces.filter((p) => colorOf(p.piece) === color);
    const n = played[color];
    const queen = mine.some((p) => p.piece === pieceId(color, QUEEN));
    if (mine.length > n)
      return refuse(
        'hive.position.piecesAhead',
        `${name} has ${plural(mine.length, 'piece')} on the board but has played only ${plural(n, 'turn')}: give a later turn number`,
        { color: code, pieces: mine.length, turns: n },
      );
    if (n > 0 && mine.length === 0)
      return refuse(
        'hive.position.noPiece',
        `${name} has played ${plural(n, 'turn')} but has no piece on the board: a player's first turn places a piece`,
        { color: code, turns: n },
      );
    if (!queen && n >= 4)
      return refuse(
        'hive.position.queenLate',
        `${name} has played ${plural(n, 'turn')} without placing its queen: a player places its queen by its fourth turn`,
        { color: code, turns: n },
      );
    if (tournament && mine.length === 1 && queen)
      return refuse(
        'hive.position.queenOnly',
        `${name}'s only piece is its queen, but the tournament rule keeps the queen out of a player's first turn (write no-tournament to play without it)`,
        { color: code },
      );
    if (!queen) {
      const climbed = pieces.find((p, i) => colorOf(p.piece) === color && pieces.slice(0, i).some((o) => o.q === p.q && o.r === p.r));
      if (climbed)
        return refuse(
          'hive.position.climbedNoQueen',
          `${formatPiece(climbed.piece)} is on top of the hive, but ${name}'s queen is not placed: no piece moves before its queen is in`,
          { piece: formatPiece(climbed.piece), color: code },
        );
    }
  }
  return null;
}

function lastMovedWrong({ type, turn, pieces, lastMoved }: HiveLayout): Refused {
  if (lastMoved < 0) return null;
  const name = formatPiece(lastMoved);
  const placed = pieces.findIndex((p) => p.piece === lastMoved);
  if (placed < 0) return refuse('hive.position.lastOff', `${name} moved last, so it must be on the board`, { piece: name });
  const p = pieces[placed] as PlacedPiece;
  const over = pieces.slice(placed + 1).find((o) => o.q === p.q && o.r === p.r);
  if (over)
    return refuse(
      'hive.position.lastCovered',
      `${name} moved last, so nothing can have climbed on it since, but ${formatPiece(over.piece)} is on top of it`,
      { piece: name, over: formatPiece(over.piece) },
    );
  if (colorOf(lastMoved) === turn) {
    // The last move was the other side's: it moved a piece of the side to move only by throwing it.
    const by = `${COLOR_NAMES[turn ^ 1]}'s move`;
    if (!expansionsOf(type).pillbug)
      return refuse(
        'hive.position.thrownNoPillbug',
        `${name} cannot have moved last, on ${by}: only a pillbug throws a piece of the other side, and a ${type} game has none`,
        { piece: name, color: COLOR_CODES[turn ^ 1] as string, type },
      );
    if (pieces.some((o, i) => i < placed && o.q === p.q && o.r === p.r))
      return refuse(
        'hive.position.thrownFromTop',
        `${name} cannot have moved last, on ${by}: a piece of the other side moves only when a pillbug throws it, onto the ground`,
        { piece: name, color: COLOR_CODES[turn ^ 1] as string },
      );
  }
  return null;
}

/** The least turn number at which the pieces on the board fit: what a position written without one means. */
export function earliestTurn(turn: Color, pieces: readonly PlacedPiece[]): number {
  const count = (color: Color) => pieces.filter((p) => colorOf(p.piece) === color).length;
  // White has played n - 1 + turn turns, Black n - 1: each must be at least its pieces on the board.
  return Math.max(1, count(0) + 1 - turn, count(1) + 1);
}
