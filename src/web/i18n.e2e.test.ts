import { SURROUNDED_IN_23 } from '@hexarena/engines/games/hive/testing.ts';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog } from './i18n/catalog.ts';
import { formatDay, type MessageKey, type MessageValues, setCatalog, t } from './i18n/index.ts';
import type { Locale } from './i18n/languages.ts';
import es from './i18n/messages/es.ts';
import ja from './i18n/messages/ja.ts';
import ru from './i18n/messages/ru.ts';
import { failureScreenshot, screenshot } from './screenshots.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * The app in Spanish, Russian and Japanese (docs/translating.md): a browser whose language is one of
 * them gets the page in it — `<html lang>`, the home page's and a Hive game's words from that
 * language's catalog, Russian's plurals — and a language chosen in the settings menu holds through a
 * reload. A browser in a language the site does not speak gets English. As src/web/e2e.test.ts: the
 * app vitest's global set-up built, the real server in this process, Debian's chromium.
 */
const PATIENCE_MS = 150_000;
// Online too: accounts, open games in the lobby, a refusal from the server, a profile.
const site = staticSite({ online: { rate: 100_000 } });
const DAY_MS = 86_400_000;

/**
 * The file's page in a browser of each language, kept from test to test: before each use it goes blank
 * and the site's cookies and storage are wiped, so each test starts from a new document with nothing
 * kept, as a new visitor's; only the browser's cache of the app's files is kept. A fresh context a
 * test cost a new renderer and the app's scripts fetched and compiled again.
 */
const browsers = new Map<string, { context: BrowserContext; page: Page; storage: CDPSession }>();

afterAll(async () => {
  for (const b of browsers.values()) await b.context.close().catch(() => undefined);
});

/** A page in a browser whose language is `browserLocale` (navigator.languages and Accept-Language alike). */
async function inBrowserOf(browserLocale: string, shot: string, body: (page: Page) => Promise<void>): Promise<void> {
  let kept = browsers.get(browserLocale);
  if (kept) {
    // Off the site first, so that nothing of the last test's document runs, then all it kept wiped.
    await kept.page.goto('about:blank');
    await kept.context.clearCookies();
    await kept.storage.send('Storage.clearDataForOrigin', {
      origin: site.base.slice(0, -1),
      storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems',
    });
  } else {
    const context = await site.browser.newContext({ locale: browserLocale, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(PATIENCE_MS);
    const page = await context.newPage();
    kept = { context, page, storage: await context.newCDPSession(page) };
    browsers.set(browserLocale, kept);
  }
  const { page } = kept;
  try {
    await body(page);
    await screenshot(page, `test-results/${shot}.png`, { fullPage: true });
  } catch (error) {
    await failureScreenshot(page, `test-results/${shot}-failed.png`, { fullPage: true });
    throw error;
  }
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const status = (page: Page) => page.getByTestId('status').textContent();
/** White surrounds Black's queen on the 23rd move: the game before it, and that move. */
const BEFORE_LAST = SURROUNDED_IN_23.slice(0, -1);
const LAST = SURROUNDED_IN_23.at(-1) as string;

const CASES: readonly {
  locale: Locale;
  browser: string;
  catalog: typeof es;
  /** Black's queen surrounded, as the result card says it. */
  result: string;
  /** DiceWars' four-player pool, counted in the language's plural. */
  fourPlayers: string;
  /** Correspondence games of 1, 3 and 5 days a move, as the lobby says them (Russian's 1, 2–4 and 5+ forms). */
  days: readonly [string, string, string];
}[] = [
  {
    locale: 'es',
    browser: 'es-MX',
    catalog: es,
    result: 'Victoria de Blancas (reina rodeada)',
    fourPlayers: '4 jugadores',
    days: ['1 día por jugada', '3 días por jugada', '5 días por jugada'],
  },
  {
    locale: 'ru',
    browser: 'ru-RU',
    catalog: ru,
    result: 'Победа: Белые (пчеломатка окружена)',
    fourPlayers: '4 игрока',
    days: ['1 день на ход', '3 дня на ход', '5 дней на ход'],
  },
  {
    locale: 'ja',
    browser: 'ja-JP',
    catalog: ja,
    result: '白の勝ち (女王蜂が包囲された)',
    fourPlayers: '4人',
    days: ['1 手 1 日', '1 手 3 日', '1 手 5 日'],
  },
];

/** A message of `catalog` as the app formats it (the catalog spoken here, under Node). */
function said(locale: Locale, catalog: typeof es, key: MessageKey, values?: MessageValues): string {
  setCatalog(locale, catalog as Catalog);
  return t(key, values);
}

/** Asks the site's API from the page (its session cookie, its origin), and gives the answer's JSON. */
const ask = (page: Page, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> =>
  page.evaluate(
    async ({ path, body }) => {
      const r = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: r.status, json: (await r.json().catch(() => ({}))) as Record<string, unknown> };
    },
    { path, body },
  );

describe('the app in the player’s language', () => {
  it.each(CASES)('$locale: the home page and a Hive game to its result speak the browser’s language', async (c) => {
    await inBrowserOf(c.browser, `i18n-${c.locale}-home`, async (page) => {
      const answer = await page.goto(site.base);
      // The server already wrote the language into the page (Accept-Language); the app agrees.
      expect(await answer?.text()).toContain(`<html lang="${c.locale}">`);
      await page.getByRole('button', { name: c.catalog['home.createGame'] }).waitFor();
      expect(await lang(page)).toBe(c.locale);
      await expect.poll(() => page.locator('h2#quick-pairing-title').textContent()).toBe(c.catalog['pairing.title']);
      expect(await page.locator('.game-shelf h2').textContent()).toBe(c.catalog['home.games']);
      // "4 players" in the language's plural (Russian's 2–4 form: игрока).
      expect(await page.locator('[data-pool="dicewars-5+3-4p"] .pool-game').textContent()).toContain(c.fourPlayers);
      // The account bar (held unseen here: this server has no accounts) in the language too.
      expect(await page.locator('.account-bar a[href="/leaderboard"]').textContent()).toBe(c.catalog['account.leaderboards']);
    });
    await inBrowserOf(c.browser, `i18n-${c.locale}-hive`, async (page) => {
      await page.goto(`${site.base}#game=hive&seats=human,human&seed=i18n&moves=${encodeURIComponent(BEFORE_LAST.join(';'))}`);
      const white = c.catalog['seat.White'];
      await expect.poll(() => status(page)).toBe(c.catalog['game.toMove'].replace('{seat}', white));
      expect(await lang(page)).toBe(c.locale);
      // The hands and the buttons in the language, the bugs by the names its Hive players use.
      expect(await page.locator('[data-hand="wG1"], [data-hand="wG2"], [data-hand="wG3"]').first().getAttribute('title')).toContain(
        c.catalog['hive.bug.grasshopper'],
      );
      expect(await page.getByRole('button', { name: c.catalog['game.resign'] }).count()).toBe(1);
      expect(await page.locator('.how-to-play summary').first().textContent()).toBe(c.catalog['home.howToPlay']);
      // The last move typed in the move box: the game ends, and the result card says how in the language.
      const box = page.getByTestId('move-box');
      await box.fill(LAST);
      await box.press('Enter');
      await expect.poll(() => page.getByTestId('result').locator('h2').textContent()).toBe(c.result);
      expect(await page.getByTestId('result').getByRole('link', { name: c.catalog['game.rematch'] }).count()).toBe(1);
    });
  });

  it.each(CASES)('$locale: a refusal by the server, the lobby’s plurals and a profile speak the browser’s language', async (c) => {
    const name = `Lang_${c.locale}`;
    await inBrowserOf(c.browser, `i18n-${c.locale}-online`, async (page) => {
      await page.goto(site.base);
      await page.getByRole('button', { name: c.catalog['home.createGame'] }).waitFor();
      expect((await ask(page, '/api/account', { username: name, password: 'a long passphrase 47' })).status).toBe(201);
      // Correspondence games waiting for an opponent, 1, 3 and 5 days a move: the lobby shows a host's
      // newest, its clock counted in the language's plural (Russian's "день", "дня", "дней").
      const ids: string[] = [];
      for (const [i, days] of [1, 3, 5].entries()) {
        const made = await ask(page, '/api/games', {
          game: 'tictactoe',
          seats: ['open', 'open'],
          seat: 0,
          clock: { initialMs: days * DAY_MS, incrementMs: 0, perMove: true },
        });
        expect(made.status, JSON.stringify(made.json)).toBe(201);
        ids.push(made.json.id as string);
        expect(said(c.locale, c.catalog, 'clock.daysPerMove', { days })).toBe(c.days[i]);
        await page.reload();
        await expect.poll(() => page.locator('section.lobby tr.mine').innerText()).toContain(c.days[i]);
      }

      // A move before the other seat is taken: the server refuses it (code "waiting"), the page says so in the language.
      await page.goto(`${site.base}g/${ids[0]}`);
      await page.locator('[data-cell="b2"][tabindex="0"]').click();
      const refusal = said(c.locale, c.catalog, 'refusal.sentence', {
        what: said(c.locale, c.catalog, 'refusal.move', { move: 'b2' }),
        reason: c.catalog['refusal.waiting'],
      });
      await expect.poll(() => page.locator('p.error[role=alert]').textContent()).toBe(refusal);

      // The player's profile: its words and its day in the language.
      await page.goto(`${site.base}u/${name}`);
      const joined = said(c.locale, c.catalog, 'profile.memberSince', { day: formatDay(Date.now()) });
      await expect.poll(() => page.locator('main').innerText()).toContain(joined);
      expect(await page.locator('main h3', { hasText: c.catalog['profile.gamesTitle'] }).count()).toBe(1);
      expect(await lang(page)).toBe(c.locale);
    });
  });

  it('a language chosen in the settings menu holds through reloads, over the browser’s', async () => {
    await inBrowserOf('ru-RU', 'i18n-chosen-ja', async (page) => {
      await page.goto(site.base);
      await page.getByRole('button', { name: ru['home.createGame'] }).waitFor();
      await page.locator('summary[aria-label]').first().click();
      // The page loads again in the language chosen.
      await Promise.all([page.waitForEvent('load'), page.getByTestId('language').selectOption('ja')]);
      await page.getByRole('button', { name: ja['home.createGame'] }).waitFor();
      expect(await lang(page)).toBe('ja');
      await page.reload();
      await page.getByRole('button', { name: ja['home.createGame'] }).waitFor();
      expect(await lang(page)).toBe('ja');
      // The menu draws its settings when it opens.
      await page.locator('summary[aria-label]').first().click();
      expect(await page.getByTestId('language').inputValue()).toBe('ja');
    });
  });

  it('a browser in a language the site does not speak gets English', async () => {
    await inBrowserOf('fr-FR', 'i18n-fr-english', async (page) => {
      const answer = await page.goto(site.base);
      expect(await answer?.text()).toContain('<html lang="en">');
      await page.getByRole('button', { name: 'Create a game' }).waitFor();
      expect(await lang(page)).toBe('en');
      expect(await page.locator('[data-pool="dicewars-5+3-4p"] .pool-game').textContent()).toContain('4 players');
    });
  });
});
