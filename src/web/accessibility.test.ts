import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { unfinishedGame } from '@hexarena/engines/games/hive/testing.ts';
import type { AxeResults, Result as AxeViolation } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisUrl } from './analysis/address.ts';
import { addMove, lineTree } from './analysis/tree.ts';
import { prepareSitePages, type SitePages } from './site-pages.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * Every page of the site in both themes, checked by axe-core (WCAG 2.1 A and AA, and axe's best
 * practices): the site's server playing online in this process (staticSite) serving the built app,
 * one browser, one page per visitor reused from page to page. Each page is loaded once; the settings
 * bar then switches it to light and to dark, and axe runs on each.
 */
const PATIENCE_MS = 150_000;
const THEMES = ['light', 'dark'] as const;
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

// Every visitor here is one address (127.0.0.1): a household's allowance of requests would not do.
const web = staticSite({ online: { rate: 100_000 } });
/** The site's address without its closing "/", as the paths below are written. */
const server = {
  get base() {
    return web.base.slice(0, -1);
  },
};
let site: SitePages;
/** A visitor who is not logged in, and the player of site-pages.testing.ts, logged in. */
const visitors: Partial<Record<'guest' | 'player', { context: BrowserContext; page: Page }>> = {};

beforeAll(async () => {
  mkdirSync('test-results/pages', { recursive: true });
  site = await prepareSitePages(server.base);
  for (const who of ['guest', 'player'] as const) {
    // Playwright's own script tag (axe) is not the site's: the page's content security policy lets it in.
    const context = await web.browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(PATIENCE_MS);
    if (who === 'player') {
      const [name, value] = site.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.base }]);
    }
    visitors[who] = { context, page: await context.newPage() };
  }
});

afterAll(async () => {
  for (const v of Object.values(visitors)) await v?.context.close().catch(() => undefined);
});

/** A local game between two people on this screen, `moves` into it. */
const local = (game: string, options?: unknown, moves: readonly string[] = []) =>
  `/#${new URLSearchParams({
    game,
    ...(options ? { options: JSON.stringify(options) } : {}),
    seats: 'human,human',
    seed: 'axe',
    ...(moves.length > 0 ? { moves: moves.join(';') } : {}),
  })}`;

interface SitePage {
  readonly name: string;
  readonly who: 'guest' | 'player';
  readonly path: () => string;
  /** What is on the page once it has loaded what it asks the server for (Playwright selectors, all of them). */
  readonly ready: readonly string[];
  /** What to do on the page before axe looks (open a selection, say). */
  readonly prepare?: (page: Page) => Promise<void>;
  /** What must be wholly in view without scrolling, on a laptop (1280×800) and on a phone (390×844). */
  readonly inView?: { readonly wide?: readonly string[]; readonly phone?: readonly string[] };
}

/** During a game of two: the status line, the board and both players' strips (with their clocks). */
const PLAYING = ['[data-testid=status]', 'svg.board', '[data-testid=strip-0]', '[data-testid=strip-1]'];
const BOTH = (selectors: readonly string[]) => ({ wide: selectors, phone: selectors });

const PAGES: readonly SitePage[] = [
  {
    name: 'home',
    who: 'guest',
    path: () => '/',
    ready: ['.account-bar', '.lobby [data-game]', '.quick-pairing .pool', '.live-game'],
    // Above the fold on a laptop: pairing, the lobby's table, the ways to start, a live game; on a phone, the ways to start and the pools.
    inView: {
      wide: ['.quick-pairing', '.lobby', '.start', '.live-game'],
      phone: ['.start', '.quick-pairing h2', '.pool-grid li:nth-child(6)'],
    },
  },
  {
    name: 'home, logged in',
    who: 'player',
    path: () => '/',
    ready: ['.account-bar a[href="/account"]', '.game-list .badge', '.lobby [data-game]', '.quick-pairing .pool'],
    inView: { wide: ['.quick-pairing', '.lobby', '.start', '.your-games h2', '.game-list .badge'], phone: ['.start', '.quick-pairing h2'] },
  },
  {
    name: 'local tic-tac-toe',
    who: 'guest',
    path: () => local('tictactoe', undefined, ['b2', 'a1']),
    ready: ['[data-cell]'],
    inView: BOTH(PLAYING),
  },
  {
    name: 'local tic-tac-toe, over',
    who: 'guest',
    path: () => local('tictactoe', undefined, ['a1', 'b1', 'a2', 'b2', 'a3']),
    ready: ['[data-testid=result]'],
    // The result is over the board, with what comes next.
    inView: BOTH(['[data-testid=result]', '[data-testid=result] >> text=Rematch']),
  },
  { name: 'local Hive', who: 'guest', path: () => local('hive', { type: 'Base+MLP' }), ready: ['[data-hand]'], inView: BOTH(PLAYING) },
  {
    name: 'local Hive, under way',
    who: 'guest',
    path: () => local('hive', undefined, unfinishedGame('axe', 16).texts),
    ready: ['[data-piece]'],
    inView: BOTH([...PLAYING, 'fieldset.hand >> nth=0', 'fieldset.hand >> nth=1']),
  },
  {
    name: 'Hive analysis, a side line',
    who: 'guest',
    path: () => {
      // The game's third move, and another one beside it.
      const { texts } = unfinishedGame('axe', 16);
      const at = texts.slice(0, 2).reduce((s, t) => hive.play(s, unwrap(hive.parseMove(s, t))), hive.newGame(hive.defaultOptions, 'axe'));
      const other = hive
        .legalMoves(at)
        .map((m) => hive.formatMove(at, m))
        .find((t) => t !== texts[2]) as string;
      const tree = addMove(lineTree(texts), [0, 0], other).tree;
      return `/${analysisUrl({ game: 'hive', options: {}, seed: 'axe', tree, path: [0, 0, 1] }).slice(2)}`;
    },
    ready: ['[data-testid=engine-lines] li', '.side-line .tree-move'],
    inView: {
      wide: ['[data-testid=status]', 'svg.board', '[data-testid=eval-bar]', '[data-testid=engine]'],
      phone: ['[data-testid=status]', 'svg.board'],
    },
  },
  {
    name: 'Hive position editor',
    who: 'guest',
    path: () => `/#editor&game=hive&position=${encodeURIComponent('Base+MLP w3 wQ.0.0 bQ.1.0 bB1.1.0 wS1.-1.0')}`,
    ready: ['[data-testid=editor-ready]', '[data-cell="1,0"]'],
    inView: { wide: ['.editor-box >> nth=0', '.editor-box >> nth=1', 'svg.editor-board'] },
  },
  {
    name: 'Hive puzzle',
    who: 'guest',
    path: () => '/#puzzle&game=hive',
    ready: ['.puzzle-side h2', '[data-piece]'],
    inView: BOTH([...PLAYING, '.puzzle-side h2']),
  },
  {
    name: 'local DiceWars, a territory picked',
    who: 'guest',
    path: () => local('dicewars', { players: 2, map: 'small' }),
    ready: ['[data-territory]'],
    inView: BOTH([...PLAYING, 'text=End Turn']),
    // The odds on each target are drawn over the map, and said in the target's name.
    prepare: async (page) => {
      await page.locator('[data-territory][tabindex="0"]').first().click();
      await page.locator('.chance').first().waitFor();
    },
  },
  { name: 'local Nonaga', who: 'guest', path: () => local('nonaga'), ready: ['[data-cell]'], inView: BOTH(PLAYING) },
  {
    name: 'local Hex',
    who: 'guest',
    path: () => local('hex', { size: 11, pie: true }, ['f6', 'e5', 'd7']),
    ready: ['[data-cell]'],
    inView: BOTH(PLAYING),
  },
  {
    name: 'online game, seats open',
    who: 'guest',
    path: () => `/g/${site.openGame}`,
    ready: ['.board', '.clock'],
    // A timed game: both clocks in view beside the board, on a phone too, and the seats to take.
    inView: BOTH([...PLAYING, '[data-testid=clock-0]', '[data-testid=clock-1]', '.take-seat button', '[data-testid=invite]']),
  },
  {
    name: 'online game, its player to move',
    who: 'player',
    path: () => `/g/${site.yourMoveGame}`,
    ready: ['[data-cell]', '.presence'],
    inView: BOTH(PLAYING),
  },
  {
    name: 'online game, over, its player',
    who: 'player',
    path: () => `/g/${site.finishedGame}`,
    ready: ['[data-cell]', '.status.over', '[data-testid=rating-diffs]'],
    inView: BOTH(['[data-testid=result]', '[data-testid=rating-diffs]']),
  },
  { name: 'account, logged out', who: 'guest', path: () => '/account', ready: ['form[aria-label="Sign up"]'] },
  { name: 'account, logged in', who: 'player', path: () => '/account', ready: ['[data-testid=account-name]'] },
  { name: 'profile', who: 'guest', path: () => `/u/${site.player}`, ready: ['.rating-chart[role=img]', '.stats', '.game-list'] },
  // Every board of every rated game asked for, and found empty (nobody plays enough games here).
  { name: 'leaderboards', who: 'guest', path: () => '/leaderboard', ready: ['.empty-board >> nth=3'] },
  { name: 'Hex leaderboard', who: 'guest', path: () => '/leaderboard/hex', ready: ['.empty-board'] },
  { name: 'engine ladder (Hive)', who: 'guest', path: () => '/ladder', ready: ['text=No engine of Hive'] },
  { name: 'Hex engine ladder', who: 'guest', path: () => '/ladder/hex', ready: ['.ladder-table'] },
];

/** A laptop's screen and a phone's, as the design is checked on (screenshots in test-results/pages/). */
const SIZES = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

/** Why `selector` is not wholly on the first screen (the page scrolled to its top), or null when it is. */
async function outOfView(page: Page, selector: string): Promise<string | null> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator(selector).first().boundingBox();
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  if (!box) return 'is not shown';
  // A phone's controls are a bar fixed over the bottom of the page: what is under it is not seen.
  const barTop = await page.evaluate(() => {
    const bar = document.querySelector('.game-controls');
    return bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : null;
  });
  const bottom = Math.min(view.height, barTop ?? view.height);
  if (box.y < 0 || box.x < 0 || box.y + box.height > bottom + 0.5 || box.x + box.width > view.width + 0.5)
    return `is at x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)} of ${view.width}×${view.height}${barTop === null ? '' : ` (the bottom bar from y ${Math.round(barTop)})`}`;
  return null;
}

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
async function axe(page: Page): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async (runOnly) =>
      (await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { runOnly, resultTypes: ['violations'] }))
        .violations,
    RULES,
  );
}

describe('every page, on a laptop and on a phone, in both themes: axe finds nothing, what matters is in view, and a screenshot is kept', () => {
  for (const p of PAGES)
    it(p.name, async () => {
      const page = visitors[p.who]?.page as Page;
      await page.goto(server.base + p.path());
      for (const part of p.ready) await page.locator(part).first().waitFor();
      await p.prepare?.(page);
      const found: string[] = [];
      const hidden: string[] = [];
      const small: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const theme of THEMES) {
          await page.getByRole('combobox', { name: 'Theme', exact: true }).selectOption(theme);
          await page.locator(`html[data-theme=${theme}]`).waitFor({ state: 'attached' });
          // axe at each size: a phone's layout is a layout of its own.
          const violations = await axe(page);
          if (violations.length > 0) found.push(`${size.name}, ${theme} theme:\n${violations.map(describeViolation).join('\n')}`);
          await page.screenshot({ path: `test-results/pages/${slug(p.name)}-${size.width}x${size.height}-${theme}.png` });
        }
        for (const selector of p.inView?.[size.name] ?? []) {
          const out = await outOfView(page, selector);
          if (out) hidden.push(`${size.name}: ${selector} ${out}`);
        }
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
      expect(found, `${p.name} (${p.path()}):\n${found.join('\n')}`).toEqual([]);
      expect(hidden, `${p.name} (${p.path()}): not in view without scrolling`).toEqual([]);
      expect(small, `${p.name} (${p.path()}): touch targets under 44 px on a phone`).toEqual([]);
    });

  it('keyboard play: Tab reaches a board cell of a local Hex game, and Enter plays there', async () => {
    const page = visitors.guest?.page as Page;
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
  });
});
