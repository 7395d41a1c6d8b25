import { unwrap } from '@hexarena/engines/engine/result.ts';
import { legalTurns, nonaga } from '@hexarena/engines/games/nonaga/index.ts';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { gameForm } from './create-game.testing.ts';
import { screenshot } from './screenshots.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * Premove in an online game (issue 46, build item 4): one move queued on the opponent's turn,
 * played the moment the turn comes if still legal, dropped with the reason if not, taken back by
 * Esc or a right-click. The site's server playing online in this process (staticSite), two
 * devices, one browser for the file. The screenshot is test-results/premove.png.
 */
const PATIENCE_MS = 150_000;
// A paired game's first move may come late on a loaded machine: its abort is set out of reach.
const site = staticSite({ online: { hub: { firstMoveMs: 3_600_000 } } });
/**
 * The two devices, one context each for the file: a fresh context a device cost seconds on the
 * loaded machine (a new renderer, the app's scripts fetched and compiled again), a fresh document
 * in the same one about half as much. Each test's device starts blank with the site's storage
 * wiped (cookies too: a new player), so it is as new as a fresh context's.
 */
const devices: { page: Page; storage: CDPSession }[] = [];
let used = 0;

// Each test's pages are left when it ends: left open, a finished test's pages kept rendering what
// their sockets told them while the next tests ran.
afterEach(async () => {
  used = 0;
  for (const { page } of devices) await page.goto('about:blank');
});

async function device(): Promise<Page> {
  if (used === devices.length) {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(PATIENCE_MS);
    const page = await context.newPage();
    devices.push({ page, storage: await context.newCDPSession(page) });
  }
  const { page, storage } = devices[used++] as (typeof devices)[number];
  await page.goto('about:blank');
  await storage.send('Storage.clearDataForOrigin', {
    origin: site.base.slice(0, -1),
    storageTypes: 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems',
  });
  return page;
}

const moves = (page: Page) => page.getByTestId('moves').getAttribute('data-text');
const waitForMoves = (page: Page, text: string) =>
  page.waitForFunction((text) => document.querySelector('[data-testid=moves]')?.getAttribute('data-text') === text, text);

describe('premove', () => {
  it('a move queued on the opponent’s turn is played at once when the turn comes; Esc, a right-click or its loss to the opponent drops it', async () => {
    const x = await device();
    await x.goto(site.base);
    const card = await gameForm(x, 'Tic-tac-toe');
    await card.getByRole('combobox', { name: 'O is played by' }).selectOption('human');
    await card.getByRole('button', { name: 'Play Tic-tac-toe online' }).click();
    await x.waitForURL(/\/g\/[\w-]+$/);
    const o = await device();
    await o.goto(x.url());
    await o.getByRole('button', { name: 'Play O' }).click();
    await o.getByRole('button', { name: 'Play O' }).waitFor({ state: 'detached' });

    await x.locator('[data-cell="b2"][tabindex="0"]').click();
    await waitForMoves(o, 'b2');
    // O to move: X clicks a1, which is queued, shown on the board and under it.
    await x.locator('[data-cell="a1"]').click();
    await expect.poll(() => x.getByTestId('premove-move').textContent()).toBe('a1');
    expect(await x.locator('[data-cell="a1"].premove .premove-mark').count()).toBe(1);
    expect(await moves(x)).toBe('b2');
    await o.locator('[data-cell="c3"][tabindex="0"]').click();
    // The turn comes and the premove goes at once: both devices see it, nobody clicked again.
    await waitForMoves(o, 'b2 c3 a1');
    await waitForMoves(x, 'b2 c3 a1');
    expect(await x.getByTestId('premove').count()).toBe(0);

    // Queued, then taken back by Esc; queued again, then by a right-click on the board.
    await x.locator('[data-cell="a3"]').click();
    await expect.poll(() => x.getByTestId('premove-move').textContent()).toBe('a3');
    await x.keyboard.press('Escape');
    await expect.poll(() => x.getByTestId('premove').count()).toBe(0);
    await x.locator('[data-cell="b3"]').click();
    await expect.poll(() => x.getByTestId('premove-move').textContent()).toBe('b3');
    await x.locator('[data-cell="b1"]').click({ button: 'right' });
    await expect.poll(() => x.getByTestId('premove').count()).toBe(0);
    await o.locator('[data-cell="c1"][tabindex="0"]').click();
    // X's turn, and nothing was played for X: the board waits for a move.
    await x.locator('[data-cell="a3"][tabindex="0"]').waitFor();
    expect(await moves(x)).toBe('b2 c3 a1 c1');

    await x.locator('[data-cell="a3"][tabindex="0"]').click();
    await waitForMoves(o, 'b2 c3 a1 c1 a3');
    // Typed on O's turn, Enter queues it; O takes the cell first: the premove is dropped, said why.
    const box = x.getByTestId('move-box');
    await box.fill('a2');
    await expect.poll(() => x.getByTestId('move-box-feedback').textContent()).toBe('Enter queues it as your premove.');
    await box.press('Enter');
    await expect.poll(() => x.getByTestId('premove-move').textContent()).toBe('a2');
    await screenshot(x, 'test-results/premove.png');
    await o.locator('[data-cell="a2"][tabindex="0"]').click();
    await waitForMoves(x, 'b2 c3 a1 c1 a3 a2');
    await expect.poll(() => x.getByTestId('premove').textContent()).toMatch(/^Premove a2 not played: /);
    expect(await moves(o)).toBe('b2 c3 a1 c1 a3 a2');
    // The box no longer says the premove is queued.
    expect(await x.getByTestId('move-box-feedback').textContent()).toBe('');
    await screenshot(x, 'test-results/premove-dropped.png');
  });

  /**
   * Two devices at an online game of `title`, the second seat taken by the second device, the first
   * device's seat to move. Options set on the form before it is sent, if any.
   */
  async function onlineGame(title: string, second: string, options?: (card: Locator) => Promise<void>): Promise<[Page, Page]> {
    const a = await device();
    await a.goto(site.base);
    const card = await gameForm(a, title);
    await card.getByRole('combobox', { name: `${second} is played by` }).selectOption('human');
    await options?.(card);
    await card.getByRole('button', { name: `Play ${title} online` }).click();
    await a.waitForURL(/\/g\/[\w-]+$/);
    const b = await device();
    await b.goto(a.url());
    await b.getByRole('button', { name: `Play ${second}` }).click();
    await b.getByRole('button', { name: `Play ${second}` }).waitFor({ state: 'detached' });
    return [a, b];
  }

  /** A move typed into the move box and played (Enter), once the page may play it. */
  async function typed(page: Page, move: string): Promise<void> {
    const box = page.getByTestId('move-box');
    await box.fill(move);
    await expect.poll(() => page.getByTestId('move-box-feedback').textContent()).toMatch(/: Enter plays it\.$/);
    await box.press('Enter');
  }

  it('Hive: a piece and a cell clicked on the opponent’s turn are queued, shown, played at once when the turn comes; a click on the board cancels', async () => {
    const [w, b] = await onlineGame('Hive', 'Black');
    await typed(w, 'wS1');
    await waitForMoves(b, 'wS1');
    await typed(b, 'bS1 wS1-');
    await waitForMoves(w, 'wS1, bS1 wS1-');
    await typed(w, 'wQ -wS1');
    await waitForMoves(b, 'wS1, bS1 wS1-, wQ -wS1');
    // Black to move: White picks a grasshopper from the hand and the cell left of the queen.
    await w.locator('[data-hand="wG1"]').click();
    await w.locator('svg.hive [data-cell].spot.dest[aria-label="wG1 -wQ"]').click();
    await expect.poll(() => w.getByTestId('premove-move').textContent()).toBe('wG1 -wQ');
    expect(await w.locator('svg.hive .premove .premove-mark').count()).toBe(1);
    expect(await w.locator('[data-hand="wG1"].premove').count()).toBe(1);
    await screenshot(w, 'test-results/premove-hive.png');
    expect(await moves(w)).toBe('wS1, bS1 wS1-, wQ -wS1');
    await typed(b, 'bQ bS1-');
    // The turn comes and the grasshopper goes at once.
    await waitForMoves(b, 'wS1, bS1 wS1-, wQ -wS1, bQ bS1-, wG1 -wQ');
    await waitForMoves(w, 'wS1, bS1 wS1-, wQ -wS1, bQ bS1-, wG1 -wQ');
    expect(await w.getByTestId('premove').count()).toBe(0);

    // A piece on the board this time (the grasshopper jumps over the hive), then a click on the board takes it back.
    await w.locator('svg.hive [data-piece="wG1"]').click();
    await w.locator('svg.hive [data-cell].dest').first().click();
    await expect.poll(() => w.getByTestId('premove-move').textContent()).toMatch(/^wG1 /);
    await w.locator('svg.hive [data-piece="bQ"]').click();
    await expect.poll(() => w.getByTestId('premove').count()).toBe(0);
    await typed(b, 'bA1 bQ-');
    // White's turn once Black's move is in (White's hand is open on Black's turn too, for premoves:
    // waiting on it alone once read the moves before Black's had come).
    await w.waitForFunction(() => document.querySelector('[data-testid=moves]')?.getAttribute('data-text')?.endsWith('bA1 bQ-'));
    await w.locator('[data-hand="wA1"]:not([disabled])').waitFor();
    expect(await moves(w)).toBe('wS1, bS1 wS1-, wQ -wS1, bQ bS1-, wG1 -wQ, bA1 bQ-');
  });

  it('Nonaga: a token’s slide and a disc’s new place clicked on the opponent’s turn are queued, ringed, and played at once when the turn comes', async () => {
    const [red, black] = await onlineGame('Nonaga', 'Black');
    // Red to move: Black slides a token and moves a disc, by clicks, as on its own turn.
    await black.locator('svg.nonaga .disc.movable').first().click();
    await black.locator('svg.nonaga .disc.dest').first().click();
    await black.locator('svg.nonaga .disc.movable').first().click();
    await black.locator('svg.nonaga .spot.dest').first().click();
    await expect.poll(() => black.getByTestId('premove-move').textContent()).toMatch(/^-?\d+,-?\d+>-?\d+,-?\d+ -?\d+,-?\d+>-?\d+,-?\d+$/);
    const queued = (await black.getByTestId('premove-move').textContent()) as string;
    // Its token, where the token goes, the disc and the disc's new place, ringed (each cell once).
    expect(await black.locator('svg.nonaga .premove .premove-mark').count()).toBe(new Set(queued.split(/[ >]/)).size);
    await screenshot(black, 'test-results/premove-nonaga.png');
    expect(await moves(black)).toBe('');
    // Red plays a turn that leaves Black's legal (the start is the same in every game of these options).
    const start = nonaga.newGame(nonaga.defaultOptions, 'premove');
    const turn = legalTurns(start.pos)
      .map((t) => nonaga.formatMove(start, t))
      .find((t) => nonaga.parseMove(nonaga.play(start, unwrap(nonaga.parseMove(start, t))), queued).ok) as string;
    await typed(red, turn);
    await waitForMoves(red, `${turn}, ${queued}`);
    await waitForMoves(black, `${turn}, ${queued}`);
    expect(await black.getByTestId('premove').count()).toBe(0);
  });

  it('DiceWars: an attack clicked on another’s turn is queued, its territories marked, and made at once when the turn comes', async () => {
    const [a, b] = await onlineGame('DiceWars', 'B', async (card) => {
      await card.getByRole('combobox', { name: 'Players' }).selectOption('2');
      await card.getByRole('combobox', { name: 'Map' }).selectOption('small');
    });
    // The turn order is drawn: whoever's End turn is enabled is to move, the other waits.
    const endTurn = (page: Page) => page.getByRole('button', { name: 'End Turn' });
    await expect.poll(async () => (await endTurn(a).isEnabled()) || (await endTurn(b).isEnabled())).toBe(true);
    const [mover, waiter] = (await endTurn(a).isEnabled()) ? [a, b] : [b, a];
    // The waiting player picks a territory of theirs that may attack, then a neighbour to attack.
    await waiter.locator('svg.dicewars [data-territory][tabindex="0"]').first().click();
    await waiter.locator('svg.dicewars .territory.dest').first().click();
    await expect.poll(() => waiter.getByTestId('premove-move').textContent()).toMatch(/^attack \d+ \d+$/);
    const queued = (await waiter.getByTestId('premove-move').textContent()) as string;
    expect(await waiter.locator('svg.dicewars .territory.premove .premove-mark').count()).toBe(2);
    await screenshot(waiter, 'test-results/premove-dicewars.png');
    // The mover ends the turn (its new dice go on its own territories: the attack stays legal).
    await endTurn(mover).click();
    await waitForMoves(mover, `end ${queued}`);
    await waitForMoves(waiter, `end ${queued}`);
    expect(await waiter.getByTestId('premove').count()).toBe(0);
  });

  it('conditional premoves in a correspondence game: lines left on the opponent’s turn, the reply played the moment a line is followed, a line refused in words', async () => {
    const [x, o] = await onlineGame('Tic-tac-toe', 'O', async (card) => {
      await card.getByRole('combobox', { name: 'Tic-tac-toe clock' }).selectOption('1 day a move');
    });
    // X's move: nothing to plan then, so no panel.
    expect(await x.getByTestId('forecast').count()).toBe(0);
    await x.locator('[data-cell="b2"][tabindex="0"]').click();
    await waitForMoves(o, 'b2');
    await o.locator('[data-cell="a1"][tabindex="0"]').click();
    await waitForMoves(o, 'b2 a1');
    // X to move; O plans: if c3 then a3, if a3 then c3.
    const panel = o.getByTestId('forecast');
    await panel.getByText('Conditional premoves', { exact: true }).click();
    const line = panel.getByRole('textbox', { name: 'A line of moves, separated by semicolons' });
    await line.fill('c3; a3');
    await panel.getByRole('button', { name: 'Add the line' }).click();
    await expect.poll(() => panel.locator('.forecast-lines li').allTextContents()).toEqual(['c3; a3']);
    await line.fill('a3;c3');
    await panel.getByRole('button', { name: 'Add the line' }).click();
    await expect.poll(() => panel.locator('.forecast-lines li').allTextContents()).toEqual(['c3; a3', 'a3; c3']);
    // A line the rules refuse is said where and why (by the page, in the player's words), and nothing kept changes.
    await line.fill('b2; c1');
    await panel.getByRole('button', { name: 'Add the line' }).click();
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toMatch(/^Line 3, move 1 \(b2\) cannot be played: b2 already holds an [XO]\.$/);
    expect(await panel.locator('.forecast-lines li').count()).toBe(2);
    await screenshot(o, 'test-results/forecast.png');
    // X follows the second line: O's c3 is played at once, on both devices, with O's page closed to nothing.
    await x.locator('[data-cell="a3"][tabindex="0"]').click();
    await waitForMoves(x, 'b2 a1 a3 c3');
    await waitForMoves(o, 'b2 a1 a3 c3');
    // The plan is spent; X plays on, and O's panel, asked again, keeps nothing.
    await x.locator('[data-cell="b1"]').click();
    await waitForMoves(o, 'b2 a1 a3 c3 b1');
    // O's own move: no panel then.
    await expect.poll(() => o.getByTestId('forecast').count()).toBe(0);
    await o.locator('[data-cell="b3"]').click();
    await waitForMoves(x, 'b2 a1 a3 c3 b1 b3');
    await expect.poll(() => o.getByTestId('forecast').getByText('No conditional premoves.').count()).toBe(1);
  });
});
