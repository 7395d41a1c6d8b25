import { type Board, formatBoard } from './board.ts';

/**
 * The eight symmetries of the square (the dihedral group D4) as permutations of cell indices:
 * image[i] is where the mark on cell i lands.
 */
const rotate = (i: number): number => (i % 3) * 3 + (2 - Math.floor(i / 3));
const mirror = (i: number): number => Math.floor(i / 3) * 3 + (2 - (i % 3));

function compose(f: (i: number) => number, g: (i: number) => number): (i: number) => number {
  return (i) => f(g(i));
}

const identity = (i: number): number => i;
const r1 = rotate;
const r2 = compose(rotate, rotate);
const r3 = compose(rotate, r2);

export const SYMMETRIES: readonly (readonly number[])[] = [
  identity,
  r1,
  r2,
  r3,
  mirror,
  compose(mirror, r1),
  compose(mirror, r2),
  compose(mirror, r3),
].map((f) => Array.from({ length: 9 }, (_, i) => f(i)));

export function transform(board: Board, image: readonly number[]): Board {
  const out = Array<Board[number]>(9).fill(null);
  for (let i = 0; i < 9; i++) out[image[i] as number] = board[i] ?? null;
  return out;
}

/** The smallest board string over the eight images: equal exactly for symmetric positions. */
export function canonicalBoard(board: Board): string {
  let best = '';
  for (const image of SYMMETRIES) {
    const s = formatBoard(transform(board, image));
    if (best === '' || s < best) best = s;
  }
  return best;
}
