import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staticSite } from './static-site.testing.ts';

/**
 * The boards' life in the browser (issue 30 item 5): the last move marked where it went, a move
 * that slides only when the player allows motion, the board theme on the root following the
 * setting. As src/web/e2e.test.ts: the app vitest's global set-up built, the real server in this
 * process, Debian's chromium, one browser for the file.
 */
const PATIENCE_MS = 150_000;
const site = staticSite();

/** A page in a context of its own (reduced motion, say), closed however the test ends. */
async function withPage(options: BrowserContextOptions, body: (page: Page) => Promise<void>): Promise<void> {
  const context = await site.browser.newContext(options);
  context.setDefaultTimeout(PATIENCE_MS);
  // Every animation the page starts, counted from the first script on (the slides are short: a
  // count cannot miss one that ended before the test looked).
  await context.addInitScript(() => {
    const w = window as unknown as { animated: string[] };
    w.animated = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes, options) {
      w.animated.push(`${this.getAttribute('data-piece') ?? this.tagName} ${JSON.stringify(keyframes)}`);
      return animate.call(this, keyframes, options);
    };
  });
  try {
    await body(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Four placements in: White may move its queen. */
const HIVE = `#game=hive&seats=human,human&seed=life&moves=${encodeURIComponent('wS1;bS1 wS1-;wQ -wS1;bQ bS1-')}`;

/**
 * Moves White's queen to the first place the board offers; resolves, in the same task as the click's
 * render, with the destination, the cell marked as the last move, and the animations running then.
 */
async function moveQueen(page: Page): Promise<{ dest: string; marked: string[]; running: number }> {
  await page.goto(site.base + HIVE);
  await page.locator('[data-piece="wQ"]').click();
  await page.locator('svg.hive g.spot.dest').first().waitFor();
  return page.evaluate(async () => {
    const spot = document.querySelector('svg.hive g.spot.dest') as SVGGElement;
    const dest = spot.getAttribute('data-cell') as string;
    spot.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // The board redraws on the next turn of the event loop: wait for the queen there, no longer.
    while (document.querySelector(`svg.hive g[data-cell="${dest}"][data-piece="wQ"]`) === null) await new Promise((r) => setTimeout(r));
    const marked = [...document.querySelectorAll('svg.board g.last-move')].map((g) => g.getAttribute('data-cell') as string);
    return { dest, marked, running: document.getAnimations().length };
  });
}

const animated = (page: Page) => page.evaluate(() => (window as unknown as { animated: string[] }).animated);

describe("the boards' life", () => {
  it('a Hive piece slides to its new cell, which is marked as the last move', async () => {
    await withPage({}, async (page) => {
      const { dest, marked, running } = await moveQueen(page);
      expect(marked).toEqual([dest]);
      expect(running).toBeGreaterThan(0);
      expect((await animated(page)).filter((a) => a.startsWith('wQ ') && a.includes('translate('))).toHaveLength(1);
      // The move list agrees: the queen's move is the fifth.
      await expect.poll(() => page.getByTestId('moves').getAttribute('data-count')).toBe('5');
    });
  });

  it('nothing moves when the player prefers reduced motion; the mark is there all the same', async () => {
    await withPage({ reducedMotion: 'reduce' }, async (page) => {
      const { dest, marked, running } = await moveQueen(page);
      expect(marked).toEqual([dest]);
      expect(running).toBe(0);
      expect(await animated(page)).toEqual([]);
    });
  });

  it('tic-tac-toe and Hex mark the last move too, and only it', async () => {
    await withPage({}, async (page) => {
      await page.goto(`${site.base}?game=tictactoe&seats=human,human&seed=mark`);
      await page.locator('[data-cell=b2]').click();
      await expect.poll(() => page.locator('svg.board g.last-move').getAttribute('data-cell')).toBe('b2');
      await page.locator('[data-cell=a1]').click();
      await expect.poll(() => page.locator('svg.board g.last-move').getAttribute('data-cell')).toBe('a1');
      expect(await page.locator('svg.board g.last-move').count()).toBe(1);

      await page.goto(
        `${site.base}?game=hex&seats=human,human&seed=mark&options=${encodeURIComponent(JSON.stringify({ size: 5, pie: false }))}`,
      );
      await page.locator('[data-cell=c3]').click();
      await expect.poll(() => page.locator('svg.board g.last-move').getAttribute('data-cell')).toBe('c3');
    });
  });

  it('the board theme on the root follows the setting: from the start, and at once when another tab changes it', async () => {
    await withPage({}, async (page) => {
      await page.goto(`${site.base}?game=tictactoe&seats=human,human&seed=theme`);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.boardTheme)).toBe('classic');
      const background = () => page.locator('svg.board').evaluate((svg) => getComputedStyle(svg).backgroundColor);
      const classic = await background();
      // The settings as another tab saves them: this page takes them on at once.
      const other = await page.context().newPage();
      await other.goto(`${site.base}?game=tictactoe&seats=human,human&seed=other`);
      await other.evaluate(() => {
        const saved = JSON.parse(localStorage.getItem('hexarena.settings') ?? '{}');
        localStorage.setItem('hexarena.settings', JSON.stringify({ ...saved, boardTheme: 'wood', pieceLook: 'glyphs' }));
      });
      await page.waitForFunction(() => document.documentElement.dataset.boardTheme === 'wood');
      expect(await page.evaluate(() => document.documentElement.dataset.pieceLook)).toBe('glyphs');
      expect(await background()).not.toBe(classic);
      // And from the first paint of a page opened after.
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.dataset.boardTheme)).toBe('wood');
    });
  });
});
