import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Browser as Chromium, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEB_DIST } from '../../cli/commands/serve.ts';
import { Browser, type ServerProcess, signUp, startServer } from '../../server/online.testing.ts';
import { launchTestChromium } from '../headless-chromium.ts';
import { screenshot } from '../screenshots.testing.ts';

/**
 * The moderation pages in a real browser against a real server serving the built app: a player
 * reports another from the profile's "Report"; a moderator (granted from the command line) finds the
 * report on /mod, looks the player up, mutes them with a note, sees the action in the audit log and
 * closes the report. Anyone else opening /mod is told it is for moderators.
 */
const PATIENCE_MS = 150_000;
const bin = fileURLToPath(new URL('../../../bin/hexarena.js', import.meta.url));

let server: ServerProcess;
let dataDir: string;
let chromium: Chromium;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-mod-web-'));
  // One after the other: started together on a loaded machine, the two once held each other up past the hook's limit.
  server = await startServer(dataDir, { HEXARENA_WEB_DIST: WEB_DIST, HEXARENA_API_RATE: '100000' });
  chromium = await launchTestChromium();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await chromium?.close();
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A player signed up through the API, and a browser page logged in as them. */
async function playerPage(name: string, from: string): Promise<Page> {
  const b = new Browser(server.base, from);
  expect((await signUp(b, name)).status).toBe(201);
  const context = await chromium.newContext();
  context.setDefaultTimeout(PATIENCE_MS);
  contexts.push(context);
  const [cookie, value] = (b.cookie as string).split('=') as [string, string];
  await context.addCookies([{ name: cookie, value, url: server.base }]);
  return context.newPage();
}

function grant(name: string): Promise<number | null> {
  const child = spawn(process.execPath, [bin, 'admin', 'grant-moderator', name, '--data', dataDir], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', resolve));
}

it('a report made from a profile reaches /mod, where a moderator mutes the player, sees it logged and closes the report', async () => {
  const ann = await playerPage('Ann', '127.0.4.1');
  await playerPage('Bob', '127.0.4.2');
  const mira = await playerPage('Mira', '127.0.4.3');

  // Before the role, /mod is for moderators and says so; the account page shows no way there.
  await mira.goto(`${server.base}/mod`);
  await mira.getByText("This page is for the site's moderators.").waitFor();
  expect(await grant('Mira')).toBe(0);

  await ann.goto(`${server.base}/u/Bob`);
  await ann.getByRole('button', { name: 'Report Bob' }).click();
  const form = ann.getByRole('form', { name: 'Report Bob' });
  await form.getByLabel('Why').selectOption('abuse');
  await form.getByLabel('What happened').fill('called me names in chat');
  await form.getByRole('button', { name: 'Send the report' }).click();
  await ann.getByText('Thank you: your report on Bob is with the moderators.').waitFor();

  await mira.goto(`${server.base}/account`);
  await mira.getByRole('link', { name: 'Moderation' }).click();
  await mira.waitForURL(`${server.base}/mod`);
  const reports = mira.getByRole('region', { name: 'Reports' });
  await reports.getByText('called me names in chat').waitFor();
  await reports.getByText('insults or harassment in chat').waitFor();
  await reports.getByRole('button', { name: 'Look up' }).click();

  const panel = mira.getByRole('region', { name: 'Player' });
  await panel.getByText('No sanction in force.').waitFor();
  await panel.getByLabel('Mute for').selectOption({ label: '1 day' });
  await panel.getByLabel('Note (kept in the log)').fill('insults, first time');
  await panel.getByRole('button', { name: 'Mute', exact: true }).click();
  await panel.getByText('Mute: done.').waitFor();
  await panel.getByText(/^Muted until /).waitFor();
  const log = mira.getByRole('region', { name: 'Audit log' });
  await log.getByRole('cell', { name: 'insults, first time' }).waitFor();
  await log.getByRole('cell', { name: 'command line', exact: true }).waitFor();

  await reports.getByLabel('Note').fill('muted for a day');
  await reports.getByRole('button', { name: 'Close the report' }).click();
  await reports.getByText('No open reports: the queue is empty.').waitFor();
  await log.getByRole('cell', { name: 'muted for a day' }).waitFor();
  await screenshot(mira, 'test-results/moderation-desktop.png', { fullPage: true });
  await mira.setViewportSize({ width: 390, height: 844 });
  await screenshot(mira, 'test-results/moderation-phone.png', { fullPage: true });
});
