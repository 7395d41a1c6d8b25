import { nonaga } from '../../../games/nonaga/index.ts';
import type { CliGame } from '../cli-game.ts';
import type { PlayNonagaFlags } from './play.ts';

/** Nonaga on the command line: Red and Black by flag; its book covers either colour moving first. */
export const nonagaCli: CliGame = {
  id: 'nonaga',
  playFlags: [
    { flags: '--red <who>', description: 'human, or an AI level: random, seed, easy, medium, hard, max (default human)' },
    { flags: '--black <who>', description: 'human, or an AI level (default hard)' },
  ],
  seatFlags: ['red', 'black'],
  async play(io, flags, input) {
    const [{ playInTerminal }, { nonagaInTerminal }] = await Promise.all([import('../../terminal-game.ts'), import('./play.ts')]);
    await playInTerminal(io, nonagaInTerminal(io, flags as PlayNonagaFlags), input);
  },
  bookStarts: () => (['red', 'black'] as const).map((first) => nonaga.newGame({ ...nonaga.defaultOptions, first }, 'book')),
};
