import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { createHttpServer } from '../server/http.ts';
import { Client, signUp, Browser as Visitor } from '../server/online.testing.ts';
import { SqliteStore } from '../server/sqlite-store.ts';
import { launchTestChromium } from './headless-chromium.ts';
import { screenshot } from './screenshots.testing.ts';

/**
 * Players finding each other and games to watch, in the browser against the real server (in this
 * process, its SQLite store in memory, serving the built app): a player searched from the top bar,
 * followed, seen playing in the list of those followed and watched from it; a block confirmed; the
 * games being played listed; TV (its page and the home page's card) moving on to the next game when
 * the one it shows ends.
 */
const PATIENCE_MS = 60_000;
let server: FastifyInstance;
let store: SqliteStore;
let base: string;
let browser: Browser;
let address = 10;
const contexts: BrowserContext[] = [];
/**
 * The desktop browser of a player who only looks (lists, searches, profiles, TV): one context signed
 * up once for the file, a fresh page of it for each test, closed after it. A context and its account
 * cost seconds each on a loaded machine, and these tests ask nothing of who looks.
 */
let viewer: BrowserContext;
const viewerPages: Page[] = [];
/** Waits for what a page shows to come right, saying what it showed last if it never does. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: PATIENCE_MS });

beforeAll(async () => {
  store = new SqliteStore(':memory:');
  server = await createHttpServer(WEB_DIST, {
    store,
    rate: 100_000,
    // Every device here signs up from 127.0.0.1.
    identity: { signupsPerHour: 100 },
    hub: { firstMoveMs: 3_600_000 },
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  browser = await launchTestChromium();
  mkdirSync('test-results', { recursive: true });
  viewer = await signedUpContext('Viewer');
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  for (const p of viewerPages.splice(0)) await p.close().catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await store?.close();
});

/** A player away from the browser, signed up from an address of their own. */
async function visitor(name: string): Promise<Visitor> {
  const v = new Visitor(base, `127.0.4.${address++}`);
  expect((await signUp(v, name)).status).toBe(201);
  return v;
}

/** A browser of its own, signed up as `name` (its session cookie in the browser's jar). */
async function device(name: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await signedUpContext(name, viewport);
  contexts.push(context);
  return context.newPage();
}

async function signedUpContext(name: string, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(PATIENCE_MS);
  const made = await context.request.post(`${base}/api/account`, {
    data: { username: name, password: 'correct horse battery' },
    headers: { origin: base },
  });
  expect(made.status()).toBe(201);
  return context;
}

/** A new page of the shared viewer's browser (closed after the test). */
async function viewerPage(): Promise<Page> {
  const page = await viewer.newPage();
  viewerPages.push(page);
  return page;
}

/** A game of `game` between two players, every seat taken: its id and the seats' tokens. */
async function play(game: string, a: Visitor, b: Visitor): Promise<{ id: string; token: string; second: string }> {
  const made = await a.ask('POST', '/api/games', { game, seats: ['open', 'open'], seat: 0 });
  const id = made.json?.id as string;
  const joined = await b.ask('POST', `/api/games/${id}/seats/1`, {});
  expect(joined.status).toBe(201);
  return { id, token: made.json?.token as string, second: joined.json?.token as string };
}

/** Plays `move` in a seat of a game, as its player's socket would. */
async function move(v: Visitor, game: string, seat: number, token: string, text: string, version: number): Promise<void> {
  const socket = await Client.open(base, game, undefined, v.from, { origin: base, ...(v.cookie ? { cookie: v.cookie } : {}) });
  expect(await socket.ask({ type: 'move', seat, move: text, version, token })).toMatchObject({ ok: true });
  socket.close();
}

/**
 * Gives two accounts Hive ratings (untimed, or `perf`), as a finished rated game between them leaves
 * them. The game is the store's alone, its seats held by no account: it counts in neither's record.
 */
async function rate(names: readonly [string, string], ratings: readonly [number, number], perf = 'hive'): Promise<void> {
  const id = `rated-${names.join('-')}`;
  await store.games.create({ id, game: 'hive', options: {}, seed: id, seats: ['open', 'open'], createdAt: 0, rated: true });
  const seats = await Promise.all(
    names.map(async (name, i) => ({
      account: (await store.accounts.byKey(name.toLowerCase()))?.id as string,
      before: null,
      after: { rating: ratings[i] as number, deviation: 60, volatility: 0.06 },
    })),
  );
  await store.games.end(id, {
    result: { kind: 'draw' },
    termination: 'agreement',
    plies: 0,
    ratings: { perf, at: 1, seats, diffs: [0, 0] },
  });
}

/** Resigns the first seat of a game, as its player's socket would. */
async function resign(v: Visitor, game: { id: string; token: string }): Promise<void> {
  const socket = await Client.open(base, game.id, undefined, v.from, { origin: base, ...(v.cookie ? { cookie: v.cookie } : {}) });
  expect(await socket.ask({ type: 'resign', seat: 0, token: game.token })).toMatchObject({ ok: true });
  socket.close();
}

describe('players finding each other', () => {
  it('a player searched from the top bar by keyboard, followed on their profile, seen playing among those followed, and watched from there; a block confirmed first', async () => {
    const star = await visitor('Soc_Star');
    const rival = await visitor('Soc_Rival');
    const game = await play('hive', star, rival);
    const page = await device('Soc_Fan');
    await page.goto(`${base}/`);

    // The search: a combobox, the names beginning with what is typed, chosen with the arrows and Enter.
    const search = page.getByRole('combobox', { name: 'Search players by name' });
    await search.fill('soc_st');
    const option = page.getByRole('option', { name: /Soc_Star/ });
    await poll(async () => option.count()).toBe(1);
    await poll(async () => search.getAttribute('aria-expanded')).toBe('true');
    await search.press('ArrowDown');
    expect(await search.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    await page.waitForURL(`${base}/u/Soc_Star`);

    // Follow: the button and the count change.
    await poll(async () => page.getByTestId('followers').textContent()).toBe('0 followers');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    expect(await page.getByTestId('followers').textContent()).toBe('1 follower');
    // Opted in to hear of Soc_Star's rated games.
    await page.getByRole('checkbox', { name: 'Tell me when Soc_Star starts a rated game' }).check();
    await poll(async () => (await store.social.relation(await idOf('Soc_Fan'), await idOf('Soc_Star'))).notify).toBe(true);
    await screenshot(page, 'test-results/social-profile.png', { fullPage: true });

    // On the home page (its lobby socket open: the server has spoken on it), the notice of a rated game Soc_Star starts.
    const lobby = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/lobby/ws'));
    await page.goto(`${base}/`);
    await (await lobby).waitForEvent('framereceived');
    const sent = await star.ask('POST', '/api/challenges', {
      to: 'Soc_Rival',
      game: 'hex',
      options: {},
      rated: true,
      clock: { initialMs: 300_000, incrementMs: 3_000 },
    });
    const rated = (await rival.ask('POST', `/api/challenges/${sent.json?.id as string}/accept`)).json?.game as string;
    const notice = page.locator('.following-news li');
    await notice.getByText('Soc_Star has started a rated game.').waitFor();
    expect(await notice.getByRole('link', { name: 'Watch' }).getAttribute('href')).toBe(`/g/${rated}`);

    // Whom Soc_Fan follows: Soc_Star, playing now; one click to watch the game.
    await page.getByRole('link', { name: 'Following', exact: true }).click();
    await page.waitForURL(`${base}/following`);
    const row = page.locator('[data-player="Soc_Star"]');
    await row.getByText('playing now').waitFor();
    await screenshot(page, 'test-results/social-following.png', { fullPage: true });
    await row.getByRole('link', { name: 'Watch Soc_Star’s game' }).click();
    // Their newest game: the rated one.
    await page.waitForURL(`${base}/g/${rated}`);
    await page.getByTestId('status').waitFor();

    // A block sits behind the profile's menu and is confirmed first; it ends the follow.
    await page.goto(`${base}/u/Soc_Star`);
    await page.getByRole('button', { name: 'More about Soc_Star' }).click();
    await page.getByRole('menuitem', { name: 'Block Soc_Star' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('They are not told.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByText('You block Soc_Star.').waitFor();
    expect(await page.getByTestId('followers').textContent()).toBe('0 followers');
    expect((await store.social.relation(await idOf('Soc_Fan'), await idOf('Soc_Star'))).blocks).toBe(true);
    // The game ends: it is no longer one being played (the next test lists those).
    await resign(star, game);
  });

  it('on a phone, the search is an icon that opens the field', async () => {
    await visitor('Soc_Phone_Pal');
    const page = await device('Soc_Phone', { width: 390, height: 844 });
    await page.goto(`${base}/leaderboard`);
    const search = page.getByRole('combobox', { name: 'Search players by name' });
    expect(await search.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Search players' }).click();
    await poll(async () => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.pressSequentially('soc_phone_');
    await page.getByRole('option', { name: /Soc_Phone_Pal/ }).click();
    await page.waitForURL(`${base}/u/Soc_Phone_Pal`);
  });
});

const idOf = async (name: string): Promise<string> => (await store.accounts.byKey(name.toLowerCase()))?.id as string;

describe('games to watch', () => {
  it('the games being played, highest rated first and filtered; TV shows the best and moves to the next when it ends', async () => {
    const [ann, bob, cy, dee] = await Promise.all(['Tv_Ann', 'Tv_Bob', 'Tv_Cy', 'Tv_Dee'].map(visitor));
    await rate(['Tv_Ann', 'Tv_Bob'], [1900, 2000]);
    const casual = await play('hive', cy as Visitor, dee as Visitor);
    const best = await play('hive', ann as Visitor, bob as Visitor);
    const page = await viewerPage();

    await page.goto(`${base}/games`);
    await page.getByRole('combobox', { name: 'Game' }).selectOption('hive');
    const cards = page.locator('.current-games [data-game-id]');
    await poll(async () => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-id')))).toEqual([best.id, casual.id]);
    expect(await cards.first().textContent()).toContain('Tv_Ann (1900)');
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('blitz');
    await page.getByText('No game is being played right now.').waitFor();
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('unlimited');
    await poll(async () => cards.count()).toBe(2);
    await page.getByRole('link', { name: 'Watch TV' }).click();

    // TV: the best game, live; once it ends, the next one, without a reload.
    await page.waitForURL(`${base}/tv/hive`);
    const shown = page.getByTestId('tv-game');
    await poll(async () => shown.getAttribute('data-game-id')).toBe(best.id);
    await page.getByTestId('status').waitFor();
    await screenshot(page, 'test-results/social-tv.png', { fullPage: true });
    // Its spectators are counted where the games are listed: this page watches it.
    const list = await page.context().newPage();
    await list.goto(`${base}/games`);
    await poll(async () => list.locator(`[data-game-id="${best.id}"] [data-testid=watching]`).textContent()).toBe('1 watching');
    await list.close();
    // And on TV itself, beside the game shown (this page is its spectator).
    await poll(async () => page.getByTestId('tv-watching').textContent()).toBe('1 watching');
    // The home page's card is TV too: the same game, drawn small, one click from watching it.
    const home = await page.context().newPage();
    await home.goto(base);
    const card = home.getByTestId('home-tv');
    await poll(async () => card.getAttribute('data-game-id')).toBe(best.id);
    // Its miniature is drawn once its code has come (after the home page's first paint).
    await poll(async () => card.locator('[data-testid=mini-board][data-drawn=true]').count()).toBe(1);
    expect(await card.textContent()).toContain('Tv_Ann (1900)');
    expect(await card.getByRole('link', { name: 'Watch' }).getAttribute('href')).toBe(`/g/${best.id}`);
    await resign(ann as Visitor, best);
    await poll(async () => shown.getAttribute('data-game-id')).toBe(casual.id);
    await page.getByTestId('status').waitFor();
    // And the home page's card moves on to it as well, without a reload.
    await poll(async () => card.getAttribute('data-game-id')).toBe(casual.id);
    expect(await card.textContent()).toContain('Tv_Cy');
    await home.close();
    await page.goto(`${base}/games`);
    await page.getByRole('combobox', { name: 'Game' }).selectOption('hive');
    await poll(async () => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-id')))).toEqual([casual.id]);
    // A channel with nothing on (no Nonaga is played in this file) says so under the site's top bar:
    // the way home, the account and the settings, as on every page.
    await page.goto(`${base}/tv/nonaga`);
    await page.getByText('No game is being played on Nonaga right now.').waitFor();
    expect(await page.locator('header.topbar a.home-link').getAttribute('href')).toBe('/');
    await page.getByLabel('Theme', { exact: true }).waitFor();
  });
});

describe('games drawn small', () => {
  it('each game being played shows its position as a miniature, moving on with its moves; TV draws its other channels small', async () => {
    const [gil, hal, ivy, jo, kit, lu] = await Promise.all(
      ['Mini_Gil', 'Mini_Hal', 'Mini_Ivy', 'Mini_Jo', 'Mini_Kit', 'Mini_Lu'].map(visitor),
    );
    const noughts = await play('tictactoe', gil as Visitor, hal as Visitor);
    const hive = await play('hive', ivy as Visitor, jo as Visitor);
    const unbegun = await play('hive', kit as Visitor, lu as Visitor);
    await move(gil as Visitor, noughts.id, 0, noughts.token, 'b2', 0);
    await move(ivy as Visitor, hive.id, 0, hive.token, 'wS1', 0);
    const page = await viewerPage();
    await page.goto(`${base}/games`);
    const mini = (id: string) => page.locator(`.current-games [data-game-id="${id}"] [data-testid=mini-board][data-drawn=true]`);
    // Tic-tac-toe: the X in the centre; Hive: one piece, its bug's letter on it.
    await poll(async () => mini(noughts.id).locator('svg path').count()).toBe(2);
    expect(await mini(noughts.id).locator('svg circle').count()).toBe(0);
    await poll(async () => mini(hive.id).locator('svg polygon').count()).toBe(1);
    expect(await mini(hive.id).locator('svg text').textContent()).toBe('S');
    // One piece is drawn at a piece's size on a board at least seven wide, not filling the box.
    const [piece, picture] = await Promise.all([
      mini(hive.id).locator('svg polygon').boundingBox(),
      mini(hive.id).locator('svg').boundingBox(),
    ]);
    expect((piece?.width ?? 0) / (picture?.width ?? 1)).toBeLessThan(0.35);
    // Before its first piece, a Hive board is its middle's places drawn faint, not an empty box.
    await poll(async () => mini(unbegun.id).locator('svg polygon[fill=none][stroke-dasharray]').count()).toBe(7);
    expect(await mini(unbegun.id).locator('svg text').count()).toBe(0);
    // A move is drawn without a reload, by the list's own refresh.
    await move(hal as Visitor, noughts.id, 1, noughts.second, 'a1', 1);
    await poll(async () => mini(noughts.id).locator('svg circle').count()).toBe(1);
    await screenshot(page, 'test-results/social-miniatures.png', { fullPage: true });

    // TV on Hive: the tic-tac-toe channel's game drawn small in its link.
    await page.goto(`${base}/tv/hive`);
    const channel = page.getByRole('navigation', { name: 'TV channels' }).locator('a[href="/tv/tictactoe"]');
    await poll(async () => channel.locator('[data-drawn=true] svg circle').count()).toBe(1);
    await resign(gil as Visitor, noughts);
    await resign(ivy as Visitor, hive);
    await resign(kit as Visitor, unbegun);
  });
});

describe('the games database', () => {
  it('finds finished games by player, opponent, outcome and opening, a page at a time; each opens in its replay; the search exports as records', async () => {
    const [ann, bob, cy] = await Promise.all(['Db_Ann', 'Db_Bob', 'Db_Cy'].map(visitor));
    // 21 games Db_Ann opens in the centre and resigns; one she opens in a corner and Db_Cy resigns.
    for (let i = 0; i < 21; i++) {
      const lost = await play('tictactoe', ann as Visitor, bob as Visitor);
      await move(ann as Visitor, lost.id, 0, lost.token, 'b2', 0);
      await resign(ann as Visitor, lost);
    }
    const won = await play('tictactoe', ann as Visitor, cy as Visitor);
    await move(ann as Visitor, won.id, 0, won.token, 'a1', 0);
    const socket = await Client.open(base, won.id, undefined, (cy as Visitor).from, {
      origin: base,
      cookie: (cy as Visitor).cookie as string,
    });
    expect(await socket.ask({ type: 'resign', seat: 1, token: won.second })).toMatchObject({ ok: true });
    socket.close();

    const page = await viewerPage();
    await page.goto(`${base}/games`);
    await page.getByRole('link', { name: 'Search finished games' }).click();
    await page.waitForURL(`${base}/games/search`);
    // The results' miniatures come with them: the page asks for no game of its own.
    const gamesAsked: string[] = [];
    page.on('request', (r) => {
      if (/^\/api\/games\//.test(new URL(r.url()).pathname)) gamesAsked.push(r.url());
    });
    const form = page.getByRole('form', { name: 'Games database' });
    const rows = page.locator('.games-found tbody tr');
    const search = async (fields: Record<string, string>) => {
      for (const [label, value] of Object.entries(fields)) {
        // A select's name is its label and the option chosen ("Game Any").
        const field = form.getByLabel(new RegExp(`^${label}`));
        if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
        else await field.fill(value);
      }
      await form.getByRole('button', { name: 'Search' }).click();
    };
    await search({ Player: 'Db_Ann' });
    // A page of 20, newest first; then the rest.
    await poll(async () => rows.count()).toBe(20);
    expect(await rows.first().getAttribute('data-game-id')).toBe(won.id);
    // Each game's last position drawn small: the one won, an X in a corner; the others, an X in the centre.
    const board = (row: ReturnType<typeof rows.first>) => row.locator('[data-testid=mini-board][data-drawn=true] svg');
    await poll(async () => board(rows.first()).locator('path').count()).toBe(2);
    expect(await board(rows.first()).locator('circle').count()).toBe(0);
    await poll(async () => board(rows.nth(1)).locator('path').count()).toBe(2);
    await page.getByRole('button', { name: 'More games' }).click();
    await poll(async () => rows.count()).toBe(22);
    await poll(async () => rows.locator('[data-testid=mini-board][data-drawn=true]').count()).toBe(22);
    expect(gamesAsked).toEqual([]);
    await screenshot(page, 'test-results/social-games-database.png', { fullPage: true });

    await search({ Against: 'Db_Cy' });
    await poll(async () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-id')))).toEqual([won.id]);
    expect(await rows.first().getByTestId('result').textContent()).toBe('Db_Ann wonresignation');
    await search({ Against: '', 'Their result': 'loss', 'First moves': 'b2' });
    await poll(async () => rows.count()).toBe(20);
    await search({ 'Their result': 'win', 'First moves': '' });
    await poll(async () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-id')))).toEqual([won.id]);
    await search({ 'Their result': '', 'First moves': 'a1', Game: 'hive' });
    await page.getByText('No game found.').waitFor();

    // The export is the search as shown: every game Db_Ann opened in the centre, as records.
    await search({ Game: '', 'First moves': 'b2' });
    await poll(async () => rows.count()).toBe(20);
    const exported = await page.getByRole('link', { name: 'Export these games' }).getAttribute('href');
    const records = (await (await page.request.get(`${base}${exported}`)).text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records.length).toBe(21);
    expect(records.every((r) => r.moves[0] === 'b2')).toBe(true);
    // The search is in the address, to share; a game opens in its replay.
    expect(new URL(page.url()).searchParams.get('opening')).toBe('b2');
    const first = await rows.first().getAttribute('data-game-id');
    await rows
      .first()
      .getByRole('link', { name: /^Replay / })
      .click();
    await page.waitForURL(`${base}/g/${first}`);
    await page.getByTestId('status').waitFor();
    // And from its replay, the analysis board of the game.
    await page.getByTestId('analyse').click();
    await page.waitForURL((url) => url.hash.startsWith('#analysis&game=tictactoe&'));
    await page.locator('.move-tree').waitFor();
  });
});

/**
 * A rated game of Hive (blitz) `winner` challenges `loser` to, played on the server to its end: the
 * loser resigns from their socket, by their session. Its id.
 */
async function ratedWin(winner: Visitor, loser: Visitor, loserName: string): Promise<string> {
  const sent = await winner.ask('POST', '/api/challenges', {
    to: loserName,
    game: 'hive',
    options: {},
    rated: true,
    clock: { initialMs: 300_000, incrementMs: 3_000 },
  });
  expect(sent.status).toBe(201);
  const id = (await loser.ask('POST', `/api/challenges/${sent.json?.id as string}/accept`)).json?.game as string;
  const seats = (await loser.ask('GET', `/api/games/${id}`)).json?.seats as { name: string }[];
  const seat = seats.findIndex((x) => x.name === loserName);
  const socket = await Client.open(base, id, undefined, loser.from, { origin: base, cookie: loser.cookie as string });
  expect(await socket.ask({ type: 'resign', seat })).toMatchObject({ ok: true });
  socket.close();
  return id;
}

describe('the games database on a phone', () => {
  it('folds the dates, ratings and opening, so the first game found is on the first screen; unfolded, they search', async () => {
    const [ann, bob] = await Promise.all(['Ph_Ann', 'Ph_Bob'].map(visitor));
    const lost = await play('tictactoe', ann as Visitor, bob as Visitor);
    await move(ann as Visitor, lost.id, 0, lost.token, 'b2', 0);
    await resign(ann as Visitor, lost);
    const page = await device('Ph_Viewer', { width: 390, height: 844 });
    await page.goto(`${base}/games/search?player=Ph_Ann`);
    const first = page.locator('.games-found tbody tr').first();
    await poll(async () => first.getAttribute('data-game-id')).toBe(lost.id);
    // The whole first game, its miniature drawn, within the first screen, nothing scrolled.
    await first.locator('[data-testid=mini-board][data-drawn=true]').waitFor();
    const at = await first.boundingBox();
    await screenshot(page, 'test-results/social-games-database-phone.png', { fullPage: true });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((at?.y ?? Number.POSITIVE_INFINITY) + (at?.height ?? 0)).toBeLessThanOrEqual(844);
    expect(await page.getByLabel('From', { exact: true }).isVisible()).toBe(false);
    expect(await page.getByLabel('First moves').isVisible()).toBe(false);
    await screenshot(page, 'test-results/social-games-database-phone.png');
    // Unfolded, the dates search: a day before the game finds nothing.
    await page.locator('summary', { hasText: 'Date and rating' }).click();
    await page.getByLabel('To', { exact: true }).fill('2001-01-01');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No game found.').waitFor();
    // A search by date, shared, opens with them unfolded.
    await page.reload();
    await poll(async () => page.getByLabel('To', { exact: true }).inputValue()).toBe('2001-01-01');
    expect(await page.getByLabel('To', { exact: true }).isVisible()).toBe(true);
  });
});

describe('the games database by opening', () => {
  it('finds the games beginning with some moves, or reaching their position in any order, and keeps the choice in the address', async () => {
    const [ann, bob] = (await Promise.all(['Op_Ann', 'Op_Bob'].map(visitor))) as [Visitor, Visitor];
    /** A game of Hex Ann (first) and Bob play, ended by Ann's resignation: its id. */
    const hexGame = async (moves: readonly string[]): Promise<string> => {
      const game = await play('hex', ann, bob);
      for (const [ply, text] of moves.entries())
        await move(ply % 2 === 0 ? ann : bob, game.id, ply % 2, ply % 2 === 0 ? game.token : game.second, text, ply);
      await resign(ann, game);
      return game.id;
    };
    // The first two reach one position by two orders of moves; the third, another.
    const inOrder = await hexGame(['b2', 'a1', 'c3']);
    const transposed = await hexGame(['c3', 'a1', 'b2']);
    await hexGame(['b2', 'a1', 'd4']);
    const page = await viewerPage();
    await page.goto(`${base}/games/search?player=Op_Ann`);
    const rows = page.locator('.games-found tbody tr');
    const found = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-id')));
    await poll(async () => rows.count()).toBe(3);
    /** The select a label's words begin with (the label holds it, and its options' words too). */
    const select = (words: RegExp) => page.locator('label', { hasText: words }).locator('select');
    await select(/^Game/).selectOption('hex');
    await page.getByLabel('First moves').fill('b2, a1, c3');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(found).toEqual([inOrder]);
    // As a position: the game that came to it by another order too, newest first.
    await select(/^Find/).selectOption('position');
    await page.getByText('whatever the order of the moves that lead to it').waitFor();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(found).toEqual([transposed, inOrder]);
    await screenshot(page, 'test-results/social-games-database-position.png', { fullPage: true });
    // Shared, the address searches the same way.
    expect(new URL(page.url()).searchParams.get('match')).toBe('position');
    await page.reload();
    await poll(found).toEqual([transposed, inOrder]);
    expect(await select(/^Find/).inputValue()).toBe('position');
  });
});

describe('the games database by position, from the opening explorer', () => {
  it('the explorer links to the games that reached its position; the page draws it, keeps it in the address and clears it; moves are searched under the options chosen, and first moves within the variant chosen', async () => {
    const [ann, bob] = (await Promise.all(['Ex_Ann', 'Ex_Bob'].map(visitor))) as [Visitor, Visitor];
    /** A game of Hive without its expansions (unless `options` say) Ann (first) and Bob play, ended by Ann's resignation: its id. */
    const hiveBase = async (moves: readonly string[], options: Record<string, string> = { type: 'Base' }): Promise<string> => {
      const made = await ann.ask('POST', '/api/games', { game: 'hive', options, seats: ['open', 'open'], seat: 0 });
      const id = made.json?.id as string;
      const joined = await bob.ask('POST', `/api/games/${id}/seats/1`, {});
      const tokens = [made.json?.token as string, joined.json?.token as string];
      for (const [ply, text] of moves.entries()) await move(ply % 2 === 0 ? ann : bob, id, ply % 2, tokens[ply % 2] as string, text, ply);
      await resign(ann, { id, token: tokens[0] as string });
      return id;
    };
    const reached = await hiveBase(['wG1', 'bG1 wG1-', 'wQ -wG1']);
    const elsewhere = await hiveBase(['wA1', 'bA1 wA1-']);
    const page = await viewerPage();
    const base_ = encodeURIComponent('{"type":"Base"}');
    await page.goto(`${base}/#analysis&game=hive&options=${base_}&seed=ex&tree=${encodeURIComponent('wG1;bG1 wG1-')}&at=2`);
    // The board's moves are played in once it has loaded: the link names the position they reach.
    const link = page.getByRole('link', { name: 'Games that reached this position' });
    await poll(async () => new URL((await link.getAttribute('href')) ?? '', base).searchParams.get('line')).toBe('wG1;bG1 wG1-');
    await link.click();
    await page.waitForURL(/\/games\/search\?/);
    // The explorer's own key and variant (Hive Base's, not the default options'), in the address to share.
    const url = new URL(page.url());
    expect(url.searchParams.get('position')).toMatch(/^[0-9a-f]{16}:[0-9]$/);
    expect(url.searchParams.get('variant')).toMatch(/^hive:[0-9a-f]{8}$/);
    const rows = page.locator('.games-found tbody tr');
    const found = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-id')));
    await poll(found).toEqual([reached]);
    // The page says it searches by a position, draws it small, and names its moves.
    await page.locator('.position-asked [data-testid=mini-board][data-drawn=true] svg').waitFor();
    expect(await page.getByTestId('position-asked').textContent()).toBe('The position after wG1 bG1 wG1-, in any order of moves.');
    await screenshot(page, 'test-results/social-games-database-explorer.png', { fullPage: true });
    await page.reload();
    await poll(found).toEqual([reached]);
    await page.getByTestId('position-asked').waitFor();
    // A position is of one game: its game is the search's until the position is cleared.
    const select = (words: RegExp) => page.locator('label', { hasText: words }).locator('select');
    const gameChoice = select(/^Game(?! type)/);
    expect([await gameChoice.inputValue(), await gameChoice.isDisabled()]).toEqual(['hive', true]);
    // Cleared: the search without it, and the address too.
    await page.getByRole('button', { name: 'Search without this position' }).click();
    await poll(() => page.locator('.position-asked').count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('position')).toBe(false);
    expect(await gameChoice.isDisabled()).toBe(false);
    await page.getByLabel('Player', { exact: true }).fill('Ex_Ann');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(found).toEqual([elsewhere, reached]);
    // The moves as a position, played under the options chosen: with every expansion in (the default) none; without, hers.
    await page.getByLabel('First moves').fill('wG1, bG1 wG1-');
    await select(/^Find/).selectOption('position');
    await select(/^Game type/).selectOption('Base+MLP');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No game found.').waitFor();
    await select(/^Game type/).selectOption('Base');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(found).toEqual([reached]);
    expect(JSON.parse(new URL(page.url()).searchParams.get('options') ?? 'null')).toEqual({ type: 'Base' });

    // First moves, in order, within the variant chosen: the same opening played with every expansion in is another variant's.
    const expanded = await hiveBase(['wG1', 'bG1 wG1-'], {});
    await select(/^Find/).selectOption('');
    const only = page.getByRole('checkbox', { name: 'Only in this variant' });
    expect(await only.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(found).toEqual([reached]);
    expect(new URL(page.url()).searchParams.get('match')).toBe(null);
    await select(/^Game type/).selectOption('Base+MLP');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(found).toEqual([expanded]);
    // Unticked: every variant, and no options in the address.
    await only.uncheck();
    expect(await select(/^Game type/).count()).toBe(0);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(found).toEqual([expanded, reached]);
    expect(new URL(page.url()).searchParams.has('options')).toBe(false);

    // A slow answer does not overwrite a later question's: the expansions' search is held until Base's has been shown.
    let release = (): void => undefined;
    const held = new Promise<void>((go) => {
      release = go;
    });
    let heldOnce = false;
    await page.route('**/api/search/games?*', async (route) => {
      if (heldOnce) return route.continue();
      heldOnce = true;
      await held;
      await route.continue();
    });
    await only.check();
    await select(/^Game type/).selectOption('Base+MLP');
    const slow = page.waitForResponse((r) => r.url().includes('/api/search/games?') && r.url().includes('MLP'));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await select(/^Game type/).selectOption('Base');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(found).toEqual([reached]);
    release();
    await (await slow).finished();
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    expect(await found()).toEqual([reached]);
  });
});

describe('a profile’s record', () => {
  it('shows the best wins, rated opponents strongest first, each a link to its game', async () => {
    const [star, ace, low] = await Promise.all(['Best_Star', 'Best_Ace', 'Best_Low'].map(visitor));
    await rate(['Best_Ace', 'Best_Low'], [1900, 1400], 'hive:blitz');
    const overLow = await ratedWin(star as Visitor, low as Visitor, 'Best_Low');
    const overAce = await ratedWin(star as Visitor, ace as Visitor, 'Best_Ace');
    // A casual win counts in the streak, not among the best wins.
    const casual = await play('tictactoe', star as Visitor, low as Visitor);
    const socket = await Client.open(base, casual.id, undefined, (low as Visitor).from, {
      origin: base,
      cookie: (low as Visitor).cookie as string,
    });
    expect(await socket.ask({ type: 'resign', seat: 1, token: casual.second })).toMatchObject({ ok: true });
    socket.close();

    const page = await viewerPage();
    await page.goto(`${base}/u/Best_Star`);
    const record = page.getByRole('region', { name: 'Record' });
    await poll(async () => record.getByTestId('streaks').textContent()).toBe('Winning streak: 3 now, 3 at best (over the last 3 games).');
    const wins = record.getByRole('list').getByRole('listitem');
    await poll(async () => wins.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-id')))).toEqual([overAce, overLow]);
    // Each opponent's rating before the game, their profile and the game a click away.
    expect(await wins.first().textContent()).toMatch(/^Best_Ace \(1900\) · Hive, /);
    expect(await wins.nth(1).textContent()).toMatch(/^Best_Low \(1400\) · Hive, /);
    expect(await wins.first().getByRole('link', { name: 'Best_Ace' }).getAttribute('href')).toBe('/u/Best_Ace');
    await wins
      .first()
      .getByRole('link', { name: /^Hive, / })
      .click();
    await page.waitForURL(`${base}/g/${overAce}`);
  });

  it('shows the winning streaks and the latest games drawn small', async () => {
    const [star, pal] = await Promise.all(['Rec_Star', 'Rec_Pal'].map(visitor));
    // Two casual games Rec_Star wins, each ending on an X in the centre.
    const won: string[] = [];
    for (let i = 0; i < 2; i++) {
      const casual = await play('tictactoe', star as Visitor, pal as Visitor);
      await move(star as Visitor, casual.id, 0, casual.token, 'b2', 0);
      const socket = await Client.open(base, casual.id, undefined, (pal as Visitor).from, {
        origin: base,
        cookie: (pal as Visitor).cookie as string,
      });
      expect(await socket.ask({ type: 'resign', seat: 1, token: casual.second })).toMatchObject({ ok: true });
      socket.close();
      won.push(casual.id);
    }

    const page = await viewerPage();
    await page.goto(`${base}/u/Rec_Star`);
    const record = page.getByRole('region', { name: 'Record' });
    await poll(async () => record.getByTestId('streaks').textContent()).toBe('Winning streak: 2 now, 2 at best (over the last 2 games).');
    const boards = page.getByRole('list', { name: 'Latest games' });
    for (const id of won) await poll(async () => boards.locator(`[data-game-id="${id}"] [data-drawn=true] svg path`).count()).toBe(2);
    await screenshot(page, 'test-results/social-profile-record.png', { fullPage: true });
  });

  it('lists the tournaments played, each a link, with the place taken or the standing now while it runs', async () => {
    await Promise.all(['Tp_Ann', 'Tp_Bob'].map(visitor));
    const [ann, bob] = await Promise.all(['tp_ann', 'tp_bob'].map(async (key) => (await store.accounts.byKey(key))?.id as string));
    await store.tournaments.create({
      ...{ id: 'tp-live', kind: 'swiss', name: 'Running cup', game: 'hive', options: {}, clock: null, rated: false },
      ...{ organiser: bob as string, organiserName: 'Tp_Bob', startsAt: null, rounds: 3, durationMs: null, settings: {}, createdAt: 1 },
    });
    for (const [i, account] of [ann, bob].entries())
      await store.tournaments.join('tp-live', {
        account: account as string,
        name: i === 0 ? 'Tp_Ann' : 'Tp_Bob',
        rating: 1500,
        joinedAt: 2,
      });
    await store.tournaments.start(
      'tp-live',
      3,
      [
        { account: ann as string, seed: 1 },
        { account: bob as string, seed: 2 },
      ],
      3,
      null,
    );
    // Round one decided without a game: Bob (Black) withdrew, Ann wins by forfeit.
    await store.tournaments.pairRound(
      'tp-live',
      1,
      [{ board: 1, white: ann as string, black: bob as string, game: null, result: 'white-forfeit' }],
      4,
    );
    const page = await viewerPage();
    await page.goto(`${base}/u/Tp_Ann`);
    const card = page.locator('.profile-tournaments [data-tournament=tp-live]');
    await poll(async () => card.textContent()).toMatch(/standing 1 of 2 now/);
    expect(await card.getByRole('link', { name: 'Running cup' }).getAttribute('href')).toBe('/tournament/tp-live');
  });
});
