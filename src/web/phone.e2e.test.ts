import { mkdir } from 'node:fs/promises';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameForm } from './create-game.testing.ts';
import en from './i18n/messages/en.ts';
import es from './i18n/messages/es.ts';
import { shifted } from './layout-shifts.testing.ts';
import { NARROW, slug } from './page-views.testing.ts';
import { KEEP_SCREENSHOTS, screenshot } from './screenshots.testing.ts';
import { prepareSitePages, type SitePages } from './site-pages.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * The board as the hero on a phone and a laptop (issue 46): Hive's stack marks inside their tile at
 * every zoom, Hex filling a phone's width with its coordinates on the edges and its zoom buttons off
 * its cells, a bottom bar inside the screen with every control named, an online game's moves right
 * under its board, and a result card that is opaque, says the result once and shows once. Each case
 * is checked at 390×844 and 1280×800 and photographed in the light and the dark theme
 * (test-results/phone/). The site's server playing online in this process (staticSite), one
 * browser and one page for the file. Every page of the site at the narrowest phones' widths is
 * checked by accessibility.test.ts, on its own load of each page.
 */
const PATIENCE_MS = 60_000;
const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1280, height: 800 } as const;
const SIZES = [PHONE, LAPTOP] as const;

// Every visitor here is one address (127.0.0.1): a household's allowance of requests would not do.
// The rooms are kept however long the file takes: the player's game under way is TV's only game, and
// were it let go after the hub's five idle minutes (a loaded machine takes that long between its
// visits), TV would show no game (accessibility.test.ts's TV failed so).
const web = staticSite({ online: { rate: 100_000, hub: { idleMs: 24 * 60 * 60_000 } } });
/** The site's address without its closing "/", as the paths below are written. */
const server = {
  get base() {
    return web.base.slice(0, -1);
  },
};
let site: SitePages;

/**
 * The page the tests run on, one for the file (the Spanish browser's test has its own): between tests
 * it goes blank, and the site's cookies and storage are wiped, so each test starts from a new
 * document with nothing kept, as a new visitor's; only the browser's cache of the app's files is
 * kept. A fresh context a test cost a new renderer and the app's scripts fetched and compiled again.
 */
let shared: { context: BrowserContext; page: Page; storage: CDPSession };

beforeAll(async () => {
  await mkdir('test-results/phone', { recursive: true });
  const opening = (async () => {
    const context = await web.browser.newContext({ viewport: PHONE });
    context.setDefaultTimeout(PATIENCE_MS);
    // The local games' AIs move at once rather than after a player's pause (400 ms a move): a pacing
    // for a person to follow, and nothing here is about it (the eight-player DiceWars waits through
    // seven bots' turns).
    await context.addInitScript(() => {
      if (localStorage.getItem('hexarena.settings') === null) localStorage.setItem('hexarena.settings', JSON.stringify({ aiDelayMs: 0 }));
    });
    const page = await context.newPage();
    return { context, page, storage: await context.newCDPSession(page) };
  })();
  [site, shared] = await Promise.all([prepareSitePages(server.base, 'Grace_Hopper'), opening]);
});

afterAll(async () => {
  await shared?.context.close().catch(() => undefined);
});

/** The file's page for a new visitor (the site's player when `player`), at a phone's size. */
async function withPage(body: (page: Page) => Promise<void>, player = false): Promise<void> {
  const { context, page, storage } = shared;
  // Off the site first, so that nothing of the last test's document runs, then all it kept wiped.
  await page.goto('about:blank');
  await context.clearCookies();
  await storage.send('Storage.clearDataForOrigin', {
    origin: server.base,
    storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems',
  });
  if (player) {
    const [name, value] = site.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.base }]);
  }
  await page.setViewportSize(PHONE);
  await body(page);
}

/**
 * The page in both themes, photographed at its size, when screenshots are kept: the themes are
 * switched for the photographs only (the dark Hive test checks the switch), and switching them on
 * every page restyled it twice for nothing a test reads.
 */
async function shoot(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  const size = page.viewportSize() ?? PHONE;
  for (const theme of ['light', 'dark'] as const) {
    // (Forced: under 24rem the bar's theme is folded into the settings menu, the select still there.)
    await page.getByRole('combobox', { name: 'Theme', exact: true, includeHidden: true }).first().selectOption(theme, { force: true });
    await page.locator(`html[data-theme=${theme}]`).waitFor({ state: 'attached' });
    await screenshot(page, `test-results/phone/${name}-${size.width}x${size.height}-${theme}.png`);
  }
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const box = async (page: Page, selector: string): Promise<Box> => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not on the page`);
  return b;
};
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Hive with White's beetle on its queen: a stack of two. */
const HIVE_STACK = `/#game=hive&seats=human,human&seed=stack&moves=${encodeURIComponent('wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wQ;bB1 bQ-;wB1 wQ')}`;

/** A point inside a convex polygon, its corners in order either way round. */
function insidePolygon(corners: readonly { x: number; y: number }[], x: number, y: number): boolean {
  const sides = corners.map((a, i) => {
    const b = corners[(i + 1) % corners.length] as { x: number; y: number };
    return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
  });
  return sides.every((s) => s >= -0.01) || sides.every((s) => s <= 0.01);
}

/**
 * Each of a stack's marks that is not wholly inside its tile, or not on its plate: every corner of
 * the text's box must lie inside the tile's hexagon (as drawn on screen) and inside its badge's box.
 */
async function strayStackMarks(page: Page): Promise<string[]> {
  // What the page draws, in screen pixels (no named function inside: the page has no helpers).
  const stacks = await page.evaluate(() =>
    [...document.querySelectorAll('svg.hive g[data-height]')]
      .filter((cell) => Number(cell.getAttribute('data-height')) > 1)
      .map((cell) => {
        const tile = cell.querySelector('polygon.hex') as SVGPolygonElement;
        const m = tile.getScreenCTM() as DOMMatrix;
        return {
          cell: cell.getAttribute('data-cell') as string,
          corners: [...tile.points].map((p) => {
            const q = new DOMPoint(p.x, p.y).matrixTransform(m);
            return { x: q.x, y: q.y };
          }),
          marks: [
            ['text.stack', '.stack-badge'],
            ['text.under', '.under-badge'],
          ].map(([text, plate]) => {
            const [t, p] = [cell.querySelector(text as string), cell.querySelector(plate as string)].map((el) => {
              const r = el?.getBoundingClientRect();
              return r ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
            });
            return { name: `${text} "${cell.querySelector(text as string)?.textContent ?? ''}"`, text: t, plate: p };
          }),
        };
      }),
  );
  const stray: string[] = [];
  for (const s of stacks)
    for (const mark of s.marks) {
      const [r, p] = [mark.text, mark.plate];
      const at = `${s.cell} ${mark.name}`;
      if (!r || !p) {
        stray.push(`${at}: not drawn`);
        continue;
      }
      for (const [x, y] of [
        [r.left, r.top],
        [r.right, r.top],
        [r.left, r.bottom],
        [r.right, r.bottom],
      ] as const)
        if (!insidePolygon(s.corners, x, y)) stray.push(`${at}: its corner ${Math.round(x)},${Math.round(y)} is outside the tile`);
      if (r.left < p.left - 0.5 || r.right > p.right + 0.5 || r.top < p.top - 0.5 || r.bottom > p.bottom + 0.5)
        stray.push(`${at}: runs off its plate`);
    }
  if (stacks.length === 0) stray.push('no stack on the board');
  return stray;
}

/**
 * Zooms the board `steps` times, in or out, as a player at this size would: by its buttons where
 * they are shown, else (a phone, whose boards that fit show none) by the wheel, as two fingers do.
 */
async function zoom(page: Page, steps: number, way: 'in' | 'out'): Promise<void> {
  const button = page.getByRole('button', { name: way === 'in' ? 'Zoom in' : 'Zoom out' });
  const board = page.locator('svg.board');
  for (let i = 0; i < steps; i++) {
    const before = await board.getAttribute('viewBox');
    if (await button.isVisible()) await button.click();
    else {
      const at = await box(page, 'svg.board');
      await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
      await page.mouse.wheel(0, way === 'in' ? -100 : 100);
    }
    await expect.poll(() => board.getAttribute('viewBox')).not.toBe(before);
  }
}

/** Each zoom button that lies over a chip of a hand (a Hive player's pieces beside the board). */
async function zoomOverHand(page: Page): Promise<string[]> {
  const buttons = await page.locator('.zoom-buttons button').all();
  const chips = await page.locator('.hand .piece').all();
  const chipBoxes = await Promise.all(
    chips.map(async (c) => ({ name: (await c.getAttribute('data-hand')) ?? '?', at: await c.boundingBox() })),
  );
  const over: string[] = [];
  for (const b of buttons) {
    const at = await b.boundingBox();
    if (!at) continue;
    for (const c of chipBoxes) if (c.at && overlaps(at, c.at)) over.push(`${await b.getAttribute('aria-label')} over ${c.name}`);
  }
  return over;
}

/** The WCAG contrast ratio of two computed colours (`rgb(r, g, b)`). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * What is wrong with a game page's bottom bar as it is shown: the bar scrolling sideways, a control
 * (button, link, select) past the screen's edge, one with no name, the page wider than the screen.
 */
async function barProblems(page: Page, at: string): Promise<string[]> {
  const bar = await page.evaluate(() => {
    const el = document.querySelector('.game-controls') as HTMLElement;
    const out: string[] = [];
    const unnamed: string[] = [];
    for (const c of el.querySelectorAll<HTMLElement>('button, a, select')) {
      const r = c.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < 0 || r.right > window.innerWidth + 0.5 || r.bottom > window.innerHeight + 0.5)
        out.push(`${c.textContent?.trim() || c.getAttribute('aria-label')} at ${Math.round(r.left)}–${Math.round(r.right)}`);
      // A word cut short: a button of words whose words do not fit its box.
      if (c.scrollWidth > c.clientWidth + 1) out.push(`${c.textContent?.trim()} cut (${c.scrollWidth} px in ${c.clientWidth})`);
      const labelled = c instanceof HTMLSelectElement ? [...(c.labels ?? [])].map((l) => l.textContent?.trim()).join('') : '';
      const name = c.getAttribute('aria-label') || c.textContent?.trim() || labelled;
      if (!name) unnamed.push(c.outerHTML.slice(0, 80));
    }
    return {
      scroll: el.scrollWidth,
      width: el.clientWidth,
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
      out,
      unnamed,
    };
  });
  return [
    ...(bar.scroll > bar.width + 1 ? [`${at}: the bar scrolls sideways (${bar.scroll} px in ${bar.width})`] : []),
    ...bar.out.map((c) => `${at}: ${c}`),
    ...bar.unnamed.map((c) => `${at}: ${c} has no name`),
    ...(bar.page > bar.view ? [`${at}: the page is ${bar.page} px wide in ${bar.view}`] : []),
  ];
}

describe('the board is the hero, on a phone and a laptop', () => {
  it('Hive: a stack’s height and the piece beneath fit inside the tile at every zoom', async () => {
    await withPage(async (page) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(server.base + HIVE_STACK);
        await page.locator('svg.hive g[data-height="2"]').waitFor();
        expect(await page.locator('[data-cell="-1,0"] [data-testid=under]').textContent()).toBe('on wQ');
        expect(await strayStackMarks(page), `fitted, ${size.width} px`).toEqual([]);
        expect(await zoomOverHand(page), `zoom buttons over a hand, ${size.width} px`).toEqual([]);
        await shoot(page, 'hive-stack');
        await zoom(page, 3, 'in');
        expect(await strayStackMarks(page), `zoomed in, ${size.width} px`).toEqual([]);
        await zoom(page, 5, 'out');
        expect(await strayStackMarks(page), `zoomed out, ${size.width} px`).toEqual([]);
        expect(await zoomOverHand(page), `zoomed out, zoom buttons over a hand, ${size.width} px`).toEqual([]);
      }
    });
  });

  it('dark Hive: the black tiles and the black hand’s chips keep a visible edge on the near-black page', async () => {
    await withPage(async (page) => {
      await page.goto(server.base + HIVE_STACK);
      await page.locator('svg.hive g[data-height="2"]').waitFor();
      await page.getByRole('combobox', { name: 'Theme', exact: true }).selectOption('dark');
      await page.locator('html[data-theme=dark]').waitFor({ state: 'attached' });
      const look = await page.evaluate(() => {
        const tile = document.querySelector('svg.hive g.side-1 polygon.hex') as SVGPolygonElement;
        const chip = document.querySelector('.hand .piece.side-1') as HTMLElement;
        return {
          page: getComputedStyle(document.body).backgroundColor,
          chipFill: getComputedStyle(chip).backgroundColor,
          chipEdge: getComputedStyle(chip).borderTopColor,
          tileEdge: getComputedStyle(tile).stroke,
          // The rim as wide as it shows on screen, in pixels.
          tileEdgePx: Number.parseFloat(getComputedStyle(tile).strokeWidth) * (tile.getScreenCTM() as DOMMatrix).a,
        };
      });
      // The page and the chips are near-black; their rims stand out as WCAG asks of a control's edge (3:1).
      expect(contrast(look.page, look.chipFill)).toBeLessThan(1.5);
      expect(contrast(look.page, look.chipEdge), `chip rim ${look.chipEdge} on ${look.page}`).toBeGreaterThanOrEqual(3);
      expect(contrast(look.page, look.tileEdge), `tile rim ${look.tileEdge} on ${look.page}`).toBeGreaterThanOrEqual(3);
      expect(look.tileEdgePx).toBeGreaterThanOrEqual(2);
    });
  });

  it('Hex: the board fills a phone’s width, its coordinates on the edges (a setting hides them), the zoom buttons on no cell', async () => {
    await withPage(async (page) => {
      const hex = `/#game=hex&seats=human,human&seed=edges&moves=${encodeURIComponent('f6;k11;a1')}`;
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(server.base + hex);
        await page.locator('[data-cell=k11]').waitFor();
        const board = await box(page, 'svg.board');
        if (size === PHONE) {
          // No column of zoom buttons beside it: the board spans the page's width (its padding aside).
          const main = await box(page, 'main');
          expect(board.width).toBeGreaterThanOrEqual(main.width - 2 * 16);
        }
        // a–k along the top, 1–11 down the side, each on the board's drawing.
        const labels = await page.locator('svg.board .coordinates text').allTextContents();
        expect(labels).toEqual([...'abcdefghijk', ...Array.from({ length: 11 }, (_, i) => String(i + 1))]);
        for (const text of await page.locator('svg.board .coordinates text').all()) {
          const t = await text.boundingBox();
          expect(t && t.x >= board.x && t.x + t.width <= board.x + board.width && t.y >= board.y).toBe(true);
        }
        // Not one cell under a zoom button (k11, in the board's corner, least of all).
        const buttons = await Promise.all((await page.locator('.zoom-buttons button').all()).map((b) => b.boundingBox()));
        const cells = await page.locator('svg.board [data-cell] .hex').evaluateAll((paths) =>
          paths.map((p) => {
            const r = p.getBoundingClientRect();
            // The hexagon's box less its corners' slack: its inscribed width and height.
            return { x: r.x + r.width * 0.05, y: r.y + r.height * 0.25, width: r.width * 0.9, height: r.height * 0.5 };
          }),
        );
        for (const b of buttons) {
          expect(b).not.toBeNull();
          expect(cells.filter((c) => overlaps(b as Box, c))).toEqual([]);
        }
        await shoot(page, 'hex-edges');
      }
      // The setting: no coordinates, at once.
      await page.locator('.settings-menu summary').click();
      await page.getByRole('checkbox', { name: 'Coordinates on the board' }).uncheck();
      await expect.poll(() => page.locator('svg.board .coordinates').count()).toBe(0);
    });
  });

  it('every game on a phone (320, 360 and 390 px wide): the bottom bar inside the screen, each of its controls named', async () => {
    await withPage(async (page) => {
      const vsAi = `/#game=hive&seats=human,random&seed=bar&moves=${encodeURIComponent('wS1;bS1 wS1-')}`;
      const games = [
        '/#game=hive&seats=human,random&seed=bar',
        // Against the computer with a move played: Undo and Resign beside the AI's pause and pace (nine controls).
        vsAi,
        `/#game=hex&seats=human,human&seed=bar&moves=f6`,
        '/#game=nonaga&seats=human,human&seed=bar',
        '/#game=dicewars&seats=human,gamedesign&seed=bar',
        '/#game=tictactoe&seats=human,easy&seed=bar',
        `/g/${site.yourMoveGame}`,
      ];
      const problems: string[] = [];
      for (const url of games) {
        await page.setViewportSize(PHONE);
        await page.goto(server.base + url);
        await page.locator('.game-controls button:visible').first().waitFor();
        for (const size of [...NARROW, PHONE]) {
          await page.setViewportSize(size);
          problems.push(...(await barProblems(page, `${url} at ${size.width} px`)));
        }
      }
      await page.goto(server.base + vsAi);
      await page.locator('.game-controls button:visible').first().waitFor();
      for (const size of [...NARROW, PHONE]) {
        await page.setViewportSize(size);
        await shoot(page, 'hive-vs-ai-bar');
      }
      // Resigning asks again in words: both buttons of words fit the narrowest bar too.
      await page.setViewportSize(NARROW[0]);
      await page.getByRole('button', { name: 'Resign', exact: true }).click();
      await page.getByRole('button', { name: 'Keep playing' }).waitFor();
      problems.push(...(await barProblems(page, 'confirming a resignation at 320 px')));
      await shoot(page, 'hive-vs-ai-bar-resigning');
      expect(problems).toEqual([]);
    });
  });

  it('the bottom bar’s icons on a phone: each named in the player’s language, as the accessibility tree reads it', async () => {
    // A Spanish browser, 320 px: the bar shows its icons alone, every control of a game against the computer in it.
    const context = await web.browser.newContext({ viewport: NARROW[0], locale: 'es' });
    context.setDefaultTimeout(PATIENCE_MS);
    await context.addInitScript(() => localStorage.setItem('hexarena.settings', JSON.stringify({ aiDelayMs: 0 })));
    try {
      const page = await context.newPage();
      await page.goto(`${server.base}/#game=hive&seats=human,random&seed=names&moves=${encodeURIComponent('wS1;bS1 wS1-')}`);
      await page.locator('html[lang=es]').waitFor({ state: 'attached' });
      await page.locator('.game-controls button:visible').first().waitFor();
      // No word drawn: what a screen reader says is all the name there is.
      const drawnWords = await page
        .locator('.game-controls .control-label')
        .evaluateAll((labels) => labels.filter((l) => l.getBoundingClientRect().width >= 1).map((l) => l.textContent));
      expect(drawnWords).toEqual([]);
      const tree = await page.locator('.game-controls').ariaSnapshot();
      const controls = [...tree.matchAll(/^\s*- (button|link|combobox)(?: "([^"]*)")?/gm)].map(
        ([, role, name]) => `${role} ${name ?? '(no name)'}`,
      );
      expect(controls, tree).toEqual([
        `button ${es['game.previousMove']}`,
        `button ${es['game.nextMove']}`,
        `button ${es['flip.board']}`,
        `button ${es['game.undo']}`,
        `button ${es['game.resign']}`,
        `button ${es['game.pauseAi']}`,
        `combobox ${es['game.aiSpeed']}`,
        `button ${es['game.downloadRecord']}`,
        `link ${es['game.newGame']}`,
      ]);
    } finally {
      await context.close();
    }
  });

  it('zoom buttons on a phone only beside a board too big for it (Hex 11×11, a DiceWars map of a territory a cell); a laptop has them for all', async () => {
    await withPage(async (page) => {
      const options = (o: object) => `&options=${encodeURIComponent(JSON.stringify(o))}`;
      const boards = [
        { name: 'Hive', url: HIVE_STACK, onPhone: false },
        { name: 'DiceWars classic', url: '/#game=dicewars&seats=human,human&seed=zoom', onPhone: false },
        { name: 'Hex 7×7', url: `/#game=hex&seats=human,human&seed=zoom${options({ size: 7 })}`, onPhone: false },
        { name: 'Hex 11×11', url: '/#game=hex&seats=human,human&seed=zoom', onPhone: true },
        {
          name: 'DiceWars strength',
          url: `/#game=dicewars&seats=human,human&seed=zoom${options({ rules: 'strength', size: 20, players: 2 })}`,
          onPhone: true,
        },
      ];
      const shown = () => page.locator('.zoom-buttons button:visible').count();
      for (const b of boards)
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await page.goto(server.base + b.url);
          await page.locator('svg.board [data-cell], svg.board [data-territory]').first().waitFor();
          const at = `${b.name}, ${size.width} px`;
          if (size === LAPTOP || b.onPhone) {
            expect(await shown(), at).toBe(3);
            continue;
          }
          expect(await shown(), at).toBe(0);
          // The board takes the column's room: the page's width less its padding.
          const [board, main] = [await box(page, 'svg.board'), await box(page, 'main')];
          expect(board.width, at).toBeGreaterThanOrEqual(main.width - 2 * 16);
          // Two fingers (here the wheel) zoom it, and Fit alone comes back to undo that.
          const fitted = await page.locator('svg.board').getAttribute('viewBox');
          await zoom(page, 1, 'in');
          await page.getByRole('button', { name: 'Fit the board' }).click();
          expect(await page.locator('svg.board').getAttribute('viewBox'), at).toBe(fitted);
          expect(await shown(), `${at}, fitted again`).toBe(0);
          await shoot(page, `zoom-${slug(b.name)}`);
        }
    });
  });

  it("the lobby on a phone: who made each game said (a game nobody made says 'anyone'), the seats' states left for a wider screen", async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(server.base);
      const open = page.locator(`.seeks tr[data-game="${site.openGame}"]`);
      expect(await open.locator('td').first().innerText()).toBe(en['lobby.anyone']);
      expect(await open.locator('.seek-detail').first().isVisible()).toBe(false);
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await open.locator('.seek-detail').first().isVisible()).toBe(true);
    });
  });

  it('an online game: the moves right under the board on a phone, above the chat on a laptop', async () => {
    await withPage(async (page) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${server.base}/g/${site.yourMoveGame}`);
        await page.locator('.presence').waitFor();
        await page.getByTestId('moves').locator('li').first().waitFor();
        const [board, moves, chat, presence] = await Promise.all(
          ['svg.board', '[data-testid=moves]', '.chat', '.presence'].map((s) => box(page, s)),
        );
        // Before the chat and the table's manners, and on the board's screen.
        expect(moves.y).toBeLessThan(chat.y);
        if (size === PHONE) {
          expect(moves.y).toBeLessThan(presence.y);
          expect(moves.y + moves.height).toBeLessThanOrEqual(board.y + PHONE.height);
        }
        await shoot(page, 'online-your-move');
      }
    }, true);
  });

  it('a finished game on a phone: the review’s panel holds its place while its code loads, so what is below it stays put', async () => {
    await withPage(async (page) => {
      // The review's code held back until the page stands: it arrives after the first paint, as on a slow phone.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = /\/assets\/review-[\w-]+\.js$/;
      await page.route(held, async (route) => {
        await released;
        await route.continue();
      });
      try {
        await page.goto(`${server.base}/g/${site.finishedGame}`);
        await page.getByTestId('moves').locator('li').first().waitFor();
        // The game's seed, under the review's place in the side column.
        await page.locator('.side .seed').waitFor();
        const before = (await box(page, '.side .seed')).y;
        release();
        await page.getByRole('button', { name: 'Request a computer review' }).waitFor();
        // The panel stood from the start ("asking"); only its line became the button: a few pixels, not the panel's height.
        expect(Math.abs((await box(page, '.side .seed')).y - before)).toBeLessThanOrEqual(12);
      } finally {
        release();
        await page.unroute(held);
      }
    }, true);
  });

  it('the result card: opaque, said once, its title whole, its buttons in a grid, and shown once', async () => {
    await withPage(async (page) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        // A new visitor's first look (the same player on another device): the card is there.
        await page.evaluate(() => localStorage.removeItem('hexarena.results-seen')).catch(() => undefined);
        await page.goto(`${server.base}/g/${site.finishedGame}`);
        const card = page.getByTestId('result');
        await card.getByTestId('rating-diffs').waitFor();
        const look = await card.evaluate((el) => {
          const phrases = [...el.querySelectorAll('h2 .phrase')].map((p) => p.getClientRects().length);
          const actions = [...el.querySelectorAll<HTMLElement>('.actions > a, .actions > button')].map((a) => a.getBoundingClientRect());
          return { background: getComputedStyle(el).backgroundColor, phrases, actions: actions.map((r) => ({ x: r.x, width: r.width })) };
        });
        // Nothing of the board shows through.
        expect(look.background).toMatch(/^rgb\(/);
        // "Blue wins" and "(Red resigned)" each on one line.
        expect(look.phrases).toEqual([1, 1]);
        // Equal cells of a grid: two widths at most (a cell, a whole row), two columns' left edges.
        expect(look.actions.length).toBeGreaterThanOrEqual(2);
        expect(new Set(look.actions.map((a) => Math.round(a.width))).size).toBeLessThanOrEqual(2);
        expect(new Set(look.actions.map((a) => Math.round(a.x))).size).toBeLessThanOrEqual(2);
        // Said once on screen: the banner above the board keeps the words for a screen reader only.
        const banner = await box(page, '[data-testid=status]');
        expect(banner.width * banner.height).toBeLessThanOrEqual(1);
        expect(await page.getByTestId('status').textContent()).toMatch(/^Game over: /);
        await shoot(page, 'result-first-look');
        // Opened again: folded, the banner says it, and the card is a click away.
        await page.reload();
        await page.locator('.status.over').waitFor();
        await page.getByRole('button', { name: 'Show the result' }).waitFor();
        expect(await card.count()).toBe(0);
        expect((await box(page, '[data-testid=status]')).height).toBeGreaterThan(10);
        await shoot(page, 'result-opened-again');
        await page.getByRole('button', { name: 'Show the result' }).click();
        await card.getByTestId('rating-diffs').waitFor();
      }
    }, true);
  });

  it('"Rated" is offered to a player with an account only, and never ticked unasked by the last game', async () => {
    // A guest has no rating: no tick to offer.
    await withPage(async (page) => {
      await page.goto(`${server.base}/`);
      const card = await gameForm(page, 'Hex', 'Play a friend');
      await card.getByRole('button', { name: 'Play Hex online' }).waitFor();
      expect(await card.getByLabel('Rated').count()).toBe(0);
    });
    await withPage(async (page) => {
      await page.goto(`${server.base}/`);
      await page.locator('.account-bar a[href="/account"]').waitFor();
      let card = await gameForm(page, 'Hex', 'Play a friend');
      await card.getByLabel('Rated').check();
      await card.getByRole('button', { name: 'Play Hex online' }).click();
      await page.waitForURL(/\/g\/[\w-]+$/);
      // The next game starts casual: the last one's tick stays with it.
      await page.goto(`${server.base}/`);
      await page.locator('.account-bar a[href="/account"]').waitFor();
      card = await gameForm(page, 'Hex', 'Play a friend');
      expect(await card.getByLabel('Rated').isChecked()).toBe(false);
    }, true);
  });

  it('your own profile: online (you are on it), its days with the month in words, its one chart across its card', async () => {
    await withPage(async (page) => {
      await page.setViewportSize(LAPTOP);
      await page.goto(`${server.base}/u/${site.player}`);
      await page.locator('.rating-chart[role=img]').waitFor();
      expect(await page.locator('.player-online').textContent()).toBe('● online now');
      const since = (await page.getByText(/^Member since /).textContent()) ?? '';
      expect(since).not.toMatch(/\d+\/\d+\/\d+/);
      expect(since).toMatch(/[A-Za-z]{3}/);
      const [chart, card] = [await box(page, '.rating-chart[role=img]'), await box(page, '.rating-history')];
      expect(chart.width).toBeGreaterThan(card.width * 0.6);
      await shoot(page, 'profile-yours');
    }, true);
  });

  it('a profile on a phone: drawn once its record has come, so nothing moves when it does', async () => {
    await withPage(async (page) => {
      // The record answered last, well after the profile: it used to push the games off the screen.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = /\/api\/players\/[^/]+\/record$/;
      await page.route(held, async (route) => {
        await released;
        await route.continue();
      });
      try {
        const profileRead = page.waitForResponse((r) =>
          /\/api\/players\/[^/]+(\?|$)/.test(new URL(r.url()).pathname + new URL(r.url()).search),
        );
        await page.goto(`${server.base}/u/${site.player}`);
        await profileRead;
        // The profile is here, the record not: nothing of the player is drawn yet.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await page.locator('.profile h2').count()).toBe(0);
        release();
        await page.locator('.player-record').waitFor();
        await page.locator('.recent-boards').waitFor();
        expect(await shifted(page)).toBeLessThan(0.01);
      } finally {
        release();
        await page.unroute(held);
      }
    }, true);
  });

  it('DiceWars: one list of the players and one log, the map first; on a phone every name whole', async () => {
    await withPage(async (page) => {
      const eight = `/#game=dicewars&seats=human,${Array(7).fill('gamedesign').join(',')}&seed=bar`;
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(server.base + eight);
        await page.locator('svg.dicewars').waitFor();
        // The bots play till the human's turn: moves in the log, each as its battle went.
        await page.getByTestId('moves').locator('li').first().waitFor();
        await expect.poll(() => page.getByTestId('status').textContent()).toMatch(/^A: your turn/);
        // One list: a strip a player, in turn order; no turn-order list beside it, no second log.
        expect(await page.locator('.strips .strip').count()).toBe(8);
        expect(await page.locator('.queue, [data-testid=log]').count()).toBe(0);
        expect(await page.locator('.strips .strip .note').first().textContent()).toMatch(/^group \d+ · stock \d+$|^out$/);
        const battles = await page.locator('[data-testid=moves] li button').allTextContents();
        expect(battles.filter((b) => /^[A-H] \d+→\d+ \([A-H]\): .* (taken|held)$|^[A-H] ends the turn/.test(b))).toEqual(battles);
        // A battle a line, none over another.
        const lines = await page
          .locator('[data-testid=moves] li button')
          .evaluateAll((items) => items.map((b) => b.getBoundingClientRect()));
        for (let i = 1; i < lines.length; i++)
          expect(overlaps(lines[i - 1] as Box, lines[i] as Box), `log lines ${i} and ${i + 1}`).toBe(false);
        // The map before the log, and wholly on the first screen of a laptop.
        const [map, moves] = await Promise.all([box(page, 'svg.dicewars'), box(page, '[data-testid=moves]')]);
        if (size === LAPTOP) expect(map.y + map.height).toBeLessThanOrEqual(LAPTOP.height);
        else expect(map.y + map.height).toBeLessThanOrEqual(moves.y);
        // Every player's name shows whole (the human's was the one cut off on a phone).
        const cut = await page
          .locator('.strips .strip .player')
          .evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth + 0.5).map((n) => n.textContent));
        expect(cut).toEqual([]);
        await shoot(page, 'dicewars-eight');
      }
    });
  });

  it('Nonaga: the move list says which way things moved, not the plane’s coordinates; the record keeps them', async () => {
    await withPage(async (page) => {
      const turns = ['2,0>-1,0 1,1>3,-1', '2,-2>2,0 -2,1>3,-2'];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${server.base}/#game=nonaga&seats=human,human&seed=words&moves=${encodeURIComponent(turns.join(';'))}`);
        const list = page.getByTestId('moves');
        await list.locator('li').nth(1).waitFor();
        const shown = await list.locator('li button').allTextContents();
        expect(shown).toEqual(['←3, disc ↗2', '↘2, disc ↗3→2']);
        // What is copied and each move's title stay the record's notation.
        expect(await list.getAttribute('data-text')).toBe(turns.join(', '));
        expect(await list.locator('li button').first().getAttribute('title')).toBe(turns[0]);
        await shoot(page, 'nonaga-moves');
      }
    });
  });

  it('the create dialog: opens on Hive, the seed folded away, levels in words, no name asked of a player with an account', async () => {
    await withPage(async (page) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${server.base}/`);
        await page.evaluate(() => localStorage.removeItem('hexarena.last-game'));
        await page.getByRole('button', { name: 'Create a game', exact: true }).click();
        // A first visit opens on the site's headline game, not tic-tac-toe.
        expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Hive');
        const card = page.getByRole('region', { name: 'Hive', exact: true });
        // The seed: there, but folded under "Seed".
        const seed = card.getByLabel('Hive seed');
        expect(await seed.isVisible()).toBe(false);
        // Each AI level by a word a player uses: no "max".
        const levels = await card.getByRole('combobox', { name: 'Black is played by' }).locator('option').allTextContents();
        expect(levels).not.toContain('max');
        expect(levels).toContain('strongest');
        await shoot(page, 'create-dialog');
        await card.getByText('Seed', { exact: true }).click();
        expect(await seed.isVisible()).toBe(true);
        // A guest online names themselves.
        expect(await card.getByRole('textbox', { name: 'Hive: your name online' }).count()).toBe(1);
        await page.keyboard.press('Escape');
      }
    });
    // A player with an account plays under it: no name to give.
    await withPage(async (page) => {
      await page.goto(`${server.base}/`);
      await page.locator('.account-bar a[href="/account"]').waitFor();
      const card = await gameForm(page, 'Hive', 'Play a friend');
      await card.getByRole('button', { name: 'Play Hive online' }).waitFor();
      expect(await card.getByRole('textbox', { name: 'Hive: your name online' }).count()).toBe(0);
    }, true);
  });

  it('the invite page on a phone: its legend inside its border, the link inside the screen, no name asked of a player with an account', async () => {
    for (const player of [false, true])
      await withPage(async (page) => {
        await page.goto(`${server.base}/g/${site.openGame}`);
        const offer = page.locator('.take-seat');
        await offer
          .getByRole('button', { name: /^Play / })
          .first()
          .waitFor();
        const [fieldset, legend, link] = await Promise.all([
          box(page, '.take-seat'),
          box(page, '.take-seat legend'),
          box(page, '[data-testid=invite]'),
        ]);
        // The legend's lines lie inside the box, below its top border, not across it.
        expect(legend.y).toBeGreaterThanOrEqual(fieldset.y + 1);
        expect(legend.x + legend.width).toBeLessThanOrEqual(fieldset.x + fieldset.width);
        expect(link.x + link.width).toBeLessThanOrEqual(PHONE.width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        // A guest gives a name to play under; a player plays under their account's, and is told so.
        expect(await offer.getByRole('textbox').count()).toBe(player ? 0 : 1);
        if (player) expect(await offer.locator('.playing-as').textContent()).toBe(`You play as ${site.player}`);
        await shoot(page, player ? 'invite-player' : 'invite-guest');
      }, player);
  });

  it('the home page: every game card shows a picture of its board', async () => {
    await withPage(async (page) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${server.base}/`);
        const cards = page.locator('.game-shelf [data-game-card]');
        await cards.first().waitFor();
        const pictures = await cards.evaluateAll((all) =>
          all.map((card) => {
            const r = card.querySelector('svg.game-picture')?.getBoundingClientRect();
            return { game: card.getAttribute('data-game-card'), width: Math.round(r?.width ?? 0), height: Math.round(r?.height ?? 0) };
          }),
        );
        expect(pictures.length).toBe(5);
        for (const p of pictures) expect(p.width > 40 && p.height > 40, `${p.game}: ${p.width}×${p.height}`).toBe(true);
        await page.locator('.game-shelf').scrollIntoViewIfNeeded();
        await shoot(page, 'home-cards');
      }
    });
  });
});

describe('the top bar on a phone', () => {
  it('the menu opens the site’s links below the bar, Escape or a tap elsewhere folds it; the account is its icon', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.base}/leaderboard`);
      await page.locator('.account-bar:not(.asking)').waitFor();
      const menu = page.getByRole('button', { name: 'Menu' });
      const watch = page.getByRole('link', { name: 'Watch' });
      expect(await watch.isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      const links = page.locator('#site-menu-links a');
      expect(await links.allTextContents()).toEqual(['Leaderboards', 'Engine ladder', 'Watch', 'Following']);
      const bar = await box(page, 'header.topbar');
      for (const link of await links.all()) {
        const at = await link.boundingBox();
        expect(at && at.y >= bar.y + bar.height - 1 && at.x >= 0 && at.x + at.width <= PHONE.width && at.height >= 40).toBe(true);
      }
      await shoot(page, 'topbar-menu-open');
      await page.keyboard.press('Escape');
      expect(await watch.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');
      await menu.click();
      await page.mouse.click(200, 600);
      expect(await watch.isVisible()).toBe(false);
      await menu.click();
      await watch.click();
      await page.waitForURL(`${server.base}/games`);
      // The account as its icon, named for the player.
      await page.getByRole('link', { name: site.player, exact: true }).waitFor();
    }, true);
  });

  it('TV (320, 360 and 390 px): its channels under the top bar, in the page’s flow, above the game they show', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.base}/tv`);
      await page.getByTestId('tv-game').waitFor();
      for (const size of [...NARROW, PHONE]) {
        await page.setViewportSize(size);
        // Each drawn first: the channels are read again now and then, and the page may be between two draws.
        const parts = ['header.topbar', '.tv-bar', '[data-testid=tv-game]', '[data-testid=status]'];
        for (const part of parts) await page.locator(part).first().waitFor();
        const [top, channels, game, status] = await Promise.all(parts.map((s) => box(page, s)));
        const at = `${size.width} px`;
        expect(channels.y, `${at}: the channels start under the top bar`).toBeGreaterThanOrEqual(top.y + top.height - 0.5);
        expect(game.y, `${at}: the game's line under the channels`).toBeGreaterThanOrEqual(channels.y + channels.height - 0.5);
        expect(status.y, `${at}: the game's status under its line`).toBeGreaterThanOrEqual(game.y + game.height - 0.5);
        // Scrolled with the page, not pinned over it.
        const pinned = await page.locator('.tv-header').evaluate((el) => {
          const found: string[] = [];
          for (let e: Element | null = el; e; e = e.parentElement)
            if (!['static', 'relative'].includes(getComputedStyle(e).position)) found.push(`${e.tagName} ${getComputedStyle(e).position}`);
          return found;
        });
        expect(pinned, at).toEqual([]);
        await shoot(page, 'tv');
      }
    });
  });

  it('a game’s bar has the search of players: an icon on a phone, a field on a laptop', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.base}/g/${site.yourMoveGame}`);
      await page.locator('.bar-search:not(.asking)').waitFor();
      const field = page.getByRole('combobox', { name: 'Search players by name' });
      expect(await field.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Search players' }).click();
      const at = await field.boundingBox();
      expect(at && at.x >= 0 && at.x + at.width <= PHONE.width && at.width > PHONE.width * 0.8).toBe(true);
      await field.pressSequentially(site.player.slice(0, 6));
      await page.getByRole('option', { name: new RegExp(site.player) }).waitFor();
      await shoot(page, 'topbar-game-search');
      await page.setViewportSize(LAPTOP);
      expect(await field.isVisible()).toBe(true);
    }, true);
  });
});

describe('board flip', () => {
  it('Flip board turns the board round and swaps the strips, its words still upright; again turns it back', async () => {
    await withPage(async (page) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${server.base}/#game=hex&seats=human,human&seed=flip&moves=f6;e5`);
        await page.locator('svg.board [data-cell="a1"]').waitFor();
        const centre = async (selector: string) => {
          const b = await box(page, selector);
          return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
        };
        const [board, a1, k11, white] = await Promise.all(
          ['svg.board', '[data-cell="a1"]', '[data-cell="k11"]', '[data-testid=strip-0]'].map(centre),
        );
        expect(white.y).toBeGreaterThan(board.y);
        const flip = page.getByRole('button', { name: 'Flip board' });
        await flip.click();
        expect(await flip.getAttribute('aria-pressed')).toBe('true');
        // a1 stands where k11 stood, and the first seat's strip above the board.
        await expect.poll(async () => Math.round((await centre('[data-cell="a1"]')).x - k11.x)).toBe(0);
        expect(Math.abs((await centre('[data-cell="a1"]')).y - k11.y)).toBeLessThan(2);
        expect((await centre('[data-testid=strip-0]')).y).toBeLessThan((await centre('svg.board')).y);
        // The coordinates turned back upright.
        expect(
          await page
            .locator('svg.board text')
            .first()
            .evaluate((el) => getComputedStyle(el).rotate),
        ).toBe('180deg');
        await shoot(page, 'flipped-hex');
        await flip.click();
        await expect.poll(async () => Math.round((await centre('[data-cell="a1"]')).x - a1.x)).toBe(0);
        expect((await centre('[data-testid=strip-0]')).y).toBeGreaterThan((await centre('svg.board')).y);
      }
    });
  });
});
