import { dicewarsWeb } from './dicewars/index.tsx';
import { hexWeb } from './hex/index.tsx';
import { hiveWeb } from './hive/index.tsx';
import { nonagaWeb } from './nonaga/index.tsx';
import { tictactoeWeb } from './tictactoe/index.tsx';
import type { WebGame } from './web-game.tsx';

/** Every game the browser shows, in the home page's order. A new game is its folder and one line here. */
export const WEB_GAMES: readonly WebGame[] = [tictactoeWeb, hiveWeb, dicewarsWeb, nonagaWeb, hexWeb];

export const webGameOf = (id: string): WebGame | undefined => WEB_GAMES.find((g) => g.id === id);
