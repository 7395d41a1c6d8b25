import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result as AxeViolation } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Lanes } from './lanes.testing.ts';
import { local, narrowOverflow, outOfViewAll, SIZES, sitePagesToSee, slug, topBarRows } from './page-views.testing.ts';
import { screenshot } from './screenshots.testing.ts';
import { prepareSitePages, type SitePages } from './site-pages.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * Every page of the site in both themes, checked by axe-core (WCAG 2.1 A and AA, and axe's best
 * practices): the site's server playing online in this process (staticSite) serving the built app,
 * one browser, one page per visitor reused from page to page, three visitors' pages checked at once.
 * Each page is loaded once; the settings bar then switches it to light and to dark, and axe runs on
 * each. The same load is then narrowed to the smallest phones (issue 46's checks, once in
 * phone.e2e.test.ts, which loaded every page again for them): nothing wider than the screen, the top
 * bar in one row, nothing asked of the moderators' routes.
 */
const PATIENCE_MS = 150_000;
const THEMES = ['light', 'dark'] as const;
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
// The minified build: the same axe as axe.js at less than half its size (0.65 MB against 1.5 MB), which
// every document loaded here runs.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Every visitor here is one address (127.0.0.1): a household's allowance of requests would not do.
// The rooms are kept however long the file takes: the player's game under way is TV's only game, and
// let go after the hub's five idle minutes (a loaded machine reaches TV that late), TV would show no
// game and no top bar, and the theme's select would be waited for till the test's limit.
const web = staticSite({ online: { rate: 100_000, hub: { idleMs: 24 * 60 * 60_000 } } });
/** The site's address without its closing "/", as the paths below are written. */
const server = {
  get base() {
    return web.base.slice(0, -1);
  },
};
let site: SitePages;
/** A visitor's page, and what it asked of the moderators' routes (a player who is not one is never refused there, issue 46). */
interface Visitor {
  readonly page: Page;
  readonly askedOfModerators: string[];
}
/**
 * Visitors who are not logged in, and the player of site-pages.testing.ts, logged in: two guests and
 * the player, each a context of their own (a theme chosen in one tab would reach the others of its
 * context), their pages checked at once by the file's concurrent tests.
 */
const visitors = { guest: new Lanes<Visitor>(), player: new Lanes<Visitor>() };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync('test-results/pages', { recursive: true });
  const preparing = prepareSitePages(server.base);
  await Promise.all(
    (['guest', 'guest', 'player'] as const).map(async (who) => {
      // axe is not the site's script: the page's content security policy lets it run (it compiles its
      // messages with new Function, which the site's policy forbids).
      const context = await web.browser.newContext({ bypassCSP: true });
      contexts.push(context);
      context.setDefaultTimeout(PATIENCE_MS);
      // In every document the context opens, before the site's scripts: sent to the browser once, not
      // through the protocol again (0.65 MB) with each document loaded.
      await context.addInitScript({ content: AXE_SOURCE });
      if (who === 'player') {
        const [name, value] = (await preparing).cookie.split('=') as [string, string];
        await context.addCookies([{ name, value, url: server.base }]);
      }
      const page = await context.newPage();
      const askedOfModerators: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/mod/')) askedOfModerators.push(`${r.method()} ${new URL(r.url()).pathname}`);
      });
      visitors[who].add({ page, askedOfModerators });
    }),
  );
  site = await preparing;
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});

/** What a finger plays with on a game page: the controls, the hands, the result's next steps. */
const TOUCH_TARGETS =
  '.game-controls button, .game-controls .button-link, .hand button, .result-card button, .result-card a, .strip-row button';

/** The touch targets smaller than 44×44 px, each named by its text or label and size. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < 43.5 || r.height < 43.5)
        found.push(`${el.getAttribute('aria-label') ?? el.textContent?.trim()}: ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return found;
  }, TOUCH_TARGETS);
}

/** One violation, as a person fixing it needs it: the rule, how bad, what it asks, and where. */
function describeViolation(v: AxeViolation): string {
  const where = v.nodes
    .slice(0, 4)
    .map((n) => `    at ${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`)
    .join('\n');
  return `  ${v.id} (${v.impact}): ${v.help} [${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}]\n${where}`;
}

/**
 * axe's violations on the page as it is. Only they come back: axe details the rules that passed too
 * unless told not to, and carrying those out of the page cost more than the checks themselves.
 */
function axe(page: Page): Promise<AxeResults['violations']> {
  return page.evaluate(
    async (runOnly) =>
      (await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { runOnly, resultTypes: ['violations'] }))
        .violations,
    RULES,
  );
}

describe('every page, on a laptop and on a phone, in both themes: axe finds nothing, what matters is in view, and a screenshot is kept; on the narrowest phones (320 and 360 px) nothing wider than the screen, the top bar in one row', () => {
  for (const p of sitePagesToSee(() => site))
    it.concurrent(p.name, ({ expect }) =>
      visitors[p.who].use(async ({ page, askedOfModerators }) => {
        askedOfModerators.length = 0;
        await page.goto(server.base + p.path());
        for (const part of p.ready) await page.locator(part).first().waitFor();
        await p.prepare?.(page);
        const found: string[] = [];
        const hidden: string[] = [];
        const small: string[] = [];
        for (const [i, size] of SIZES.entries()) {
          await page.setViewportSize(size);
          // Each size in both themes, the second size from the theme the first ended in: one restyle
          // fewer a page, and the page loads in the theme the last one ended in (the settings keep it).
          for (const theme of i % 2 === 0 ? THEMES : [...THEMES].reverse()) {
            await page.getByRole('combobox', { name: 'Theme', exact: true }).selectOption(theme);
            await page.locator(`html[data-theme=${theme}]`).waitFor({ state: 'attached' });
            // axe at each size: a phone's layout is a layout of its own.
            const violations = await axe(page);
            if (violations.length > 0) found.push(`${size.name}, ${theme} theme:\n${violations.map(describeViolation).join('\n')}`);
            await screenshot(page, `test-results/pages/${slug(p.name)}-${size.width}x${size.height}-${theme}.png`);
          }
          for (const [selector, out] of await outOfViewAll(page, p.inView?.[size.name] ?? []))
            if (out) hidden.push(`${size.name}: ${selector} ${out}`);
          if (size.name === 'phone') {
            small.push(...(await smallTargets(page)));
            // The bottom bar holds its controls without scrolling sideways.
            const bar = await page.evaluate(() => {
              const el = document.querySelector('.game-controls');
              return el ? { scroll: el.scrollWidth, width: el.clientWidth } : null;
            });
            if (bar && bar.scroll > bar.width + 1) hidden.push(`phone: the bottom bar scrolls sideways (${bar.scroll} px in ${bar.width})`);
          }
        }
        // Narrower, from the phone's size: the page as loaded, not a first visit at that width.
        const narrow = await narrowOverflow(page, p.name);
        // Back at a common phone's width: the top bar in one row, once the server has said who this is.
        await page.locator('header.topbar :is(.account-bar, .bar-search):not(.asking)').waitFor();
        const topBar = await topBarRows(page);
        expect(found, `${p.name} (${p.path()}):\n${found.join('\n')}`).toEqual([]);
        expect(hidden, `${p.name} (${p.path()}): not in view without scrolling`).toEqual([]);
        expect(small, `${p.name} (${p.path()}): touch targets under 44 px on a phone`).toEqual([]);
        expect(narrow, `${p.name} (${p.path()}): past a narrow phone's screen`).toEqual([]);
        expect(topBar, `${p.name} (${p.path()}): the top bar`).toEqual([]);
        // Nothing asked of /api/mod/ (a 403 and a console error on every game page, before): the session says who moderates.
        expect(askedOfModerators, `${p.name}: asked of the moderators' routes`).toEqual([]);
      }),
    );

  it.concurrent('keyboard play: Tab reaches a board cell of a local Hex game, and Enter plays there', ({ expect }) =>
    visitors.guest.use(async ({ page }) => {
      await page.goto(server.base + local('hex', { size: 7, pie: false }));
      await page.locator('[data-cell]').first().waitFor();
      let cell: string | null = null;
      for (let presses = 0; presses < 30 && cell === null; presses++) {
        await page.keyboard.press('Tab');
        cell = await page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);
      }
      expect(cell, 'Tab never reached a cell').not.toBeNull();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('[data-testid=moves]')?.getAttribute('data-count') === '1');
      expect(await page.getByTestId('moves').getAttribute('data-text')).toBe(cell);
    }));

  it.concurrent('the settings, opened from the top bar on the narrowest phones: nothing wider than the screen', ({ expect }) =>
    visitors.guest.use(async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.base}/`);
      await page.locator('.account-bar').waitFor();
      await page.locator('.settings-menu summary').click();
      await page.getByRole('combobox', { name: 'Theme', exact: true }).waitFor();
      expect(await narrowOverflow(page, 'settings open')).toEqual([]);
    }));
});
