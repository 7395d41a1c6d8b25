import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { gameForm } from './create-game.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * What a phone's first screen loads (issue 46, build item 6): the home page draws without any board,
 * the sessions that play one, the create dialog, the seats' agents or the record readers; each comes
 * when it is first wanted. The modules are told by their chunks' names (vite names a chunk for its
 * first module), which the test first finds in the build, so a renamed chunk fails it rather than
 * passing it unseen.
 */
const site = staticSite();
const LATER = ['sessions-', 'view-', 'create-game-', 'record-file-', 'setup-'] as const;

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

  it('draws the home page without them, and loads the create dialog and a board when asked for', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(site.base);
      await expect.poll(() => page.locator('[data-game-card="hive"]').isVisible()).toBe(true);
      const first = await scriptsLoaded(page);
      expect(first.filter((f) => LATER.some((prefix) => f.startsWith(prefix)))).toEqual([]);
      // The dialog, its forms and the seats' agents come with the first click.
      const form = await gameForm(page, 'Hex');
      await expect.poll(() => form.isVisible()).toBe(true);
      const withDialog = await scriptsLoaded(page);
      expect(withDialog.some((f) => f.startsWith('create-game-'))).toBe(true);
      expect(withDialog.some((f) => f.startsWith('sessions-'))).toBe(false);
      // A game on this screen brings its board and its session.
      await page.goto(`${site.base}#game=hex&seats=human,human&seed=first-load`);
      await expect.poll(() => page.locator('svg.hex-board').isVisible()).toBe(true);
      const withBoard = await scriptsLoaded(page);
      expect(withBoard.some((f) => f.startsWith('sessions-'))).toBe(true);
      expect(withBoard.some((f) => f.startsWith('view-'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
