import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { solve } from '../../ai/solver.ts';
import { displayPath, fileProblem, makeFolder } from '../files.ts';
import { cliGameOf } from '../games/index.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';
import { solvableGame } from '../solvable.ts';
import { GENERATOR } from '../static/html.ts';
import { buildSite, SITE_MODES, type SiteMode } from '../static/site.ts';

/** Written beside the pages so that a later export may replace them, and nothing else. */
export const EXPORT_MARKER = '.hexarena-export.json';

interface Marker {
  readonly game: string;
  readonly mode: SiteMode;
  readonly pages: string[];
}

/** A page an export writes: `index.html`, `<position>.html` or `<side>/<position>.html`, nothing else. */
const PAGE = /^(?:[\w-]+\/)?[\w-]+\.html$/;

/** The marker of an earlier export, if the folder holds a well-formed one; anything else is no marker. */
async function readMarker(dir: string): Promise<Marker | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path.join(dir, EXPORT_MARKER), 'utf8'));
  } catch {
    return undefined;
  }
  const m = json as Partial<Marker> | null;
  if (typeof m !== 'object' || m === null || typeof m.game !== 'string' || !SITE_MODES.includes(m.mode as SiteMode)) return undefined;
  if (!Array.isArray(m.pages) || !m.pages.every((p) => typeof p === 'string')) return undefined;
  return m as Marker;
}

/** Whether `file` is a page an export wrote: a page's name, and the generator mark inside. */
async function isExportedPage(dir: string, page: string): Promise<boolean> {
  if (!PAGE.test(page)) return false;
  try {
    const head = (await readFile(path.join(dir, page), 'utf8')).slice(0, 512);
    return head.includes(GENERATOR);
  } catch {
    return false;
  }
}

/**
 * Checks that the folder may take the site, and returns the pages an earlier export left there.
 * Nothing is ever deleted that an earlier export did not write: a page must be listed in the
 * marker, be named as pages are, and carry the generator mark.
 */
async function earlierPages(io: CliIo, dir: string, force: boolean): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new UsageError(`--out: cannot use ${displayPath(io, dir)}: ${fileProblem(e)}`);
  }
  if (entries.length === 0) return [];
  const marker = await readMarker(dir);
  if (!marker && !force)
    throw new UsageError(`${displayPath(io, dir)} is not empty and holds no earlier export; choose an empty folder or pass --force`);
  const listed = marker?.pages ?? [];
  const ours = await Promise.all(listed.map((page) => isExportedPage(dir, page)));
  return listed.filter((_, i) => ours[i]);
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
  const site = buildSite({ game, options, start, solution, board }, flags.mode);

  const bar = progressBar(io, 'writing pages');
  const folders = new Set([...site.keys()].map((p) => path.dirname(p)));
  for (const folder of folders) makeFolder(io, path.join(dir, folder));
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
    `wrote ${formatCount(site.size)} pages of ${game.title} (${flags.mode}) to ${displayPath(io, dir)} in ${seconds.toFixed(2)} s; open ${displayPath(io, path.join(dir, 'index.html'))}\n`,
  );
}
