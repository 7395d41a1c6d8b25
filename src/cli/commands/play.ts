import process from 'node:process';
import { boundedLines, TOO_LONG } from '../../protocols/lines.ts';
import { refuseOthersFlags } from '../flags.ts';
import type { GivenFlags } from '../games/cli-game.ts';
import { CLI_GAMES, cliGameOf } from '../games/index.ts';
import { type CliIo, UsageError } from '../io.ts';

/** play's own flags; each game's (Hive's --white, DiceWars's --rules…) come with it. */
export interface PlayFlags extends GivenFlags {
  /** Who sits where, comma-separated: human or an agent per seat. */
  readonly seats?: string;
  readonly seed?: string;
}

/** A game in the terminal, by id; `input` is what the people type, line by line. */
export async function playGame(io: CliIo, game: string, flags: PlayFlags, input: AsyncIterable<string>): Promise<void> {
  const cli = cliGameOf(game);
  if (!cli) {
    const ids = CLI_GAMES.map((g) => g.id);
    throw new UsageError(`console play is for ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)} (got "${game}")`);
  }
  refuseOthersFlags(
    cli.id,
    CLI_GAMES.map((g) => ({ id: g.id, flags: g.playFlags })),
    flags,
    (m) => new UsageError(m),
  );
  await cli.play(io, seatsAsFlags(cli.id, cli.seatFlags, flags), input);
}

/** `--seats a,b` for a game whose seats have flags of their own (`--white`, `--black`): those flags. */
function seatsAsFlags(id: string, seatFlags: readonly string[] | undefined, flags: PlayFlags): PlayFlags {
  if (flags.seats === undefined || seatFlags === undefined) return flags;
  const named = seatFlags.filter((name) => flags[name] !== undefined);
  if (named.length > 0) throw new UsageError(`give --seats or ${named.map((n) => `--${n}`).join(' and ')}, not both`);
  const seats = flags.seats.split(',').map((s) => s.trim());
  if (seats.length !== seatFlags.length)
    throw new UsageError(`--seats names ${seats.length} players; ${id} has ${seatFlags.length} seats (${seatFlags.join(', ')})`);
  return { ...flags, ...Object.fromEntries(seatFlags.map((name, i) => [name, seats[i]])) };
}

/** Typed lines longer than this are no move or command of any game. */
const MAX_TYPED_LINE = 64 * 1024;

/** `hexarena play <game>`: a game in the terminal, reading moves from stdin. */
export async function playCommand(io: CliIo, game: string, flags: PlayFlags): Promise<void> {
  await playGame(io, game, flags, typedLines(process.stdin));
}

async function* typedLines(input: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  for await (const line of boundedLines(input, MAX_TYPED_LINE))
    yield line === TOO_LONG ? `(a line of more than ${MAX_TYPED_LINE} bytes)` : line;
}
