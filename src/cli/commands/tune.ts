import type { TuneFlags } from '../games/cli-game.ts';
import { cliGameOf } from '../games/index.ts';
import { type CliIo, UsageError } from '../io.ts';

export type { TuneFlags };

/** `hexarena tune <game>`: the game's own tuner of its evaluation (hive: docs/tuning.md). */
export async function tuneCommand(io: CliIo, gameId: string, flags: TuneFlags): Promise<void> {
  const tune = cliGameOf(gameId)?.tune;
  if (!tune) throw new UsageError(`tune knows only hive's evaluation, not "${gameId}"`);
  await tune(io, flags);
}
