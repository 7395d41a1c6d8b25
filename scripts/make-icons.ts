/**
 * The installable app's icons (src/web/public/icons), drawn from the favicon's two hexagons by the
 * browser the tests use, so the pictures and the favicon never drift apart. Run again after changing
 * favicon.svg: `npx tsx scripts/make-icons.ts`. The PNGs are kept in the repository (an install has no
 * browser to draw them).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../src/web/headless-chromium.ts';

const publicDir = fileURLToPath(new URL('../src/web/public/', import.meta.url));
const favicon = readFileSync(`${publicDir}favicon.svg`, 'utf8');

/** What to draw: "any" icons are the logo on transparency; maskable ones keep it inside the 80% safe circle. */
const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
] as const;

const browser = await launchChromium();
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const logo = icon.maskable ? '80%' : '100%';
    const background = icon.maskable ? '#f3f4f6' : 'transparent';
    await page.setContent(
      `<html><body style="margin:0;width:100vw;height:100vh;display:grid;place-items:center;background:${background}">` +
        `<div style="width:${logo};height:${logo}">${favicon.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body></html>`,
    );
    await page.screenshot({ path: `${publicDir}icons/${icon.file}`, omitBackground: !icon.maskable });
    await page.close();
    console.log(`wrote icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
