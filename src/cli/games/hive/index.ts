import type { HiveOptions } from '@hexarena/engines/games/hive/state.ts';
import { HTTP_SEAT } from '../../../protocols/seat-prefixes.ts';
import { positiveInt } from '../../flags.ts';
import { UsageError } from '../../io.ts';
import { type CliGame, playsInTerminal } from '../cli-game.ts';

/**
 * Seed 004's game cannot show which piece moved last, which a pillbug may not throw (nor move, once
 * thrown): with an http: seat, Hive is Base+ML unless the options name a type (docs/seed-004-http.md).
 */
const SEED004_TYPE = 'Base+ML';

const TYPE = { flags: '--type <GameType>', description: 'Base, Base+M … Base+MLP (default Base+MLP)' };

/** Hive on the command line: its game type, White and Black by flag, its own perft, seed 004 seats in match. */
export const hiveCli: CliGame = {
  id: 'hive',
  playFlags: [
    TYPE,
    { flags: '--white <who>', description: 'human, or an AI level: random, easy, medium, hard, max, greedy (default human)' },
    { flags: '--black <who>', description: 'human, or an AI level (default hard)' },
    {
      flags: '--max-moves <n>',
      description: 'stop a game after this many moves, as a draw (default: an all-AI game 1,000 moves after it starts; none with a person)',
      parse: positiveInt,
    },
  ],
  seatFlags: ['white', 'black'],
  play: playsInTerminal(async () => (await import('./play.ts')).hiveInTerminal),
  matchFlags: [
    {
      flags: '--no-tournament',
      description: 'a player may set its queen as its first piece (the tournament rule, on by default, forbids it)',
    },
  ],
  matchOptions(io, flags, options, agents) {
    if (flags.tournament === false) options.tournament = false;
    if (options.type === undefined && agents.some((name) => name.startsWith(HTTP_SEAT))) {
      options.type = SEED004_TYPE;
      io.stderr(
        `hexarena: http: seats play ${SEED004_TYPE} unless --options names a type: seed 004's game cannot show what a pillbug may throw\n`,
      );
    }
  },
  async openingMoves(line, options) {
    const { parseGameString } = await import('@hexarena/engines/games/hive/notation.ts');
    const parsed = parseGameString(line);
    if (!parsed.ok) throw new UsageError(parsed.error.message);
    const type = (options as { type?: string }).type;
    if (parsed.value.type !== type)
      throw new UsageError(
        `it is a ${parsed.value.type} game, and the match plays ${type} (give --options '{"type":"${parsed.value.type}"}')`,
      );
    return parsed.value.moves;
  },
  async progress() {
    const { hiveProgress } = await import('@hexarena/engines/games/hive/progress.ts');
    return hiveProgress as (state: unknown) => string;
  },
  async openingLine(options, moves) {
    const { formatGameString, replayMoves } = await import('@hexarena/engines/games/hive/game.ts');
    const state = replayMoves(options as HiveOptions, moves);
    if (!state.ok) throw new UsageError(state.error.message);
    return formatGameString(state.value);
  },
  perftFlags: [TYPE, { flags: '--position <GameString>', description: 'start from this game instead of the beginning' }],
  async perft(flags) {
    const [{ loadGameString }, { perft }, { parseGameType }] = await Promise.all([
      import('@hexarena/engines/games/hive/game.ts'),
      import('@hexarena/engines/games/hive/perft.ts'),
      import('@hexarena/engines/games/hive/pieces.ts'),
    ]);
    const position = flags.position as string | undefined;
    const type = flags.type as string | undefined;
    if (position && type) throw new UsageError('give --type or --position, not both: a GameString names its own type');
    let text = position ?? type ?? 'Base+MLP';
    if (!position) {
      const parsed = parseGameType(text);
      if (!parsed.ok) throw new UsageError(parsed.error.message);
      text = parsed.value;
    }
    // Perft counts the rules as written: tournament opening on, repetition off.
    const loaded = loadGameString(text, { tournament: true, repetitionDraw: false });
    if (!loaded.ok) throw new UsageError(`--position: ${loaded.error.message}`);
    const state = loaded.value;
    return (depth, bulk) => perft(state.pos.clone(), depth, bulk);
  },
  tune: async (io, flags) => (await import('./tune.ts')).tuneHive(io, flags),
  puzzlePages: async () => ({
    picture: (await import('./static-picture.ts')).hiveStaticPicture,
    shipped: (await import('../../../puzzles/sets/hive.json', { with: { type: 'json' } })).default as unknown,
  }),
};
