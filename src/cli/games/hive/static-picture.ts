import {
  bugOf,
  type Color,
  colorOf,
  displayCoordinates,
  formatPiece,
  type HiveState,
  MAX_HEIGHT,
} from '@hexarena/engines/games/hive/index.ts';
import { BUG_KEYS, COLOR_KEYS } from '../../../web/games/hive/bug-names.ts';
import { t } from '../../../web/i18n/index.ts';
import type { Picture, StaticPicture } from '../../static/picture.ts';
import { handNames } from './text.ts';

/** A piece in words ("White Spider 2"), as the player's language names the bugs. */
const pieceName = (piece: number): string => {
  const short = formatPiece(piece);
  const color = t(COLOR_KEYS[colorOf(piece)]);
  const bug = t(BUG_KEYS[bugOf(piece)] ?? 'hive.bug.queen');
  return /\d$/.test(short) ? t('hive.handPiece', { color, bug, n: short.slice(-1) }) : t('static.hive.piece', { color, bug });
};

/**
 * The hive: each piece as its notation name (wQ, bA1), white pieces light with dark letters and
 * black pieces dark with light ones, so the colour is also written; a stack shows its top piece with
 * a star, and the stacks and the hands are written under the board. The piece that moved last is
 * outlined. The words are the language's the pages are written in; the notation stays as it is.
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
    if (below.length > 0)
      stacks.push(
        t('static.hive.stack', { top: formatPiece(top), below: below.reverse().map(formatPiece).join(t('static.hive.stackThen')) }),
      );
    cells.push({
      ...h,
      fill: white ? '#f4efe1' : '#2b2b2b',
      ink: white ? '#000' : '#fff',
      label: `${formatPiece(top)}${height > 1 ? '*' : ''}`,
      name: height > 1 ? t('static.hive.onStack', { piece: pieceName(top), height }) : pieceName(top),
      marked: top === pos.lastMoved,
    });
  }
  return {
    cells,
    summary: t('static.hive.summary', { count: cells.length }),
    notes: [
      ...([0, 1] as Color[]).map((color) => {
        const names = handNames(pos, color);
        return t('static.hive.inHand', {
          color: t(COLOR_KEYS[color]),
          pieces: names.length > 0 ? names.join(' ') : t('static.hive.noneInHand'),
        });
      }),
      ...stacks,
    ],
  };
};

export const hiveStaticPicture = picture as StaticPicture<unknown>;
