import { formatCell, type TicTacToeMove, type TicTacToeState } from '../../games/tictactoe/index.ts';
import { escapeHtml, link } from './html.ts';

/**
 * Draws a position as an HTML fragment. `href(move)` is the page a move leads to, or undefined
 * when that move is not offered (the game is over).
 */
export type StaticBoard<S, M> = (state: S, href: (move: M) => string | undefined) => string;

/** A bordered table: marks in bold, each free cell a link named after the cell. */
export const tictactoeBoard: StaticBoard<TicTacToeState, TicTacToeMove> = (state, href) => {
  const rows: string[] = [];
  for (let row = 0; row < 3; row++) {
    const cells: string[] = [];
    for (let col = 0; col < 3; col++) {
      const cell = row * 3 + col;
      const mark = state.board[cell];
      const target = mark ? undefined : href({ cell });
      const name = formatCell(cell);
      const content = mark ? `<b>${mark}</b>` : target ? link(target, name, `play ${name}`) : '&nbsp;';
      cells.push(`<td align="center" width="48" height="48">${content}</td>`);
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<table border="1" cellpadding="8" cellspacing="0" summary="${escapeHtml('tic-tac-toe board')}">\n${rows.join('\n')}\n</table>`;
};

/** Renderers by game id: a game gets a static site once it is solvable and has one here. */
export const STATIC_BOARDS: Readonly<Record<string, StaticBoard<unknown, unknown>>> = {
  tictactoe: tictactoeBoard as StaticBoard<unknown, unknown>,
};
