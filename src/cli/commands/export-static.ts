import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { solve } from '../../ai/solver.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';
import { solvableGame } from '../solvable.ts';
import { STATIC_BOARDS } from '../static/boards.ts';
import { buildSite, type SiteMode } from '../static/site.ts';

/** Written beside the pages so that a later export may replace them, and nothing else. */
export const EXPORT_MARKER = '.hexarena-export.json';

interface Marker {
  readonly game: string;
  readonly mode: SiteMode;
  readonly pages: string[];
}

async function readMarker(dir: string): Promise<Marker | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dir, EXPORT_MARKER), 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}

/**
 * Checks that the folder may take the site, and returns the pages an earlier export left there.
 * Nothing is ever deleted that an earlier export did not write.
 */
async function earlierPages(dir: string, force: boolean): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return [];
  }
  if (entries.length === 0) return [];
  const marker = await readMarker(dir);
  if (!marker && !force) throw new UsageError(`${dir} is not empty and holds no earlier export; choose an empty folder or pass --force`);
  return (marker?.pages ?? []).filter((page) => !page.includes('..') && !path.isAbsolute(page));
}

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<unknown>, onBatch?: (done: number) => void): Promise<void> {
  // One write at a time leaves the disk idle between syscalls; all at once exhausts file handles.
  for (let i = 0; i < items.length; i += 128) {
    await Promise.all(items.slice(i, i + 128).map(work));
    onBatch?.(Math.min(items.length, i + 128));
  }
}

export async function exportStaticCommand(
  io: CliIo,
  gameId: string,
  flags: { out: string; mode: SiteMode; force?: boolean },
): Promise<void> {
  const game = solvableGame(gameId);
  const board = STATIC_BOARDS[game.id];
  if (!board) throw new UsageError(`${game.id} has no static board renderer yet`);
  const dir = path.resolve(io.cwd, flags.out);
  const earlier = await earlierPages(dir, flags.force ?? false);

  const started = performance.now();
  const options = game.defaultOptions;
  const start = game.newGame(options, 'export');
  const solveBar = progressBar(io, `solving ${game.id}`);
  const solution = solve(game, start, { onProgress: (p) => solveBar.update(p.done, p.total) });
  solveBar.finish();
  const site = buildSite({ game, options, start, solution, board }, flags.mode);

  const bar = progressBar(io, 'writing pages');
  const folders = new Set([...site.keys()].map((p) => path.dirname(p)));
  for (const folder of folders) await mkdir(path.join(dir, folder), { recursive: true });
  await inBatches(
    earlier.filter((page) => !site.has(page)),
    (page) => rm(path.join(dir, page), { force: true }),
  );
  const files = [...site];
  await inBatches(
    files,
    ([file, html]) => writeFile(path.join(dir, file), html),
    (done) => bar.update(done, files.length),
  );
  const marker: Marker = { game: game.id, mode: flags.mode, pages: [...site.keys()] };
  await writeFile(path.join(dir, EXPORT_MARKER), `${JSON.stringify(marker)}\n`);
  bar.finish();
  const seconds = (performance.now() - started) / 1000;
  io.stdout(
    `wrote ${formatCount(site.size)} pages of ${game.title} (${flags.mode}) to ${dir} in ${seconds.toFixed(2)} s; open ${path.join(dir, 'index.html')}\n`,
  );
}
