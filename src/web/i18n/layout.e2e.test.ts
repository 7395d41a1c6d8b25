import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outOfView, overflow, SIZES, sitePagesToSee, slug } from '../page-views.testing.ts';
import { screenshot } from '../screenshots.testing.ts';
import { prepareSitePages, type SitePages } from '../site-pages.testing.ts';
import { staticSite } from '../static-site.testing.ts';

/**
 * Every page of the site in the pseudo-locale (en-XA: accented, 40% longer, src/web/i18n/pseudo.ts)
 * and in Japanese, on a laptop (1280×800) and a phone (390×844): nothing runs past the screen's right
 * edge, what matters is in view as the accessibility test asks of English, and a screenshot of each
 * is kept in test-results/i18n/. The site's server playing online in this process (staticSite)
 * serving the built app, as there: the file is about the pages, not the server's process, whose
 * start cost a second process and its imports.
 */
const PATIENCE_MS = 150_000;
const LANGUAGES = [
  // The pseudo-locale is chosen as a developer chooses it: kept on the device.
  { code: 'en-XA', browser: 'en-US', stored: 'en-XA', mark: /⟦/ },
  { code: 'ja', browser: 'ja-JP', stored: null, mark: /[\u3040-\u30ff]/ },
] as const;
type Code = (typeof LANGUAGES)[number]['code'];

/**
 * What a page does in the pseudo-locale that no real language does yet, each named with its reason,
 * left to the page's owner; anything else fails. On a phone, an online game with its seats open: the
 * status and the seat panel 40% longer push the bottom player's strip under the fixed bottom bar (by
 * half a strip; English and Japanese fit).
 */
const KNOWN: readonly { language: Code; page: string; problem: RegExp }[] = [
  {
    language: 'en-XA',
    page: 'online game, seats open',
    problem: /^phone: \[data-testid=(strip-0|clock-0)\] is at .* \(the bottom bar from y \d+\)$/,
  },
];

/**
 * In the pseudo-locale every word a page shows is accented: a run of plain letters is English left on
 * the page. What may stay plain: the site's and the games' names, the test's own data (the player
 * Ana_Lang, the bot hexarena-random, the seed axe, the tournament Hexagon Open, a game's id), a date
 * as Intl writes it for en-XA (English's months); and, named with its reason, an AI seat in the lists
 * of games (home, profile), which the server sends as a bare name beside the players' ("random").
 */
const PLAIN_DATA =
  /\b(hexarena-random|hexarena|Hive|Hex|Nonaga|DiceWars|Tic-tac-toe|Ana_Lang|axe|Hexagon Open)\b|(?<![\w-])[\w-]{12}(?![\w-])|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}(, \d{4})?(, \d{1,2}:\d{2}( [AP]M)?)?|– random\b/g;

/** The page's words in plain letters, each named by where it is (text, or a worded attribute), that are not the data above. */
function englishLeft(page: Page): Promise<string[]> {
  return page
    .evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        const text = (n.textContent ?? '').trim();
        if (!el || el.closest('script, style') || /[⟦⟧]/.test(text)) continue;
        if (el.getClientRects().length === 0 && !el.closest('.visually-hidden')) continue;
        found.push(`text "${text.slice(0, 80)}"`);
      }
      for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = el.getAttribute(name);
          if (value && !/[⟦⟧]/.test(value)) found.push(`${name} "${value.slice(0, 80)}"`);
        }
      return found;
    })
    .then((found) => [...new Set(found)].filter((f) => /[A-Za-z]{3,}/.test(f.replace(/^[a-z-]+ /, '').replace(PLAIN_DATA, ''))));
}

// Every visitor here is one address (127.0.0.1): a household's allowance of requests would not do.
const web = staticSite({ online: { rate: 100_000 } });
/** The site's address without its closing "/", as the paths below are written. */
const server = {
  get base() {
    return web.base.slice(0, -1);
  },
};
let site: SitePages;
const visitors: Partial<Record<`${Code} ${'guest' | 'player'}`, { context: BrowserContext; page: Page }>> = {};
/**
 * The messages a page asked for that its catalog did not have (i18n/index.ts says so in the console,
 * and shows the key): a key of a catalog part (src/web/i18n/parts.ts) the page did not load.
 */
const missing = new Map<Page, string[]>();

beforeAll(async () => {
  mkdirSync('test-results/i18n', { recursive: true });
  site = await prepareSitePages(server.base, 'Ana_Lang');
  for (const language of LANGUAGES)
    for (const who of ['guest', 'player'] as const) {
      const context = await web.browser.newContext({ locale: language.browser });
      context.setDefaultTimeout(PATIENCE_MS);
      if (language.stored) await context.addInitScript((code) => localStorage.setItem('hexarena.lang', code), language.stored);
      if (who === 'player') {
        const [name, value] = site.cookie.split('=') as [string, string];
        await context.addCookies([{ name, value, url: server.base }]);
      }
      const page = await context.newPage();
      const said: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /MISSING_TRANSLATION|Missing message/.test(m.text())) said.push(m.text());
      });
      missing.set(page, said);
      visitors[`${language.code} ${who}`] = { context, page };
    }
});

afterAll(async () => {
  for (const v of Object.values(visitors)) await v?.context.close().catch(() => undefined);
});

for (const language of LANGUAGES)
  describe(`every page in ${language.code}, on a laptop and on a phone: nothing overflows sideways, what matters is in view`, () => {
    for (const p of sitePagesToSee(() => site))
      it(p.name, async () => {
        const page = visitors[`${language.code} ${p.who}`]?.page as Page;
        const said = missing.get(page) as string[];
        said.length = 0;
        await page.goto(server.base + p.path());
        for (const part of p.ready) await page.locator(part).first().waitFor();
        await p.prepare?.(page);
        // The page speaks the language: <html lang>, and its words.
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.code);
        // (Polled: a page whose board loads when drawn shows an empty frame a moment after its status is in.)
        await expect.poll(() => page.locator('main').first().innerText()).toMatch(language.mark);
        const problems: string[] = [];
        for (const size of SIZES) {
          await page.setViewportSize(size);
          for (const selector of p.inView?.[size.name] ?? []) {
            const out = await outOfView(page, selector);
            if (out) problems.push(`${size.name}: ${selector} ${out}`);
          }
          for (const over of await overflow(page)) problems.push(`${size.name}: ${over}`);
          await screenshot(page, `test-results/i18n/${language.code}-${slug(p.name)}-${size.width}x${size.height}.png`);
        }
        // In the pseudo-locale, no English is left on the page (every word from the catalog).
        if (language.code === 'en-XA') expect(await englishLeft(page), `${p.name}: English left`).toEqual([]);
        // Every message it showed was in the parts of the catalog it loaded.
        expect(said, `${p.name} in ${language.code}: messages not loaded`).toEqual([]);
        const known = KNOWN.filter((k) => k.language === language.code && k.page === p.name);
        expect(
          problems.filter((problem) => !known.some((k) => k.problem.test(problem))),
          `${p.name} in ${language.code} (${p.path()})`,
        ).toEqual([]);
      });
  });
