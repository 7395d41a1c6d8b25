import { type CliGame, playsInTerminal } from '../cli-game.ts';

/** Tic-tac-toe on the command line: X and O by flag, and a static site once solved. */
export const tictactoeCli: CliGame = {
  id: 'tictactoe',
  playFlags: [
    { flags: '--x <who>', description: 'human, or an AI level: random, easy, medium, hard, max, perfect (default human)' },
    { flags: '--o <who>', description: 'human, or an AI level (default hard)' },
  ],
  seatFlags: ['x', 'o'],
  play: playsInTerminal(async () => (await import('./play.ts')).tictactoeInTerminal),
  staticBoard: async () => (await import('./static-board.ts')).tictactoeStaticBoard,
};
