import { tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';
import { webGame } from '../web-game.tsx';
import './style.css';
import { HOW_TO_PLAY } from './how-to-play.tsx';
import { TicTacToeBoard } from './view.tsx';

/** Tic-tac-toe in the browser: against the perfect player at first. */
export const tictactoeWeb = webGame({ game: tictactoe, Board: TicTacToeBoard, howToPlay: HOW_TO_PLAY, opponent: 'max' });
