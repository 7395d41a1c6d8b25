import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServedPage } from '../web/page-files.ts';

/** page-preloads.json, as the build writes it (scripts/vite-page-preloads.ts). */
interface Written {
  readonly pages: Record<string, readonly string[]>;
  readonly catalogs: Record<string, Record<string, string>>;
  readonly parts: Record<string, readonly string[]>;
}

/** The files a page names for the browser to fetch at once, by the page and the reader's language. */
export type PreloadsOf = (page: ServedPage, language: string) => readonly string[];

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The build's list read and checked; a build without one (or an unreadable one) names nothing more. */
function parseWritten(text: string): Written | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(json) || !isRecord(json.pages) || !isRecord(json.catalogs) || !isRecord(json.parts)) return null;
  if (!Object.values(json.pages).every(isStringList) || !Object.values(json.parts).every(isStringList)) return null;
  if (!Object.values(json.catalogs).every((c) => isRecord(c) && Object.values(c).every((f) => typeof f === 'string'))) return null;
  return json as unknown as Written;
}

/**
 * What each of the app's pages loads as it starts, beyond the first script: its code, its styles and
 * its language's catalog parts. The page's HTML names them (`modulepreload`), so a phone fetches
 * them beside the first script rather than a round trip after it has run.
 */
export async function readPreloads(staticDir: string): Promise<PreloadsOf> {
  const written = await readFile(path.join(staticDir, 'page-preloads.json'), 'utf8')
    .then(parseWritten)
    .catch(() => null);
  if (!written) return () => [];
  const cache = new Map<string, readonly string[]>();
  return (page, language) => {
    const key = `${page} ${language}`;
    const known = cache.get(key);
    if (known) return known;
    const catalog = written.catalogs[language] ?? {};
    const parts = ['common', ...(written.parts[page] ?? [])].flatMap((part) => (catalog[part] ? [catalog[part]] : []));
    const files = [...(written.pages[page] ?? []), ...parts];
    cache.set(key, files);
    return files;
  };
}

/**
 * The `<link>`s that ask for `files`, for the page's `<head>`: scripts as modules, styles as styles —
 * preloaded, or applied before the first paint when the page's markup comes with the HTML
 * (prerendered.ts: drawn without them, it would move when they came). `crossorigin` as the build's
 * own links have it, or the browser would fetch each a second time.
 */
export function preloadLinks(files: readonly string[], styles: 'preload' | 'apply' = 'preload'): string {
  return files
    .map((file) => {
      const href = `/${file.split('/').map(encodeURIComponent).join('/')}`;
      if (!file.endsWith('.css')) return `<link rel="modulepreload" crossorigin href="${href}">`;
      return styles === 'apply'
        ? `<link rel="stylesheet" crossorigin href="${href}">`
        : `<link rel="preload" as="style" crossorigin href="${href}">`;
    })
    .join('');
}
