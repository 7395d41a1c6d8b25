import { mkdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { keysOfMove } from '@hexarena/engines/engine/board-interaction.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { dicewars } from '@hexarena/engines/games/dicewars/index.ts';
import { type HiveState, hive, hiveBoard } from '@hexarena/engines/games/hive/index.ts';
import { SURROUNDED_IN_23, unfinishedGame } from '@hexarena/engines/games/hive/testing.ts';
import { nonaga, nonagaDiscBoard } from '@hexarena/engines/games/nonaga/index.ts';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { parsePuzzleSet, setUpPuzzle } from '../puzzles/puzzle-set.ts';
import { createHttpServer } from '../server/http.ts';
import { gameForm } from './create-game.testing.ts';
import { EVERY_FRAME, launchTestChromium, TEST_SEARCH_DEPTH } from './headless-chromium.ts';
import { failureScreenshot, screenshot } from './screenshots.testing.ts';

/**
 * The browser app end to end: built with Vite, served by the real server, driven in Debian's
 * chromium headless shell (installed by scripts/ensure-packages.mjs before `npm test`). Screenshots go to
 * test-results/.
 */
const PATIENCE_MS = 150_000;
let server: FastifyInstance;
let browser: Browser;
let base: string;

/**
 * The page most tests run on, one for the file: a fresh context a test cost five to ten seconds on
 * the loaded machine (a new renderer, and the app's scripts fetched and compiled again), a fresh
 * document in this one about half as much. Between tests it goes blank and the site's storage is
 * wiped, so each test still starts from a new document with nothing kept.
 */
let shared: { page: Page; storage: CDPSession; refused: string[] };

/** A context as every test's: its waits and the AI's pace (see onPage); `refused` gathers the CSP's refusals. */
async function openContext(device: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page; refused: string[] }> {
  const context = await browser.newContext(device);
  // Waits are for events; the limit only stops a hung test, so a busy machine cannot fail one.
  context.setDefaultTimeout(PATIENCE_MS);
  // The AI's pause between moves at "fast" rather than "normal", unless a test chose otherwise: a
  // player's pacing, not a rule, and the tests watch dozens of AI moves.
  await context.addInitScript(() => {
    if (localStorage.getItem('hexarena.settings') === null) localStorage.setItem('hexarena.settings', JSON.stringify({ aiDelayMs: 150 }));
  });
  const page = await context.newPage();
  // The server's content security policy must let the app do everything it does.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  return { context, page, refused };
}

beforeAll(async () => {
  // vitest's global set-up (scripts/build-web.global.mjs) has built the app.
  server = await createHttpServer(WEB_DIST);
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/`;
  browser = await launchTestChromium();
  await mkdir('test-results', { recursive: true });
  const { context, page, refused } = await openContext({});
  shared = { page, storage: await context.newCDPSession(page), refused };
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The game in a page's address (the fragment; the query of an older address). */
const addressOf = (page: Page) => {
  const url = new URL(page.url());
  return new URLSearchParams((url.hash.length > 1 ? url.hash : url.search).slice(1));
};
const status = (page: Page) => page.getByTestId('status').textContent();
const moveCount = async (page: Page) => Number(await page.getByTestId('moves').getAttribute('data-count'));

/** Waits until the status line passes `test` (status text is what every game page shows). */
const waitForStatus = (page: Page, test: { startsWith?: string; includes?: string; is?: string }) =>
  page.waitForFunction(
    ({ startsWith, includes, is }) => {
      const text = document.querySelector('[data-testid=status]')?.textContent ?? '';
      return startsWith !== undefined ? text.startsWith(startsWith) : includes !== undefined ? text.includes(includes) : text === is;
    },
    test,
    EVERY_FRAME,
  );

/** Waits until the game has `n` moves or is over (the AI may answer before any other check runs). */
const waitForMoves = (page: Page, n: number) =>
  page.waitForFunction(
    (n) =>
      Number(document.querySelector('[data-testid=moves]')?.getAttribute('data-count')) >= n ||
      (document.querySelector('[data-testid=status]')?.textContent ?? '').startsWith('Game over'),
    n,
    EVERY_FRAME,
  );

/**
 * Opens `path` (relative to the app) on a new document with nothing stored, runs `body`, then saves
 * the full-page screenshot `shot` (test-results/<shot>.png). On the file's shared page, unless
 * `device` asks for a context of its own: a phone's viewport and touch, say, or `{}` for a test that
 * changes the page itself (its routes, its clock). A failing test leaves test-results/<shot>-failed.png
 * showing where it stopped.
 */
async function onPage(
  path: string,
  shot: string,
  body: (page: Page) => Promise<void>,
  device: BrowserContextOptions | 'shared' = 'shared',
): Promise<void> {
  const own = device === 'shared' ? undefined : await openContext(device);
  const { page, refused } = own ?? shared;
  if (own === undefined) {
    // Off the site first, so that nothing of the last test's document runs, then its storage wiped.
    await page.goto('about:blank');
    await shared.storage.send('Storage.clearDataForOrigin', {
      origin: base.slice(0, -1),
      storageTypes: 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems',
    });
    refused.length = 0;
  }
  try {
    await page.goto(base + path);
    await body(page);
    expect(refused).toEqual([]);
    await screenshot(page, `test-results/${shot}.png`, { fullPage: true });
  } catch (error) {
    await failureScreenshot(page, `test-results/${shot}-failed.png`, { fullPage: true });
    throw error;
  } finally {
    await own?.context.close();
  }
}

/**
 * The home page once the app has drawn over the markup that came in its HTML (src/server/prerendered.ts).
 * Until then the markup is inert: a person can reach none of its controls, but a test's setInputFiles
 * can, and a file given to it then goes nowhere (a loaded suite saw the record upload wait 150 s).
 */
const homeDrawn = (page: Page): Promise<void> => page.locator('#app:not([inert])').waitFor();

describe('the browser app', () => {
  it('starts tic-tac-toe from the home page and never lets a human beat the max AI', async () => {
    await onPage('', 'tictactoe-vs-max', async (page) => {
      await (await gameForm(page, 'Tic-tac-toe', 'Play the computer')).getByRole('button', { name: 'Start Tic-tac-toe' }).click();
      await expect.poll(() => status(page)).toBe('X to move.');
      // The human (X) always takes the first free cell in reading order; the AI (O) answers.
      while (!((await status(page)) ?? '').startsWith('Game over')) {
        const before = await moveCount(page);
        await page.locator('[data-cell][tabindex="0"]').first().click();
        await waitForMoves(page, before + 2);
      }
      expect(await status(page)).toMatch(/^Game over: (O wins|draw)/);
      expect(page.url()).toContain('game=tictactoe');
    });
  });

  it('plays a whole hotseat game by keyboard alone (Tab to a cell, Enter)', async () => {
    await onPage('?game=tictactoe&seats=human,human&seed=kb', 'tictactoe-keyboard', async (page) => {
      // X: a3, b3, c3 wins on the top row; O answers on the middle row.
      for (const cell of ['a3', 'a2', 'b3', 'b2', 'c3']) {
        await page.locator(`[data-cell=${cell}]`).focus();
        await page.keyboard.press('Enter');
      }
      await expect.poll(() => status(page)).toBe('Game over: X wins (three in a row).');
      expect(await page.getByTestId('moves').getAttribute('data-text')).toBe('a3 a2 b3 b2 c3');
    });
  });

  it('Hex: a hotseat game by clicks; the pie rule’s swap is a button, and the winning chain is shown', async () => {
    const options = encodeURIComponent(JSON.stringify({ size: 5, pie: true }));
    await onPage(`?game=hex&options=${options}&seats=human,human&seed=hex`, 'hex-hotseat', async (page) => {
      // Each player's strip wears the colour of their stones: Red's red, Blue's blue.
      const bar = (seat: number) => page.getByTestId(`strip-${seat}`).evaluate((e) => getComputedStyle(e).borderLeftColor);
      expect([await bar(0), await bar(1)]).toEqual(['rgb(213, 94, 0)', 'rgb(0, 114, 178)']);
      await page.locator('[data-cell=c2]').click();
      // Blue takes the first stone: it becomes Blue's, reflected to b3, and Red moves again.
      await page.getByRole('button', { name: 'Swap: take the first stone as yours' }).click();
      await expect.poll(() => page.locator('[data-cell=b3]').getAttribute('aria-label')).toBe('b3 blue');
      expect(await page.locator('[data-cell=c2]').getAttribute('aria-label')).toBe('c2 empty');
      expect(await page.getByRole('button', { name: /^Swap/ }).count()).toBe(0);
      // Red runs down column a; Blue answers down column e.
      for (const cell of ['a1', 'e1', 'a2', 'e2', 'a3', 'e3', 'a4', 'e4', 'a5']) await page.locator(`[data-cell=${cell}]`).click();
      await expect.poll(() => status(page)).toBe('Game over: Red wins (Red joined top and bottom).');
      expect(await page.locator('svg.hex-board g.win').count()).toBe(5);
      expect(await page.getByTestId('moves').getAttribute('data-text')).toBe('c2 swap a1 e1 a2 e2 a3 e3 a4 e4 a5');
    });
  });

  it('Nonaga: a turn by clicks (token, slide end, disc, new place), then the AI answers', async () => {
    await onPage('', 'nonaga-turn', async (page) => {
      await (await gameForm(page, 'Nonaga')).getByRole('combobox', { name: 'Black is played by' }).selectOption('easy');
      await page.getByRole('button', { name: 'Start Nonaga' }).click();
      await expect.poll(() => status(page)).toBe('Red to move: slide a token.');
      const frame = () => page.locator('svg.board').getAttribute('viewBox');
      const before = await frame();
      // Red's three tokens can slide: each is marked.
      expect(await page.locator('.disc.movable').count()).toBe(3);
      await page.locator('[data-cell="2,0"]').click();
      await page.locator('[data-cell="-1,0"]').click();
      await expect.poll(() => status(page)).toBe('Red to move: now move a disc.');
      // The disc step marks every disc that may move, as its board offers them; the frame stays put.
      const state = nonaga.newGame(nonaga.defaultOptions, 'x');
      const slide = unwrap(nonaga.parseMove(state, '2,0>-1,0 1,1>3,-1')).slide;
      await expect.poll(() => page.locator('.disc.movable').count()).toBe(nonagaDiscBoard(state, slide).dests.size);
      expect(await frame()).toBe(before);
      await page.locator('[data-cell="1,1"]').click();
      await page.locator('[data-cell="3,-1"]').click();
      await waitForMoves(page, 2);
      const moves = ((await page.getByTestId('moves').getAttribute('data-text')) ?? '').split(', ');
      expect(moves[0]).toBe('2,0>-1,0 1,1>3,-1');
      expect(moves).toHaveLength(2);
      await expect.poll(() => status(page)).toBe('Red to move: slide a token.');
      // Black's reply is marked: where its token slid from and to, with an arrow.
      const [blackSlide] = (moves[1] as string).split(' ');
      const to = (blackSlide as string).split('>')[1];
      expect(await page.locator(`[data-cell="${to}"].last-to`).count()).toBe(1);
      expect(await page.getByTestId('last-slide').count()).toBe(1);
    });
  });

  it('DiceWars: an attack by clicks shows its battle line, then End Turn', async () => {
    await onPage('?game=dicewars&seats=human,gamedesign&seed=dw', 'dicewars-attack', async (page) => {
      await waitForStatus(page, { includes: 'your turn' });
      // Replay the game here to find a legal attack for A (the bot may have played first).
      const moves = (addressOf(page).get('moves') ?? '').split(';').filter(Boolean);
      const options = unwrap(dicewars.parseOptions({ players: 2, map: 'small' }));
      let state = dicewars.newGame(options, 'dw');
      for (const text of moves) state = dicewars.play(state, unwrap(dicewars.parseMove(state, text)));
      const attack = dicewars.legalMoves(state).find((m) => m.type === 'attack');
      if (attack?.type !== 'attack') throw new Error('no attack to make');
      await page.locator(`[data-territory="${attack.from}"]`).click();
      await page.locator(`[data-territory="${attack.to}"]`).hover();
      expect(await page.getByTestId('odds').textContent()).toMatch(/^win chance \d+\.\d%$/);
      await page.locator(`[data-territory="${attack.to}"]`).click();
      await expect
        .poll(async () => page.locator('[data-testid=moves] li button').last().textContent())
        .toMatch(new RegExp(`^A ${attack.from}→${attack.to} \\(B\\): .* (taken|held)$`));
      // The battle shows by the map too, die by die; the map names territories as the log does.
      await expect.poll(() => page.getByTestId('last-battle').textContent()).toMatch(new RegExp(`^A ${attack.from}→${attack.to} B: `));
      expect(await page.locator('.tnum').allTextContents()).toEqual(Array.from({ length: state.board.territories }, (_, t) => String(t)));
      // Each territory shows its dice as a stack of that many (the page rolled as this replay does).
      const after = dicewars.play(state, attack);
      for (const t of [attack.from, attack.to]) expect(await page.locator(`[data-territory="${t}"] .die`).count()).toBe(after.dice[t]);
      await page.getByRole('button', { name: 'End Turn' }).click();
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-testid=moves] li button')].some((li) => li.textContent?.startsWith('A ends the turn')),
        undefined,
        EVERY_FRAME,
      );
      // A turn is several moves here: they flow, not as a two-player score sheet.
      expect(await page.getByTestId('moves').getAttribute('class')).toBe('movelist');
    });
  });

  it('DiceWars: an all-AI game can be watched to the end', async () => {
    // Two quick AIs: the watching is the subject, not their play (packages/engines' bot tests judge
    // that). "hard" thought 3 s of CPU over this game, "easy" a few milliseconds.
    await onPage('?game=dicewars&seats=easy,gamedesign&seed=watch', 'dicewars-all-ai', async (page) => {
      await page.getByLabel('AI speed').selectOption('0');
      await waitForStatus(page, { startsWith: 'Game over' });
      expect(await status(page)).toMatch(/^Game over: [AB] wins \(last player standing\)\.$/);
    });
  });

  it('Hive: an opening by clicks: placements from the hands, then a beetle climbs and a piece moves', async () => {
    await onPage('', 'hive-opening', async (page) => {
      await (await gameForm(page, 'Hive')).getByRole('combobox', { name: 'Black is played by' }).selectOption('human');
      await page.getByRole('button', { name: 'Start Hive' }).click();
      await expect.poll(() => status(page)).toBe('White to move.');
      const place = async (piece: string, cell: string) => {
        await page.locator(`[data-hand="${piece}"]`).click();
        await page.locator(`[data-cell="${cell}"]`).click();
      };
      // wS1 at the origin, bS1 east of it, the queens beside them, the beetles on the far sides.
      await place('wS1', '0,0');
      await place('bS1', '1,0');
      await place('wQ', '-1,0');
      await place('bQ', '2,0');
      await place('wB1', '-1,-1');
      await place('bB1', '3,0');
      // The white beetle climbs onto its own queen: a stack of two.
      await page.locator('[data-cell="-1,-1"]').click();
      await page.locator('[data-cell="-1,0"]').click();
      await expect.poll(() => page.locator('[data-cell="-1,0"]').getAttribute('data-height')).toBe('2');
      expect(await page.locator('[data-cell="-1,0"]').getAttribute('data-piece')).toBe('wB1');
      // What is under a stack shows without hovering.
      expect(await page.locator('[data-cell="-1,0"] [data-testid=under]').textContent()).toBe('on wQ');
      // Black moves its beetle to the first destination the board offers.
      await page.locator('[data-cell="3,0"]').click();
      await page.locator('g.dest').first().click();
      await waitForMoves(page, 8);
      const moves = ((await page.getByTestId('moves').getAttribute('data-text')) ?? '').split(', ');
      expect(moves.slice(0, 7)).toEqual(['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wB1 \\wQ', 'bB1 bQ-', 'wB1 wQ']);
      expect(moves[7]).toMatch(/^bB1 /);
    });
  });

  it('with Confirm moves on (the settings menu), a move waits for Confirm; Cancel drops it', async () => {
    await onPage('?game=tictactoe&seats=human,human&seed=confirm', 'tictactoe-confirm', async (page) => {
      await page.getByLabel('More settings').click();
      await page.getByLabel('Confirm moves').check();
      await page.locator('[data-cell=b2]').click();
      await expect.poll(() => page.getByTestId('pending-move').textContent()).toBe('b2');
      expect(await moveCount(page)).toBe(0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.getByTestId('pending-move').count()).toBe(0);
      expect(await moveCount(page)).toBe(0);
      await page.locator('[data-cell=a1]').click();
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await waitForMoves(page, 1);
      expect(await page.getByTestId('moves').getAttribute('data-text')).toBe('a1');
      // Kept for the next page, and off again on request.
      await page.reload();
      await page.getByLabel('More settings').click();
      expect(await page.getByLabel('Confirm moves').isChecked()).toBe(true);
      await page.getByLabel('Confirm moves').uncheck();
      await page.locator('[data-cell=b2]').click();
      await waitForMoves(page, 2);
    });
  });

  it('keeps the game in the URL, so a reload resumes it', async () => {
    await onPage('?game=tictactoe&seats=human,human&seed=r', 'tictactoe-reload', async (page) => {
      await page.locator('[data-cell=b2]').click();
      await page.waitForURL(/moves=b2/);
      await page.reload();
      expect(await page.getByTestId('moves').getAttribute('data-text')).toBe('b2');
    });
  });

  it('a game of 1,500 moves lives in the address: it opens, reloads and plays on (no request-size limit)', async () => {
    // A long game, as two patient players make.
    const moves = unfinishedGame('long', 1_500).texts;
    expect(moves.length).toBe(1_500);
    const address = `#game=hive&seats=human,human&seed=long&moves=${encodeURIComponent(moves.join(';'))}`;
    expect(address.length).toBeGreaterThan(16 * 1024);
    await onPage(address, 'hive-long-game', async (page) => {
      await expect.poll(() => moveCount(page)).toBe(1_500);
      await page.reload();
      await expect.poll(() => moveCount(page)).toBe(1_500);
      await expect.poll(() => status(page)).toMatch(/to move/);
    });
  });

  it('Hive: the hand you play from is in view without scrolling, on a laptop and on a phone; Esc deselects', async () => {
    // A grown hive (31 moves in, Black to move): the board is tall.
    const moves = unfinishedGame('hand', 31).texts;
    const address = (seats: string) => `#game=hive&seats=${seats}&seed=hand&moves=${encodeURIComponent(moves.join(';'))}`;
    const handInView = async (page: Page, color: string) => {
      const box = await page.locator('fieldset.hand', { hasText: `${color}'s hand` }).boundingBox();
      const height = page.viewportSize()?.height ?? 0;
      expect(box, `${color}'s hand`).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(height);
    };
    await onPage(
      address('max,human'),
      'hive-hand-laptop',
      async (page) => {
        await expect.poll(() => status(page)).toBe('Black to move.');
        await handInView(page, 'Black');
        // 31 moves are 16 rounds, numbered as hivegame numbers them; the last move is in view.
        expect(await page.locator('.movelist .round').allTextContents()).toEqual(Array.from({ length: 16 }, (_, i) => `${i + 1}.`));
        // A round to a row, as a score sheet: White's move and Black's side by side, the next round below.
        const tops = await page
          .locator('.movelist button')
          .evaluateAll((buttons) => buttons.slice(0, 3).map((b) => Math.round(b.getBoundingClientRect().top)));
        expect(tops[1]).toBe(tops[0]);
        expect(tops[2]).toBeGreaterThan(tops[0] as number);
        const list = await page.getByTestId('moves').boundingBox();
        const last = await page.locator('.movelist [aria-current]').boundingBox();
        expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual((list?.y ?? 0) + (list?.height ?? 0) + 1);
        // Esc takes back a selection.
        await page.locator('[data-hand]:not([disabled])').first().click();
        await expect.poll(() => page.locator('.dest').count()).toBeGreaterThan(0);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('.dest').count()).toBe(0);
      },
      { viewport: { width: 1280, height: 860 } },
    );
    await onPage(address('human,human'), 'hive-hand-phone', async (page) => handInView(page, 'Black'), {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
  });

  it('after a game: rematch, swap sides, and New game remembering the seats; an address without seats seats as the home page', async () => {
    const finished = '#game=tictactoe&seats=human,easy&seed=rm&moves=a1;b1;a2;b2;a3';
    await onPage(finished, 'tictactoe-rematch', async (page) => {
      await expect.poll(() => status(page)).toBe('Game over: X wins (three in a row).');
      // The final position shows the line that won.
      expect(await page.locator('g.win').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-cell')).sort())).toEqual([
        'a1',
        'a2',
        'a3',
      ]);
      await page.getByRole('link', { name: 'Rematch' }).click();
      await expect.poll(() => moveCount(page)).toBe(0);
      expect(addressOf(page).get('seats')).toBe('human,easy');
      expect(addressOf(page).get('seed')).not.toBe('rm');
      // Back to the finished game, with the page rewriting its address before the change's event
      // comes (as a late effect of the game on the page may): the game followed is the one asked for.
      await page.evaluate((hash) => {
        window.location.hash = hash;
        history.replaceState(null, '', window.location.pathname);
      }, finished);
      await page.getByRole('link', { name: 'Swap sides' }).click();
      await expect.poll(() => addressOf(page).get('seats')).toBe('easy,human');
      await expect.poll(() => moveCount(page)).toBeGreaterThanOrEqual(1); // easy opens as X
      // The finished game is on the page again (a change of address alone: wait for it, not for the load).
      await page.goto(base + finished);
      await expect.poll(() => status(page)).toBe('Game over: X wins (three in a row).');
      await page.getByRole('link', { name: 'New game' }).click();
      // The address asks for tic-tac-toe: its form opens by itself.
      const card = page.getByRole('region', { name: 'Tic-tac-toe' });
      await expect.poll(() => card.getByLabel('O is played by').inputValue()).toBe('easy');
      await page.goto(`${base}#game=hive&seed=noseats`);
      await expect.poll(() => page.locator('.seed').textContent()).toContain('White: human, Black: medium');
    });
  });

  it('downloads a record, then opening it from the home page restores the position', async () => {
    await onPage('?game=nonaga&seats=human,human&seed=rec', 'record-upload', async (page) => {
      await page.locator('[data-cell="2,0"]').click();
      await page.locator('[data-cell="-1,0"]').click();
      await page.locator('[data-cell="1,1"]').click();
      await page.locator('[data-cell="3,-1"]').click();
      await waitForMoves(page, 1);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download record' }).click()]);
      const file = `test-results/${download.suggestedFilename()}`;
      await download.saveAs(file);
      const record = JSON.parse(await readFile(file, 'utf8'));
      expect(record).toMatchObject({
        game: 'nonaga',
        seed: 'rec',
        moves: ['2,0>-1,0 1,1>3,-1'],
        result: null,
        players: ['human', 'human'],
      });

      await page.goto(base);
      await homeDrawn(page);
      await page.getByTestId('upload').setInputFiles(file);
      await page.waitForURL(/game=nonaga/);
      await expect.poll(() => page.getByTestId('moves').getAttribute('data-text')).toBe('2,0>-1,0 1,1>3,-1');
      expect(await status(page)).toBe('Black to move: slide a token.');
      // The disc just moved is marked as not movable.
      expect(await page.locator('[data-cell="3,-1"]').getAttribute('class')).toContain('blocked');

      // A broken record is refused with the reason, and the page stays where it is.
      await page.goto(base);
      await homeDrawn(page);
      await page.getByTestId('upload').setInputFiles({
        name: 'bad.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ ...record, moves: ['2,0>-1,0 1,1>3,-1', '9,9>0,0 1,1>3,-1'] })),
      });
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^bad\.json: Move 2 \(9,9>0,0 1,1>3,-1\): /);
      expect(page.url()).toBe(base);
    });
  });

  it('steps through history with ←/→, undoes against the AI, and resigns', async () => {
    await onPage('?game=tictactoe&seats=human,max&seed=hist', 'tictactoe-resigned', async (page) => {
      await page.locator('[data-cell=b2]').click();
      await waitForMoves(page, 2);
      await page.locator('[data-cell][tabindex="0"]').first().click();
      await waitForMoves(page, 4);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => page.getByTestId('history-note').textContent()).toMatch(/^Position after move 3 of 4/);
      await page.keyboard.press('Home');
      await expect.poll(() => page.getByTestId('history-note').textContent()).toMatch(/^Position after move 0 of 4/);
      // The board shows the start and takes no moves while in history.
      expect(await page.locator('[data-cell][tabindex="0"]').count()).toBe(0);
      await page.keyboard.press('ArrowRight');
      expect(await page.locator('[data-cell=b2]').getAttribute('aria-label')).toBe('b2 X');
      await page.keyboard.press('End');
      await expect.poll(() => page.getByTestId('history-note').count()).toBe(0);
      // Undo takes back the human's move and the AI's reply.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => moveCount(page)).toBe(2);
      expect(await status(page)).toBe('X to move.');
      await page.getByRole('button', { name: 'Resign' }).click();
      await page.getByRole('button', { name: 'Confirm: X resigns' }).click();
      await expect.poll(() => status(page)).toBe('Game over: O wins (X resigned).');
      await page.waitForURL(/resigned=0/);
      await page.reload();
      await expect.poll(() => status(page)).toBe('Game over: O wins (X resigned).');
      // A finished game can be replayed move by move.
      await page.getByRole('button', { name: 'Replay' }).click();
      await expect.poll(() => page.getByTestId('history-note').textContent()).toMatch(/\(replaying\)/);
      await expect.poll(() => page.getByTestId('history-note').count()).toBe(0);
    });
  });

  it('stays responsive while the max AI searches, and AI-only games pause', async () => {
    await onPage(
      '',
      'tictactoe-ai-paused',
      async (page) => {
        // The AI's worker, its answers held until the test lets them go: the search is off the page's
        // thread, and the page is used before its move arrives however slow the machine (its five
        // seconds once ran out before the click, and the page read "move 5 of 6").
        let gated = true;
        await page.route('**/assets/ai-worker-*.js', async (route) => {
          if (!gated) return route.continue();
          const worker = await route.fetch();
          const gate =
            '(() => { const send = self.postMessage.bind(self); const held = []; let open = false;' +
            ' self.postMessage = (m) => (open ? send(m) : held.push(m));' +
            ' self.releaseAnswers = () => { open = true; for (const m of held.splice(0)) send(m); }; })();\n';
          await route.fulfill({ response: worker, body: gate + (await worker.text()) });
        });
        // Hive, max to move once pieces meet (its first placements are instant): a search in the worker
        // (five seconds for a player; to the tests' depth here, search-limit.ts), its answer held by the gate.
        const searching = page.waitForEvent('worker');
        await page.goto(`${base}?game=hive&seats=human,max&seed=busy&moves=${encodeURIComponent('wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 -wQ')}`);
        const worker = await searching;
        await expect.poll(() => status(page)).toBe('Black is thinking…');
        await page.getByLabel('Theme', { exact: true }).selectOption('dark');
        await page.getByRole('button', { name: 'Previous move' }).click();
        // Both acted while the AI's move was still to come.
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        // A black tile keeps a light rim on the dark page: the muted text's colour.
        expect(
          await page
            .locator('svg.board.hive .side-1 .hex')
            .first()
            .evaluate((h) => getComputedStyle(h).stroke),
        ).toBe('rgb(165, 174, 184)');
        expect(await page.getByTestId('history-note').textContent()).toMatch(/^Position after move 4 of 5/);
        expect(await status(page)).toBe('Black is thinking…');
        await screenshot(page, 'test-results/hive-thinking-dark.png');
        gated = false;
        await worker.evaluate(() => (self as unknown as { releaseAnswers(): void }).releaseAnswers());
        await waitForStatus(page, { is: 'White to move.' });
        expect(await moveCount(page)).toBe(6);

        // Two AIs: paused, nothing moves however long (the page's clock, run ten seconds on); resumed,
        // they play on to the end.
        // At the slowest pace (a second a move): the pause is clicked long before the game could be over,
        // however busy the machine (at 0.15 s a move a loaded suite once saw it end first, and waited).
        await page.evaluate(() => {
          const kept = JSON.parse(localStorage.getItem('hexarena.settings') ?? '{}') as Record<string, unknown>;
          localStorage.setItem('hexarena.settings', JSON.stringify({ ...kept, aiDelayMs: 1000 }));
        });
        await page.clock.install();
        await page.goto(`${base}?game=tictactoe&seats=easy,easy&seed=watch`);
        await page.getByRole('button', { name: 'Pause AI' }).click();
        await expect.poll(() => status(page)).toMatch(/^Paused: [XO] \(easy\) to move\.$/);
        const paused = await moveCount(page);
        await page.clock.runFor(10_000);
        expect(await moveCount(page)).toBe(paused);
        expect(await status(page)).toMatch(/^Paused/);
        await page.getByRole('button', { name: 'Resume AI' }).click();
        await page.getByLabel('AI speed').selectOption('0');
        await waitForStatus(page, { startsWith: 'Game over' });
      },
      // A context of its own: the test routes the AI's worker and installs a clock in the page.
      {},
    );
  });

  it('starts DiceWars from the home page with its options: strength rules, three players', async () => {
    await onPage('', 'dicewars-strength', async (page) => {
      const card = await gameForm(page, 'DiceWars');
      await card.getByLabel('Rules').selectOption('strength');
      await card.getByLabel('Players').selectOption('3');
      await expect.poll(() => card.getByRole('combobox', { name: /is played by/ }).count()).toBe(3);
      await card.getByText('Seed', { exact: true }).click();
      await card.getByLabel('DiceWars seed').fill('home');
      await card.getByRole('button', { name: 'Start DiceWars' }).click();
      await page.waitForURL(/game=dicewars/);
      const options = JSON.parse(addressOf(page).get('options') ?? '{}');
      expect(options).toMatchObject({ rules: 'strength', players: 3, size: 10 });
      await expect
        .poll(() => status(page))
        .toBe('A: your turn. Pick a territory of yours, then a neighbour to attack or an empty one to expand into.');
      // A 10×10 strength map: one territory per passable cell, three start cells owned.
      expect(await page.locator('[data-territory]').count()).toBeGreaterThan(70);
      await expect.poll(() => page.locator('.strips .strip').count()).toBe(3);
      // Expand from the start cell into an empty neighbour; a target cell shows its odds alone, never
      // on top of another label.
      await page.locator('[data-territory][tabindex="0"]').first().click();
      for (const text of await page.locator('g.dest').allTextContents()) expect(text.replace(/territory.*$/, '')).toMatch(/^(\d+%)?$/);
      await page.locator('g.dest').first().click();
      await expect.poll(() => page.locator('[data-testid=moves] li button').last().textContent()).toMatch(/^A expands \d+→\d+$/);
      expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
      // A 25×25 map: its labels are small at first, and the map zooms until they read well.
      const big = encodeURIComponent(JSON.stringify({ rules: 'strength', size: 25, players: 2 }));
      await page.goto(`${base}#game=dicewars&options=${big}&seats=human,human&seed=big`);
      const labelHeight = async () => (await page.locator('.dicewars .dice').first().boundingBox())?.height ?? 0;
      const before = await labelHeight();
      for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(labelHeight).toBeGreaterThan(Math.max(12, before * 1.5));
    });
  });

  it('Hive: pieces a pillbug can throw are marked, and a throw is made from the thrown piece', async () => {
    const moves = [
      'wM',
      'bM wM/',
      'wP wM\\',
      'bQ \\bM',
      'wG1 /wP',
      'bS1 \\bQ',
      'wQ /wG1',
      'bA1 bQ/',
      'wG2 -wM',
      'bA1 /bS1',
      'wS1 -wQ',
      'bA1 /bQ',
    ];
    await onPage(`?game=hive&seats=human,human&seed=throw&moves=${encodeURIComponent(moves.join(';'))}`, 'hive-throw', async (page) => {
      await expect.poll(() => status(page)).toMatch(/^White to move\. Pieces marked beside your pillbug can be thrown/);
      const marked = page.locator('g.throwable');
      expect(await marked.count()).toBe(1);
      const thrown = await marked.getAttribute('data-piece');
      expect(thrown?.startsWith('b')).toBe(true);
      await marked.click();
      await page.locator('g.spot.dest').first().click();
      await waitForMoves(page, moves.length + 1);
      const played = ((await page.getByTestId('moves').getAttribute('data-text')) ?? '').split(', ');
      expect(played.at(-1)).toMatch(new RegExp(`^${thrown} `));
    });
  });

  it('Hive: the board zooms (buttons, wheel) and pans by dragging, and a drag is not a click', async () => {
    await onPage(
      `?game=hive&seats=human,human&seed=zoom&moves=${encodeURIComponent('wS1;bS1 wS1-;wQ -wS1;bQ bS1-')}`,
      'hive-panned',
      async (page) => {
        const svg = page.locator('svg.board.hive');
        const box = async () => ((await svg.getAttribute('viewBox')) ?? '').split(' ').map(Number) as [number, number, number, number];
        const fitted = await box();
        await page.getByRole('button', { name: 'Zoom in' }).click();
        expect((await box())[2]).toBeCloseTo(fitted[2] / 1.25, 2);
        await page.getByRole('button', { name: 'Fit the board' }).click();
        expect(await box()).toEqual(fitted);
        const area = await svg.boundingBox();
        if (!area) throw new Error('no board on screen');
        await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
        await page.mouse.wheel(0, 200);
        await expect.poll(async () => (await box())[2]).toBeGreaterThan(fitted[2]);
        // Drag starting on a piece that could move (the white queen): the view moves, nothing is selected.
        await page.getByRole('button', { name: 'Fit the board' }).click();
        const piece = await page.locator('[data-cell="-1,0"]').boundingBox();
        if (!piece) throw new Error('no white queen');
        await page.mouse.move(piece.x + piece.width / 2, piece.y + piece.height / 2);
        await page.mouse.down();
        await page.mouse.move(piece.x + piece.width / 2 + 60, piece.y + piece.height / 2 + 10, { steps: 5 });
        await page.mouse.up();
        const panned = await box();
        expect(panned[0]).toBeLessThan(fitted[0]);
        expect(panned[2]).toBeCloseTo(fitted[2], 5);
        expect(await page.locator('g.selected').count()).toBe(0);
        // A plain click still selects.
        await page.locator('[data-cell="-1,0"]').click();
        await expect.poll(() => page.locator('g.selected').count()).toBe(1);
      },
    );
  });

  it('plays on a phone-sized touch screen: taps, DiceWars odds without hover, two fingers pinch the Hive board, Hex zooms', async () => {
    const phone = { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true };
    await onPage(
      '?game=tictactoe&seats=human,human&seed=phone',
      'dicewars-phone',
      async (page) => {
        for (const cell of ['b2', 'a1', 'c3']) await page.locator(`[data-cell=${cell}]`).tap();
        await expect.poll(() => page.getByTestId('moves').getAttribute('data-text')).toBe('b2 a1 c3');
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // The longest title: the name, the title and the settings share one row of the top bar.
        const oneRowTopBar = async (p: Page) => {
          const [title, settings] = [await p.locator('.topbar h1').boundingBox(), await p.locator('.topbar .settings').boundingBox()];
          expect(Math.abs((title?.y ?? 0) + (title?.height ?? 0) / 2 - (settings?.y ?? 0) - (settings?.height ?? 0) / 2)).toBeLessThan(8);
        };
        await oneRowTopBar(page);
        await page.goto(`${base}?game=dicewars&seats=human,human&seed=phone`);
        await oneRowTopBar(page);
        // The classic map fits a phone: no zoom column beside it (two fingers zoom it), the map the page's width.
        expect(await page.locator('.zoom-buttons button:visible').count()).toBe(0);
        expect((await page.locator('svg.board').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(390 - 2 * 16);
        await page.locator('[data-territory][tabindex="0"]').first().tap();
        const chances = await page.locator('.chance').allTextContents();
        expect(chances.length).toBeGreaterThan(0);
        for (const c of chances) expect(c).toMatch(/^\d+%$/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // Eight players: the turn queue stays short, and the map starts on the first screen.
        await page.goto(`${base}#game=dicewars&seats=${Array(8).fill('human').join(',')}&seed=phone8`);
        const map = await page.locator('svg.board').boundingBox();
        expect(map?.y ?? 9999).toBeLessThan(800 / 2);
        // A resignation names seats by their letters, as everything else does.
        await page.getByRole('button', { name: 'Resign' }).tap();
        await expect.poll(() => page.getByRole('button', { name: /^Confirm: [A-H] resigns$/ }).count()).toBe(1);
        // Two fingers spread apart on a Hive board zoom it in.
        await page.goto(`${base}#game=hive&seats=human,human&seed=pinch&moves=${encodeURIComponent('wS1;bS1 wS1-;wQ -wS1;bQ bS1-')}`);
        const svg = page.locator('svg.board.hive');
        const width = async () => Number(((await svg.getAttribute('viewBox')) ?? '').split(' ')[2]);
        const fitted = await width();
        const area = await svg.boundingBox();
        if (!area) throw new Error('no Hive board on screen');
        const [cx, cy] = [area.x + area.width / 2, area.y + area.height / 2];
        const touch = await page.context().newCDPSession(page);
        const fingers = (apart: number) => [
          { x: cx - apart, y: cy, id: 0 },
          { x: cx + apart, y: cy, id: 1 },
        ];
        await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
        for (const apart of [30, 40, 50, 60])
          await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(apart) });
        await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        // Fingers three times as far apart: a third of the board's width in view.
        await expect.poll(width).toBeCloseTo(fitted / 3, 1);
        expect(await page.locator('g.selected').count()).toBe(0);
        // Hex's 11×11 board zooms too, and a tapped cell of the zoomed board takes the stone.
        await page.goto(`${base}#game=hex&seats=human,human&seed=zoom`);
        const hexBoard = page.locator('svg.board.hex-board');
        const hexWidth = async () => Number(((await hexBoard.getAttribute('viewBox')) ?? '').split(' ')[2]);
        const whole = await hexWidth();
        await page.getByRole('button', { name: 'Zoom in' }).tap();
        await page.getByRole('button', { name: 'Zoom in' }).tap();
        await expect.poll(hexWidth).toBeCloseTo(whole / 1.25 ** 2, 1);
        await page.locator('[data-cell="f6"]').tap();
        await expect.poll(() => page.getByTestId('moves').getAttribute('data-text')).toBe('f6');
        // The stone grows in place: held at its animation's start, it is already centred on its cell.
        const offset = await page.locator('[data-cell="f6"]').evaluate((cell) => {
          const stone = cell.querySelector('.piece') as SVGCircleElement;
          for (const a of stone.getAnimations()) {
            a.pause();
            a.currentTime = 0;
          }
          const [s, c] = [stone.getBoundingClientRect(), (cell.querySelector('.hex') as SVGPathElement).getBoundingClientRect()];
          return Math.hypot(s.x + s.width / 2 - (c.x + c.width / 2), s.y + s.height / 2 - (c.y + c.height / 2));
        });
        expect(offset).toBeLessThan(1);
      },
      phone,
    );
  });

  it('Hive analysis: from a finished game, the bar and the best line, a side line played on the board, shared by link and reopened', async () => {
    // White (medium) surrounds Black's queen on the 23rd move.
    const moves = SURROUNDED_IN_23;
    let shared = '';
    await onPage(`#game=hive&seats=human,human&seed=an&moves=${encodeURIComponent(moves.join(';'))}`, 'hive-analysis', async (page) => {
      await waitForStatus(page, { startsWith: 'Game over: White wins' });
      await page.getByTestId('analyse').click();
      await waitForStatus(page, { startsWith: 'Analysis: the game is over here' });
      // A move back: White to move, and the engine finds the surrounding move, a win in one.
      await page.keyboard.press('ArrowLeft');
      await waitForStatus(page, { is: 'Analysis: White to move.' });
      const best = page.getByTestId('engine-lines').locator('li').first();
      await expect.poll(() => best.locator('.score').textContent()).toBe('White wins in 1');
      expect(await best.locator('.line-move').first().textContent()).toBe('wA3 /bA2');
      await expect.poll(() => page.getByTestId('eval-bar').getAttribute('data-chance')).toBe('100');
      expect(await page.getByTestId('engine-lines').locator('li').count()).toBe(3);
      // The best line and up to three more.
      await page.getByLabel('Lines').selectOption('4');
      await expect.poll(() => page.getByTestId('engine-lines').locator('li').count()).toBe(4);
      await page.getByLabel('Lines').selectOption('3');
      // The engine's move as an arrow over the board: wA3 goes from one cell to another.
      await expect.poll(() => page.getByTestId('best-move').getAttribute('data-shown')).toBe('arrow');

      // A side line, played on the board: a piece from White's hand, to the first place it may go.
      await page.locator('[data-hand^="w"]:not([disabled])').first().click();
      await page.locator('.spot.dest').first().click();
      const current = page.locator('.tree-move[aria-current]');
      await expect.poll(() => current.getAttribute('data-path')).toBe('22.v1');
      const side = (await current.textContent()) ?? '';
      expect(side).not.toBe('wA3 /bA2');
      expect(await page.locator('.side-line .tree-move').count()).toBe(1);
      // Marked and commented, it goes into the link too.
      await page.getByRole('button', { name: '?!', exact: true }).click();
      await page.getByPlaceholder('A comment on this move').fill('Lets Black breathe');
      await page.getByPlaceholder('A comment on this move').blur();
      const treeInLink = async () =>
        new URLSearchParams(new URL(await page.getByTestId('share-link').inputValue()).hash.slice(1)).get('tree');
      await expect.poll(treeInLink).toContain('?!{Lets Black breathe}');
      shared = await page.getByTestId('share-link').inputValue();
      expect(shared).toContain('at=22.v1');
    });
    // The link, opened afresh: the same tree, at the side line's move, with its mark and comment.
    await onPage(shared.replace(base, ''), 'hive-analysis-shared', async (page) => {
      await waitForStatus(page, { startsWith: 'Analysis: Black to move' });
      const current = page.locator('.tree-move[aria-current]');
      expect(await current.getAttribute('data-path')).toBe('22.v1');
      expect(await current.textContent()).toMatch(/\?!$/);
      expect(await page.locator('.move-tree .comment').textContent()).toBe('Lets Black breathe');
      // The game's own line is there beside it: promoting the side line makes it the main line.
      await page.getByRole('button', { name: 'Promote line' }).click();
      await expect.poll(() => current.getAttribute('data-path')).toBe('23');
      expect(await page.getByText('wA3 /bA2').count()).toBe(1);
      await expect.poll(() => page.getByTestId('engine-state').textContent()).toMatch(/^depth \d+/);

      // Another game, pasted as a GameString: a bad move is named, a good string opens at its end.
      await page.getByText('Analyse another game or position').click();
      await page.getByTestId('paste-position').fill('Base;InProgress;White[2];wS1;bG1 -wQ');
      await page.getByRole('button', { name: 'Analyse', exact: true }).click();
      await expect.poll(() => page.locator('.open-analysis .error').textContent()).toMatch(/Move 2 \(bG1 -wQ\): /);
      await page.getByTestId('paste-position').fill('Base;InProgress;White[2];wS1;bG1 -wS1');
      await page.getByRole('button', { name: 'Analyse', exact: true }).click();
      await waitForStatus(page, { is: 'Analysis: White to move.' });
      expect(await page.locator('.tree-move').allTextContents()).toEqual(['wS1', 'bG1 -wS1']);
      // The tests' browser holds the engine to a depth (analysis/search-limit.ts): done there, no longer thinking.
      await expect.poll(() => page.getByTestId('engine-state').textContent()).toBe(`depth ${TEST_SEARCH_DEPTH}`);
    });
  });

  it('DiceWars analysis: the engine names its attack, and draws it as an arrow from the territory it leaves to the one it takes', async () => {
    await onPage('#analysis&game=dicewars&seed=arrow', 'dicewars-analysis', async (page) => {
      const best = page.locator('.engine-best button');
      await best.waitFor();
      // The first move on a fresh map is an attack.
      const [, from, to] = /^attack (\d+) (\d+)$/.exec((await best.textContent()) ?? '') ?? [];
      expect(from && to).toBeTruthy();
      await expect.poll(() => page.getByTestId('best-move').getAttribute('data-shown')).toBe('arrow');
      // It starts inside the attacking territory and ends inside the one attacked.
      const layer = await page.getByTestId('best-move').boundingBox();
      const line = page.getByTestId('best-move').locator('line.arrow');
      const end = async (x: string, y: string) => ({
        x: (layer?.x ?? 0) + Number(await line.getAttribute(x)),
        y: (layer?.y ?? 0) + Number(await line.getAttribute(y)),
      });
      const inside = async (p: { x: number; y: number }, t: string | undefined) => {
        const box = await page.locator(`svg.board [data-territory="${t}"]`).boundingBox();
        return box !== null && p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;
      };
      expect(await inside(await end('x1', 'y1'), from)).toBe(true);
      expect(await inside(await end('x2', 'y2'), to)).toBe(true);
    });
  });

  it('Hive puzzles: a wrong move says why and what the answer was; tried again, the puzzle is solved; the next one and the puzzle of the day open', async () => {
    const set = unwrap(parsePuzzleSet(JSON.parse(await readFile('src/puzzles/sets/hive.json', 'utf8'))));
    const puzzle = set.puzzles[0] as (typeof set.puzzles)[number];
    const { position, line, solution } = unwrap(setUpPuzzle(hive, puzzle));
    /** Plays `text` by clicks: the piece (on the board, or in a hand), then where it goes. */
    const clickMove = async (page: Page, state: HiveState, text: string) => {
      const keys = keysOfMove(hiveBoard(state, true), (m) => hive.formatMove(state, m) === text);
      if (!keys?.from) throw new Error(`no clicks make ${text}`);
      await page.locator(keys.from.startsWith('hand:') ? `[data-hand="${keys.from.slice(5)}"]` : `[data-cell="${keys.from}"]`).click();
      await page.locator(`[data-cell="${keys.to}"]`).click();
    };
    const wrong = hive
      .legalMoves(position)
      .map((m) => hive.formatMove(position, m))
      .find((t) => t !== solution[0] && keysOfMove(hiveBoard(position, true), (m) => hive.formatMove(position, m) === t)?.from) as string;
    await onPage(`#puzzle&game=hive&id=${puzzle.id}`, 'hive-puzzle', async (page) => {
      await waitForStatus(page, { is: 'Puzzle: White to play and win in 2 moves.' });
      await clickMove(page, position, wrong);
      await waitForStatus(page, { is: 'Not that one.' });
      const feedback = page.getByTestId('puzzle-feedback');
      expect(await feedback.textContent()).toContain(`${wrong} does not win in time: Black answers `);
      expect(await page.getByTestId('puzzle-answer').textContent()).toBe(solution[0]);
      await page.getByRole('button', { name: 'Try again' }).click();
      await waitForStatus(page, { is: 'Puzzle: White to play and win in 2 moves.' });
      // The answer, the defence's reply from the main line, and the last move.
      await clickMove(page, position, solution[0] as string);
      await waitForStatus(page, { is: 'Right. White to play and win in one move.' });
      expect(await page.getByTestId('moves').textContent()).toBe(`${solution[0]}, ${solution[1]}`);
      await clickMove(page, line[1] as HiveState, solution[2] as string);
      await waitForStatus(page, { is: 'Solved, at another try.' });
      await page.getByTestId('next-puzzle').click();
      await expect.poll(() => page.locator('.puzzle-side h2').textContent()).toMatch(/^Puzzle 2 of 21/);
    });
    await onPage('', 'puzzle-of-the-day', async (page) => {
      await page.getByTestId('puzzles-hive').click();
      await waitForStatus(page, { startsWith: 'Puzzle: ' });
      expect(await page.locator('.puzzle-side h2').textContent()).toContain('of the day');
    });
  });

  it('the position editor: a broken hive and a spider on a stack are refused in words; fixed, the position is analysed; Hex and Nonaga are set up too', async () => {
    await onPage('#editor&game=hive', 'hive-editor', async (page) => {
      const problem = page.getByTestId('editor-problem');
      const place = async (tool: string, cell: string) => {
        await page.locator(`[data-tool="${tool}"]`).click();
        await page.locator(`[data-cell="${cell}"]`).click();
      };
      const takeOff = async (cell: string) => {
        await page.getByRole('button', { name: 'Take off' }).click();
        await page.locator(`[data-cell="${cell}"]`).click();
      };
      await page.getByText('No queen on a first turn').click();
      await place('wQ', '0,0');
      await place('bQ', '1,0');
      await place('bB', '2,0');
      await takeOff('1,0');
      await expect
        .poll(() => problem.textContent())
        .toBe('bB1 at 2,0 is cut off from the hive: all pieces must touch one another in one group (one hive).');
      await place('bQ', '1,0');
      await place('wS', '0,0');
      await expect
        .poll(() => problem.textContent())
        .toBe('wS1 is on top of wQ at 0,0, but only Beetles and Mosquitoes climb onto the hive (a Spider stays on the ground).');
      await takeOff('0,0');
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe('Base+MLP w3 no-tournament wQ.0.0 bQ.1.0 bB1.2.0');
      await page.getByTestId('editor-analyse').click();
      await waitForStatus(page, { is: 'Analysis: White to move.' });
      await expect.poll(() => page.getByTestId('engine-lines').locator('li').count()).toBe(3);
      // Back into the editor from the board, with the position as it stands.
      await page.getByTestId('edit-position').click();
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe('Base+MLP w3 no-tournament wQ.0.0 bQ.1.0 bB1.2.0');
      // Into a game from it against the computer: the player has White, the side to move.
      await page.getByTestId('editor-play').click();
      await waitForStatus(page, { is: 'White to move.' });
      expect(addressOf(page).get('position')).toBe('Base+MLP w3 no-tournament wQ.0.0 bQ.1.0 bB1.2.0');
      await page.locator('[data-hand^="w"]:not([disabled])').first().click();
      await page.locator('.spot.dest').first().click();
      // The computer answers from the position, not from the game's start.
      await waitForMoves(page, 2);
      expect(await status(page)).toBe('White to move.');
    });
    await onPage('#editor&game=hex', 'hex-editor', async (page) => {
      // Each side in its player's colour, as on the game's board: who joins which edges.
      await expect.poll(() => page.locator('.hex-editor .sides .side.red').count()).toBe(2);
      expect(await page.locator('.hex-editor .sides .side.blue').count()).toBe(2);
      await page.locator('[data-cell="f6"]').click();
      // One red stone with Red to move again cannot be: Blue has a move to make.
      await expect.poll(() => page.getByTestId('editor-problem').count()).toBe(1);
      await page.getByRole('radio', { name: 'Blue' }).check();
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe('11 b 11_11_11_11_11_5r5_11_11_11_11_11');
    });
    await onPage('#editor&game=nonaga', 'nonaga-editor', async (page) => {
      // A board editor, from the game's start: a click cycles a cell through disc, Red, Black, nothing.
      const start = 'r1 -2.-2 2rob_1oooo_booor_oooo_rob';
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe(start);
      const problem = () => page.getByTestId('editor-problem').textContent();
      const middle = page.locator('[data-cell="0,0"]');
      await middle.click();
      await expect.poll(problem).toBe('Red has 4 tokens, but each player has 3.');
      await middle.click();
      await expect.poll(problem).toBe('Black has 4 tokens, but each player has 3.');
      await middle.click();
      await expect.poll(problem).toBe('The board has 18 discs, but Nonaga is played with 19.');
      await middle.click();
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe(start);
      await page.getByRole('radio', { name: 'Black' }).check();
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe(`b1 ${start.slice(3)}`);
      expect(await page.getByTestId('edit-as-text').getAttribute('href')).toBe('./#editor&game=nonaga&as=text');
    });
    // The notation as text, for a position to paste.
    await onPage('#editor&game=nonaga&as=text', 'nonaga-editor-text', async (page) => {
      const start = await page.getByTestId('editor-position').inputValue();
      await page.getByTestId('editor-source').fill(start.replace(/o/, 'r'));
      await expect.poll(() => page.getByTestId('editor-problem').count()).toBe(1);
      await page.getByTestId('editor-source').fill(start);
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe(start);
    });
  });
});
