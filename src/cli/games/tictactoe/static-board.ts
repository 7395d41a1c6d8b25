import { formatCell, type TicTacToeMove, type TicTacToeState } from '@hexarena/engines/games/tictactoe/index.ts';
import { t } from '../../../web/i18n/index.ts';
import type { StaticBoard } from '../../static/boards.ts';
import { escapeHtml, link } from '../../static/html.ts';

/** A bordered table: marks in bold, each free cell a link named after the cell. */
const board: StaticBoard<TicTacToeState, TicTacToeMove> = (state, href) => {
  const rows: string[] = [];
  for (let row = 0; row < 3; row++) {
    const cells: string[] = [];
    for (let col = 0; col < 3; col++) {
      const cell = row * 3 + col;
      const mark = state.board[cell];
      const target = mark ? undefined : href({ cell });
      const name = formatCell(cell);
      const content = mark ? `<b>${mark}</b>` : target ? link(target, name, t('static.playCell', { cell: name })) : '&nbsp;';
      cells.push(`<td align="center" width="48" height="48">${content}</td>`);
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<table border="1" cellpadding="8" cellspacing="0" summary="${escapeHtml(t('tictactoe.board'))}">\n${rows.join('\n')}\n</table>`;
};

/** The board for export-static, as every game's static board is typed. */
export const tictactoeStaticBoard = board as StaticBoard<unknown, unknown>;
