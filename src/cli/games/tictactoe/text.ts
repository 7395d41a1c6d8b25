import { type Board, FILES } from '@hexarena/engines/games/tictactoe/index.ts';

/** The board as text, ranks 3 to 1 from the top and files a to c, so that a cell can be read off and typed. */
export function tictactoeText(board: Board): string {
  const rows: string[] = [];
  for (let row = 0; row < 3; row++) {
    const cells = [0, 1, 2].map((file) => board[row * 3 + file] ?? '.');
    rows.push(` ${3 - row}  ${cells.join(' | ')}`);
    if (row < 2) rows.push('   ---+---+---');
  }
  rows.push(`    ${FILES.join('   ')}`);
  return rows.join('\n');
}
