import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { SEARCH_DEPTH_KEY } from './analysis/search-limit.ts';

/** Debian's chromium package, the whole browser (Lighthouse measures what a visitor's browser does), or CHROMIUM_PATH. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell (the same source and version as chromium: the same Blink and V8,
 * without the desktop browser's layers), or HEADLESS_SHELL_PATH; chromium itself when the shell is
 * not installed. The browser tests run half as much CPU in it as in the whole browser.
 */
export function headlessShellPath(): string {
  const shell = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : chromiumPath();
}

/** Headless, and nothing phoning home: no updates, no sync, no background requests. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Debian's chromium headless shell (scripts/ensure-packages.mjs installs it) for the browser tests and
 * benchmarks: never a downloaded browser, nothing phoning home.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: headlessShellPath(), args: [...CHROMIUM_FLAGS] });
}

/**
 * How the browser tests wait on a predicate in the page (`page.waitForFunction(f, arg, EVERY_FRAME)`):
 * on a timer as often as frames come, rather than on requestAnimationFrame, Playwright's default,
 * which has the headless compositor draw a frame for every check. Waiting so on a page cost chromium
 * and the test 8% of a core above an idle page; on the timer, 1 to 4% (10 s waits, measured twice on
 * a loaded machine); the predicate and how soon it is seen to hold are the same.
 */
export const EVERY_FRAME = { polling: 16 } as const;

/**
 * The analysis engine's depth in the browser tests: enough for its lines, its forced results a few
 * moves deep and its arrow; a test that needed a deeper search would set its own.
 */
export const TEST_SEARCH_DEPTH = 3;

/**
 * The headless shell as the browser tests drive it: every context it opens (and so every page) has
 * the analysis engine held to TEST_SEARCH_DEPTH plies (src/web/analysis/search-limit.ts), set before
 * the app's first script runs, and no service worker unless the test asks (`serviceWorkers: 'allow'`).
 * The pages are the players' pages otherwise; the engine would otherwise think 30 seconds on every
 * position a test shows, on a core the rest of the suite needs.
 */
export async function launchTestChromium(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  // browser.newPage() opens its context through this method too.
  browser.newContext = async (options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> => {
    // No service worker unless the test asks for one (offline.e2e.test.ts, whose subject it is): a
    // worker installed in each context fetched and stored every file of the build (89 of them) after
    // the first page had loaded, for the suite's hundreds of contexts, none of which went offline.
    const context = await newContext({ serviceWorkers: 'block', ...options });
    await context.addInitScript(
      ({ key, depth }) => {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, String(depth));
      },
      { key: SEARCH_DEPTH_KEY, depth: TEST_SEARCH_DEPTH },
    );
    return context;
  };
  return browser;
}
