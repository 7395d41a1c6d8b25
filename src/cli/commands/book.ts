import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildBook } from '@hexarena/engines/ai/book.ts';
import { solvableOf } from '@hexarena/engines/ai/perfect.ts';
import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { cliGameOf } from '../games/index.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';

export interface BookFlags {
  readonly depth: number;
  readonly turns: number;
  readonly out: string;
}

/** `hexarena book <game>`: an opening book by deep search, from every start the options allow. */
export async function bookCommand(io: CliIo, gameId: string, flags: BookFlags): Promise<void> {
  const found = findGame(gameId);
  if (!found.ok) throw new UsageError(found.error.message);
  const game: AnyGame = found.value;
  const keyed = solvableOf(game);
  if (!keyed?.search) throw new UsageError(`${game.id} has no search to build a book with`);
  // A game that may start otherwise (Nonaga: either colour first) names every start its book covers.
  const starts = cliGameOf(game.id)?.bookStarts?.() ?? [game.newGame(game.defaultOptions, 'book')];
  const bar = progressBar(io, `${game.id} book`);
  const started = performance.now();
  const book = await buildBook(keyed, starts, { depth: flags.depth, turns: flags.turns, onProgress: (d, t) => bar.update(d, t) });
  bar.finish();
  const out = path.resolve(io.cwd, flags.out);
  await writeFile(out, `${JSON.stringify(book, null, 2)}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  io.stdout(
    `wrote ${formatCount(Object.keys(book.entries).length)} positions (depth ${flags.depth} plies, ${flags.turns} turns) to ${out} in ${seconds} s\n`,
  );
}
