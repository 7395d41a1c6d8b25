import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { failureScreenshot, screenshot } from './screenshots.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * Typed moves and keyboard play (issue 46, defect 13 and build item 3), and the position editor's
 * address (defect 12). As src/web/e2e.test.ts: the app vitest's global set-up built, the real
 * server in this process, Debian's chromium, one browser for the file. Screenshots go to
 * test-results/keys-*.png.
 */
const PATIENCE_MS = 150_000;
const site = staticSite();

/** A page at `path` in a context of its own, closed however the test ends; `shot` is kept (or `shot`-failed). */
async function onPage(path: string, shot: string, body: (page: Page) => Promise<void>): Promise<void> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(PATIENCE_MS);
  const page = await context.newPage();
  try {
    await page.goto(site.base + path);
    await body(page);
    await screenshot(page, `test-results/keys-${shot}.png`);
  } catch (error) {
    await failureScreenshot(page, `test-results/keys-${shot}-failed.png`);
    throw error;
  } finally {
    await context.close();
  }
}

const moves = (page: Page) => page.getByTestId('moves').getAttribute('data-text');
const feedback = (page: Page) => page.getByTestId('move-box-feedback').textContent();
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      cell: el?.getAttribute('data-cell') ?? null,
      label: el?.getAttribute('aria-label') ?? null,
      dest: el?.classList.contains('dest') ?? false,
    };
  });

describe('typed moves and keyboard play', () => {
  it('Hive: a move typed in UHP notation, completions, a refusal in words, Enter plays', async () => {
    await onPage('#game=hive&seats=human,human&seed=typed', 'hive-typed', async (page) => {
      const box = page.getByTestId('move-box');
      await box.fill('wG1');
      await expect.poll(() => feedback(page)).toBe('wG1: Enter plays it.');
      await box.press('Enter');
      await expect.poll(() => moves(page)).toBe('wG1');
      expect(await box.inputValue()).toBe('');
      // Black's grasshopper, begun: every place it may go is offered.
      await box.fill('bg');
      await expect.poll(() => page.getByTestId('completions').locator('button').count()).toBe(6);
      expect(await page.getByTestId('completions').locator('button').allTextContents()).toContain('bG1 -wG1');
      expect(await feedback(page)).toBe('6 moves begin so: go on typing.');
      // Enter with six choices plays none of them.
      await box.press('Enter');
      expect(await moves(page)).toBe('wG1');
      // White's piece on Black's turn: the rules' reason.
      await box.fill('wA1 wG1-');
      await expect.poll(() => feedback(page)).toMatch(/^It’s Black’s turn/);
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      await box.fill('bX1');
      await expect.poll(() => feedback(page)).toMatch(/is not a piece/);
      // A completion clicked fills the line; Enter plays it.
      await box.fill('bg');
      await page.getByTestId('completions').getByRole('button', { name: 'bG1 -wG1' }).click();
      expect(await box.inputValue()).toBe('bG1 -wG1');
      await box.press('Enter');
      await expect.poll(() => moves(page)).toBe('wG1, bG1 -wG1');
      // Case and spacing are the player's own: the list writes the move the game's way.
      await box.fill('  wa1   wg1- ');
      await expect.poll(() => feedback(page)).toMatch(/: Enter plays it\.$/);
      await box.press('Enter');
      await expect.poll(() => moves(page)).toBe('wG1, bG1 -wG1, wA1 wG1-');
      await box.fill('bS');
    });
  });

  it('Hive by keyboard: Enter on a hand piece puts the focus on its destinations, arrows go between them, Enter plays', async () => {
    const opening = encodeURIComponent('wG1;bG1 -wG1');
    await onPage(`#game=hive&seats=human,human&seed=arrows&moves=${opening}`, 'hive-keyboard', async (page) => {
      await page.locator('[data-hand="wA1"]').focus();
      await page.keyboard.press('Enter');
      // No Tab at all: the focus is on a place the ant may go, named by the move that goes there.
      await expect.poll(async () => (await focused(page)).dest).toBe(true);
      const first = await focused(page);
      expect(first.label).toMatch(/^wA1 /);
      const seen = new Set([first.label]);
      for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
        await page.keyboard.press(key);
        const now = await focused(page);
        expect(now.dest, `${key} left the destinations`).toBe(true);
        seen.add(now.label);
      }
      // The arrows reached other destinations, and never stepped through history.
      expect(seen.size).toBeGreaterThan(1);
      expect(await page.getByTestId('history-note').count()).toBe(0);
      const chosen = (await focused(page)).label as string;
      // The focus ring as the player sees it, before Enter.
      await screenshot(page, 'test-results/keys-hive-keyboard-focus.png');
      await page.keyboard.press('Enter');
      await expect.poll(() => moves(page)).toBe(`wG1, bG1 -wG1, ${chosen}`);
    });
  });

  it('Hex: a cell typed, then the arrows walk the board cell by cell and Enter plays', async () => {
    await onPage(
      `#game=hex&options=${encodeURIComponent(JSON.stringify({ size: 7, pie: false }))}&seats=human,human&seed=arrows`,
      'hex-keyboard',
      async (page) => {
        const box = page.getByTestId('move-box');
        await box.fill('C3');
        await box.press('Enter');
        await expect.poll(() => moves(page)).toBe('c3');
        // c3 is taken now: said so, and not played.
        await box.fill('c3');
        await expect.poll(() => feedback(page)).toBe('c3 already holds a Red stone.');
        await box.press('Enter');
        expect(await moves(page)).toBe('c3');
        await box.fill('');
        await page.locator('[data-cell="b3"]').focus();
        // → skips the stone on c3 (not a move) to d3; ↓ goes a row down; ← back along it.
        await page.keyboard.press('ArrowRight');
        expect((await focused(page)).cell).toBe('d3');
        await page.keyboard.press('ArrowDown');
        expect(['c4', 'd4']).toContain((await focused(page)).cell);
        await page.keyboard.press('ArrowLeft');
        const cell = (await focused(page)).cell as string;
        expect(['b4', 'c4']).toContain(cell);
        await page.keyboard.press('Enter');
        await expect.poll(() => moves(page)).toBe(`c3 ${cell}`);
      },
    );
  });
});

describe('the position editor’s address', () => {
  it('keeps the position set up, so Back from the analysis board opens the editor on it', async () => {
    await onPage('#editor&game=hex', 'editor-back', async (page) => {
      await page.locator('[data-cell="f6"]').click();
      await page.getByRole('radio', { name: 'Blue' }).check();
      const position = '11 b 11_11_11_11_11_5r5_11_11_11_11_11';
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe(position);
      await expect.poll(() => new URLSearchParams(new URL(page.url()).hash.slice(1)).get('position')).toBe(position);
      await page.getByTestId('editor-analyse').click();
      await page.getByTestId('status').waitFor();
      await page.goBack();
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe(position);
      expect(await page.locator('[data-cell="f6"].stone.red').count()).toBe(1);
      expect(await page.getByRole('radio', { name: 'Blue' }).isChecked()).toBe(true);
      // A reload too.
      await page.reload();
      await expect.poll(() => page.getByTestId('editor-position').inputValue()).toBe(position);
    });
  });
});
