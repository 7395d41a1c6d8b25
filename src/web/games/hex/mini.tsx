import type { HexState } from '@hexarena/engines/games/hex/index.ts';
import { HexPicture } from '../picture.tsx';
import { cellHex } from './rhombus.tsx';

/** The stones' colours, as the board's (style.css): Red, Blue; an empty cell the board's own. */
const FILLS = ['#d55e00', '#0072b2'];
const EMPTY = '#f4f1e8';

/** Hex's miniature: the rhombus and its stones. */
export function HexMini({ state }: { state: HexState }) {
  const { size, stones } = state.board;
  const cells = Array.from({ length: size * size }, (_, cell) => ({
    ...cellHex(size, cell),
    fill: FILLS[stones[cell] as number] ?? EMPTY,
  }));
  return <HexPicture class="mini-board" cells={cells} />;
}
