import path from 'node:path';
import { findGame } from '@hexarena/engines/games/index.ts';
import { puzzleGameOf } from '../../puzzles/mine.ts';
import { parsePuzzleSet } from '../../puzzles/puzzle-set.ts';
import { t } from '../../web/i18n/index.ts';
import type { Locale } from '../../web/i18n/languages.ts';
import { displayPath, readSmallFile } from '../files.ts';
import { cliGameOf } from '../games/index.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';
import { inLanguages } from '../static/languages.ts';
import { buildPuzzleSite } from '../static/puzzle-site.ts';
import type { Site } from '../static/site.ts';
import { earlierPages, writeSite } from '../static/write-site.ts';

export interface ExportPuzzlesFlags {
  readonly game?: string;
  readonly from?: string;
  readonly out: string;
  readonly force?: boolean;
  /** The languages of the pages (English unless asked); several each in a folder of its own. */
  readonly lang?: readonly Locale[];
}

/** A puzzle file is smaller than this: a set is meant to be read page by page, not by the million. */
const MAX_PUZZLE_FILE_BYTES = 8 * 1024 * 1024;

/**
 * `hexarena export-static puzzles --game <game>`: a puzzle set (the one shipped for the game, or
 * `--from` a file `hexarena puzzles mine` wrote) as linked static pages, no script, no CSS.
 */
export async function exportPuzzlesCommand(io: CliIo, flags: ExportPuzzlesFlags): Promise<void> {
  if (!flags.game) throw new UsageError('export-static puzzles: say which game with --game <game> (hive, nonaga or hex)');
  const found = findGame(flags.game);
  if (!found.ok) throw new UsageError(found.error.message);
  const game = puzzleGameOf(found.value);
  if (!game)
    throw new UsageError(
      `${found.value.id} has no puzzles: its positions cannot be proved by search (${found.value.stochastic ? 'dice decide' : 'no in-place search'})`,
    );
  const pages = await cliGameOf(game.id)?.puzzlePages?.();
  if (!pages) throw new UsageError(`${game.id} has no puzzle pages: hexarena draws no static picture of its board`);

  let json: unknown = pages.shipped;
  let from = `the ${game.id} puzzles shipped with hexarena`;
  if (flags.from) {
    from = displayPath(io, path.resolve(io.cwd, flags.from));
    const text = readSmallFile(io, flags.from, '--from', MAX_PUZZLE_FILE_BYTES);
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`--from: ${from} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const set = parsePuzzleSet(json);
  if (!set.ok) throw new UsageError(`--from: ${from}: ${set.error.message}`);
  if (set.value.game !== game.id) throw new UsageError(`--from: ${from} holds ${set.value.game} puzzles, not ${game.id}`);

  const dir = path.resolve(io.cwd, flags.out);
  const earlier = await earlierPages(io, dir, flags.force ?? false);
  const started = performance.now();
  const languages = flags.lang ?? ['en'];
  const bar = progressBar(io, `${game.id} puzzles`);
  const pagesIn = (lang: Locale): Site => {
    const built = buildPuzzleSite({
      game,
      set: set.value,
      picture: pages.picture,
      lang,
      onPuzzle: (done, total) => bar.update(done + total * languages.indexOf(lang), total * languages.length),
    });
    if (!built.ok) throw new UsageError(`${from}: ${built.error.message}`);
    return built.value;
  };
  let site: Site;
  try {
    site = inLanguages(languages, pagesIn, () => t('static.puzzle.title', { game: game.title }));
  } finally {
    bar.finish();
  }
  await writeSite(io, dir, site, earlier, { game: game.id, mode: 'puzzles' });
  const seconds = (performance.now() - started) / 1000;
  io.stdout(
    `wrote ${formatCount(site.size)} ${site.size === 1 ? 'page' : 'pages'} for ${formatCount(set.value.puzzles.length)} ${game.title} puzzles to ${displayPath(io, dir)} in ${seconds.toFixed(2)} s; open ${displayPath(io, path.join(dir, 'index.html'))}\n`,
  );
}
