import { refuse } from '../../engine/refusal.ts';
import { fail, ok, type Result } from '../../engine/result.ts';

/**
 * The 3×3 board. Cells are numbered 0..8 in reading order (a3 b3 c3 / a2 b2 c2 / a1 b1 c1):
 * files a..c run left to right, ranks 1..3 bottom to top, as on a chessboard.
 */
export type Mark = 'X' | 'O';
export type Cell = Mark | null;
export type Board = readonly Cell[];

export const CELLS = 9;
export const FILES = ['a', 'b', 'c'] as const;

export const EMPTY_BOARD: Board = Array<Cell>(CELLS).fill(null);

/** The eight lines, as cell indices. */
export const LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

export function formatCell(cell: number): string {
  return `${FILES[cell % 3]}${3 - Math.floor(cell / 3)}`;
}

export function parseCell(text: string): Result<number> {
  const m = /^([abc])([123])$/.exec(text.trim().toLowerCase());
  if (!m) return refuse('tictactoe.notACell', `"${text}" is not a cell: write a file a–c and a rank 1–3, such as b2`, { text });
  return ok((3 - Number(m[2])) * 3 + FILES.indexOf(m[1] as (typeof FILES)[number]));
}

/**
 * A board as nine characters in reading order: `x`, `o`, or `-` for empty ("x-o-x---o").
 * It names positions in keys and in the static site's file names.
 */
export function formatBoard(board: Board): string {
  let s = '';
  for (const c of board) s += c === 'X' ? 'x' : c === 'O' ? 'o' : '-';
  return s;
}

export function parseBoard(text: string): Result<Board> {
  if (!/^[xo-]{9}$/i.test(text)) return fail(`"${text}" is not a board: nine characters from x, o and - in reading order`);
  return ok([...text.toLowerCase()].map((ch) => (ch === 'x' ? 'X' : ch === 'o' ? 'O' : null)));
}

// Loops, not filter and destructuring: a server asks whose turn it is several times a move, and the
// search asks at every node; these allocate nothing.
export function countMarks(board: Board, mark: Mark): number {
  let n = 0;
  for (const c of board) if (c === mark) n++;
  return n;
}

export function hasLine(board: Board, mark: Mark): boolean {
  for (const line of LINES) if (board[line[0]] === mark && board[line[1]] === mark && board[line[2]] === mark) return true;
  return false;
}
