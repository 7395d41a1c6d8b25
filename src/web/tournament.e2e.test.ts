import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openBotStream, registerBot, request } from '../server/online.testing.ts';
import type { Catalog } from './i18n/catalog.ts';
import { type MessageKey, type MessageValues, setCatalog, t } from './i18n/index.ts';
import en from './i18n/messages/en.ts';
import es from './i18n/messages/es.ts';
import { screenshot } from './screenshots.testing.ts';
import { staticSite } from './static-site.testing.ts';

/**
 * A tournament from a player's side, in the browser against the real server (in this process): a
 * player makes a Swiss of one round on the list page's form, a bot joins it over the bot API, the
 * player joins it on its page and starts it, is told on the home page that the game it was paired in
 * has started and goes to it, plays it (the bot
 * answers at random), goes back to the tournament from the result and sees the standings changed
 * and the podium; the tournament shows on their profile with their place. An organiser sets who may
 * join on the form (on a 360 px phone), shares the invitation's link, and a player in Spanish is
 * refused in Spanish, with the reason each time.
 */
const site = staticSite({
  // A page slow to make its first move on a loaded machine would lose its game by absence.
  online: { rate: 100_000, identity: { signupsPerHour: 100 }, tournaments: { tickMs: 100 }, hub: { firstMoveMs: 3_600_000 } },
});
const PATIENCE_MS = 60_000;
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: PATIENCE_MS });
const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
});
const base = () => site.base.replace(/\/$/, '');
/** A message as the catalog of `locale` says it: what the page must show. */
function said(locale: 'en' | 'es', catalog: Catalog, key: MessageKey, values?: MessageValues): string {
  setCatalog(locale, catalog);
  return t(key, values);
}

async function device(name: string, viewport: { width: number; height: number }, locale?: string): Promise<Page> {
  const context = await site.browser.newContext({ viewport, ...(locale ? { locale } : {}) });
  context.setDefaultTimeout(PATIENCE_MS);
  contexts.push(context);
  const made = await context.request.post(`${base()}/api/account`, {
    data: { username: name, password: 'correct horse battery' },
    headers: { origin: base() },
  });
  expect(made.status()).toBe(201);
  return context.newPage();
}

/** A bot that plays every game its stream gives it, at random, until stopped. */
async function randomBot(token: string): Promise<() => void> {
  const stream = await openBotStream(base(), token);
  let stopped = false;
  const auth = { authorization: `Bearer ${token}` };
  const move = async (id: string, legal: unknown, version: number) => {
    if (!Array.isArray(legal) || legal.length === 0) return;
    const chosen = legal[Math.floor(legal.length / 2)] as string;
    await request(base(), `/api/bot/games/${id}/move`, { body: { move: chosen, version }, headers: auth });
  };
  void (async () => {
    while (!stopped && !stream.closed) {
      for (const m of stream.take()) {
        if (m.type === 'game') {
          const id = (m.game as { id: string }).id;
          const state = (await request(base(), `/api/games/${id}`)).json as Record<string, unknown>;
          if (!state.ending && (m.seats as number[]).includes(state.toMove as number))
            await move(id, state.legalMoves, state.version as number);
        } else if (m.type === 'event' && m.legalMoves) await move(m.id as string, m.legalMoves, (m.event as { version: number }).version);
      }
      await Promise.race([stream.more(), stream.ended]);
    }
  })();
  return () => {
    stopped = true;
    stream.close();
  };
}

describe('a tournament in the browser', () => {
  it('made on the form, joined, started, its game played, the standings changed and the podium reached', async () => {
    const page = await device('Tour_Ann', { width: 390, height: 844 });
    // The page reads the tournament once, then follows it on the lobby socket: its reads are counted.
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && /\/api\/tournaments\/[A-Za-z0-9_-]+$/.test(new URL(r.url()).pathname)) reads.push(r.url());
    });
    const following = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).includes('"tournament-following"') && resolve())),
    );
    await page.goto(`${base()}/tournaments`);
    await page.getByRole('button', { name: 'Create a tournament' }).click();
    const form = page.locator('form.tournament-form');
    // Checked in the browser first: no name, then a Swiss of too many rounds, said in words.
    await form.getByRole('button', { name: 'Create the tournament' }).click();
    await form.getByRole('alert').getByText('Give the tournament a name').waitFor();
    await form.getByLabel('Name').fill('Ann’s cup');
    await form.getByRole('combobox', { name: 'Game' }).selectOption('tictactoe');
    await form.getByRole('radio', { name: 'Swiss' }).check();
    await form.getByLabel('Rounds').fill('40');
    await form.getByRole('button', { name: 'Create the tournament' }).click();
    await form.getByRole('alert').getByText('A Swiss has from 1 to 30 rounds.').waitFor();
    await form.getByLabel('Rounds').fill('1');
    await form.getByRole('radio', { name: 'When I start it' }).check();
    await screenshot(page, 'test-results/tournament-form-phone.png', { fullPage: true });
    await form.getByRole('button', { name: 'Create the tournament' }).click();
    await page.waitForURL(/\/tournament\/[A-Za-z0-9_-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop() as string;

    // A bot joins over the bot API while Ann looks at the page: it shows in the standings without a
    // read (the socket told it); Ann joins on the page; both are in the standings with nothing yet.
    await following;
    expect(reads).toHaveLength(1);
    const bot = await registerBot(base(), 'tour-bot');
    const stop = await randomBot(bot.token);
    try {
      const joined = await request(base(), `/api/tournaments/${id}/join`, { body: {}, headers: { authorization: `Bearer ${bot.token}` } });
      expect(joined.status).toBe(200);
      await page.locator('table.standings tr[data-player="tour-bot"]').waitFor();
      expect(reads).toHaveLength(1);
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await page.getByTestId('your-entry').getByText('You play in this tournament.').waitFor();
      const standings = page.locator('table.standings');
      await poll(async () => standings.locator('tbody tr').count()).toBe(2);
      await poll(async () => standings.getByTestId('score').allTextContents()).toEqual(['0', '0']);
      await screenshot(page, 'test-results/tournament-upcoming-phone.png', { fullPage: true });

      // Ann, its organiser, may start it here; she starts it from another tab while the home page is open
      // (its lobby socket heard from), and the home page tells her that her game has started.
      await page.getByRole('button', { name: 'Start now' }).waitFor();
      // Her challenges are told once the socket knows her: its notices are listened for from then on.
      const known = new Promise<void>((resolve) =>
        page.on('websocket', (ws) => {
          if (ws.url().endsWith('/api/lobby/ws')) ws.on('framereceived', (f) => String(f.payload).includes('"challenges"') && resolve());
        }),
      );
      await page.goto(`${base()}/`);
      await known;
      const started = await page.context().request.post(`${base()}/api/tournaments/${id}/start`, { headers: { origin: base() } });
      expect(started.status()).toBe(200);
      const notice = page.locator('.tournament-notice');
      await notice.getByText('Your tournament game has started.').waitFor();
      await screenshot(page, 'test-results/tournament-notice-phone.png');
      await notice.getByRole('link', { name: 'Play your game' }).click();
      await page.waitForURL(/\/g\/[A-Za-z0-9_-]+$/);
      await page.getByTestId('tournament-game').getByText('Ann’s cup, round 1').waitFor();
      // Ann plays the first free cell whenever it is her move, until the game is over.
      const result = page.getByTestId('result');
      while (!(await result.isVisible())) {
        const cell = page.locator('[data-cell][tabindex="0"]').first();
        await Promise.race([
          cell.click({ timeout: 2_000 }).catch(() => undefined),
          result.waitFor({ timeout: 2_000 }).catch(() => undefined),
        ]);
      }
      // No rematch in a tournament: back to it instead.
      expect(await page.getByRole('button', { name: 'Rematch' }).count()).toBe(0);
      await screenshot(page, 'test-results/tournament-game-over-phone.png', { fullPage: true });
      await page.getByTestId('back-to-tournament').click();
      await page.waitForURL(`${base()}/tournament/${id}`);
    } finally {
      stop();
    }

    // The standings changed (someone scored, unless drawn: then both did), the tournament is over, the podium shows.
    const scores = page.locator('table.standings').getByTestId('score');
    await poll(async () => (await scores.allTextContents()).join(' ')).toMatch(/^(1 0|½ ½|0\.5 0\.5)$/);
    await page.locator('.tournament-page[data-state=finished]').waitFor();
    await page.locator('.podium li').first().waitFor();
    expect(await page.locator('.podium li').count()).toBe(2);
    expect(await page.locator('.pairings td.result').first().textContent()).toMatch(/^(1–0|0–1|½–½)$/);
    await screenshot(page, 'test-results/tournament-podium-phone.png', { fullPage: true });
    // A Swiss's five tie-breaks: on a phone the first alone, and the table fits its box (no sideways scroll).
    const table = page.locator('table.standings');
    expect(await table.locator('thead th:visible').count()).toBe(4);
    expect(await table.evaluate((t) => t.scrollWidth <= (t.parentElement as HTMLElement).clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await table.locator('thead th').nth(7).waitFor();
    expect(await table.locator('thead th:visible').count()).toBe(8);
    await screenshot(page, 'test-results/tournament-podium-wide.png', { fullPage: true });

    // On Ann's profile: the tournament, with her place.
    await page.goto(`${base()}/u/Tour_Ann`);
    await page
      .locator('.profile-tournaments')
      .getByText(/place [12] of 2/)
      .waitFor();
    // The list shows it among the finished ones.
    await page.goto(`${base()}/tournaments`);
    await page.locator(`[data-list=finished] [data-tournament="${id}"]`).waitFor();
    await screenshot(page, 'test-results/tournaments-list-wide.png', { fullPage: true });
  });

  it('entry conditions set on the form, shown on the page, its invitation shared; another player refused in their language', async () => {
    // The form on the narrowest phone we keep to.
    const page = await device('Tour_Di', { width: 360, height: 740 });
    await page.goto(`${base()}/tournaments`);
    await page.getByRole('button', { name: 'Create a tournament' }).click();
    const form = page.locator('form.tournament-form');
    await form.getByLabel('Name').fill('Di’s invitational');
    await form.getByRole('combobox', { name: 'Game' }).selectOption('tictactoe');
    await form.getByRole('radio', { name: 'Swiss' }).check();
    await form.getByLabel('Rounds').fill('1');
    await form.getByRole('radio', { name: 'When I start it' }).check();
    // A range upside down is said in words before anything is sent.
    await form.getByLabel('Lowest rating').fill('1800');
    await form.getByLabel('Highest rating').fill('1600');
    await form.getByRole('button', { name: 'Create the tournament' }).click();
    await form
      .getByRole('alert')
      .getByText(said('en', en, 'tournament.ratingOrder'))
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await form.evaluate((f) => f.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
    await screenshot(page, 'test-results/tournament-conditions-form-phone.png', { fullPage: true });
    await form.getByLabel('Lowest rating').fill('');
    await form.getByLabel('Highest rating').fill('');
    await form.getByLabel('At least this many rated games of its kind').fill('3');
    await form.getByLabel('By invitation only').check();
    await form.getByRole('button', { name: 'Create the tournament' }).click();
    await page.waitForURL(/\/tournament\/[A-Za-z0-9_-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop() as string;

    // Its page says who may join; its organiser (alone) is shown the link to share.
    const conditions = page.getByTestId('conditions');
    await conditions.getByText('By invitation: from the link its organiser shares.').waitFor();
    await conditions.getByText('At least 3 rated games of its kind.').waitFor();
    const link = page.getByTestId('invite-link');
    await link.waitFor();
    const shared = await link.inputValue();
    expect(shared).toMatch(new RegExp(`^${base()}/tournament/${id}\\?invite=[A-Za-z0-9_-]{12}$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Its button copies the link.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared);
    await screenshot(page, 'test-results/tournament-conditions-organiser-phone.png', { fullPage: true });
    // She joins her own tournament without the link in her address bar (the page knows her invitation),
    // and so is refused for the next condition only: she has no rated game either.
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(said('en', en, 'tournament.refusal.ratedGames', { count: 3 }))
      .waitFor();

    // A player whose browser speaks Spanish: the conditions in Spanish, no link for her, and each refusal's reason.
    const eva = await device('Tour_Eva', { width: 360, height: 740 }, 'es-ES');
    await eva.goto(`${base()}/tournament/${id}`);
    await eva
      .getByTestId('conditions')
      .getByText(said('es', es, 'tournament.condition.invite'))
      .waitFor();
    expect(await eva.getByTestId('invite-link').count()).toBe(0);
    const join = eva.getByRole('button', { name: said('es', es, 'tournament.join'), exact: true });
    await join.click();
    await eva
      .getByRole('alert')
      .getByText(said('es', es, 'tournament.refusal.invite'))
      .waitFor();
    // With the organiser's link, the invitation is good; her rated games are not enough.
    await eva.goto(shared);
    await join.click();
    await eva
      .getByRole('alert')
      .getByText(said('es', es, 'tournament.refusal.ratedGames', { count: 3 }))
      .waitFor();
    expect(await eva.getByRole('alert').textContent()).not.toContain('Tour_Di');
    expect(await eva.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(eva, 'test-results/tournament-conditions-refused-phone-es.png', { fullPage: true });
    // Nobody but its organiser reads the invitation from the server either.
    const asked = await eva.context().request.get(`${base()}/api/tournaments/${id}/invite`);
    expect(asked.status()).toBe(403);
  });

  it('a signed-out visitor follows an invitation link, signs up on the way, and joins with it', async () => {
    const org = await device('Tour_Ida', { width: 360, height: 740 });
    const made = await org.context().request.post(`${base()}/api/tournaments`, {
      data: { kind: 'swiss', name: 'Ida’s private', game: 'tictactoe', rounds: 1, startsAt: null, conditions: { inviteOnly: true } },
      headers: { origin: base() },
    });
    expect(made.status()).toBe(201);
    const { id, invite } = (await made.json()) as { id: string; invite: string };
    // Signed out: the page offers to sign in, and the way there keeps the link's code.
    const context = await site.browser.newContext({ viewport: { width: 360, height: 740 } });
    context.setDefaultTimeout(PATIENCE_MS);
    contexts.push(context);
    const visitor = await context.newPage();
    await visitor.goto(`${base()}/tournament/${id}?invite=${invite}`);
    await visitor.getByRole('link', { name: 'Sign in to join' }).click();
    await visitor.waitForURL(/\/account\?next=/);
    const signUpForm = visitor.locator('form[data-kind=sign-up]');
    await signUpForm.getByLabel('Username').fill('Tour_Jo');
    await signUpForm.getByLabel('Password').fill('correct horse battery');
    await signUpForm.getByRole('button', { name: 'Sign up' }).click();
    // Back on the tournament once signed up, the link's code with it: the Join goes through.
    await visitor.waitForURL(`${base()}/tournament/${id}?invite=${invite}`);
    await visitor.getByRole('button', { name: 'Join', exact: true }).click();
    await visitor.getByTestId('your-entry').getByText('You play in this tournament.').waitFor();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Another visitor who goes to sign in by another way (the account page typed in) and comes back to
    // the page without the code: this tab kept it.
    const tab = await (async () => {
      const c = await site.browser.newContext({ viewport: { width: 360, height: 740 } });
      c.setDefaultTimeout(PATIENCE_MS);
      contexts.push(c);
      return c.newPage();
    })();
    await tab.goto(`${base()}/tournament/${id}?invite=${invite}`);
    await tab.getByRole('link', { name: 'Sign in to join' }).waitFor();
    await tab.goto(`${base()}/account`);
    const form = tab.locator('form[data-kind=sign-up]');
    await form.getByLabel('Username').fill('Tour_Kai');
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await tab.getByTestId('account-name').waitFor();
    await tab.goto(`${base()}/tournament/${id}`);
    await tab.getByRole('button', { name: 'Join', exact: true }).click();
    await tab.getByTestId('your-entry').getByText('You play in this tournament.').waitFor();
  });

  it('its organiser edits it before the start, invites a player by name, and disqualifies them (a 360 px phone)', async () => {
    const [gus, org] = await Promise.all([
      device('Tour_Gus', { width: 360, height: 740 }),
      device('Tour_Hal', { width: 360, height: 740 }),
    ]);
    const made = await org.context().request.post(`${base()}/api/tournaments`, {
      data: { kind: 'swiss', name: 'Hal’s cup', game: 'tictactoe', rounds: 3, startsAt: null },
      headers: { origin: base() },
    });
    const { id } = (await made.json()) as { id: string };
    await org.goto(`${base()}/tournament/${id}`);
    await org.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = org.locator('form.tournament-form');
    // Its kind and game stay; the rest is as it stands.
    expect(await form.getByRole('combobox', { name: 'Game' }).isDisabled()).toBe(true);
    expect(await form.getByLabel('Rounds').inputValue()).toBe('3');
    await form.getByLabel('Name').fill('Hal’s invitational');
    await form.getByLabel('Rounds').fill('2');
    await form.getByLabel('By invitation only').check();
    await form.getByLabel(said('en', en, 'tournament.invited')).fill('Tour_Gus, nobody_here');
    await form.getByRole('button', { name: 'Save the changes' }).click();
    // A name that is no player's: said, nothing changed.
    await form
      .getByRole('alert')
      .getByText(/nobody_here/)
      .waitFor();
    await form.getByLabel(said('en', en, 'tournament.invited')).fill('Tour_Gus');
    expect(await org.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(org, 'test-results/tournament-edit-phone.png', { fullPage: true });
    await form.getByRole('button', { name: 'Save the changes' }).click();
    await org.getByRole('heading', { name: 'Hal’s invitational' }).waitFor();
    expect(await form.count()).toBe(0);
    await org.getByTestId('invited').getByText('Invited by name: Tour_Gus').waitFor();
    // Its organiser reads that it is by invitation only, to those named or with the link.
    await org
      .getByTestId('conditions')
      .getByText(said('en', en, 'tournament.condition.inviteNamed'))
      .waitFor();
    // Gus, named, is told so plainly, and joins without the link; his page never shows the list.
    await gus.goto(`${base()}/tournament/${id}`);
    await gus.getByTestId('conditions').getByText('By invitation: you are invited.').waitFor();
    await gus.getByRole('button', { name: 'Join', exact: true }).click();
    await gus.getByTestId('your-entry').getByText('You play in this tournament.').waitFor();
    expect(await gus.getByTestId('invited').count()).toBe(0);
    // Hal disqualifies him (asked to confirm); everyone sees it, and Gus cannot come back.
    org.once('dialog', (d) => void d.accept());
    const dq = org.getByTestId('disqualify');
    await dq.getByRole('combobox', { name: 'Player to disqualify' }).selectOption('Tour_Gus');
    await dq.getByRole('button', { name: 'Disqualify' }).click();
    await org.getByTestId('disqualified').getByText('Disqualified: Tour_Gus').waitFor();
    expect(await org.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(org, 'test-results/tournament-disqualified-phone.png', { fullPage: true });
    await gus.getByTestId('your-entry').getByText('You were disqualified from this tournament.').waitFor();
    expect(await gus.getByRole('button', { name: 'Play again' }).count()).toBe(0);
  });

  it('its organiser starts it with "Start now", and the page opens her game itself once it is made', async () => {
    const page = await device('Tour_Cy', { width: 390, height: 844 });
    const made = await page.context().request.post(`${base()}/api/tournaments`, {
      data: { kind: 'swiss', name: 'Cy’s cup', game: 'tictactoe', rounds: 1, startsAt: null },
      headers: { origin: base() },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const bot = await registerBot(base(), 'tour-bot-2');
    const joined = await request(base(), `/api/tournaments/${id}/join`, { body: {}, headers: { authorization: `Bearer ${bot.token}` } });
    expect(joined.status).toBe(200);
    await page.goto(`${base()}/tournament/${id}`);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByTestId('your-entry').getByText('You play in this tournament.').waitFor();
    await page.getByRole('button', { name: 'Start now' }).click();
    // Started, paired, its game made: the page goes to it, nothing clicked.
    await page.waitForURL(/\/g\/[A-Za-z0-9_-]+$/);
    await page.getByTestId('tournament-game').getByText('Cy’s cup, round 1').waitFor();
  });

  it('an arena’s player berserks on the game page: the button goes, crossed swords mark her halved clock', async () => {
    const page = await device('Tour_Bea', { width: 390, height: 844 });
    const made = await page.context().request.post(`${base()}/api/tournaments`, {
      data: {
        kind: 'arena',
        name: 'Bea’s arena',
        game: 'tictactoe',
        durationMs: 3_600_000,
        clock: { initialMs: 120_000, incrementMs: 2_000 },
      },
      headers: { origin: base() },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    // A bot that never moves: Bea berserks before her first move, whichever seat she has.
    const bot = await registerBot(base(), 'tour-bot-3');
    expect(
      (await request(base(), `/api/tournaments/${id}/join`, { body: {}, headers: { authorization: `Bearer ${bot.token}` } })).status,
    ).toBe(200);
    await page.goto(`${base()}/tournament/${id}`);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByTestId('your-entry').getByText('You play in this tournament.').waitFor();
    await page.getByRole('button', { name: 'Start now' }).click();
    await page.waitForURL(/\/g\/[A-Za-z0-9_-]+$/);
    const berserk = page.getByRole('button', { name: 'Berserk' });
    await berserk.click();
    const mark = page.getByRole('img', { name: 'Berserk: half the clock' });
    await mark.waitFor();
    expect(await berserk.count()).toBe(0);
    // Her clock (the one the mark stands in) is half the initial two minutes; the bot's is whole.
    expect(await page.locator('.clock', { has: mark }).getAttribute('data-ms')).toBe('60000');
    expect(await page.locator('.clock:not(:has(.berserked))').getAttribute('data-ms')).toBe('120000');
  });

  it('its chat: a player speaks, a signed-out visitor reads the line as it is said and is asked to sign in to speak', async () => {
    const lu = await device('Tour_Lu', { width: 390, height: 844 });
    const made = await lu.context().request.post(`${base()}/api/tournaments`, {
      data: { kind: 'swiss', name: 'Lu’s chatty cup', game: 'tictactoe', rounds: 1, startsAt: null },
      headers: { origin: base() },
    });
    const { id } = (await made.json()) as { id: string };
    const context = await site.browser.newContext({ viewport: { width: 360, height: 740 } });
    context.setDefaultTimeout(PATIENCE_MS);
    contexts.push(context);
    const visitor = await context.newPage();
    // The visitor's page follows the tournament (and so its chat) before Lu speaks.
    const followed = new Promise<void>((resolve) =>
      visitor.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).includes('"tournament-chat"') && resolve())),
    );
    await visitor.goto(`${base()}/tournament/${id}`);
    const visitorChat = visitor.locator('.tournament-chat');
    await visitorChat.getByText(said('en', en, 'tournament.chatNone')).waitFor();
    await visitorChat.getByRole('link', { name: said('en', en, 'tournament.chatSignIn') }).waitFor();
    expect(await visitorChat.getByRole('textbox').count()).toBe(0);
    await followed;

    await lu.goto(`${base()}/tournament/${id}`);
    const chat = lu.locator('.tournament-chat');
    await chat.getByRole('textbox', { name: said('en', en, 'tournament.chatSay') }).fill('  Good luck, everyone!  ');
    await chat.getByRole('button', { name: said('en', en, 'tournament.chatSend') }).click();
    // Back to Lu over her socket like anyone's line, and the box emptied; the visitor hears it with no reload.
    await chat.getByTestId('tournament-chat-lines').getByText('Good luck, everyone!').waitFor();
    expect(await chat.getByRole('textbox').inputValue()).toBe('');
    await visitorChat.getByTestId('tournament-chat-lines').getByText('Good luck, everyone!').waitFor();
    expect(await visitorChat.locator('li').allTextContents()).toEqual(['Tour_Lu: Good luck, everyone!']);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(visitor, 'test-results/tournament-chat-phone.png', { fullPage: true });
  });

  it('a player paused in an arena is not paired by the wave that pairs the others; back in play, the next wave pairs them', async () => {
    const pia = await device('Tour_Pia', { width: 390, height: 844 });
    const made = await pia.context().request.post(`${base()}/api/tournaments`, {
      data: { kind: 'arena', name: 'Pia’s arena', game: 'tictactoe', durationMs: 3_600_000, startsAt: null },
      headers: { origin: base() },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const bots = await Promise.all([registerBot(base(), 'pause-bot-1'), registerBot(base(), 'pause-bot-2')]);
    const stops = await Promise.all(bots.map((b) => randomBot(b.token)));
    try {
      for (const b of bots) {
        const joined = await request(base(), `/api/tournaments/${id}/join`, { body: {}, headers: { authorization: `Bearer ${b.token}` } });
        expect(joined.status).toBe(200);
      }
      await pia.goto(`${base()}/tournament/${id}`);
      await pia.getByRole('button', { name: 'Join', exact: true }).click();
      await pia
        .getByTestId('your-entry')
        .getByText(said('en', en, 'tournament.entry.active'))
        .waitFor();
      await pia.getByRole('button', { name: said('en', en, 'tournament.pause'), exact: true }).click();
      await pia
        .getByTestId('your-entry')
        .getByText(said('en', en, 'tournament.entry.paused'))
        .waitFor();

      // Started while she is paused: its first wave pairs the two bots, not her, though she is free.
      await pia.getByRole('button', { name: 'Start now' }).click();
      const firstWave = pia.locator('[data-round="1"] table.pairings');
      await firstWave.waitFor();
      expect(await firstWave.locator('tbody tr').count()).toBe(1);
      expect((await firstWave.locator('tbody td').allTextContents()).filter((c) => c.startsWith('pause-bot')).sort()).toEqual([
        'pause-bot-1',
        'pause-bot-2',
      ]);
      expect(await pia.locator('table.pairings tr.you').count()).toBe(0);
      expect(new URL(pia.url()).pathname).toBe(`/tournament/${id}`);
      await screenshot(pia, 'test-results/tournament-arena-paused-phone.png', { fullPage: true });

      // She plays again: once a bot is free, a wave pairs her, and her page takes her to the game.
      await pia.getByRole('button', { name: said('en', en, 'tournament.rejoin'), exact: true }).click();
      await pia.waitForURL(/\/g\/[A-Za-z0-9_-]+$/);
      await pia
        .getByTestId('tournament-game')
        .getByText(said('en', en, 'tournament.gameOfArena', { name: 'Pia’s arena' }))
        .waitFor();
      const game = new URL(pia.url()).pathname.split('/').pop() as string;
      const shown = (await request(base(), `/api/tournaments/${id}`)).json as {
        pairings: { game: string | null; white: string; black: string | null }[];
      };
      const hers = shown.pairings.find((p) => p.game === game);
      expect([hers?.white, hers?.black]).toContain('Tour_Pia');
    } finally {
      for (const stop of stops) stop();
    }
  });
});
