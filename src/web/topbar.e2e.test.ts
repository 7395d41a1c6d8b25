import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { Browser as ApiBrowser, type ServerProcess, signUp, startServer } from '../server/online.testing.ts';
import { launchTestChromium } from './headless-chromium.ts';
import { failureScreenshot, screenshot } from './screenshots.testing.ts';

/**
 * The top bar on a narrow phone (320–390 px), in every language the site speaks and the
 * pseudo-locale (40% longer): the site's name, "hexarena", is whole on every kind of page — none of
 * it clipped, cut to an ellipsis or pushed off the screen — and nothing of the bar runs past the
 * screen's edge. The other items give way (icons, the menu), as lichess's mobile header does. Seen
 * at 360 px as "hexare" on a tournament's page (a page whose bar is PageTop: the name inside the
 * page's h1). A real `hexarena serve` serving the built app, a guest and a signed-in player.
 */
const WIDTHS = [320, 360, 390] as const;
const LANGUAGES = [
  { code: 'en', browser: 'en-US', stored: null },
  { code: 'es', browser: 'es-ES', stored: null },
  { code: 'ru', browser: 'ru-RU', stored: null },
  { code: 'ja', browser: 'ja-JP', stored: null },
  // The pseudo-locale is chosen as a developer chooses it: kept on the device.
  { code: 'en-XA', browser: 'en-US', stored: 'en-XA' },
] as const;
/** A page of each kind of top bar: the home page's, PageTop's (the site's pages), a game's, the editor's, the analysis board's. */
const PAGES = [
  { name: 'home', path: '/' },
  // PageTop's bar, as every site page has it (the leaderboard's, the ladder's…).
  { name: 'tournaments', path: '/tournaments' },
  { name: 'local game', path: '/#game=dicewars&seats=human,easy,easy,easy,easy,easy,easy,easy' },
  { name: 'editor', path: '/#editor&game=hive' },
  { name: 'analysis', path: '/#analysis&game=hive' },
] as const;
const PATIENCE_MS = 60_000;

let server: ServerProcess;
let dataDir: string;
let browser: Browser;
let cookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-topbar-'));
  [server, browser] = await Promise.all([
    startServer(dataDir, { HEXARENA_WEB_DIST: WEB_DIST, HEXARENA_API_RATE: '100000' }),
    launchTestChromium(),
  ]);
  const b = new ApiBrowser(server.base, '127.0.0.1');
  // The longest name an account may have, so the account's part of the bar is as wide as it gets.
  const signed = await signUp(b, 'Wilhelmina_Barr', 'a quiet hexagon at dusk');
  if (signed.status !== 201 || !b.cookie) throw new Error(`sign-up refused: ${signed.text}`);
  cookie = b.cookie;
});

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * How the site's name is cut in the bar at the page's present width, or null when it is whole: the
 * name's box overflows (its scrollWidth past its clientWidth), its text runs past a box around it
 * that clips (an h1 with overflow hidden, text-overflow: ellipsis) or past the screen's edges, or it
 * is not "hexarena". Also what of the bar runs past the screen's right edge.
 */
function cutName(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = document.querySelector<HTMLElement>('.topbar .home-link');
    if (!name) return ['no .home-link in the bar'];
    if ((name.textContent ?? '').trim() !== 'hexarena') problems.push(`the name reads "${name.textContent}"`);
    if (name.scrollWidth > name.clientWidth) problems.push(`the name's box scrolls (${name.scrollWidth} > ${name.clientWidth})`);
    const range = document.createRange();
    range.selectNodeContents(name);
    const text = range.getBoundingClientRect();
    if (text.left < -0.5 || text.right > width + 0.5)
      problems.push(`the name runs off the screen (${text.left}–${text.right} of ${width})`);
    for (let box = name.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const r = box.getBoundingClientRect();
      if (text.left < r.left - 0.5 || text.right > r.right + 0.5)
        problems.push(
          `the name (${text.left}–${text.right}) is clipped by ${box.tagName.toLowerCase()}.${box.className} (${r.left}–${r.right})`,
        );
    }
    for (const item of document.querySelectorAll<HTMLElement>('.topbar > *')) {
      const r = item.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 0.5)
        problems.push(`${item.tagName.toLowerCase()}.${item.className} ends at ${r.right} of ${width}`);
    }
    return problems;
  });
}

/**
 * What the bar left out at 320 px is in its settings menu: the theme's choice and the sounds, in
 * view when the menu opens (a screenshot of it kept). What is wrong, or nothing.
 */
async function foldedSettings(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 320, height: 844 });
  const bar = page.locator('.topbar .settings');
  const inBar = bar.locator('> .theme-choice, > .sound-toggle');
  for (const item of await inBar.all()) if (await item.isVisible()) return ['theme or sound still in the bar'];
  await bar.locator('.settings-menu summary').click();
  const folded = [bar.locator('.settings-folded select'), bar.locator('.settings-folded input[type=checkbox]')];
  const problems: string[] = [];
  for (const control of folded) {
    await control.waitFor();
    const box = await control.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > 320) problems.push(`a folded setting is at ${JSON.stringify(box)}`);
  }
  await screenshot(page, `test-results/topbar/${await page.evaluate(() => document.documentElement.lang)}-settings-320.png`);
  await bar.locator('.settings-menu summary').click();
  return problems;
}

describe('the top bar on a narrow phone keeps the site’s name whole', () => {
  it.each(LANGUAGES)(
    '$code: every kind of bar (a player with the longest name; a guest’s home page), at 320, 360 and 390 px',
    async (language) => {
      const found: string[] = [];
      // One browser for both: the guest's page first, then the same page signed in (the session's
      // cookie added), as a guest who signs in; a context and its first page cost seconds on a loaded machine.
      const context = await browser.newContext({ locale: language.browser, viewport: { width: 390, height: 844 } });
      context.setDefaultTimeout(PATIENCE_MS);
      try {
        if (language.stored) await context.addInitScript((code) => localStorage.setItem('hexarena.lang', code), language.stored);
        const page = await context.newPage();
        for (const who of ['guest', 'player'] as const) {
          if (who === 'player') {
            const [key, value] = cookie.split('=') as [string, string];
            await context.addCookies([{ name: key, value, url: server.base }]);
          }
          // A guest's bar is narrower than a player's with the longest name: its home page's is enough.
          for (const shown of who === 'guest' ? PAGES.slice(0, 1) : PAGES) {
            await page.goto(`${server.base}${shown.path}`);
            // The bar as it stays: the catalog's words in, the account answered (its parts laid out), the fonts in.
            await page.locator('.topbar .home-link').waitFor();
            await page.waitForFunction(() => document.querySelector('.topbar .asking') === null && document.documentElement.lang !== '');
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            for (const width of WIDTHS) {
              await page.setViewportSize({ width, height: 844 });
              await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
              const problems = await cutName(page);
              if (problems.length > 0) {
                found.push(...problems.map((p) => `${who} ${shown.name} ${width}px: ${p}`));
                await failureScreenshot(page, `test-results/topbar/${language.code}-${who}-${shown.name.replace(/ /g, '-')}-${width}.png`);
              } else if (width === 360)
                await screenshot(page, `test-results/topbar/${language.code}-${who}-${shown.name.replace(/ /g, '-')}-360.png`);
            }
            if (shown.name === 'home') found.push(...(await foldedSettings(page)).map((p) => `${who} home 320px, its settings menu: ${p}`));
          }
        }
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    },
  );
});
