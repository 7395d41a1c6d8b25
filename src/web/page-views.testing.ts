import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { unfinishedGame } from '@hexarena/engines/games/hive/testing.ts';
import type { Page } from 'playwright-core';
import { analysisUrl } from './analysis/address.ts';
import { addMove, lineTree } from './analysis/tree.ts';
import { screenshot } from './screenshots.testing.ts';
import type { SitePages } from './site-pages.testing.ts';

/** A local game between two people on this screen, `moves` into it. */
export const local = (game: string, options?: unknown, moves: readonly string[] = []) =>
  `/#${new URLSearchParams({
    game,
    ...(options ? { options: JSON.stringify(options) } : {}),
    seats: 'human,human',
    seed: 'axe',
    ...(moves.length > 0 ? { moves: moves.join(';') } : {}),
  })}`;

export interface SitePage {
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
export const PLAYING = ['[data-testid=status]', 'svg.board', '[data-testid=strip-0]', '[data-testid=strip-1]'];
export const BOTH = (selectors: readonly string[]) => ({ wide: selectors, phone: selectors });

/**
 * Every page of the site, as a guest or the player of site-pages.testing.ts sees it, with what shows
 * once it has loaded and what must be in view: the accessibility test's pages, and the layout test's
 * in every language (src/web/i18n/layout.e2e.test.ts). `site` is read when a page's path is asked for.
 */
export const sitePagesToSee = (site: () => SitePages): readonly SitePage[] => [
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
    inView: BOTH(['[data-testid=result]', '[data-testid=result] .button-link.primary']),
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
    inView: BOTH([...PLAYING, '.end-turn']),
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
    path: () => `/g/${site().openGame}`,
    ready: ['.board', '.clock'],
    // A timed game: both clocks in view beside the board, on a phone too, and the seats to take.
    inView: BOTH([...PLAYING, '[data-testid=clock-0]', '[data-testid=clock-1]', '.take-seat button', '[data-testid=invite]']),
  },
  {
    name: 'online game, its player to move',
    who: 'player',
    path: () => `/g/${site().yourMoveGame}`,
    ready: ['[data-cell]', '.presence'],
    inView: BOTH(PLAYING),
  },
  {
    name: 'online game, over, its player',
    who: 'player',
    path: () => `/g/${site().finishedGame}`,
    ready: ['[data-cell]', '.status.over', '[data-testid=rating-diffs]'],
    inView: BOTH(['[data-testid=result]', '[data-testid=rating-diffs]']),
  },
  { name: 'account, logged out', who: 'guest', path: () => '/account', ready: ['form[data-kind=sign-up]'] },
  { name: 'account, logged in', who: 'player', path: () => '/account', ready: ['[data-testid=account-name]'] },
  { name: 'profile', who: 'guest', path: () => `/u/${site().player}`, ready: ['.rating-chart[role=img]', '.stats', '.game-list'] },
  // Every board of every rated game asked for, and found empty (nobody plays enough games here).
  { name: 'leaderboards', who: 'guest', path: () => '/leaderboard', ready: ['.empty-board >> nth=3'] },
  { name: 'Hex leaderboard', who: 'guest', path: () => '/leaderboard/hex', ready: ['.empty-board'] },
  { name: 'engine ladder (Hive)', who: 'guest', path: () => '/ladder', ready: ['.ladder-empty'] },
  { name: 'Hex engine ladder', who: 'guest', path: () => '/ladder/hex', ready: ['.ladder-table'] },
  { name: 'games being played', who: 'guest', path: () => '/games', ready: [':is(.current-games, .no-games)'] },
  { name: 'TV', who: 'guest', path: () => '/tv', ready: [':is([data-testid=status], .tv-nothing)'] },
  { name: 'following', who: 'player', path: () => '/following', ready: [':is(.following-list, .no-follows)'] },
  {
    name: 'tournaments',
    who: 'guest',
    path: () => '/tournaments',
    ready: ['[data-list=upcoming] [data-tournament]'],
    inView: BOTH(['.tournaments-page h2']),
  },
  {
    name: 'tournaments, the create form',
    who: 'player',
    path: () => '/tournaments',
    ready: ['[data-list=upcoming] [data-tournament]', '.tournaments-page .controls button[aria-expanded]'],
    // The form open, its entry conditions too: checked for axe, and for fitting a phone in every language.
    prepare: async (page) => {
      // By the keyboard: a pointer left on the button would leave it hovered, and its hover colour is another check's.
      await page.locator('.tournaments-page .controls button[aria-expanded]').press('Enter');
      await page.locator('form.tournament-form input[name=inviteOnly]').waitFor();
    },
    inView: { wide: ['form.tournament-form h2'] },
  },
  {
    name: 'tournament, upcoming, its organiser',
    who: 'player',
    path: () => `/tournament/${site().tournament}`,
    ready: ['table.standings tbody tr', '[data-testid=countdown]', '[data-testid=your-entry]'],
    inView: BOTH(['.tournament-head h2', '[data-testid=countdown]', '.tournament-actions']),
  },
  {
    name: 'games database',
    who: 'guest',
    path: () => `/games/search?player=${site().player}`,
    ready: [':is(.games-found, .no-games-found)'],
  },
];

/** A laptop's screen and a phone's, as the design is checked on (screenshots in test-results/pages/). */
export const SIZES = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The narrowest phones still sold and used (an iPhone SE's first model, a small Android). */
export const NARROW = [
  { width: 320, height: 568 },
  { width: 360, height: 740 },
] as const;

export const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

/** Why `selector` is not wholly on the first screen (the page scrolled to its top), or null when it is. */
export async function outOfView(page: Page, selector: string): Promise<string | null> {
  const [[, out]] = (await outOfViewAll(page, [selector])) as [[string, string | null]];
  return out;
}

/**
 * outOfView for each of `selectors` on the page as it is: the page scrolled to its top and its bottom
 * bar read once for them all, not once a selector.
 */
export async function outOfViewAll(page: Page, selectors: readonly string[]): Promise<[string, string | null][]> {
  if (selectors.length === 0) return [];
  // A phone's controls are a bar fixed over the bottom of the page: what is under it is not seen.
  const barTop = await page.evaluate(() => {
    window.scrollTo(0, 0);
    const bar = document.querySelector('.game-controls');
    return bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : null;
  });
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  const found: [string, string | null][] = [];
  for (const selector of selectors) found.push([selector, placed(await page.locator(selector).first().boundingBox(), view, barTop)]);
  return found;
}

function placed(
  box: { x: number; y: number; width: number; height: number } | null,
  view: { width: number; height: number },
  barTop: number | null,
): string | null {
  if (!box) return 'is not shown';
  const bottom = Math.min(view.height, barTop ?? view.height);
  if (box.y < 0 || box.x < 0 || box.y + box.height > bottom + 0.5 || box.x + box.width > view.width + 0.5)
    return `is at x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)} of ${view.width}×${view.height}${barTop === null ? '' : ` (the bottom bar from y ${Math.round(barTop)})`}`;
  return null;
}

/**
 * What runs past the screen's right edge (or its left): the page scrolling sideways, and each shown
 * element out of the screen that no box of its own scrolls or clips (a wide table in its scroller, a
 * board zoomed in its frame are where they belong). At most a few, each named by its tag, class and text.
 */
export function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`);
    // (No function is declared in here: the test's compiler would name it with a helper the page lacks.)
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (r.right <= width + 1 && r.left >= -1)) continue;
      if (getComputedStyle(el).visibility === 'hidden' || el.closest('.visually-hidden, [aria-hidden="true"], svg')) continue;
      let held = false;
      for (let up = el.parentElement; up && up !== document.body && !held; up = up.parentElement)
        held = ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX);
      if (held) continue;
      found.push(
        `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '').trim().slice(0, 40)}" spans x ${Math.round(r.left)}–${Math.round(r.right)}`,
      );
      if (found.length >= 6) break;
    }
    return found;
  });
}

/**
 * What runs past the page's right margin into the screen's edge (the page itself not wider): each
 * shown element of <main> whose right side passes main's padding, unless a box of its own scrolls or
 * clips it, or it is drawn edge to edge on purpose (TV's bar of channels). At most a few.
 */
export function pastPageEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return [];
    const edge = main.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(main).paddingRight);
    const found: string[] = [];
    for (const el of main.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= edge + 1) continue;
      if (el.closest('.visually-hidden, svg, .game-controls, .tv-bar')) continue;
      let held = false;
      for (let up = el.parentElement; up && up !== main && !held; up = up.parentElement)
        held = ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX);
      if (held) continue;
      found.push(
        `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '').trim().slice(0, 30)}" reaches x ${Math.round(r.right)}, past the page's margin at ${Math.round(edge)}`,
      );
      if (found.length >= 4) break;
    }
    return found;
  });
}

/**
 * What runs past the screen at each narrow width (NARROW), the page shown at each: its sideways
 * scroll, overflow's finds and pastPageEdge's. The page is left at a common phone's size (390×844).
 */
export async function narrowOverflow(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const size of NARROW) {
    await page.setViewportSize(size);
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wider > 0) problems.push(`${size.width} px: the page scrolls ${wider} px sideways`);
    for (const over of await overflow(page)) problems.push(`${size.width} px: ${over}`);
    for (const over of await pastPageEdge(page)) problems.push(`${size.width} px: ${over}`);
    await screenshot(page, `test-results/phone/narrow-${slug(name)}-${size.width}x${size.height}.png`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  return problems;
}

/**
 * What of the top bar lies outside its one row: each control shown in it (links, buttons, fields,
 * the site's name and the page's title) must sit within the bar's first row, the bar no taller than
 * one row of controls, and nothing past the screen's right edge.
 */
export async function topBarRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('header.topbar');
    if (!bar) return ['no top bar'];
    const b = bar.getBoundingClientRect();
    const found: string[] = [];
    // The bar's own row: its height less its bottom border, never over --topbar (3.25rem).
    const row = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) * 3.25;
    if (b.height > row + 1.5) found.push(`the bar is ${Math.round(b.height)} px high (one row is ${row} px)`);
    const parts = bar.querySelectorAll('a, button, select, input, summary, h1, .guest');
    for (const el of parts) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // A field or list opened below the bar is not in it.
      if (el.closest('.site-links, .player-search-field, .settings-panel') && r.top >= b.bottom - 1) continue;
      const name = `<${el.tagName.toLowerCase()}> "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)
        found.push(`${name} at y ${Math.round(r.top)}–${Math.round(r.bottom)}, out of the bar's row`);
      if (r.right > document.documentElement.clientWidth + 0.5) found.push(`${name} runs to x ${Math.round(r.right)}`);
    }
    return found;
  });
}
