import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from './i18n/messages/en.ts';
import es from './i18n/messages/es.ts';
import { shifted } from './layout-shifts.testing.ts';
import { FIRST_DRAW_KEYS } from './prerender/as-served.ts';
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

/**
 * Keeps, in the page, the attributes the app's first draw writes in the home page's markup: every
 * one written before the app takes away `inert`, which it does at once after that draw.
 */
function recordFirstDraw(): void {
  const seen: string[] = [];
  const read = new Set<string>();
  Object.assign(window, { firstDraw: { attributes: seen, read, done: false } });
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (this: Storage, key: string) {
    if (!(window as unknown as { firstDraw: { done: boolean } }).firstDraw.done) read.add(key);
    return getItem.call(this, key);
  };
  document.addEventListener('DOMContentLoaded', () => {
    const app = document.getElementById('app') as HTMLElement;
    const state = (window as unknown as { firstDraw: { done: boolean } }).firstDraw;
    new MutationObserver((records) => {
      for (const record of records) {
        if (state.done || record.type !== 'attributes') continue;
        if (record.target === app && record.attributeName === 'inert') state.done = true;
        else seen.push(`${(record.target as Element).tagName}.${record.attributeName}`);
      }
    }).observe(app, { subtree: true, attributes: true });
  });
}

/** What recordFirstDraw kept, once the app has drawn: the attributes written, the storage keys read. */
async function firstDraw(page: Page): Promise<{ attributes: string[]; read: string[] }> {
  await page.waitForFunction(() => (window as unknown as { firstDraw: { done: boolean } }).firstDraw.done);
  return page.evaluate(() => {
    const { attributes, read } = (window as unknown as { firstDraw: { attributes: string[]; read: Set<string> } }).firstDraw;
    return { attributes, read: [...read] };
  });
}

/**
 * The page's elements once the server has said who this is, as markup. A form control's state is
 * its properties (what the server's markup writes as `value` and `selected` attributes, the app sets
 * as properties): those are written out in their place, and each element's attributes in one order.
 */
async function settled(page: Page): Promise<string> {
  await page.waitForFunction(() => document.querySelector('.account-bar:not(.asking)') !== null, undefined, { timeout: 10_000 });
  return page.locator('#app').evaluate((app) => {
    const copy = app.cloneNode(true) as HTMLElement;
    const live = app.querySelectorAll('input, textarea, select, option');
    copy.querySelectorAll('input, textarea, select, option').forEach((element, i) => {
      const control = live[i] as HTMLInputElement | HTMLOptionElement;
      for (const name of ['value', 'selected', 'checked']) element.removeAttribute(name);
      element.setAttribute(
        'data-state',
        control instanceof HTMLOptionElement ? String(control.selected) : `${control.value}|${control.checked}`,
      );
    });
    // Attributes in one order: drawing over markup may write one again after the others.
    for (const element of copy.querySelectorAll('*')) {
      const attributes = [...element.attributes].map((a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
      for (const [name] of attributes) element.removeAttribute(name);
      for (const [name, value] of attributes) element.setAttribute(name, value);
    }
    return copy.innerHTML;
  });
}

/** The home page as the app draws it with no markup to start from (a query at the root: the server's markup is taken away). */
async function drawnFromNothing(context: BrowserContext): Promise<string> {
  const page = await context.newPage();
  try {
    await page.goto(`${site.base}?fresh`);
    await expect.poll(() => page.locator('#app').evaluate((app) => app.childElementCount), { timeout: 10_000 }).toBeGreaterThan(0);
    return await settled(page);
  } finally {
    await page.close();
  }
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

  it("is taken over as it is by a newcomer's app, in each language, and ends as the page drawn from nothing", async () => {
    for (const language of ['en', 'es', 'ru', 'ja']) {
      const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block', locale: language });
      try {
        const page = await context.newPage();
        await page.addInitScript(recordFirstDraw);
        await page.goto(site.base);
        const first = await firstDraw(page);
        // Taken over: no attribute written by the first draw (drawn over, some 180 were).
        expect(first.attributes, language).toEqual([]);
        // What the app checks before taking the markup over is all the first draw reads of this device's storage.
        expect(
          first.read.filter((key) => !FIRST_DRAW_KEYS.includes(key)),
          language,
        ).toEqual([]);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        const fresh = await drawnFromNothing(context);
        await expect.poll(() => settled(page), { timeout: 10_000 }).toBe(fresh);
      } finally {
        await context.close();
      }
    }
  });

  it("is taken over a part at a time: each part's listeners in a task of its own, the page inert until the last", async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block', locale: 'en' });
    try {
      const page = await context.newPage();
      // Each timer's callback is a task: numbered, and each listener put on the page's elements noted with the task it came in.
      await page.addInitScript(() => {
        const state = { task: 0, listeners: [] as { task: number; what: string; inert: boolean }[] };
        Object.assign(window, { takeOver: state });
        const setTimer = window.setTimeout;
        window.setTimeout = ((callback: () => void, ms?: number) =>
          setTimer(() => {
            state.task++;
            callback();
          }, ms)) as typeof window.setTimeout;
        const listen = EventTarget.prototype.addEventListener;
        EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
          const app = document.getElementById('app');
          if (this instanceof Element && app?.contains(this))
            state.listeners.push({
              task: state.task,
              what: `${this.tagName} ${this.getAttribute('aria-label') ?? this.textContent?.trim().slice(0, 30)}`,
              inert: app.hasAttribute('inert'),
            });
          return listen.apply(this, args);
        };
      });
      await page.goto(site.base);
      await page.waitForFunction(() => document.querySelector('#app:not([inert])') !== null);
      const { listeners } = await page.evaluate(
        () => (window as unknown as { takeOver: { listeners: { task: number; what: string; inert: boolean }[] } }).takeOver,
      );
      const taskOf = (what: string) => listeners.find((l) => l.what.startsWith(what))?.task;
      // The parts: the account bar, the settings, the pairing, the start card, each game's card.
      const parts = [
        'BUTTON Menu',
        'SELECT Theme',
        'BUTTON 1+0Hive',
        'BUTTON Create a game',
        'BUTTON Play Tic-tac-toe',
        'BUTTON Play Hive',
        'BUTTON Play Hex',
      ];
      const tasks = parts.map(taskOf);
      expect(
        tasks.every((task) => task !== undefined),
        JSON.stringify(listeners),
      ).toBe(true);
      expect(new Set(tasks).size).toBe(parts.length);
      // Every part was taken over while the page was still inert: nothing answered before its listener was on.
      expect(listeners.filter((l) => !l.inert && parts.some((part) => l.what.startsWith(part)))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is drawn over where this device keeps a setting or a language of its own, and ends as the page drawn from nothing', async () => {
    // Kept here, where the server cannot know them: its markup is the default's, in English. Or the
    // browser asked the server for Spanish but its own languages say English.
    const kept: readonly { what: string; stored: Record<string, string>; lang: string; asked?: string }[] = [
      { what: 'settings', stored: { 'hexarena.settings': JSON.stringify({ theme: 'dark', sound: false }) }, lang: 'en' },
      { what: 'a language', stored: { 'hexarena.lang': 'ru' }, lang: 'ru' },
      { what: 'another language asked for', stored: {}, lang: 'en', asked: 'es' },
    ];
    for (const { what, stored, lang, asked } of kept) {
      const context = await site.browser.newContext({
        viewport: { width: 390, height: 844 },
        serviceWorkers: 'block',
        // The browser's own languages are English either way (Playwright's default), what it asks the server for may not be.
        ...(asked ? { extraHTTPHeaders: { 'accept-language': asked } } : { locale: 'en' }),
      });
      try {
        await context.addInitScript((entries) => {
          for (const [key, value] of entries) localStorage.setItem(key, value);
        }, Object.entries(stored));
        const page = await context.newPage();
        await page.addInitScript(recordFirstDraw);
        await page.goto(site.base);
        expect((await firstDraw(page)).attributes.length, what).toBeGreaterThan(0);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        const fresh = await drawnFromNothing(context);
        await expect.poll(() => settled(page), { timeout: 10_000, message: what }).toBe(fresh);
      } finally {
        await context.close();
      }
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
