import {
  BUG_NAMES,
  bugOf,
  COLOR_NAMES,
  colorOf,
  displayCoordinates,
  formatPiece,
  type HiveState,
  MAX_HEIGHT,
} from '@hexarena/engines/games/hive/index.ts';
import type { Picture, StaticPicture } from '../../static/picture.ts';
import { handText } from './text.ts';

const pieceName = (piece: number): string => {
  const short = formatPiece(piece);
  return `${COLOR_NAMES[colorOf(piece)]} ${BUG_NAMES[bugOf(piece)]}${/\d$/.test(short) ? ` ${short.slice(-1)}` : ''}`;
};

/**
 * The hive: each piece as its notation name (wQ, bA1), white pieces light with dark letters and
 * black pieces dark with light ones, so the colour is also written; a stack shows its top piece with
 * a star, and the stacks and the hands are written under the board. The piece that moved last is
 * outlined.
 */
const picture = (state: HiveState): Picture => {
  const { pos } = state;
  const cells: Picture['cells'][number][] = [];
  const stacks: string[] = [];
  for (const [cell, h] of displayCoordinates(pos)) {
    const top = pos.top(cell);
    if (top < 0) continue;
    const height = pos.height[cell] as number;
    const white = colorOf(top) === 0;
    const below = Array.from({ length: height - 1 }, (_, level) => pos.stack[cell * MAX_HEIGHT + level] as number);
    if (below.length > 0) stacks.push(`${formatPiece(top)} is on top of ${below.reverse().map(formatPiece).join(', then ')}.`);
    cells.push({
      ...h,
      fill: white ? '#f4efe1' : '#2b2b2b',
      ink: white ? '#000' : '#fff',
      label: `${formatPiece(top)}${height > 1 ? '*' : ''}`,
      name: `${pieceName(top)}${height > 1 ? `, on a stack of ${height}` : ''}`,
      marked: top === pos.lastMoved,
    });
  }
  const pieces = cells.length;
  return {
    cells,
    summary: `The hive: ${pieces} ${pieces === 1 ? 'piece' : 'pieces'} on the board, white pieces light, black pieces dark, each named.`,
    notes: [
      ...handText(pos)
        .split('\n')
        .map((line) => `${line}.`),
      ...stacks,
    ],
  };
};

export const hiveStaticPicture = picture as StaticPicture<unknown>;
