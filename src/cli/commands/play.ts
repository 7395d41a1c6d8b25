import process from 'node:process';
import { createInterface } from 'node:readline';
import { type CliIo, UsageError } from '../io.ts';
import { type PlayDiceWarsFlags, playDiceWars } from './play-dicewars.ts';
import { type PlayHiveFlags, playHive } from './play-hive.ts';
import { type PlayNonagaFlags, playNonaga } from './play-nonaga.ts';

export type PlayFlags = PlayHiveFlags & PlayDiceWarsFlags & PlayNonagaFlags;

/** `hexarena play <game>`: a game in the terminal, reading moves from stdin. */
export async function playCommand(io: CliIo, game: string, flags: PlayFlags): Promise<void> {
  const id = game.toLowerCase();
  if (id !== 'hive' && id !== 'dicewars' && id !== 'nonaga')
    throw new UsageError(`console play is for hive, dicewars and nonaga (got "${game}")`);
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  try {
    if (id === 'hive') await playHive(io, flags, lines);
    else if (id === 'nonaga') await playNonaga(io, flags, lines);
    else await playDiceWars(io, flags, lines);
  } finally {
    lines.close();
  }
}
