import { cellName, type HexState } from '@hexarena/engines/games/hex/index.ts';
import type { Picture, StaticPicture } from '../../static/picture.ts';
import { lastCell } from './text.ts';

/**
 * The rhombus as it is played: each stone lettered R or B on its colour, each empty cell captioned
 * with its name (as moves are written), the last stone outlined.
 */
const picture = (state: HexState): Picture => {
  const { board } = state;
  const n = board.size;
  const last = lastCell(board);
  const cells = Array.from({ length: n * n }, (_, cell) => {
    const stone = board.stones[cell] as number;
    const name = cellName(n, cell);
    const at = { q: cell % n, r: Math.floor(cell / n) };
    if (stone === 0) return { ...at, fill: '#c62828', ink: '#fff', label: 'R', caption: name, name: `${name}: Red`, marked: cell === last };
    if (stone === 1)
      return { ...at, fill: '#1565c0', ink: '#fff', label: 'B', caption: name, name: `${name}: Blue`, marked: cell === last };
    return { ...at, fill: '#f5f5f5', ink: '#555', caption: name, name: `${name}: empty` };
  });
  return {
    cells,
    summary: `A ${n} by ${n} Hex board: red stones lettered R, blue stones lettered B, empty cells named.`,
    notes: ['Red joins the top and bottom rows (1 and the last); Blue joins the left and right columns (a and the last).'],
  };
};

export const hexStaticPicture = picture as StaticPicture<unknown>;
