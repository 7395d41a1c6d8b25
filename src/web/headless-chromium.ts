import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium package (scripts/ensure-packages.mjs installs it), or CHROMIUM_PATH. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
 * Debian's chromium package (scripts/ensure-packages.mjs installs it), headless, for the browser
 * tests and benchmarks: never a downloaded browser, nothing phoning home.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] });
}
