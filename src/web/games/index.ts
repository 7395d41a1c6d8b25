import { dicewarsWeb } from './dicewars/index.tsx';
import { hexWeb } from './hex/index.tsx';
import { hiveWeb } from './hive/index.tsx';
import { nonagaWeb } from './nonaga/index.tsx';
import { tictactoeWeb } from './tictactoe/index.tsx';
import type { WebGame } from './web-game.tsx';
// The boards' themes, last-move mark and motion: after the games' styles, whose rules it themes (and
// in their file: the games load apart from the app, their styles with them).
import '../board-look.css';

/** Every game the browser shows, in the home page's order. A new game is its folder and one line here. */
export const WEB_GAMES: readonly WebGame[] = [tictactoeWeb, hiveWeb, dicewarsWeb, nonagaWeb, hexWeb];

/** The game the create dialog opens on when none is asked for or remembered: the site's headline game, not the toy. */
export const LEAD_GAME: WebGame = hiveWeb;

export const webGameOf = (id: string): WebGame | undefined => WEB_GAMES.find((g) => g.id === id);
