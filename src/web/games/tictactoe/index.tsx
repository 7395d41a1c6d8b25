import { tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';
import { webGame } from '../web-game.tsx';
import './style.css';
import { HOW_TO_PLAY } from './how-to-play.tsx';

/** Tic-tac-toe in the browser: against the perfect player at first. */
export const tictactoeWeb = webGame({
  game: tictactoe,
  // The miniature loads with the first list that draws one.
  miniature: () => import('./mini.tsx').then((m) => m.TicTacToeMini),
  // The board loads when one is drawn, not with the pages that name the game.
  view: () => import('./view.tsx').then((m) => ({ Board: m.TicTacToeBoard })),
  howToPlay: HOW_TO_PLAY,
  opponent: 'max',
  // The home card's picture: a game under way.
  picture: (
    <svg class="game-picture" viewBox="0 0 3 3" aria-hidden="true" focusable="false">
      <path d="M1 0.1V2.9M2 0.1V2.9M0.1 1H2.9M0.1 2H2.9" stroke="currentColor" stroke-width={0.08} stroke-linecap="round" />
      <path
        d="M0.25 0.25L0.75 0.75M0.75 0.25L0.25 0.75M1.25 1.25L1.75 1.75M1.75 1.25L1.25 1.75"
        stroke="#0072b2"
        stroke-width={0.12}
        stroke-linecap="round"
      />
      <circle cx={2.5} cy={0.5} r={0.27} fill="none" stroke="#d55e00" stroke-width={0.12} />
      <circle cx={0.5} cy={2.5} r={0.27} fill="none" stroke="#d55e00" stroke-width={0.12} />
    </svg>
  ),
});
