import { BUGS, bugOf, colorOf, displayCoordinates, type HiveState, stackAt } from '@hexarena/engines/games/hive/index.ts';
import { spiral } from '@hexarena/engines/hex/index.ts';
import { HexPicture, type PictureCell } from '../picture.tsx';

/**
 * Before the first piece, the places around the middle drawn faint: a board waiting, not an empty
 * box that looks like a picture missing.
 */
const EMPTY: readonly PictureCell[] = spiral({ q: 0, r: 0 }, 1).map((h) => ({ ...h, fill: 'none', outline: true }));

/**
 * Hive's miniature: each stack's top piece, in its side's colour with its bug's letter, where the
 * board draws it; at least seven pieces wide, so that a few pieces are drawn at their size among
 * others, not filling the box.
 */
export function HiveMini({ state }: { state: HiveState }) {
  const { pos } = state;
  const cells: PictureCell[] = [];
  for (const [cell, h] of displayCoordinates(pos)) {
    const top = stackAt(pos, cell).at(-1);
    if (top === undefined) continue;
    const white = colorOf(top) === 0;
    cells.push({ ...h, fill: white ? '#f4f1e8' : '#2b2b2b', letter: BUGS[bugOf(top)], ink: white ? '#222' : '#f4f1e8' });
  }
  return <HexPicture class="mini-board" cells={cells.length === 0 ? EMPTY : cells} span={7} />;
}
