import { nonaga } from '@hexarena/engines/games/nonaga/index.ts';
import { lazy } from 'preact/compat';
import { webGame } from '../web-game.tsx';
import './style.css';
import { HexPicture } from '../picture.tsx';
import { HOW_TO_PLAY } from './how-to-play.tsx';
import { NonagaOptions } from './options.tsx';

/** Nonaga in the browser: against the hard AI at first; the one-ply bot named as what it is. */
export const nonagaWeb = webGame({
  game: nonaga,
  picture: (
    <HexPicture
      cells={[
        { q: 0, r: 0, fill: '#eadfc8' },
        { q: 1, r: 0, fill: '#eadfc8', letter: 'R', ink: '#d55e00' },
        { q: -1, r: 0, fill: '#eadfc8', letter: 'B' },
        { q: 0, r: 1, fill: '#eadfc8' },
        { q: 0, r: -1, fill: '#eadfc8', letter: 'B' },
        { q: 1, r: -1, fill: '#eadfc8' },
        { q: -1, r: 1, fill: '#eadfc8', letter: 'R', ink: '#d55e00' },
      ]}
    />
  ),
  // The miniature loads with the first list that draws one.
  miniature: () => import('./mini.tsx').then((m) => m.NonagaMini),
  // The board loads when one is drawn, not with the pages that name the game.
  view: () => import('./view.tsx').then((m) => ({ Board: m.NonagaBoard, movePoints: m.nonagaMovePoints })),
  howToPlay: HOW_TO_PLAY,
  opponent: 'hard',
  agentLabels: { seed: 'create.agent.seed' },
  optionsForm: NonagaOptions,
  puzzleSet: () => import('../../../puzzles/sets/nonaga.json').then((m) => m.default),
  // The editor loads when a position is set up, not with the game.
  Editor: lazy(() => import('./editor.tsx').then((m) => ({ default: m.NonagaEditor }))),
});
