import { dicewars } from '@hexarena/engines/games/dicewars/index.ts';
import { webGame } from '../web-game.tsx';
import './style.css';
import { HexPicture } from '../picture.tsx';
import { HOW_TO_PLAY } from './how-to-play.tsx';
import { DiceWarsOptions } from './options.tsx';

/** DiceWars in the browser: four players on the small map (it loads fastest), the original bot's names spelt out. */
export const dicewarsWeb = webGame({
  game: dicewars,
  picture: (
    <HexPicture
      cells={[
        { q: 0, r: 0, fill: '#0072b2', letter: '4', ink: '#fff' },
        { q: 1, r: 0, fill: '#0072b2' },
        { q: 2, r: -1, fill: '#d55e00', letter: '3' },
        { q: -1, r: 1, fill: '#009e73', letter: '2' },
        { q: 0, r: 1, fill: '#009e73' },
        { q: 1, r: 1, fill: '#e69f00', letter: '5' },
        { q: 1, r: -1, fill: '#d55e00' },
      ]}
    />
  ),
  // The miniature loads with the first list that draws one.
  miniature: () => import('./mini.tsx').then((m) => m.DiceWarsMini),
  // The board loads when one is drawn, not with the pages that name the game.
  view: () => import('./view.tsx').then((m) => ({ Board: m.DiceWarsBoard, movePoints: m.dicewarsMovePoints })),
  howToPlay: HOW_TO_PLAY,
  opponent: 'hard',
  agentLabels: { gamedesign: 'create.agent.gamedesign', hexo: 'create.agent.hexo' },
  cardOptions: { rules: 'classic', map: 'small', players: 4, size: 10 },
  optionsForm: DiceWarsOptions,
  // A map preset means nothing under the strength rules, a grid size nothing under the classic ones.
  used: ({ size, map, ...rest }) => (rest.rules === 'strength' ? { ...rest, size: size ?? 10 } : { ...rest, map: map ?? 'small' }),
  // A link names its players by its seats.
  addressDefaults: (seats) => ({ map: 'small', players: seats > 0 ? seats : 4 }),
});
