import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ensureBuilt, WEB_DIST } from '../src/cli/commands/serve.ts';
import { captureIo } from '../src/cli/testing.ts';
import { createHttpServer } from '../src/server/http.ts';
import { launchChromium } from '../src/web/headless-chromium.ts';
import { descendantsCpuSeconds } from './costs.ts';

/** The built app's size (gzip), and the time from navigation to a board that takes a move, per game. */
export async function benchWeb(): Promise<void> {
  console.log('\n# web app');
  await ensureBuilt(captureIo().io, true);
  await benchSize();
  await benchTimeToBoard();
  await benchPageCost();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function benchSize(): Promise<void> {
  const assets = path.join(WEB_DIST, 'assets');
  const html = await readFile(path.join(WEB_DIST, 'index.html'), 'utf8');
  const groups = new Map<string, { raw: number; gzip: number; files: number }>();
  for (const name of await readdir(assets)) {
    const bytes = await readFile(path.join(assets, name));
    // What the first page load fetches is what index.html names; the worker and the books come later.
    const group = html.includes(name)
      ? `initial ${path.extname(name).slice(1)}`
      : name.startsWith('ai-worker')
        ? 'AI worker js'
        : `lazy ${path.extname(name).slice(1)} (${name.replace(/-[\w-]{8}\.\w+$/, '')})`;
    const g = groups.get(group) ?? { raw: 0, gzip: 0, files: 0 };
    groups.set(group, { raw: g.raw + bytes.length, gzip: g.gzip + gzipSync(bytes).length, files: g.files + 1 });
  }
  let initial = 0;
  for (const [group, g] of [...groups].sort()) {
    console.log(
      `${group.padEnd(40)} ${kb(g.gzip).padStart(9)} gzip   ${kb(g.raw).padStart(9)} raw   (${g.files} file${g.files > 1 ? 's' : ''})`,
    );
    if (group.startsWith('initial')) initial += g.gzip;
  }
  console.log(`${'first load, JS + CSS'.padEnd(40)} ${kb(initial).padStart(9)} gzip   (goal: under 150 KB)`);
}

/** Each game hotseat, so the board is playable as soon as it is drawn. */
const GAMES = [
  { game: 'tictactoe', query: 'seats=human,human', ready: '[data-cell][tabindex="0"]' },
  { game: 'hive', query: 'seats=human,human', ready: '[data-hand]:not([disabled])' },
  { game: 'nonaga', query: 'seats=human,human', ready: '[data-cell][tabindex="0"]' },
  { game: 'dicewars', query: 'seats=human,human,human,human', ready: '[data-territory][tabindex="0"]' },
];

async function benchTimeToBoard(): Promise<void> {
  const server = await createHttpServer(WEB_DIST);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/`;
  const browser = await launchChromium();
  try {
    const runs = 7;
    for (const { game, query, ready } of GAMES) {
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        // A fresh context each time: an empty cache, as for a first visit.
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${base}?game=${game}&${query}&seed=bench${i}`, { waitUntil: 'commit' });
        await page.waitForSelector(ready);
        ms.push(await page.evaluate(() => performance.now()));
        await context.close();
      }
      ms.sort((a, b) => a - b);
      const median = ms[Math.floor(runs / 2)] as number;
      console.log(
        `${`time to playable board: ${game}`.padEnd(48)} median ${median.toFixed(0).padStart(6)} ms   best ${(ms[0] as number).toFixed(0).padStart(6)} ms   (${runs} cold loads, headless chromium)`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * What a browser test pays for each page it opens: the CPU of chromium (every process of it, the
 * renderers that ended included) and of the test's own process (Playwright's client), per load of
 * the home page, for a page in a new context each time (each test on its own), a new page in one
 * context, and one page navigating again. The suite is bound by CPU, and chromium is the largest
 * part of it (docs/testing.md): these say what opening fewer pages would save.
 */
async function benchPageCost(): Promise<void> {
  const server = await createHttpServer(WEB_DIST);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/`;
  const browser = await launchChromium();
  const loads = 10;
  const load = async (page: Page) => {
    await page.goto(base);
    await page.locator('main').first().waitFor();
  };
  const ways: [string, (b: Browser) => Promise<void>][] = [
    [
      'a new context and page each',
      async (b) => {
        for (let i = 0; i < loads; i++) {
          const context = await b.newContext();
          await load(await context.newPage());
          await context.close();
        }
      },
    ],
    [
      'a new page each, one context',
      async (b) => {
        const context = await b.newContext();
        for (let i = 0; i < loads; i++) {
          const page = await context.newPage();
          await load(page);
          await page.close();
        }
        await context.close();
      },
    ],
    [
      'one page, navigated again',
      async (b) => {
        const context = await b.newContext();
        const page = await context.newPage();
        for (let i = 0; i < loads; i++) await load(page);
        await context.close();
      },
    ],
  ];
  try {
    // Two rounds, the ways taking turns: a machine that slows down meanwhile weighs on all three.
    const sums = new Map<string, { browser: number; client: number }>();
    for (let round = 0; round < 2; round++) {
      for (const [name, way] of ways) {
        const chromium = descendantsCpuSeconds();
        const client = process.cpuUsage();
        await way(browser);
        const used = process.cpuUsage(client);
        const s = sums.get(name) ?? { browser: 0, client: 0 };
        sums.set(name, { browser: s.browser + descendantsCpuSeconds() - chromium, client: s.client + (used.user + used.system) / 1e6 });
      }
    }
    const per = (seconds: number) => `${((seconds / (2 * loads)) * 1000).toFixed(0).padStart(5)} ms`;
    const navigated = sums.get('one page, navigated again') as { browser: number; client: number };
    for (const [name, s] of sums)
      console.log(
        `${`CPU a home page load: ${name}`.padEnd(58)} chromium ${per(s.browser)}   this process ${per(s.client)}   (×${((s.browser + s.client) / (navigated.browser + navigated.client)).toFixed(2)} the navigation's; ${2 * loads} loads)`,
      );
  } finally {
    await browser.close();
    await server.close();
  }
}
