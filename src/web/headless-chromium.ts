import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's chromium package (scripts/ensure-packages.mjs installs it), headless, for the browser
 * tests and benchmarks: never a downloaded browser, nothing phoning home.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}
