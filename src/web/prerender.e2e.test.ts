import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from './i18n/messages/en.ts';
import es from './i18n/messages/es.ts';
import { shifted } from './layout-shifts.testing.ts';
import { prepareSitePages } from './site-pages.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * The home page comes in its HTML (scripts/vite-prerender.ts, src/server/prerendered.ts): a phone
 * paints it before any script has run, and the app then draws over those same elements — nothing
 * replaced, nothing moved. On the root's other addresses (`/#analysis…`), which the server never
 * sees, the home page never shows.
 */
const site = staticSite({ online: { rate: 100_000 } });

/** The page with the app's first script held back until `release` is called. */
async function withScriptHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe("the home page in the page's HTML", () => {
  it('is painted with no script at all, in the reader’s language', async () => {
    const context = await site.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'accept-language': 'es' },
    });
    try {
      const page = await context.newPage();
      await page.goto(site.base);
      await expect.poll(() => page.locator('#quick-pairing-title').textContent()).toBe(es['pairing.title']);
      expect(await page.locator('h1.home-link').isVisible()).toBe(true);
      expect(await page.locator('[data-game-card]').count()).toBe(5);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      await page.screenshot({ path: 'test-results/home-before-scripts-phone.png' });
    } finally {
      await context.close();
    }
  });

  it('is drawn over by the app: the same elements, one page, nothing moved, no error', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      page.on('console', (message) => {
        // The test's own blocking of the service worker (playwright says so) is no fault of the page's.
        if ((message.type() === 'error' || message.type() === 'warning') && !message.text().includes('blocked by Playwright'))
          errors.push(message.text());
      });
      const release = await withScriptHeld(page);
      await page.goto(site.base, { waitUntil: 'commit' });
      const title = page.locator('#quick-pairing-title');
      await title.waitFor();
      expect(await title.textContent()).toBe(en['pairing.title']);
      // A mark the app's drawing cannot see: it stays on an element only if the app kept that element.
      await title.evaluate((element) => Object.assign(element, { seenBeforeScripts: true }));
      // Nothing in it answers before the app has drawn: a click would go nowhere.
      expect(await page.locator('#app').getAttribute('inert')).toBe('');
      release();
      // The app has drawn, and the server has said who this is: the account bar is no longer asking.
      await page.waitForFunction(() => document.querySelector('.account-bar:not(.asking)') !== null);
      expect(await title.evaluate((element) => (element as HTMLElement & { seenBeforeScripts?: boolean }).seenBeforeScripts)).toBe(true);
      expect(await page.locator('#app').getAttribute('inert')).toBeNull();
      expect(await page.locator('main').count()).toBe(1);
      expect(await page.locator('[data-game-card]').count()).toBe(5);
      expect(await shifted(page)).toBeLessThan(0.01);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps its place on a desk as the server answers: the lobby, the live game and the tournaments arrive, nothing moves', async () => {
    // A game under way (shown live), an open game in the lobby, a tournament: each arrives after the first paint.
    await prepareSitePages(site.base.replace(/\/$/, ''));
    const context = await site.browser.newContext({ viewport: { width: 1350, height: 940 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      // Every number or date format the page makes: the first loads the browser's number data, a long
      // task on a phone (src/web/i18n/message-format.ts); the home page's counts and ratings need none.
      // As text: a function would reach the page compiled by the test's transform, with its helpers.
      await page.addInitScript(`{
        const made = [];
        window.formatsMade = made;
        for (const name of ['NumberFormat', 'DateTimeFormat']) {
          const Format = Intl[name];
          const Counted = function (...args) {
            made.push(name + '(' + JSON.stringify(args) + ')');
            return new Format(...args);
          };
          Counted.prototype = Format.prototype;
          Counted.supportedLocalesOf = (...args) => {
            made.push(name + '.supportedLocalesOf');
            return Format.supportedLocalesOf(...args);
          };
          Intl[name] = Counted;
        }
      }`);
      await page.goto(site.base);
      await page.locator('[data-testid="home-tv"]').waitFor();
      await page.locator('.lobby tr[data-game]').first().waitFor();
      await page.locator('.home-tournaments li').first().waitFor();
      // The shelf is in view on a desk: it is what moved when the side column grew under it.
      expect(await page.locator('.game-shelf h2').isVisible()).toBe(true);
      expect(await shifted(page)).toBeLessThan(0.01);
      // The live game's rating, the lobby's and pools' counts are on the page, written with no format made.
      expect(await page.locator('[data-testid="home-tv"]').textContent()).toMatch(/\(\d{3,4}\)/);
      expect(await page.evaluate(() => (window as unknown as { formatsMade: string[] }).formatsMade)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps its place on a phone as the server answers: the tournaments card arrives below the games, nothing moves', async () => {
    // Its own player, so the file's tests need not run in order: a tournament, an open and a live game.
    await prepareSitePages(site.base.replace(/\/$/, ''), 'Grace_Hopper');
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(site.base);
      await page.locator('.lobby tr[data-game]').first().waitFor();
      await page.locator('.home-tournaments li').first().waitFor();
      // On a phone the page is one column: the card that arrives last comes after the games' shelf, as on a
      // desk, not above the ways to start (where it pushed everything down as it came).
      const top = (selector: string) => page.locator(selector).evaluate((e) => e.getBoundingClientRect().top);
      expect(await top('.home-tournaments')).toBeGreaterThan(await top('.game-shelf'));
      expect(await top('.start')).toBeLessThan(await top('.quick-pairing'));
      expect(await shifted(page)).toBeLessThan(0.01);
    } finally {
      await context.close();
    }
  });

  it('is painted in the theme chosen on this device, from the first paint', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(site.base);
      await page.evaluate(() => localStorage.setItem('hexarena.settings', JSON.stringify({ theme: 'dark' })));
      const release = await withScriptHeld(page);
      await page.goto(site.base, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.readyState !== 'loading');
      expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
      expect(await page.locator('#quick-pairing-title').isVisible()).toBe(true);
      await page.screenshot({ path: 'test-results/home-before-scripts-dark-phone.png' });
      release();
    } finally {
      await context.close();
    }
  });

  it("is never shown at the root's other addresses: an analysis board's address shows the board alone", async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const release = await withScriptHeld(page);
      await page.goto(`${site.base}#analysis&game=hive`, { waitUntil: 'commit' });
      // Parsed to the end (the inline script has run), the app's script not yet in: nothing drawn.
      await page.waitForFunction(() => document.readyState !== 'loading');
      expect(await page.locator('#app').evaluate((app) => app.childElementCount)).toBe(0);
      release();
      await page.locator('main').first().waitFor();
      expect(await page.locator('main.home').count()).toBe(0);
      expect(await page.locator('#quick-pairing-title').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
