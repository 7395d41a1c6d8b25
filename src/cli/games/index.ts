import type { CliGame } from './cli-game.ts';
import { dicewarsCli } from './dicewars/index.ts';
import { hexCli } from './hex/index.ts';
import { hiveCli } from './hive/index.ts';
import { nonagaCli } from './nonaga/index.ts';
import { tictactoeCli } from './tictactoe/index.ts';

/** Every game the command line plays. A new game is its folder and one line here. */
export const CLI_GAMES: readonly CliGame[] = [hiveCli, dicewarsCli, nonagaCli, tictactoeCli, hexCli];

export const cliGameOf = (id: string): CliGame | undefined => CLI_GAMES.find((g) => g.id === id.toLowerCase());
