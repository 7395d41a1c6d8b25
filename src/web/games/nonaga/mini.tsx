import type { NonagaState } from '@hexarena/engines/games/nonaga/index.ts';
import { TORUS_CELLS } from '@hexarena/engines/hex/torus.ts';
import { HexPicture, type PictureCell } from '../picture.tsx';

/** The tokens' colours, as the board's (style.css): Red's, Black's. */
const TOKENS = ['#d55e00', '#222'];

/** Nonaga's miniature: the discs (the one just moved, blocked, darker) and the tokens on them. */
export function NonagaMini({ state }: { state: NonagaState }) {
  const { pos } = state;
  const cells: PictureCell[] = [];
  for (let c = 0; c < TORUS_CELLS; c++) {
    if (!pos.disc[c]) continue;
    const token = pos.token[c] as number;
    cells.push({
      ...pos.coordinates(c),
      fill: c === pos.blocked ? '#cbbf9f' : '#e8dcc0',
      ...(token >= 0 ? { letter: '●', ink: TOKENS[token] } : {}),
    });
  }
  return <HexPicture class="mini-board" cells={cells} />;
}
