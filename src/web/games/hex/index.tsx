import { hex } from '@hexarena/engines/games/hex/index.ts';
import { lazy } from 'preact/compat';
import { webGame } from '../web-game.tsx';
import './style.css';
import { HexPicture } from '../picture.tsx';
import { HOW_TO_PLAY } from './how-to-play.tsx';
import { HexOptions } from './options.tsx';

/** Hex in the browser: an 11×11 board with the pie rule, against the medium AI at first. */
export const hexWeb = webGame({
  game: hex,
  picture: (
    <HexPicture
      cells={[0, 1, 2, 3].flatMap((r) =>
        [0, 1, 2, 3].map((q) => ({ q, r, fill: (q + 2 * r) % 5 === 1 ? '#d55e00' : (2 * q + r) % 5 === 3 ? '#0072b2' : '#e8e4da' })),
      )}
    />
  ),
  // The miniature loads with the first list that draws one.
  miniature: () => import('./mini.tsx').then((m) => m.HexMini),
  // The board loads when one is drawn, not with the pages that name the game.
  view: () => import('./view.tsx').then((m) => ({ Board: m.HexBoardView, movePoints: m.hexMovePoints })),
  howToPlay: HOW_TO_PLAY,
  opponent: 'medium',
  cardOptions: { size: 11, pie: true },
  optionsForm: HexOptions,
  puzzleSet: () => import('../../../puzzles/sets/hex.json').then((m) => m.default),
  // The editor loads when a position is set up, not with the game.
  Editor: lazy(() => import('./editor.tsx').then((m) => ({ default: m.HexEditor }))),
});
