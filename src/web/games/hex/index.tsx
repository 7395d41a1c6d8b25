import { hex } from '@hexarena/engines/games/hex/index.ts';
import { lazy } from 'preact/compat';
import { webGame } from '../web-game.tsx';
import './style.css';
import { HOW_TO_PLAY } from './how-to-play.tsx';
import { HexOptions } from './options.tsx';
import { HexBoardView, hexMovePoints } from './view.tsx';

/** Hex in the browser: an 11×11 board with the pie rule, against the medium AI at first. */
export const hexWeb = webGame({
  game: hex,
  Board: HexBoardView,
  howToPlay: HOW_TO_PLAY,
  opponent: 'medium',
  cardOptions: { size: 11, pie: true },
  optionsForm: HexOptions,
  movePoints: hexMovePoints,
  puzzleSet: () => import('../../../puzzles/sets/hex.json').then((m) => m.default),
  // The editor loads when a position is set up, not with the game.
  Editor: lazy(() => import('./editor.tsx').then((m) => ({ default: m.HexEditor }))),
});
