import path from 'node:path';
import { solve } from '@hexarena/engines/ai/solver.ts';
import { t } from '../../web/i18n/index.ts';
import type { Locale } from '../../web/i18n/languages.ts';
import { displayPath } from '../files.ts';
import { cliGameOf } from '../games/index.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';
import { solvableGame } from '../solvable.ts';
import { inLanguages } from '../static/languages.ts';
import { buildSite, type SiteMode } from '../static/site.ts';
import { earlierPages, writeSite } from '../static/write-site.ts';

export interface ExportStaticFlags {
  readonly out: string;
  readonly mode: SiteMode;
  readonly force?: boolean;
  /** The languages of the pages (English unless asked); several each in a folder of its own. */
  readonly lang?: readonly Locale[];
}

/** `hexarena export-static <game>`: a solved game as a static site, one page per position, in one of its modes. */
export async function exportStaticCommand(io: CliIo, gameId: string, flags: ExportStaticFlags): Promise<void> {
  const game = solvableGame(gameId);
  const board = await cliGameOf(game.id)?.staticBoard?.();
  if (!board) throw new UsageError(`${game.id} has no static board renderer yet`);
  const dir = path.resolve(io.cwd, flags.out);
  const earlier = await earlierPages(io, dir, flags.force ?? false);

  const started = performance.now();
  const options = game.defaultOptions;
  const start = game.newGame(options, 'export');
  const solveBar = progressBar(io, `solving ${game.id}`);
  const solution = solve(game, start, { onProgress: (p) => solveBar.update(p.done, p.total) });
  solveBar.finish();
  const site = inLanguages(
    flags.lang ?? ['en'],
    (lang) => buildSite({ game, options, start, solution, board, lang }, flags.mode),
    () => (flags.mode === 'vs-ai' ? t('static.againstPerfect', { game: game.title }) : game.title),
  );

  await writeSite(io, dir, site, earlier, { game: game.id, mode: flags.mode });
  const seconds = (performance.now() - started) / 1000;
  io.stdout(
    `wrote ${formatCount(site.size)} pages of ${game.title} (${flags.mode}) to ${displayPath(io, dir)} in ${seconds.toFixed(2)} s; open ${displayPath(io, path.join(dir, 'index.html'))}\n`,
  );
}
