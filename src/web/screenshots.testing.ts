import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Whether the browser tests keep their screenshots for a person to look at (test-results/):
 * `npm run test:screenshots` asks for them (HEXARENA_SCREENSHOTS=1), `npm test` does not. No
 * verdict reads a screenshot, and encoding them was a fifth of the browser files' CPU (the
 * accessibility file: 121 s with its 112 shots, 95 s without). A failing test's own shot, showing
 * where it stopped, is taken either way (failureScreenshot).
 */
export const KEEP_SCREENSHOTS = process.env.HEXARENA_SCREENSHOTS === '1';

/** The page as it is now, written to `file` (its folder made) when screenshots are kept. */
export async function screenshot(page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, ...options });
}

/** A failing test's page as it stopped, always written: it is what a person reads the failure by. */
export async function failureScreenshot(page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, ...options }).catch(() => undefined);
}
