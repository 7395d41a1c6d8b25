import { nonaga } from '@hexarena/engines/games/nonaga/index.ts';
import { type CliGame, playsInTerminal } from '../cli-game.ts';

/** Nonaga on the command line: Red and Black by flag; its book covers either colour moving first. */
export const nonagaCli: CliGame = {
  id: 'nonaga',
  playFlags: [
    { flags: '--red <who>', description: 'human, or an AI level: random, seed, easy, medium, hard, max (default human)' },
    { flags: '--black <who>', description: 'human, or an AI level (default hard)' },
  ],
  seatFlags: ['red', 'black'],
  play: playsInTerminal(async () => (await import('./play.ts')).nonagaInTerminal),
  bookStarts: () => (['red', 'black'] as const).map((first) => nonaga.newGame({ ...nonaga.defaultOptions, first }, 'book')),
  puzzlePages: async () => ({
    picture: (await import('./static-picture.ts')).nonagaStaticPicture,
    shipped: (await import('../../../puzzles/sets/nonaga.json', { with: { type: 'json' } })).default as unknown,
  }),
};
