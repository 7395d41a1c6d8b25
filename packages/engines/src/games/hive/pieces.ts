import { refuse } from '../../engine/refusal.ts';
import { ok, type Result } from '../../engine/result.ts';

/**
 * The bugs, the pieces and the game types of Hive.
 * A piece is an integer id: colour × 14 + index, index in the order of PIECE_INDEX below.
 */
export const BUGS = ['Q', 'S', 'B', 'G', 'A', 'M', 'L', 'P'] as const;
export type BugLetter = (typeof BUGS)[number];

export const QUEEN = 0;
export const SPIDER = 1;
export const BEETLE = 2;
export const GRASSHOPPER = 3;
export const ANT = 4;
export const MOSQUITO = 5;
export const LADYBUG = 6;
export const PILLBUG = 7;
export type Bug = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const BUG_NAMES: readonly string[] = [
  'Queen Bee',
  'Spider',
  'Beetle',
  'Grasshopper',
  'Soldier Ant',
  'Mosquito',
  'Ladybug',
  'Pillbug',
];

export const WHITE = 0;
export const BLACK = 1;
export type Color = 0 | 1;
export const COLOR_LETTERS = ['w', 'b'] as const;
export const COLOR_NAMES = ['White', 'Black'] as const;
/** The colours as a refusal's values name them (engine/refusal.ts): codes, not words. */
export const COLOR_CODES = ['white', 'black'] as const;

export const PIECES_PER_COLOR = 14;
export const PIECE_COUNT = 28;

/** Bug of each index within a colour: Q S1 S2 B1 B2 G1 G2 G3 A1 A2 A3 M L P. */
export const BUG_OF_INDEX: readonly Bug[] = [
  QUEEN,
  SPIDER,
  SPIDER,
  BEETLE,
  BEETLE,
  GRASSHOPPER,
  GRASSHOPPER,
  GRASSHOPPER,
  ANT,
  ANT,
  ANT,
  MOSQUITO,
  LADYBUG,
  PILLBUG,
];
/** The number in a piece's name (wS2 → 2), 0 for the bugs a side has only one of. */
const NUMBER_OF_INDEX: readonly number[] = [0, 1, 2, 1, 2, 1, 2, 3, 1, 2, 3, 0, 0, 0];
/** First index of each bug within a colour. */
export const FIRST_INDEX_OF_BUG: readonly number[] = [0, 1, 3, 5, 8, 11, 12, 13];
export const COUNT_OF_BUG: readonly number[] = [1, 2, 2, 3, 3, 1, 1, 1];
/** The first piece of each bug within a colour, as bits (Q, S1, B1, G1, A1, M, L, P). */
const FIRST_OF_BUGS = FIRST_INDEX_OF_BUG.reduce((bits, first) => bits | (1 << first), 0);

/**
 * Of a colour's hand as a 14-bit mask, the piece of each bug that may be placed next: pieces of a
 * bug enter in order, so a piece may be placed iff the one before it of its bug is not in hand.
 */
export const nextOfEachBug = (hand: number): number => hand & ~((hand << 1) & ~FIRST_OF_BUGS);

/** The bits of each bug's pieces within a colour (bit = index): a hand as a 14-bit mask is read bug by bug. */
export const BUG_MASK: readonly number[] = FIRST_INDEX_OF_BUG.map((first, bug) => ((1 << (COUNT_OF_BUG[bug] as number)) - 1) << first);

export const colorOf = (piece: number): Color => (piece >= PIECES_PER_COLOR ? 1 : 0);
export const bugOf = (piece: number): Bug => BUG_OF_INDEX[piece % PIECES_PER_COLOR] as Bug;
export const pieceId = (color: Color, index: number): number => color * PIECES_PER_COLOR + index;

/** The UHP name of a piece: wQ, bS2, wM… */
export function formatPiece(piece: number): string {
  const index = piece % PIECES_PER_COLOR;
  const n = NUMBER_OF_INDEX[index] as number;
  return `${COLOR_LETTERS[colorOf(piece)]}${BUGS[BUG_OF_INDEX[index] as Bug]}${n === 0 ? '' : n}`;
}

const PIECE_BY_NAME = new Map<string, number>(Array.from({ length: PIECE_COUNT }, (_, p) => [formatPiece(p).toLowerCase(), p]));

export function parsePiece(text: string): Result<number> {
  const piece = PIECE_BY_NAME.get(text.toLowerCase());
  if (piece === undefined)
    return refuse(
      'hive.notAPiece',
      `"${text}" is not a piece: write a colour (w or b), a bug (Q S B G A M L P) and its number, such as wS1 or bQ`,
      { text },
    );
  return ok(piece);
}

/** Expansion pieces in a game type. */
export interface Expansions {
  readonly mosquito: boolean;
  readonly ladybug: boolean;
  readonly pillbug: boolean;
}

export const GAME_TYPES = ['Base', 'Base+M', 'Base+L', 'Base+P', 'Base+ML', 'Base+MP', 'Base+LP', 'Base+MLP'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export function expansionsOf(type: GameType): Expansions {
  const extra = type.split('+')[1] ?? '';
  return { mosquito: extra.includes('M'), ladybug: extra.includes('L'), pillbug: extra.includes('P') };
}

/** Accepts any case and any order of the expansion letters (Base+PLM), as other engines do. */
export function parseGameType(text: string): Result<GameType> {
  const m = /^base(?:\+([mlp]{1,3}))?$/i.exec(text.trim());
  const letters = m?.[1]?.toUpperCase() ?? '';
  if (!m || new Set(letters).size !== letters.length) {
    return refuse('hive.position.gameType', `"${text}" is not a game type: write Base, or Base+ with any of M, L, P (such as Base+MLP)`, {
      text: text.slice(0, 24),
    });
  }
  const canonical = letters === '' ? 'Base' : `Base+${['M', 'L', 'P'].filter((l) => letters.includes(l)).join('')}`;
  return ok(canonical as GameType);
}

/** Is this piece in play in a game with these expansions? */
export function inGame(piece: number, x: Expansions): boolean {
  const bug = bugOf(piece);
  return bug === MOSQUITO ? x.mosquito : bug === LADYBUG ? x.ladybug : bug === PILLBUG ? x.pillbug : true;
}
