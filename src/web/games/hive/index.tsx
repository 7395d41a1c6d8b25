import { ok } from '@hexarena/engines/engine/result.ts';
import { hive, parseGameString } from '@hexarena/engines/games/hive/index.ts';
import { lazy } from 'preact/compat';
import { webGame } from '../web-game.tsx';
import './style.css';
import { HexPicture } from '../picture.tsx';
import { HOW_TO_PLAY } from './how-to-play.tsx';
import { HiveOptions } from './options.tsx';

/** Hive in the browser: every expansion in, against a medium AI at first. */
export const hiveWeb = webGame({
  game: hive,
  picture: (
    <HexPicture
      cells={[
        { q: 0, r: 0, fill: '#f4f1e8', letter: 'Q' },
        { q: 1, r: 0, fill: '#2b2b2b', letter: 'A', ink: '#f4f1e8' },
        { q: -1, r: 1, fill: '#f4f1e8', letter: 'B' },
        { q: 0, r: -1, fill: '#2b2b2b', letter: 'S', ink: '#f4f1e8' },
        { q: 1, r: 1, fill: '#f4f1e8', letter: 'G' },
      ]}
    />
  ),
  // The miniature loads with the first list that draws one.
  miniature: () => import('./mini.tsx').then((m) => m.HiveMini),
  // The board loads when one is drawn, not with the pages that name the game.
  view: () => import('./view.tsx').then((m) => ({ Board: m.HiveBoard, movePoints: m.hiveMovePoints })),
  howToPlay: HOW_TO_PLAY,
  opponent: 'medium',
  cardOptions: { type: 'Base+MLP' },
  optionsForm: HiveOptions,
  readPasted: (text) => {
    const parsed = parseGameString(text);
    return parsed.ok ? ok({ options: { type: parsed.value.type }, moves: parsed.value.moves }) : parsed;
  },
  pasteHint: 'analysis.paste.gameString',
  puzzleSet: () => import('../../../puzzles/sets/hive.json').then((m) => m.default),
  // The editor loads when a position is set up, not with the game.
  Editor: lazy(() => import('./editor.tsx').then((m) => ({ default: m.HiveEditor }))),
});
