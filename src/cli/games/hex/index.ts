import { positiveInt } from '../../flags.ts';
import type { CliGame } from '../cli-game.ts';
import type { PlayHexFlags } from './play.ts';

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
  async play(io, flags, input) {
    const [{ playInTerminal }, { hexInTerminal }] = await Promise.all([import('../../terminal-game.ts'), import('./play.ts')]);
    await playInTerminal(io, hexInTerminal(io, flags as PlayHexFlags), input);
  },
};
