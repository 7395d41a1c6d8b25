import { cellName, type HexState } from '@hexarena/engines/games/hex/index.ts';
import { t } from '../../../web/i18n/index.ts';
import { seatWord } from '../../../web/i18n/outcome.ts';
import type { Picture, StaticPicture } from '../../static/picture.ts';
import { lastCell } from './text.ts';

/** Each side's stone as drawn: its colour, its letter, its seat's word. */
const STONES = [
  { fill: '#c62828', label: 'R', seat: 'Red' },
  { fill: '#1565c0', label: 'B', seat: 'Blue' },
] as const;

/**
 * The rhombus as it is played: each stone lettered R or B on its colour, each empty cell captioned
 * with its name (as moves are written), the last stone outlined; the words in the pages' language.
 */
const picture = (state: HexState): Picture => {
  const { board } = state;
  const n = board.size;
  const last = lastCell(board);
  const cells = Array.from({ length: n * n }, (_, cell) => {
    const name = cellName(n, cell);
    const at = { q: cell % n, r: Math.floor(cell / n) };
    const stone = STONES[board.stones[cell] as number];
    if (!stone)
      return {
        ...at,
        fill: '#f5f5f5',
        ink: '#555',
        caption: name,
        name: t('static.hex.cell', { cell: name, what: t('static.hex.empty') }),
      };
    return {
      ...at,
      fill: stone.fill,
      ink: '#fff',
      label: stone.label,
      caption: name,
      name: t('static.hex.cell', { cell: name, what: seatWord(stone.seat) }),
      marked: cell === last,
    };
  });
  return {
    cells,
    summary: t('static.hex.summary', { size: n }),
    notes: [t('static.hex.edges')],
  };
};

export const hexStaticPicture = picture as StaticPicture<unknown>;
