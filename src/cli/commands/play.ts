import process from 'node:process';
import { boundedLines, TOO_LONG } from '../../protocols/lines.ts';
import { type CliIo, UsageError } from '../io.ts';
import { playInTerminal } from '../terminal-game.ts';
import { diceWarsInTerminal, type PlayDiceWarsFlags } from './play-dicewars.ts';
import { hiveInTerminal, type PlayHiveFlags } from './play-hive.ts';
import { nonagaInTerminal, type PlayNonagaFlags } from './play-nonaga.ts';
import { type PlayTicTacToeFlags, tictactoeInTerminal } from './play-tictactoe.ts';

export type PlayFlags = PlayHiveFlags & PlayDiceWarsFlags & PlayNonagaFlags & PlayTicTacToeFlags;

/** A game in the terminal, by id; `input` is what the people type, line by line. */
export async function playGame(io: CliIo, game: string, flags: PlayFlags, input: AsyncIterable<string>): Promise<void> {
  const id = game.toLowerCase();
  if (id === 'hive') await playInTerminal(io, hiveInTerminal(io, flags), input);
  else if (id === 'nonaga') await playInTerminal(io, nonagaInTerminal(io, flags), input);
  else if (id === 'dicewars') await playInTerminal(io, diceWarsInTerminal(io, flags), input);
  else if (id === 'tictactoe') await playInTerminal(io, tictactoeInTerminal(io, flags), input);
  else throw new UsageError(`console play is for hive, dicewars, nonaga and tictactoe (got "${game}")`);
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
