import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { gameForm } from './create-game.testing.ts';
import { LOCALES } from './i18n/languages.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * What a phone's first screen loads (issue 46, build item 6): the home page draws without any board,
 * the code that plays one (the `play` chunk: sessions, shell, the seats' agents, the record readers;
 * scripts/page-chunks.ts) or the create dialog; each comes when it is first wanted. The modules are
 * told by their chunks' names, which the test first finds in the build, so a renamed chunk fails it
 * rather than passing it unseen.
 */
const site = staticSite();
const LATER = ['play-', 'view-', 'create-game-'] as const;
/**
 * The most script files a game's page may take (its code, its board's, its catalog parts): each is a
 * request, six at a time to one server over HTTP/1.1, and a game page once took 45 of about a kilobyte.
 */
const GAME_PAGE_SCRIPTS = 12;

/** The build's script files loaded by the page so far. */
const scriptsLoaded = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/assets/') && p.endsWith('.js'))
      .map((p) => p.slice('/assets/'.length)),
  );

describe('the first load', () => {
  it('the build has the chunks the home page leaves for later', () => {
    const built = readdirSync(path.join(WEB_DIST, 'assets'));
    for (const prefix of LATER)
      expect(
        built.some((f) => f.startsWith(prefix) && f.endsWith('.js')),
        prefix,
      ).toBe(true);
  });

  it("names in the page's HTML what its first screen loads, and nothing it does not (page-preloads)", async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const html = await (await fetch(site.base, { headers: { 'accept-language': 'es' } })).text();
      const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map((m) => m[1]);
      // What every page of the root address runs (the home page, a game here…) and the reader's
      // catalog, beside the first script; not the home page's own code (a game here does not run it).
      expect(named.some((f) => f?.startsWith('site-'))).toBe(true);
      expect(named.some((f) => f?.startsWith('home-'))).toBe(false);
      expect(named.some((f) => f?.startsWith('i18n-es-common-'))).toBe(true);
      await page.setExtraHTTPHeaders({ 'accept-language': 'es' });
      await page.goto(site.base);
      await expect.poll(() => page.locator('[data-game-card="hive"]').isVisible()).toBe(true);
      const first = await scriptsLoaded(page);
      // Each file named is one the page runs: none fetched for nothing.
      for (const file of named) expect(first, file).toContain(file);
      // And what the first screen runs is named, or comes with the first script, or after the first paint.
      const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
      const later = first.filter((f) => !named.includes(f) && !entry.includes(f));
      expect(later.filter((f) => /^(site|i18n-es-common)-/.test(f))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws the home page without them, and loads the create dialog and a board when asked for', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(site.base);
      await expect.poll(() => page.locator('[data-game-card="hive"]').isVisible()).toBe(true);
      const first = await scriptsLoaded(page);
      expect(first.filter((f) => LATER.some((prefix) => f.startsWith(prefix)))).toEqual([]);
      // The dialog and its forms come with the first click, and the code of the games it starts
      // (the seats' agents are play's); no board yet.
      const form = await gameForm(page, 'Hex');
      await expect.poll(() => form.isVisible()).toBe(true);
      const withDialog = await scriptsLoaded(page);
      expect(withDialog.some((f) => f.startsWith('create-game-'))).toBe(true);
      expect(withDialog.some((f) => f.startsWith('view-'))).toBe(false);
      // A game on this screen brings its board and its session.
      await page.goto(`${site.base}#game=hex&seats=human,human&seed=first-load`);
      await expect.poll(() => page.locator('svg.hex-board').isVisible()).toBe(true);
      const withBoard = await scriptsLoaded(page);
      expect(withBoard.some((f) => f.startsWith('play-'))).toBe(true);
      expect(withBoard.some((f) => f.startsWith('view-'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it(`a game's page comes in at most ${GAME_PAGE_SCRIPTS} script files`, async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(`${site.base}#game=hex&seats=human,human&seed=few-files`);
      await expect.poll(() => page.locator('svg.hex-board').isVisible()).toBe(true);
      const files = await scriptsLoaded(page);
      console.log(`a Hex game's page loaded ${files.length} script files: ${files.join(' ')}`);
      expect(files.length, files.join('\n')).toBeLessThanOrEqual(GAME_PAGE_SCRIPTS);
    } finally {
      await context.close();
    }
  });

  /**
   * Issue 47: the chosen language's catalog grows the first load by at most 10 KB gzipped. The build
   * splits each catalog by page (src/web/i18n/parts.ts): the home page loads its language's common
   * part alone, a game page its play part beside its code.
   */
  const CATALOG_BUDGET = 10 * 1024;
  /** The catalog parts among loaded files, by name (`i18n-ru-common-<hash>.js`: the hash may hold a dash). */
  const catalogParts = (files: readonly string[]) => files.filter((f) => f.startsWith('i18n-'));
  const partName = (file: string) => /^i18n-[a-zA-Z-]+?-(?:common|play|study|people)(?=-)/.exec(file)?.[0] ?? file;
  const gzipped = (file: string) => gzipSync(readFileSync(path.join(WEB_DIST, 'assets', file))).length;

  it.each(LOCALES)('%s: the home page loads the common part of its language’s catalog alone, at most 10 KB gzipped', async (locale) => {
    const context = await site.browser.newContext({ locale, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(site.base);
      await expect.poll(() => page.locator('[data-game-card="hive"]').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      const first = catalogParts(await scriptsLoaded(page));
      expect(first.map(partName)).toEqual([`i18n-${locale}-common`]);
      const bytes = first.reduce((sum, f) => sum + gzipped(f), 0);
      console.log(`${locale}: the first load's catalog is ${bytes} bytes gzipped`);
      expect(bytes).toBeLessThanOrEqual(CATALOG_BUDGET);
      // A game page brings the game pages' part (the board, the controls), still no other language's.
      await page.goto(`${site.base}#game=hex&seats=human,human&seed=first-load`);
      await expect.poll(() => page.locator('svg.hex-board').isVisible()).toBe(true);
      const later = catalogParts(await scriptsLoaded(page)).map(partName);
      expect(later).toContain(`i18n-${locale}-play`);
      expect(later.every((f) => f.startsWith(`i18n-${locale}-`))).toBe(true);
    } finally {
      await context.close();
    }
  });
  /**
   * A game page's first requests go out together, not one after another: its catalog part is asked
   * for beside the common part (not once the common part has come in and run), and an online game's
   * state beside the page's code (not once that code has run). The order is of events in one page:
   * the requests are made in the same task that asks for the common part, which cannot have come back
   * by then.
   */
  it('asks for a game page’s catalog part and an online game’s state beside the common part, not after it', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const seen: string[] = [];
      const name = (url: string) => {
        const p = new URL(url).pathname;
        return p.startsWith('/assets/i18n-') ? partName(p.slice('/assets/'.length)) : p;
      };
      page.on('request', (r) => seen.push(`asked ${name(r.url())}`));
      page.on('requestfinished', (r) => seen.push(`in ${name(r.url())}`));
      page.on('requestfailed', (r) => seen.push(`in ${name(r.url())}`));
      // The app's own asking, without the page's preloads (which ask for the catalog from the HTML: the
      // test above): the page as a build without page-preloads.json serves it.
      await page.route(`${site.base}g/early_read_1`, (route) =>
        route.fulfill({ contentType: 'text/html', body: readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8') }),
      );
      // No server plays online here: the state is refused (404), and the page says so; the asking is what counts.
      await page.goto(`${site.base}g/early_read_1`);
      await expect.poll(() => page.locator('.error[role="alert"]').isVisible()).toBe(true);
      const commonIn = seen.indexOf('in i18n-en-common');
      expect(commonIn, seen.join('\n')).toBeGreaterThan(0);
      expect(seen.indexOf('asked i18n-en-play'), seen.join('\n')).toBeGreaterThan(-1);
      expect(seen.indexOf('asked i18n-en-play'), seen.join('\n')).toBeLessThan(commonIn);
      expect(seen.indexOf('asked /api/games/early_read_1'), seen.join('\n')).toBeGreaterThan(-1);
      expect(seen.indexOf('asked /api/games/early_read_1'), seen.join('\n')).toBeLessThan(commonIn);
      // The early answer is the page's own read: the state is asked for once.
      expect(seen.filter((e) => e === 'asked /api/games/early_read_1')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
