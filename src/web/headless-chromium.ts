import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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
