import type { CliGame } from '../cli-game.ts';
import type { PlayTicTacToeFlags } from './play.ts';

/** Tic-tac-toe on the command line: X and O by flag, and a static site once solved. */
export const tictactoeCli: CliGame = {
  id: 'tictactoe',
  playFlags: [
    { flags: '--x <who>', description: 'human, or an AI level: random, easy, medium, hard, max, perfect (default human)' },
    { flags: '--o <who>', description: 'human, or an AI level (default hard)' },
  ],
  seatFlags: ['x', 'o'],
  async play(io, flags, input) {
    const [{ playInTerminal }, { tictactoeInTerminal }] = await Promise.all([import('../../terminal-game.ts'), import('./play.ts')]);
    await playInTerminal(io, tictactoeInTerminal(io, flags as PlayTicTacToeFlags), input);
  },
  staticBoard: async () => (await import('./static-board.ts')).tictactoeStaticBoard,
};
