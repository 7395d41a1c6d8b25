import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { displayPath, fileProblem, makeFolder } from '../files.ts';
import { type CliIo, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';
import { GENERATOR } from './html.ts';
import { SITE_MODES, type Site } from './site.ts';

/** Written beside the pages so that a later export may replace them, and nothing else. */
export const EXPORT_MARKER = '.hexarena-export.json';

/** What an export is: a solved game's site in one of its modes, or a set of puzzles. */
export const EXPORT_KINDS = [...SITE_MODES, 'puzzles'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

interface Marker {
  readonly game: string;
  readonly mode: ExportKind;
  readonly pages: string[];
}

/**
 * A page an export writes: `index.html`, `<page>.html`, `<folder>/<page>.html`, or either in a
 * language's folder (`es/<folder>/<page>.html`, export-static --lang all); nothing else.
 */
const PAGE = /^(?:[\w-]+\/){0,2}[\w-]+\.html$/;

/** The marker of an earlier export, if the folder holds a well-formed one; anything else is no marker. */
async function readMarker(dir: string): Promise<Marker | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path.join(dir, EXPORT_MARKER), 'utf8'));
  } catch {
    return undefined;
  }
  const m = json as Partial<Marker> | null;
  if (typeof m !== 'object' || m === null || typeof m.game !== 'string' || !EXPORT_KINDS.includes(m.mode as ExportKind)) return undefined;
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
export async function earlierPages(io: CliIo, dir: string, force: boolean): Promise<string[]> {
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

/**
 * Writes the site into `dir` (checked first with `earlierPages`), deletes the pages of the earlier
 * export that this one does not write, and leaves the marker that lists this export's pages.
 */
export async function writeSite(
  io: CliIo,
  dir: string,
  site: Site,
  earlier: readonly string[],
  what: Omit<Marker, 'pages'>,
): Promise<void> {
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
  const marker: Marker = { ...what, pages: [...site.keys()] };
  await writeFile(path.join(dir, EXPORT_MARKER), `${JSON.stringify(marker)}\n`);
  bar.finish();
}
