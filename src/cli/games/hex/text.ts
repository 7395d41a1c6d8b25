import { cellName, type HexBoard } from '@hexarena/engines/games/hex/index.ts';

/**
 * The board as text, a rhombus leaning right as the board is drawn: each row set one space further
 * in, R and B for the stones, the column letters above and below, the row numbers at both ends.
 */
export function hexText(board: HexBoard, last?: number): string {
  const n = board.size;
  const letters = Array.from({ length: n }, (_, c) => String.fromCharCode(97 + c)).join(' ');
  const lines = [`    ${letters}`];
  for (let r = 0; r < n; r++) {
    const cells = Array.from({ length: n }, (_, c) => {
      const stone = board.stones[r * n + c] as number;
      const mark = stone === 0 ? 'R' : stone === 1 ? 'B' : '.';
      return r * n + c === last ? mark.toLowerCase() : mark;
    });
    lines.push(`${' '.repeat(r)}${String(r + 1).padStart(2)}  ${cells.join(' ')}  ${r + 1}`);
  }
  lines.push(`${' '.repeat(n + 3)} ${letters}`);
  return lines.join('\n');
}

/** The last move's cell, for the board to mark (a swap marks the stone it made). */
export function lastCell(board: HexBoard): number | undefined {
  const move = board.history.at(-1);
  if (move === undefined) return undefined;
  if (move < board.size * board.size) return move;
  return board.stones.findIndex((s) => s !== -1);
}

export { cellName };
