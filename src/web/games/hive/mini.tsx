import { BUGS, bugOf, colorOf, displayCoordinates, type HiveState, stackAt } from '@hexarena/engines/games/hive/index.ts';
import { HexPicture, type PictureCell } from '../picture.tsx';

/** Hive's miniature: each stack's top piece, in its side's colour with its bug's letter, where the board draws it. */
export function HiveMini({ state }: { state: HiveState }) {
  const { pos } = state;
  const cells: PictureCell[] = [];
  for (const [cell, h] of displayCoordinates(pos)) {
    const top = stackAt(pos, cell).at(-1);
    if (top === undefined) continue;
    const white = colorOf(top) === 0;
    cells.push({ ...h, fill: white ? '#f4f1e8' : '#2b2b2b', letter: BUGS[bugOf(top)], ink: white ? '#222' : '#f4f1e8' });
  }
  return <HexPicture class="mini-board" cells={cells} span={7} />;
}
