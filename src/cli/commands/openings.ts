import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { balancedOpenings } from '@hexarena/engines/ai/openings.ts';
import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { displayPath } from '../files.ts';
import { cliGameOf } from '../games/index.ts';
import { type CliIo, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';

export interface OpeningsFlags {
  readonly count: number;
  readonly plies: number;
  readonly depth: number;
  readonly margin: number;
  readonly seed: string;
  readonly out: string;
}

/**
 * `hexarena openings <game>`: a balanced opening set for `match --openings`, one line an opening in
 * the form the match reads (Hive: a GameString), with how it was made in its first lines.
 */
export async function openingsCommand(io: CliIo, gameId: string, flags: OpeningsFlags): Promise<void> {
  const found = findGame(gameId);
  if (!found.ok) throw new UsageError(found.error.message);
  const game: AnyGame = found.value;
  if (game.stochastic) throw new UsageError(`${game.id} deals its start from the seed: use match --random-opening`);
  const options = game.headlessOptions?.(game.defaultOptions) ?? game.defaultOptions;
  const start = game.newGame(options, flags.seed);
  const bar = progressBar(io, `${game.id} openings`);
  let set: ReturnType<typeof balancedOpenings>;
  try {
    set = balancedOpenings(game, start, { ...flags, onProgress: (kept) => bar.update(kept, flags.count) }, Rng.fromSeed(flags.seed));
  } catch (e) {
    bar.finish();
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  bar.finish();
  const line = cliGameOf(game.id)?.openingLine;
  const lines = await Promise.all(set.map((o) => (line ? line(options, o.moves) : o.moves.join(';'))));
  const out = path.resolve(io.cwd, flags.out);
  const header = [
    `# ${set.length} balanced ${game.title} openings of ${flags.plies} plies, each within ±${flags.margin} of even by a ${flags.depth}-ply search.`,
    `# Made by: hexarena openings ${game.id} --count ${flags.count} --plies ${flags.plies} --depth ${flags.depth} --margin ${flags.margin} --seed ${flags.seed}`,
  ];
  await writeFile(out, `${[...header, ...lines].join('\n')}\n`);
  const worst = Math.max(...set.map((o) => Math.abs(o.score)));
  io.stdout(`${set.length} openings within ±${worst} of even, written to ${displayPath(io, out)}\n`);
}
