import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServedPage } from '../web/page-files.ts';
import { isRecord } from './page-preloads.ts';

/** A page's first markup in a language, or '' (the app draws it from nothing, as before). */
export type PrerenderedOf = (page: ServedPage, language: string) => string;

/**
 * Runs as the page is parsed, before its first paint, since the markup paints before the app's code
 * runs. The address `/` serves the home page and, by its fragment or query, the local pages
 * (`/#analysis…`) that the server never sees: on those it takes the home page's markup away, so what
 * shows first is never another page. And the theme chosen on this device (src/web/settings.ts keeps
 * it) applies from the first paint, not once the app has loaded.
 */
export const HOME_ONLY_SCRIPT =
  "if(location.hash.length>1||location.search.length>1)document.getElementById('app').replaceChildren();" +
  "try{var t=JSON.parse(localStorage.getItem('hexarena.settings')||'{}').theme;if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}";

/** The one inline script the pages run, by its hash: the content security policy allows it and nothing else inline. */
export const HOME_ONLY_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HOME_ONLY_SCRIPT).digest('base64')}'`;

/**
 * prerendered.json as the build writes it (scripts/vite-prerender.ts): the home page's markup by
 * language. A build without it, or with an unreadable one, serves the pages as before.
 */
export async function readPrerendered(staticDir: string): Promise<PrerenderedOf> {
  const home = await readFile(path.join(staticDir, 'prerendered.json'), 'utf8')
    .then((text) => {
      const json: unknown = JSON.parse(text);
      if (!isRecord(json) || !isRecord(json.home)) return null;
      return Object.fromEntries(Object.entries(json.home).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    })
    .catch(() => null);
  return (page, language) => (page === 'root' && home ? (home[language] ?? '') : '');
}

/**
 * `html` (the build's index.html) with `markup` inside the app's element, and the script that keeps
 * it to the home page. The markup is inert until the app has drawn over it (main.tsx): it looks like
 * the page, but nothing in it answers yet.
 */
export function withMarkup(html: string, markup: string): string {
  if (!markup) return html;
  return html.replace('<div id="app"></div>', `<div id="app" inert>${markup}</div><script>${HOME_ONLY_SCRIPT}</script>`);
}
