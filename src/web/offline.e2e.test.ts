import { readdir, readFile } from 'node:fs/promises';
import { keysOfMove } from '@hexarena/engines/engine/board-interaction.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive, hiveBoard } from '@hexarena/engines/games/hive/index.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { parsePuzzleSet, setUpPuzzle } from '../puzzles/puzzle-set.ts';
import { screenshot } from './screenshots.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * The installable app (issue 46, build item 5): the manifest and its icons, and the service worker
 * that keeps the build — then the network is cut and the server stopped, and a game against the
 * computer, a hotseat game, a shipped puzzle and the analysis board still work. The app vitest's
 * global set-up built, the real server in this process, Debian's chromium. Screenshots go to
 * test-results/offline-*.png.
 */
const PATIENCE_MS = 150_000;
const site = staticSite();

const moveCount = async (page: Page) => Number(await page.getByTestId('moves').getAttribute('data-count'));
const status = (page: Page) => page.getByTestId('status').textContent();

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `test-results/offline-${name}.png`);
}

describe('the installable app', () => {
  it('is tested as players get it: the production build, without development tools', async () => {
    // The test runner's NODE_ENV ("test") must not turn the build into a development one.
    const assets = await readdir(`${WEB_DIST}/assets`);
    expect(assets.filter((f) => f.includes('devtools'))).toEqual([]);
    const entry = assets.find((f) => /^index-.*\.js$/.test(f)) as string;
    expect(await readFile(`${WEB_DIST}/assets/${entry}`, 'utf8')).not.toContain('jsxDEV');
  });

  it('has a manifest with icons a phone can install, each served', async () => {
    const response = await fetch(`${site.base}manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'hexarena', start_url: '/', display: 'standalone' });
    // The sizes an installer asks for, and one a launcher may mask.
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await fetch(new URL(icon.src, site.base));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toContain(icon.type);
      if (icon.type === 'image/png') {
        // A PNG of the size it claims (width and height from its header).
        const bytes = Buffer.from(await file.arrayBuffer());
        expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
    }
    const page = await fetch(site.base).then((r) => r.text());
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    // The worker is checked again at every visit (a new build is a new worker).
    const worker = await fetch(`${site.base}sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('javascript');
  });

  describe('with no network', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      // The service worker is this file's subject: allowed here (the test browser blocks it elsewhere).
      context = await site.browser.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        serviceWorkers: 'allow',
      });
      context.setDefaultTimeout(PATIENCE_MS);
      page = await context.newPage();
      await page.goto(site.base);
      // Active means installed, and installing means every file of the build kept.
      const kept = await page.evaluate(async () => {
        const { active } = await navigator.serviceWorker.ready;
        // Ready once activating; the old caches' clean-up and the claim come before "activated".
        if (active && active.state !== 'activated')
          await new Promise((done) => active.addEventListener('statechange', () => active.state === 'activated' && done(null)));
        const names = await caches.keys();
        const cache = await caches.open(names.find((n) => n.startsWith('hexarena-')) ?? '');
        return { active: active?.state, files: (await cache.keys()).map((r) => new URL(r.url).pathname) };
      });
      expect(kept.active).toBe('activated');
      expect(kept.files).toEqual(expect.arrayContaining(['/', '/manifest.webmanifest', '/favicon.svg']));
      expect(kept.files.some((f) => /^\/assets\/ai-worker-.*\.js$/.test(f))).toBe(true);
      // No network, and no server either.
      await context.setOffline(true);
      await site.server.close();
      expect(
        await page.evaluate(() =>
          fetch('/api/games').then(
            () => 'answered',
            () => 'failed',
          ),
        ),
      ).toBe('failed');
    });

    afterAll(async () => {
      await context?.close();
    });

    it('opens the home page', async () => {
      await page.goto(site.base);
      await expect.poll(() => page.locator('h1').first().textContent()).toContain('hexarena');
      await page.getByTestId('puzzles-hive').waitFor();
      await shot(page, 'home');
    });

    it('plays a game against the computer (the AI runs in a worker of the page)', async () => {
      await page.goto(`${site.base}#game=tictactoe&seats=human,easy&seed=offline`);
      await page.locator('[data-cell="b2"]').click();
      // The computer answers: its move is the second of the game.
      await expect.poll(() => moveCount(page)).toBe(2);
      await shot(page, 'ai-game');
    });

    it('plays a hotseat game to its end', async () => {
      await page.goto(`${site.base}#game=tictactoe&seats=human,human&seed=offline`);
      for (const [i, cell] of ['a1', 'b1', 'a2', 'b2', 'a3'].entries()) {
        await page.locator(`[data-cell="${cell}"]`).click();
        await expect.poll(() => moveCount(page)).toBe(i + 1);
      }
      await expect.poll(() => status(page)).toBe('Game over: X wins (three in a row).');
    });

    it('opens a shipped puzzle and judges a move', async () => {
      const set = unwrap(parsePuzzleSet(JSON.parse(await readFile('src/puzzles/sets/hive.json', 'utf8'))));
      const puzzle = set.puzzles[0] as (typeof set.puzzles)[number];
      const { position, solution } = unwrap(setUpPuzzle(hive, puzzle));
      await page.goto(`${site.base}#puzzle&game=hive&id=${puzzle.id}`);
      await expect.poll(() => status(page)).toBe('Puzzle: White to play and win in 2 moves.');
      // The answer, by taps: the piece, then where it goes; the page judges it with no server.
      const keys = keysOfMove(hiveBoard(position, true), (m) => hive.formatMove(position, m) === solution[0]);
      if (!keys?.from) throw new Error(`no taps make ${solution[0]}`);
      await page.locator(keys.from.startsWith('hand:') ? `[data-hand="${keys.from.slice(5)}"]` : `[data-cell="${keys.from}"]`).tap();
      await page.locator(`[data-cell="${keys.to}"]`).tap();
      await expect.poll(() => status(page)).toBe('Right. White to play and win in one move.');
      await shot(page, 'puzzle');
    });

    it('opens the analysis board, whose engine names a move', async () => {
      await page.goto(`${site.base}#analysis&game=dicewars&seed=offline`);
      await expect.poll(() => page.locator('.engine-best button').textContent()).toMatch(/^(attack \d+ \d+|end)/);
      await shot(page, 'analysis');
    });
  });
});
