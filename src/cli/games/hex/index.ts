import { positiveInt } from '../../flags.ts';
import { type CliGame, playsInTerminal } from '../cli-game.ts';

/** Hex on the command line: Red and Blue by flag, the board's size, and the pie rule. */
export const hexCli: CliGame = {
  id: 'hex',
  playFlags: [
    { flags: '--red <who>', description: 'human, or an AI level: random, easy, medium, hard, max, greedy (default human)' },
    { flags: '--blue <who>', description: 'human, or an AI level (default hard)' },
    { flags: '--size <n>', description: 'the board is n×n cells, 5 to 19 (default 11)', parse: positiveInt },
    { flags: '--no-pie', description: 'play without the pie rule (by default the second player may swap)' },
  ],
  seatFlags: ['red', 'blue'],
  play: playsInTerminal(async () => (await import('./play.ts')).hexInTerminal),
  puzzlePages: async () => ({
    picture: (await import('./static-picture.ts')).hexStaticPicture,
    shipped: (await import('../../../puzzles/sets/hex.json', { with: { type: 'json' } })).default as unknown,
  }),
};
