import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { createHttpServer } from '../server/http.ts';
import { SqliteStore } from '../server/sqlite-store.ts';
import { launchTestChromium } from './headless-chromium.ts';
import { type MessageKey, type MessageValues, setCatalog, t as translate } from './i18n/index.ts';
import en from './i18n/messages/en.ts';
import { screenshot } from './screenshots.testing.ts';

/**
 * A moderator clears a line of chat with the page's own button, in the browser against the real
 * server (in this process): in a tournament's chat, where another player's page sees the line go with
 * no reload; and in a game's chat, where the moderator plays and their opponent's page sees the line
 * go. A player who is no moderator is offered no button. The server's store is this file's own, so
 * that the moderator is granted the role as the command line grants it (straight in the store).
 */
const PATIENCE_MS = 60_000;
/** A message as the English catalog says it: what the pages (in English here) show. */
function t(key: MessageKey, values?: MessageValues): string {
  setCatalog('en', en);
  return translate(key, values);
}
let server: FastifyInstance;
let browser: Browser;
let store: SqliteStore;
let base: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  store = new SqliteStore(':memory:');
  [server, browser] = await Promise.all([
    createHttpServer(WEB_DIST, { store, rate: 100_000, identity: { signupsPerHour: 100 }, tournaments: { tickMs: 100 } }),
    launchTestChromium(),
  ]);
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  await mkdir('test-results', { recursive: true });
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await store?.close();
});

/** A signed-up player's page (a phone's width); a moderator when `moderator`. */
async function player(name: string, moderator = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(PATIENCE_MS);
  contexts.push(context);
  const made = await context.request.post(`${base}/api/account`, {
    data: { username: name, password: 'correct horse battery' },
    headers: { origin: base },
  });
  expect(made.status()).toBe(201);
  if (moderator) {
    const account = await store.accounts.byKey(name.toLowerCase());
    await store.moderation.setRole(account?.id as string, 'moderator', true, {
      at: Date.now(),
      moderator: null,
      action: 'grant-moderator',
      target: account?.id as string,
      note: 'the chat moderation browser test',
    });
  }
  return context.newPage();
}

/** A POST from `page`'s browser (its session cookie), as the site's own pages send it. */
async function post(page: Page, path: string, data: unknown): Promise<Record<string, unknown>> {
  const answer = await page.context().request.post(`${base}${path}`, { data, headers: { origin: base } });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return (await answer.json()) as Record<string, unknown>;
}

describe('a moderator removes a line of chat with the page’s button', () => {
  it("in a tournament's chat: the other player's page sees it go, with no reload", async () => {
    const [mo, ann, bob] = [await player('Cm_Mo', true), await player('Cm_Ann'), await player('Cm_Bob')];
    const { id } = (await post(ann, '/api/tournaments', {
      kind: 'swiss',
      name: 'A rude cup',
      game: 'tictactoe',
      rounds: 1,
      startsAt: null,
    })) as { id: string };
    await post(ann, `/api/tournaments/${id}/chat`, { text: 'you all play badly' });
    await post(ann, `/api/tournaments/${id}/chat`, { text: 'good luck' });
    for (const page of [bob, mo]) await page.goto(`${base}/tournament/${id}`);
    const lines = (page: Page) => page.getByTestId('tournament-chat-lines');
    for (const page of [bob, mo]) await lines(page).getByText('you all play badly').waitFor();
    // Bob is no moderator: his page offers no button.
    await lines(bob).getByText('good luck').waitFor();
    expect(await lines(bob).locator('button').count()).toBe(0);
    const removeAnns = lines(mo).getByRole('button', { name: t('tournament.chatRemove', { author: 'Cm_Ann' }) });
    expect(await removeAnns.count()).toBe(2);
    await lines(mo).locator('li', { hasText: 'you all play badly' }).getByRole('button').click();
    // Gone from Bob's page (his socket said so) and from the moderator's; the other line stays on both.
    for (const page of [bob, mo]) {
      await lines(page).getByText('you all play badly').waitFor({ state: 'detached' });
      expect(await lines(page).locator('li').allTextContents()).toEqual([expect.stringContaining('Cm_Ann: good luck')]);
    }
    // A page opened now never shows it.
    await bob.reload();
    await lines(bob).getByText('good luck').waitFor();
    expect(await lines(bob).getByText('you all play badly').count()).toBe(0);
  });

  it("in a game's chat: the moderator plays, and their opponent's page sees the line go", async () => {
    const [mo, ann] = [await player('Cm_Mira', true), await player('Cm_Ada')];
    const { id } = (await post(ann, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 })) as { id: string };
    await post(mo, `/api/games/${id}/seats/1`, {});
    for (const page of [ann, mo]) await page.goto(`${base}/g/${id}`);
    const chat = (page: Page) => page.getByRole('region', { name: t('online.playersChat') });
    for (const page of [ann, mo])
      await chat(page)
        .getByRole('textbox', { name: t('online.say') })
        .waitFor();
    const say = async (page: Page, text: string) => {
      await chat(page)
        .getByRole('textbox', { name: t('online.say') })
        .fill(text);
      await chat(page)
        .getByRole('button', { name: t('online.say'), exact: true })
        .click();
    };
    await say(ann, 'you are a terrible player');
    await say(ann, 'gg');
    for (const page of [ann, mo]) await chat(page).getByText('gg').waitFor();
    // Ada is no moderator: no button on her page; Mira's offers one a line.
    expect(await chat(ann).locator('button.chat-remove').count()).toBe(0);
    const rude = chat(mo).locator('li', { hasText: 'you are a terrible player' });
    await rude.getByRole('button', { name: t('online.chatRemove', { author: 'Cm_Ada' }) }).click();
    for (const page of [ann, mo]) {
      await chat(page).getByText('you are a terrible player').waitFor({ state: 'detached' });
      expect(await chat(page).locator('li').allTextContents()).toEqual([expect.stringContaining('Cm_Ada: gg')]);
    }
    await screenshot(ann, 'test-results/game-chat-line-removed-phone.png', { fullPage: true });
    // Reloaded, Ada's page reads the chat without it.
    await ann.reload();
    await chat(ann).getByText('gg').waitFor();
    expect(await chat(ann).getByText('you are a terrible player').count()).toBe(0);
    const logged = await store.moderation.log(10);
    expect(logged.map((e) => e.action)).toEqual(expect.arrayContaining(['tournament-chat-remove', 'game-chat-remove']));
  });
});
