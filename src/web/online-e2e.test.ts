import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Json } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { dicewars } from '@hexarena/engines/games/dicewars/index.ts';
import { SURROUNDED_IN_23 } from '@hexarena/engines/games/hive/testing.ts';
import { nonaga } from '@hexarena/engines/games/nonaga/index.ts';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { parsePuzzleSet } from '../puzzles/puzzle-set.ts';
import { Client, post, request, type ServerProcess, signUp, startServer, Browser as Visitor } from '../server/online.testing.ts';
import { checkLeaderboardPages } from './account/leaderboard.e2e-steps.ts';
import { gameForm } from './create-game.testing.ts';
import { EVERY_FRAME, launchTestChromium } from './headless-chromium.ts';
import { positionFromView } from './online/model.ts';
import { screenshot } from './screenshots.testing.ts';

/**
 * Online play end to end: a real `hexarena serve` process (its SQLite store in a temporary folder)
 * serving the built app, and several browser contexts, each a player or a spectator on a device of
 * its own. Screenshots go to test-results/.
 */
const PATIENCE_MS = 150_000;
let server: ServerProcess;
let dataDir: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

// A player away 1.5 s may be claimed against here (30 s on a real site), so the claim test need not wait.
// Pairing waves every 200 ms (2 s on a real site), so the pool test need not wait either. A paired
// game's first move may come late on a loaded machine: the 30 s abort (tested in lobby.test.ts) is
// set out of reach here, so no verdict depends on how fast the browsers are.
const serve = (port?: number) =>
  startServer(
    dataDir,
    // Every device here is one address (127.0.0.1): a household's allowance of requests would not do.
    {
      HEXARENA_WEB_DIST: WEB_DIST,
      HEXARENA_CLAIM_AFTER_MS: '1500',
      HEXARENA_POOL_WAVE_MS: '200',
      HEXARENA_API_RATE: '100000',
      HEXARENA_FIRST_MOVE_MS: '3600000',
      // Every player here signs up from that one address.
      HEXARENA_SIGNUPS_PER_HOUR: '100',
      // The review searches two plies a position (four on a real site): the test is about the page
      // showing a review, and the Hive game's blunder is marked at two plies as at four (the marks
      // themselves are packages/engines' review.test.ts's). This game's review took 5.4 s at four plies
      // on the loaded machine, 0.1 s at two.
      HEXARENA_REVIEW_DEPTH: '2',
    },
    port,
  );

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-online-e2e-'));
  // Neither waits on the other: the server's process and the browser's start side by side.
  [server, browser] = await Promise.all([serve(), launchTestChromium()]);
  mkdirSync('test-results', { recursive: true });
});

// Each test's devices go with it: their sockets and idle keep-alive connections, all from one address
// here, would otherwise pile up against the server's per-address cap (HEXARENA_CONNECTIONS, 64).
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new device: its own storage (so its own seat tokens), waiting on events with a generous limit. */
async function device(): Promise<Page> {
  const context = await browser.newContext();
  context.setDefaultTimeout(PATIENCE_MS);
  contexts.push(context);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) throw new Error(m.text());
  });
  return page;
}

/**
 * A new device holding `visitor`'s session (its cookie put in the device's jar), as the page's own
 * forms would leave it: setup done through the API where the forms are not the thing tested. Each
 * page load costs chromium half a second of CPU. The visitor's requests close their connections with
 * their answers: no idle connection from 127.0.0.1 is left to count against the server's cap per address.
 */
async function deviceOf(visitor: Visitor): Promise<Page> {
  const page = await device();
  const [name, value] = (visitor.cookie ?? '').split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: server.base }]);
  return page;
}

/** A guest's session, begun through the API as the page begins one. */
async function guest(): Promise<Visitor> {
  const b = new Visitor(server.base, '127.0.0.1');
  const begun = await b.ask('POST', '/api/session/guest', {});
  expect(begun.status, begun.text).toBe(201);
  return b;
}

/** A player who has signed up as `username` through the API (the sign-up form is the guest test's subject). */
async function player(username: string): Promise<Visitor> {
  const b = new Visitor(server.base, '127.0.0.1');
  const made = await signUp(b, username, 'a rated game of hex');
  expect(made.status, made.text).toBe(201);
  return b;
}

/** A new device whose player has signed up as `username`. */
async function signedUp(username: string): Promise<Page> {
  return deviceOf(await player(username));
}

type Clock = { initialMs: number; incrementMs: number } | null;

/** A tic-tac-toe game made by `xs` (X) and taken by `os` (O) through the API: its invite link. */
async function ticTacToe(xs: Visitor, os: Visitor, clock: Clock = null): Promise<string> {
  const made = await xs.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0, clock });
  expect(made.status, made.text).toBe(201);
  const id = made.json?.id as string;
  const taken = await os.ask('POST', `/api/games/${id}/seats/1`, {});
  expect(taken.status, taken.text).toBe(201);
  return `${server.base}/g/${id}`;
}

/** The session cookie of a device's page, as its requests send it. */
async function sessionOf(page: Page): Promise<string> {
  return (await page.context().cookies(server.base)).map((c) => `${c.name}=${c.value}`).join('; ');
}

const status = (page: Page) => page.getByTestId('status').textContent();
/** The move list as the page shows it (Nonaga's turns hold spaces, so its list is split at commas). */
const movesOf = async (page: Page, separator = ', ') =>
  ((await page.getByTestId('moves').getAttribute('data-text')) ?? '').split(separator).filter(Boolean);
const waitForMoveCount = (page: Page, n: number) =>
  page.waitForFunction((n) => Number(document.querySelector('[data-testid=moves]')?.getAttribute('data-count')) === n, n, EVERY_FRAME);

/** Plays a Nonaga turn by clicks: the token, its slide end, then (unless the slide won) the disc and its new place. */
async function clickTurn(page: Page, text: string): Promise<void> {
  const [slide, disc] = text.split(' ');
  for (const step of [slide, disc]) {
    if (!step) continue;
    const [from, to] = step.split('>');
    // Each a target for this page (tabindex 0) before it is clicked: a click before the page could move does nothing.
    await page.locator(`[data-cell="${from}"][tabindex="0"]`).click();
    await page.locator(`[data-cell="${to}"][tabindex="0"]`).click();
  }
}

/**
 * Clicks a point of a territory itself: the map is drawn from a random seed, and a territory that
 * bends round another has the middle of its box on the other one.
 */
async function clickTerritory(page: Page, territory: number): Promise<void> {
  const g = page.locator(`[data-territory="${territory}"]`);
  await g.scrollIntoViewIfNeeded();
  const point = await g.evaluate((el) => {
    const box = el.getBoundingClientRect();
    for (let i = 1; i < 24; i++)
      for (let j = 1; j < 24; j++) {
        const [x, y] = [box.left + (box.width * i) / 24, box.top + (box.height * j) / 24];
        if (el.contains(document.elementFromPoint(x, y))) return { x, y };
      }
    return null;
  });
  if (!point) throw new Error(`territory ${territory} has no point of its own in view`);
  await page.mouse.click(point.x, point.y);
}

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `test-results/${name}.png`, { fullPage: true });
}

describe('online play in the browser', () => {
  it('a finished Hive game: its computer review asked for and shown (chart, marks, accuracy), the chart steps the board; analysed with the review beside', async () => {
    // White (medium) surrounds Black's (random) queen on the 23rd move; Black's moves are marked.
    const moves = SURROUNDED_IN_23;
    const created = await post(server.base, '/api/games', { game: 'hive', seats: ['open', 'open'], seat: 0 });
    const { id, token } = created.json as { id: string; token: string };
    const second = await post(server.base, `/api/games/${id}/seats/1`, {});
    const tokens = [token, (second.json as { token: string }).token];
    const client = await Client.open(server.base, id);
    for (const [version, move] of moves.entries())
      expect(await client.ask({ type: 'move', seat: version % 2, token: tokens[version % 2], move, version })).toMatchObject({ ok: true });
    client.close();

    const page = await device();
    await page.goto(`${server.base}/g/${id}`);
    await page.getByRole('button', { name: 'Request a computer review' }).click();
    const players = page.locator('.game-review-players tbody tr');
    await expect.poll(() => players.count()).toBe(2);
    expect(await players.first().locator('td').first().textContent()).toMatch(/^\d+\.\d%$/);
    // Black's blunder, bA3 wA1/ (it lets the queen be surrounded), is marked; a mark steps the board to its position.
    const marks = page.locator('.game-review-marks button');
    // (Not the only move marked: earlier ones are too, White's among them.)
    await expect
      .poll(async () => (await page.locator('.game-review-marks .mark-blunder').allTextContents()).join(' '))
      .toContain('bA3 wA1/');
    await marks.first().click();
    await expect.poll(() => page.getByTestId('history-note').textContent()).toMatch(/^Position after move \d+ of 23/);
    // The chart is a slider: Home goes to the start, once (the page's own ← → Home End do not act twice).
    await page.getByRole('slider').focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByTestId('history-note').textContent()).toMatch(/^Position after move 0 of 23/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('history-note').textContent()).toMatch(/^Position after move 1 of 23/);
    await shot(page, 'online-review');

    await page.getByRole('button', { name: 'Back to the game' }).click();
    await page.getByTestId('analyse').click();
    await expect.poll(() => page.getByTestId('status').textContent()).toMatch(/^Analysis: /);
    await expect.poll(() => page.locator('.game-review-players tbody tr').count()).toBe(2);
    await page.locator('.game-review-marks button').first().click();
    await expect.poll(() => page.locator('.tree-move[aria-current]').getAttribute('data-path')).toMatch(/^\d+$/);
    await shot(page, 'online-review-analysis');
  });

  it('two devices play Nonaga from the invite link, a third watches, one reloads mid-game and plays on; resign, rematch', async () => {
    // The three devices made at once: each context's first page is a process of its own to start.
    const [red, black, watcher] = await Promise.all([device(), device(), device()]);
    await red.goto(`${server.base}/`);
    const card = await gameForm(red, 'Nonaga');
    await card.getByRole('combobox', { name: 'Black is played by' }).selectOption('human');
    // The creator names themselves: others see the name, not "a player".
    await card.getByRole('textbox', { name: 'Nonaga: your name online' }).fill('Ruth');
    await card.getByRole('button', { name: 'Play Nonaga online' }).click();
    await red.waitForURL(/\/g\/[\w-]+$/);
    await expect.poll(() => status(red)).toBe('Red to move: slide a token.');
    const invite = (await red.getByTestId('invite').inputValue()) as string;
    expect(invite).toBe(red.url());

    // The friend opens the link and takes the open seat; the lobby listed the game meanwhile.
    await black.goto(`${server.base}/`);
    const id = new URL(invite).pathname.split('/').pop() as string;
    await black.locator(`.lobby [data-game="${id}"]`).waitFor();
    await black.goto(invite);
    await black.getByRole('button', { name: 'Play Black' }).click();
    await black.getByRole('button', { name: 'Play Black' }).waitFor({ state: 'detached' });

    // A third device watches: no seat is open, so it is offered none, and its board takes no move.
    await watcher.goto(invite);
    await expect.poll(() => status(watcher)).toBe('Red (Ruth) to move.');
    expect(await watcher.getByRole('button', { name: /^Play / }).count()).toBe(0);
    // A spectator may analyse the game as it stands (its players may not, until it is over).
    expect(await watcher.getByTestId('analyse-now').getAttribute('href')).toMatch(/^\/#analysis&game=nonaga&/);
    expect(await black.getByTestId('analyse-now').count()).toBe(0);

    const rng = Rng.fromSeed('online-e2e');
    let state = nonaga.newGame(nonaga.defaultOptions, 'any');
    const pages = [red, black];
    for (let turn = 0; turn < 6 && nonaga.result(state) === null; turn++) {
      const mover = pages[nonaga.toMove(state) as number] as Page;
      const move = rng.pick(nonaga.legalMoves(state));
      const text = nonaga.formatMove(state, move);
      await expect.poll(() => status(mover)).toMatch(/to move: slide a token\.$/);
      await clickTurn(mover, text);
      state = nonaga.play(state, move);
      for (const page of [red, black, watcher]) await waitForMoveCount(page, turn + 1);
      if (turn === 2) {
        // Black's device reloads: the seat comes back from its session (no token is stored in the
        // page), and play goes on; a second tab of the same browser holds the seat too.
        await black.reload();
        await waitForMoveCount(black, turn + 1);
        expect(await black.getByRole('button', { name: 'Play Black' }).count()).toBe(0);
        expect(await black.evaluate(() => Object.keys(localStorage).filter((k) => /seat|token/i.test(k)))).toEqual([]);
        const tab = await black.context().newPage();
        await tab.goto(invite);
        await waitForMoveCount(tab, turn + 1);
        await expect.poll(() => status(tab)).toBe('Black to move: slide a token.');
        await tab.close();
      }
    }
    const played = state.turns;
    for (const page of [red, black, watcher]) expect(await movesOf(page)).toEqual(played);
    await shot(watcher, 'online-nonaga-watcher');

    // Red resigns; everyone sees the result; the record is offered.
    await red.getByRole('button', { name: 'Resign' }).click();
    await red.getByRole('button', { name: 'Confirm: Red resigns' }).click();
    for (const page of [red, black, watcher]) await expect.poll(() => status(page)).toMatch(/^Game over: Black wins/);
    const record = await (await fetch(`${server.base}/api/games/${id}/record`)).json();
    expect(record.moves).toEqual(played);
    // Black gave no name: the seat carries the guest's.
    expect(record.players).toEqual(['Ruth', expect.stringMatching(/^Guest-[0-9a-f]{6}$/)]);
    expect(await watcher.getByRole('link', { name: 'Download record' }).getAttribute('href')).toBe(`/api/games/${id}/record`);

    // Rematch: Red asks, Black's page is told and joins the same new game, colours swapped.
    await red.getByRole('button', { name: 'Rematch' }).click();
    await red.waitForURL((url) => url.pathname.startsWith('/g/') && !url.pathname.endsWith(id));
    // Black's page says what is offered, not only a changed button.
    await black.getByText('A rematch is offered: your seat in it is kept for you.').waitFor();
    await black.getByRole('button', { name: 'Join the rematch' }).click();
    await black.waitForURL(red.url());
    await expect.poll(() => status(black)).toBe('Red to move: slide a token.');
    // Black's player, Red now, gave no name: they are shown under their guest's.
    await expect.poll(() => status(red)).toMatch(/^Red \(Guest-[0-9a-f]{6}\) to move\.$/);
    await shot(black, 'online-nonaga-rematch');
  });

  it('DiceWars online against the server’s AI: the dice are the server’s, the board and the battle log follow them', async () => {
    const page = await device();
    await page.goto(`${server.base}/`);
    const card = await gameForm(page, 'DiceWars');
    await card.getByRole('combobox', { name: 'Players' }).selectOption('2');
    await card.getByRole('combobox', { name: 'B is played by' }).selectOption('gamedesign');
    await card.getByRole('button', { name: 'Play DiceWars online' }).click();
    await page.waitForURL(/\/g\//);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=status]')?.textContent?.includes('your turn'),
      undefined,
      EVERY_FRAME,
    );
    // The position as the server shows it: an attack A may make.
    const id = new URL(page.url()).pathname.split('/').pop() as string;
    const shown = async () => (await (await fetch(`${server.base}/api/games/${id}`)).json()) as { view: unknown; version: number };
    const before = await shown();
    const state = unwrap(positionFromView(dicewars, before.view as Json));
    const attack = dicewars.legalMoves(state).find((m) => m.type === 'attack');
    if (attack?.type !== 'attack') throw new Error('no attack to make');
    // Each click once the page takes it: the attacker a target (tabindex 0) for a page that knows it
    // holds A's seat, then the attacked marked as where it may go. (A loaded run once waited out its
    // 300 s on the battle line below, the attack never made.)
    await page.locator(`[data-territory="${attack.from}"][tabindex="0"]`).waitFor();
    await clickTerritory(page, attack.from);
    await page.locator(`[data-territory="${attack.to}"].dest`).waitFor();
    await clickTerritory(page, attack.to);
    await expect
      .poll(async () => page.locator('[data-testid=moves] li button').last().textContent())
      .toMatch(new RegExp(`^A ${attack.from}→${attack.to} \\(B\\): .* (taken|held)$`));
    // The page shows the dice the server rolled, territory by territory.
    const after = unwrap(positionFromView(dicewars, (await shown()).view as Json));
    for (const t of [attack.from, attack.to]) expect(await page.locator(`[data-territory="${t}"] .die`).count()).toBe(after.dice[t]);
    await page.getByRole('button', { name: 'End Turn' }).click();
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid=moves] li button')].some((li) => li.textContent?.startsWith('A ends the turn')),
      undefined,
      EVERY_FRAME,
    );
    await shot(page, 'online-dicewars');
  });

  it('a clocked game shows its clocks running; a player whose connection drops sees it, and plays on when it is back', async () => {
    const [x, o] = await Promise.all([device(), device()]);
    await x.goto(`${server.base}/`);
    const card = await gameForm(x, 'Tic-tac-toe');
    await card.getByRole('combobox', { name: 'O is played by' }).selectOption('human');
    await card.getByRole('combobox', { name: 'Tic-tac-toe clock' }).selectOption('10 min + 5 s');
    await card.getByRole('button', { name: 'Play Tic-tac-toe online' }).click();
    await x.waitForURL(/\/g\//);
    // A timed game waits for its other player: no clock runs against an empty seat.
    await expect.poll(() => status(x)).toBe('Waiting for someone to take O: the clocks start then. Send them the invite link.');
    await o.goto(x.url());
    await o.getByRole('button', { name: 'Play O' }).click();
    await expect.poll(() => status(x)).toMatch(/^X to move/);
    // Before the first move no clock runs.
    expect(await x.getByTestId('clock-0').textContent()).toBe('10:00');
    await x.locator('[data-cell="b2"][tabindex="0"]').click();
    // X's clock stood still and gained the increment; O's runs: its shown time falls on both devices.
    await x.locator('.clock.running[data-seat="1"]').waitFor();
    for (const page of [x, o])
      await page.waitForFunction(
        () => /^9:[0-5]\d$/.test(document.querySelector('[data-testid=clock-1]')?.textContent ?? ''),
        undefined,
        EVERY_FRAME,
      );
    expect(await x.getByTestId('clock-0').textContent()).toBe('10:05');
    await shot(o, 'online-clocks');

    // The server goes down: the page says it is reconnecting; back on the same address, O plays on.
    await server.kill();
    await o.getByTestId('connection').waitFor();
    expect(await o.getByTestId('connection').textContent()).toBe(
      'Reconnecting… (the server is restarting or your network dropped; any seat you hold is kept in this browser: if this lasts, come back to this page later)',
    );
    server = await serve(server.port);
    await o.getByTestId('connection').waitFor({ state: 'detached' });
    await o.locator('[data-cell="a1"][tabindex="0"]').click();
    await waitForMoveCount(x, 2);
    expect(await movesOf(x, ' ')).toEqual(['b2', 'a1']);

    // O's device loses its network (and the server goes too, so the socket closes): the page says
    // it is offline rather than reconnecting, and comes back by itself when the network does.
    await o.context().setOffline(true);
    await server.kill();
    await expect
      .poll(() => o.getByTestId('connection').textContent())
      .toBe('You are offline. The game goes on here as soon as your network is back; any seat you hold is kept in this browser.');
    server = await serve(server.port);
    await o.context().setOffline(false);
    await o.getByTestId('connection').waitFor({ state: 'detached' });
    await x.locator('[data-cell="c3"][tabindex="0"]').click();
    await waitForMoveCount(o, 3);
  });

  it('a seek may leave the colour to chance: "You play: Random" seats its maker in the seat the server drew', async () => {
    const page = await device();
    await page.goto(`${server.base}/`);
    const card = await gameForm(page, 'Tic-tac-toe');
    await card.getByRole('combobox', { name: 'O is played by' }).selectOption('human');
    await card.getByRole('combobox', { name: 'Tic-tac-toe: you play' }).selectOption({ label: 'Random' });
    await card.getByRole('button', { name: 'Play Tic-tac-toe online' }).click();
    await page.waitForURL(/\/g\//);
    const id = new URL(page.url()).pathname.split('/').pop() as string;
    // The browser holds exactly one seat, and it is the one taken.
    const game = await page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), id);
    expect(game.yours).toHaveLength(1);
    const seat = game.yours[0] as number;
    expect(game.seats[seat].name).not.toBeNull();
    expect(game.seats[1 - seat].name).toBeNull();
  });

  it('a player who leaves a game of three sees it go on without them; when only the AI is left it ends', async () => {
    const created = await post(server.base, '/api/games', {
      game: 'dicewars',
      options: { players: 3, map: 'small' },
      seats: ['open', 'open', 'random'],
      seat: 1,
      name: 'Bob',
    });
    const id = created.json.id as string;
    const page = await device();
    await page.goto(`${server.base}/g/${id}`);
    await page.getByRole('button', { name: 'Play A' }).click();
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Confirm: A resigns' }).click();
    await expect
      .poll(() => page.getByTestId('departures').textContent())
      .toBe('A resigned: the game goes on without them, their turns passed.');
    // Nothing more for this page to do in it: no resigning again, and the game is not over for the others.
    expect(await page.getByRole('button', { name: 'Resign' }).count()).toBe(0);
    expect(await status(page)).not.toMatch(/^Game over/);
    await shot(page, 'online-dicewars-left');
    // Bob leaves too: only the server's AI is left playing, so the game ends, C first and A last.
    const bob = await Client.open(server.base, id);
    expect(await bob.ask({ type: 'resign', seat: 1, token: created.json.token })).toMatchObject({ ok: true });
    bob.close();
    await expect.poll(() => status(page)).toMatch(/^Game over: C wins/);
    expect(await page.getByTestId('departures').textContent()).toBe('A resigned.');
  });
});

describe('accounts in the browser', () => {
  it('a guest plays, signs up and keeps the seat; logged out the seat is not theirs, logged in again it is, on another device too', async () => {
    const [page, other] = await Promise.all([device(), device()]);
    await page.goto(`${server.base}/`);
    const card = await gameForm(page, 'Tic-tac-toe');
    await card.getByRole('combobox', { name: 'O is played by' }).selectOption('human');
    await card.getByRole('button', { name: 'Play Tic-tac-toe online' }).click();
    await page.waitForURL(/\/g\/[\w-]+$/);
    const game = page.url();
    await expect.poll(() => status(page)).toBe('X to move.');
    // A cell is a target (tabindex 0) once the page knows it holds the seat: a click before would do nothing.
    await page.locator('[data-cell="b2"][tabindex="0"]').click();
    await waitForMoveCount(page, 1);

    await page.goto(`${server.base}/`);
    await expect.poll(() => page.getByRole('navigation', { name: 'Account' }).textContent()).toMatch(/Playing as Guest-[0-9a-f]{6}/);
    await page.getByRole('link', { name: 'Sign up or log in' }).click();
    const signUp = page.getByRole('form', { name: 'Sign up' });
    await signUp.getByLabel('Username').fill('Quinn');
    await signUp.getByLabel('Password').fill('password1');
    await signUp.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => signUp.getByRole('alert').textContent()).toMatch(/most common/);
    await signUp.getByLabel('Password').fill('a quiet hexagon');
    await signUp.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Quinn');
    // The top bar knows at once: Quinn, no longer a guest.
    const bar = page.getByRole('navigation', { name: 'Account' });
    await expect.poll(() => bar.getByRole('link', { name: 'Quinn' }).count()).toBe(1);
    expect(await bar.textContent()).not.toMatch(/Guest|Sign up/);
    // Quinn makes a bot: its token is shown once, and the bot plays by it.
    const bots = page.getByRole('region', { name: 'Bots' });
    await bots.getByLabel('Bot name').fill('quinnbot');
    await bots.getByRole('button', { name: 'Make a bot' }).click();
    const botToken = (await bots.getByTestId('secret').textContent()) as string;
    expect(await (await fetch(`${server.base}/api/bot/me`, { headers: { authorization: `Bearer ${botToken}` } })).json()).toEqual({
      name: 'quinnbot',
    });
    await shot(page, 'account-page');
    // Beside the actions that revoke them, the page says the API tokens go too (the bots' stay).
    expect(await page.getByRole('form', { name: 'Change password' }).textContent()).toMatch(
      /revokes your API tokens \(your bots keep theirs\)/,
    );
    expect(await page.locator('main').textContent()).toMatch(/Logging out everywhere also revokes your API tokens; your bots’ tokens stay/);

    // The game played as a guest is Quinn's: in their list (O to move), on their profile, and the seat theirs.
    const id = new URL(game).pathname.split('/').pop() as string;
    await page.goto(`${server.base}/`);
    await page.getByRole('list', { name: 'Your games in progress' }).locator(`[data-game="${id}"]`).waitFor();
    // In the open games, Quinn's own is theirs to open, not to join.
    const own = page.getByRole('region', { name: 'open games' }).locator(`tr[data-game="${id}"]`);
    await expect.poll(() => own.getByRole('link').textContent()).toBe('Open');
    expect(await own.getByRole('link').getAttribute('aria-label')).toBe('Your game of Tic-tac-toe: waiting for O');
    expect(await own.locator('td').first().textContent()).toBe('Quinn (you)');
    await shot(page, 'home-your-games');
    await page.goto(`${server.base}/u/Quinn`);
    await page.getByRole('list', { name: "Quinn's games" }).locator(`[data-game="${id}"]`).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toMatch(/^Quinn/);
    await shot(page, 'profile');
    await page.goto(game);
    await expect.poll(() => page.locator('.seed').textContent()).toContain('X: you');
    await page.goto(`${server.base}/account`);
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    await page.goto(game);
    await waitForMoveCount(page, 1);
    await expect.poll(() => page.locator('.seed').textContent()).not.toContain('X: you');

    // Another device logs in as Quinn: the seat follows.
    await other.goto(`${server.base}/account`);
    const logIn = other.getByRole('form', { name: 'Log in' });
    await logIn.getByLabel('Username').fill('quinn');
    await logIn.getByLabel('Password').fill('a quiet hexagon');
    await logIn.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => other.getByTestId('account-name').textContent()).toBe('Quinn');
    await other.goto(game);
    await expect.poll(() => other.locator('.seed').textContent()).toContain('X: you');
  });
});

describe('table manners in the browser', () => {
  /**
   * A tic-tac-toe game between two guests' devices, made and taken through the API (making one from
   * the home page and taking a seat from the invite are driven in the tests above and below): both
   * pages open on the invite. `again` seats the same guests in a new game, on the same devices.
   */
  async function twoPlayers(clock: Clock = null, again?: { x: Page; o: Page; xs: Visitor; os: Visitor }) {
    const [xs, os] = again ? [again.xs, again.os] : await Promise.all([guest(), guest()]);
    const [invite, [x, o]] = await Promise.all([
      ticTacToe(xs, os, clock),
      again ? [again.x, again.o] : Promise.all([deviceOf(xs), deviceOf(os)]),
    ]);
    await Promise.all([x.goto(invite), o.goto(invite)]);
    return { x, o, xs, os, invite };
  }
  const say = async (page: Page, text: string) => {
    await page.getByRole('textbox', { name: 'Say' }).fill(text);
    await page.getByRole('button', { name: 'Say' }).click();
  };
  const chatOf = (page: Page) => page.locator('.chat-lines').textContent();

  it('players chat apart from spectators; a takeback asked and declined; a draw offered and accepted', async () => {
    const [{ x, o, invite }, watcher] = await Promise.all([twoPlayers(), device()]);
    await watcher.goto(invite);
    await expect.poll(() => x.getByTestId('presence').textContent()).toMatch(/X is here · O is here · 1 watching/);

    await say(x, 'good luck');
    await expect.poll(() => chatOf(o)).toContain('good luck');
    // A line is text, never markup.
    await say(x, '<img src=x onerror="document.title=1">');
    await expect.poll(() => chatOf(o)).toContain('<img src=x');
    expect(await o.locator('.chat-lines img').count()).toBe(0);
    await say(watcher, 'what a start');
    await expect.poll(() => chatOf(watcher)).toContain('what a start');
    expect(await watcher.getByRole('region', { name: 'Spectators’ chat' }).count()).toBe(1);
    expect(await chatOf(watcher)).not.toContain('good luck');
    expect(await chatOf(x)).not.toContain('what a start');

    // X's move: O's tab says it is O's move, X's no longer.
    await expect.poll(() => x.title()).toBe('(1) hexarena');
    await x.locator('[data-cell="b2"][tabindex="0"]').click();
    await waitForMoveCount(o, 1);
    await expect.poll(() => o.title()).toBe('(1) hexarena');
    await expect.poll(() => x.title()).toBe('hexarena');
    await x.getByRole('button', { name: 'Ask to take back' }).click();
    await o.getByText('X offers a takeback.').waitFor();
    await o.getByRole('button', { name: 'Decline' }).click();
    await x.getByRole('button', { name: 'Ask to take back' }).waitFor();
    expect(await movesOf(x)).toEqual(['b2']);

    await o.locator('[data-cell="a1"][tabindex="0"]').click();
    await waitForMoveCount(x, 2);
    // O's page asks about the review once the game is over: its answer is held back a while.
    const held: Route[] = [];
    await o.route('**/api/games/*/review', (route) => void held.push(route));
    await x.getByRole('button', { name: 'Offer a draw' }).click();
    await o.getByRole('button', { name: 'Accept the draw' }).click();
    for (const page of [x, o, watcher]) await expect.poll(() => status(page)).toMatch(/^Game over: draw/);
    // While the server has not answered, the review's panel says so rather than standing empty.
    const review = o.getByRole('region', { name: 'Computer review' });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await review.textContent()).toContain('Asking the server about a review…');
    for (const route of held) await route.continue();
    await o.unroute('**/api/games/*/review');
    await review.getByRole('button', { name: 'Request a computer review' }).waitFor();
    await shot(o, 'online-draw-agreed');
  });

  it('a game is aborted before both have moved; a timed game is claimed from an opponent who went away', async () => {
    const first = await twoPlayers();
    await first.x.locator('[data-cell="b2"][tabindex="0"]').click();
    await waitForMoveCount(first.o, 1);
    await first.o.getByRole('button', { name: 'Abort' }).click();
    for (const page of [first.x, first.o]) await expect.poll(() => status(page)).toMatch(/^Game over: aborted \(O aborted the game\)/);

    // The same two, a minute each, on the same devices.
    const { x, o } = await twoPlayers({ initialMs: 60_000, incrementMs: 0 }, first);
    await x.locator('[data-cell="b2"][tabindex="0"]').click();
    await waitForMoveCount(o, 1);
    // O's device goes away on O's own clock: after the wait X may claim the game.
    await o.context().close();
    await x.getByRole('button', { name: 'Claim the win' }).click();
    await expect.poll(() => status(x)).toMatch(/^Game over: X wins \(O left the game\)/);
    await shot(x, 'online-claimed');
  });
});

describe('table manners as the rules allow, in the browser', () => {
  const controls = async (page: Page) => (await page.locator('.manners .controls button').allTextContents()).map((t) => t.trim());

  it('the controls are those the rules allow now; a refusal says what was refused and why, and goes when the game moves on', async () => {
    const [x, o] = await Promise.all([device(), device()]);
    // X's page may be held behind: the game's events to it wait while the test says so (its answers do not).
    let holding = false;
    const held: (string | Buffer)[] = [];
    let toPage: ((m: string | Buffer) => void) | null = null;
    await x.routeWebSocket(/\/api\/games\/[^/]+\/ws/, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((m) => upstream.send(m));
      toPage = (m) => ws.send(m);
      upstream.onMessage((m) => {
        const type = typeof m === 'string' ? (JSON.parse(m) as { type?: string }).type : undefined;
        if (holding && type !== 'answer' && type !== 'error' && type !== 'done') held.push(m);
        else ws.send(m);
      });
    });
    await x.goto(`${server.base}/`);
    const card = await gameForm(x, 'Tic-tac-toe');
    await card.getByRole('combobox', { name: 'O is played by' }).selectOption('human');
    await card.getByRole('button', { name: 'Play Tic-tac-toe online' }).click();
    await x.waitForURL(/\/g\/[\w-]+$/);
    // Nobody in O's seat yet: no draw to offer, nothing to take back; an abort is.
    await expect.poll(() => controls(x)).toEqual(['Abort']);
    await o.setViewportSize({ width: 390, height: 844 });
    await o.goto(x.url());
    await o.getByRole('button', { name: 'Play O' }).click();
    await expect.poll(() => controls(x)).toEqual(['Offer a draw', 'Abort']);
    await expect.poll(() => controls(o)).toEqual(['Offer a draw', 'Abort']);
    await x.locator('[data-cell="b2"][tabindex="0"]').click();
    await waitForMoveCount(o, 1);
    // X has a move to take back (no clock); O has none. Nobody has moved twice: either may abort.
    await expect.poll(() => controls(x)).toEqual(['Offer a draw', 'Ask to take back', 'Abort']);
    await expect.poll(() => controls(o)).toEqual(['Offer a draw', 'Abort']);
    await shot(x, 'manners-controls-desktop');
    await shot(o, 'manners-controls-phone');

    // X's page falls behind O's move, and asks for the abort it still shows: refused, in words that say what and why.
    holding = true;
    await o.locator('[data-cell="a1"][tabindex="0"]').click();
    await waitForMoveCount(o, 2);
    await x.getByRole('button', { name: 'Abort' }).click();
    const refusal = x.locator('.board-column .error');
    await expect
      .poll(() => refusal.textContent())
      .toBe('The abort was refused because every player has moved: the game can no longer be aborted, only resigned.');
    await shot(x, 'manners-refused');
    // The page catches up: the refusal no longer applies and goes; so does Abort, on both pages.
    holding = false;
    for (const m of held.splice(0)) (toPage as unknown as (m: string | Buffer) => void)(m);
    await waitForMoveCount(x, 2);
    await expect.poll(() => refusal.count()).toBe(0);
    await expect.poll(() => controls(x)).toEqual(['Offer a draw', 'Ask to take back']);
    await expect.poll(() => controls(o)).toEqual(['Offer a draw', 'Ask to take back']);
  });

  it('a clocked game offers no takeback; an aborted game reads "Aborted" on its page, in the player’s games and on their profile', async () => {
    // Made and taken through the API: the form's clocks and the invite's seat are driven above.
    const [abby, os] = await Promise.all([player('Abby'), guest()]);
    const [invite, x, o] = await Promise.all([ticTacToe(abby, os, { initialMs: 60_000, incrementMs: 0 }), deviceOf(abby), deviceOf(os)]);
    const id = new URL(invite).pathname.split('/').pop() as string;
    await o.setViewportSize({ width: 390, height: 844 });
    await Promise.all([x.goto(invite), o.goto(invite)]);
    await x.locator('[data-cell="b2"][tabindex="0"]').click();
    await waitForMoveCount(o, 1);
    // A clock: X has a move, yet no takeback is offered.
    await expect.poll(() => controls(x)).toEqual(['Offer a draw', 'Abort']);
    await o.getByRole('button', { name: 'Abort' }).click();
    for (const page of [x, o]) {
      await expect.poll(() => status(page)).toBe('Game over: aborted (O aborted the game).');
      await expect.poll(() => page.getByTestId('result').getByRole('heading').textContent()).toBe('Aborted (O aborted the game)');
      // Nowhere about the game is it called a draw (the rules' text, how to play, may speak of draws).
      expect((await page.locator('[data-testid=status], [data-testid=result], .online').allTextContents()).join(' ')).not.toMatch(/draw/i);
    }
    await shot(x, 'manners-aborted-desktop');
    await shot(o, 'manners-aborted-phone');
    await x.goto(`${server.base}/`);
    await expect
      .poll(() => x.getByRole('list', { name: 'Your recent games' }).locator(`[data-game="${id}"] .result`).textContent())
      .toBe('aborted');
    await x.goto(`${server.base}/u/Abby`);
    await expect
      .poll(() => x.getByRole('list', { name: "Abby's games" }).locator(`[data-game="${id}"] .result`).textContent())
      .toBe('aborted');
    await shot(x, 'manners-aborted-profile');
  });
});

describe('rated games in the browser', () => {
  it('a signed-in player’s first try at a puzzle is rated: seeing the solution is a miss, the rating shows its fall, and the next puzzle is another', async () => {
    const page = await signedUp('Solver');
    const id = 'hive-19318e6b015d1ddb';
    await page.goto(`${server.base}/#puzzle&game=hive&id=${id}`);
    await page.getByRole('button', { name: 'Show the solution' }).click();
    await expect.poll(() => page.getByTestId('puzzle-rating').textContent()).toMatch(/^Your puzzle rating: \d+ \(−\d+\)\.$/);
    await expect.poll(() => page.getByTestId('next-puzzle').getAttribute('href')).not.toContain(id);
    // Again: tried before, not rated again.
    await page.reload();
    await page.getByRole('button', { name: 'Show the solution' }).click();
    await expect.poll(() => page.getByTestId('puzzle-rating').textContent()).toMatch(/\(tried before: not rated again\)\.$/);
  });

  it('a puzzle solved on the page is a solve by the server’s judgement: the page sends its moves, and the rating rises', async () => {
    const page = await signedUp('Solvera');
    const set = unwrap(parsePuzzleSet(JSON.parse(readFileSync('src/puzzles/sets/hex.json', 'utf8'))));
    const puzzle = set.puzzles.find((p) => p.turns === 2) as (typeof set.puzzles)[number];
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/round')) sent.push(r.postDataJSON());
    });
    await page.goto(`${server.base}/#puzzle&game=hex&id=${puzzle.id}`);
    await page.locator(`[data-cell="${puzzle.solution[0]}"][tabindex="0"]`).click();
    await waitForMoveCount(page, 2);
    await page.locator(`[data-cell="${puzzle.solution[2]}"][tabindex="0"]`).click();
    await expect.poll(() => page.getByTestId('puzzle-rating').textContent()).toMatch(/^Your puzzle rating: \d+ \(\+\d+\)\.$/);
    expect(sent).toEqual([{ moves: puzzle.solution }]);
    await shot(page, 'puzzle-solved-rated');
  });

  it('two players play a rated game: both pages show the rating changes, and the profile the new rating', async () => {
    const [red, blue] = await Promise.all([signedUp('Rhea'), signedUp('Bram')]);
    await red.goto(`${server.base}/`);
    const card = await gameForm(red, 'Hex');
    await card.getByRole('combobox', { name: 'Blue is played by' }).selectOption('human');
    await card.getByLabel('Rated').check();
    await card.getByRole('button', { name: 'Play Hex online' }).click();
    await red.waitForURL(/\/g\/[\w-]+$/);
    await red.getByText('Rated game').waitFor();
    await blue.goto(red.url());
    await blue.getByRole('button', { name: 'Play Blue' }).click();
    await blue.getByRole('button', { name: 'Play Blue' }).waitFor({ state: 'detached' });
    // Each strip shows its player's rating: new players, provisional.
    await expect.poll(() => blue.getByTestId('strip-0').textContent()).toMatch(/Rhea 1500\?/);
    await expect.poll(() => blue.getByTestId('strip-1').textContent()).toMatch(/Bram \(you\) 1500\?/);
    await red.locator('[data-cell="f6"][tabindex="0"]').click();
    await waitForMoveCount(blue, 1);
    await blue.getByRole('button', { name: 'Resign' }).click();
    await blue.getByRole('button', { name: /^Confirm/ }).click();
    for (const page of [red, blue])
      await expect.poll(() => page.getByTestId('rating-diffs').textContent()).toMatch(/^Ratings: Red \+(\d+), Blue −\1$/);
    const gained = Number(/\+(\d+)/.exec((await red.getByTestId('rating-diffs').textContent()) ?? '')?.[1]);
    await shot(red, 'online-rated-result');
    // The strips show the rating the game made at once, on a page not reloaded.
    await expect.poll(() => blue.getByTestId('strip-0').locator('.rating').textContent()).toBe(` ${1500 + gained}?`);
    await red.reload();
    await expect.poll(() => red.getByTestId('strip-0').locator('.rating').textContent()).toBe(` ${1500 + gained}?`);
    await red.goto(`${server.base}/u/Rhea`);
    await expect.poll(() => red.getByRole('list', { name: 'Ratings' }).textContent()).toBe(`Hex: ${1500 + gained}? (1 game)`);
    // The profiles chart the rating; one game makes nobody established, so the leaderboard waits.
    await checkLeaderboardPages(red, server.base, ['Rhea', 'Bram']);
  });

  it('a player challenges another from their profile; it shows on the other home page at once; accepted, both are in the game', async () => {
    const [cleo, dan] = await Promise.all([signedUp('Cleo_Ch'), signedUp('Dan_Ch')]);
    await Promise.all([dan.goto(`${server.base}/`), cleo.goto(`${server.base}/u/Dan_Ch`)]);
    await dan.getByRole('heading', { name: 'Quick pairing' }).waitFor();
    const form = cleo.getByRole('region', { name: 'Challenge Dan_Ch' });
    await form.getByRole('combobox', { name: 'Game' }).selectOption('hex');
    await form.getByRole('combobox', { name: 'Clock' }).selectOption('10+5');
    await form.getByRole('button', { name: 'Challenge' }).click();
    await form.getByText(/You challenged Dan_Ch: Hex · 10\+5 · rated waiting for an answer/).waitFor();
    // On Dan's home page, unasked.
    const received = dan.getByRole('region', { name: 'Challenges' });
    await received.getByText('Cleo_Ch challenges you: Hex · 10+5 · rated').waitFor();
    await shot(dan, 'challenge-received');
    await received.getByRole('button', { name: 'Accept' }).click();
    // Both pages go to the game (the challenger's may be sent twice, by its form and by its socket:
    // the first navigation is then cut short, which is no failure).
    for (const page of [dan, cleo]) await expect.poll(() => page.url()).toMatch(/\/g\/[\w-]+$/);
    expect(cleo.url()).toBe(dan.url());
    await cleo.getByText('Rated game').waitFor();
  });

  it('a player plays a rated game against an engine challenged by name; the engine ladder shows it with its interval', async () => {
    const eve = await signedUp('Eve_Eng');
    // Asked with the device's own session, as its page would ask it.
    const challenged = await request(server.base, '/api/challenges', {
      body: { to: 'hexarena-random', game: 'hex', rated: true, seat: 1 },
      headers: { origin: server.base, cookie: await sessionOf(eve) },
    });
    expect(challenged.status, challenged.text).toBe(201);
    const taken = challenged.json as { gameId: string };
    await eve.goto(`${server.base}/g/${taken.gameId}`);
    // The engine (Red) opens; Eve resigns.
    await waitForMoveCount(eve, 1);
    await eve.getByRole('button', { name: 'Resign' }).click();
    await eve.getByRole('button', { name: /^Confirm/ }).click();
    await expect.poll(() => eve.getByTestId('rating-diffs').textContent()).toMatch(/^Ratings: Red \+\d+, Blue −\d+$/);
    await eve.goto(`${server.base}/ladder/hex`);
    const row = eve.locator('tr[data-engine="hexarena-random"]');
    await expect.poll(() => row.locator('td').nth(3).textContent()).toMatch(/^\d{3,4}–\d{4}$/);
    await shot(eve, 'engine-ladder');
  });

  it('a rated seek shows in the other home page at once; two players join the same pool and land in one rated game; the leaderboard shows their new ratings', async () => {
    const [pia, paz] = await Promise.all([signedUp('Pia_Pool'), signedUp('Paz_Pool')]);
    // Both established at Hex blitz (as if after many games): written in the server's own store.
    const db = new Database(path.join(dataDir, 'hexarena.sqlite'));
    for (const [name, rating] of [
      ['Pia_Pool', 1640],
      ['Paz_Pool', 1610],
    ] as const)
      db.prepare(
        `INSERT INTO ratings (account_id, perf, rating, deviation, volatility, games, at)
           SELECT id, 'hex:blitz', ?, 60, 0.06, 40, ? FROM accounts WHERE name = ?`,
      ).run(rating, Date.now(), name);
    db.close();
    await Promise.all(
      [pia, paz].map(async (page) => {
        await page.goto(`${server.base}/`);
        await page.getByRole('heading', { name: 'Quick pairing' }).waitFor();
      }),
    );
    // A custom seek, rated, for opponents rated 1500–1900: the other home page lists it at once, unasked.
    const card = await gameForm(pia, 'Hex');
    await card.getByRole('combobox', { name: 'Blue is played by' }).selectOption('human');
    await card.getByLabel('Rated').check();
    await card.getByLabel('Hex lowest opponent rating').fill('1500');
    await card.getByLabel('Hex highest opponent rating').fill('1900');
    // At blitz, where both are rated: the lobby shows Pia's rating beside her name.
    await card.getByRole('combobox', { name: 'Hex clock' }).selectOption('5 min + 3 s');
    await card.getByRole('button', { name: 'Play Hex online' }).click();
    await pia.waitForURL(/\/g\/[\w-]+$/);
    const seek = paz.locator('.lobby tbody tr', { hasText: 'Pia_Pool' });
    await expect
      .poll(() => seek.locator('td').allTextContents())
      .toEqual(['Pia_Pool', '1640', 'Hex · Red: taken, Blue: open', '5 min + 3 s', expect.stringMatching(/^rated 1500–1900 · /), 'Join']);
    await pia.goto(`${server.base}/`);
    await pia.getByRole('heading', { name: 'Quick pairing' }).waitFor();
    const pool = (page: Page) => page.locator('[data-pool="hex-5+3"]');
    await pool(pia).click();
    await expect.poll(() => pool(pia).getAttribute('aria-pressed')).toBe('true');
    // The other page hears, live, that someone waits.
    await expect.poll(() => pool(paz).textContent()).toMatch(/1 waiting/);
    await shot(pia, 'pool-waiting');
    await pool(paz).click();
    // Paired by a wave (one runs every 200 ms); else say what the pages and the server said.
    await Promise.all([pia, paz].map((page) => page.waitForURL(/\/g\/[\w-]+$/))).catch(async (e: unknown) => {
      const said = await Promise.all(
        [pia, paz].map((p) =>
          p
            .locator('.quick-pairing')
            .textContent()
            .catch(() => '(gone)'),
        ),
      );
      throw new Error(`not paired: ${String(e)}\npages: ${said.join(' | ')}\nserver: ${server.stderr().slice(-4000)}`);
    });
    expect(pia.url()).toBe(paz.url());
    await pia.getByText('Rated game').waitFor();
    // Each page's game (its board and controls load when drawn) shown before its buttons are counted.
    await Promise.all([pia, paz].map((p) => p.getByRole('button', { name: 'Resign' }).first().waitFor()));
    // Whoever drew Red opens; the other resigns.
    const seats = await Promise.all([pia, paz].map((p) => p.getByRole('button', { name: 'Resign' }).count()));
    expect(seats).toEqual([1, 1]);
    const id = new URL(pia.url()).pathname.split('/').pop() as string;
    const yours = await pia.evaluate(async (url) => (await (await fetch(url)).json()).yours as number[], `/api/games/${id}`);
    const first = yours[0] === 0 ? pia : paz;
    const second = first === pia ? paz : pia;
    await first.locator('[data-cell="f6"][tabindex="0"]').click();
    await waitForMoveCount(second, 1);
    await second.getByRole('button', { name: 'Resign' }).click();
    await second.getByRole('button', { name: /^Confirm/ }).click();
    for (const page of [pia, paz])
      await expect.poll(() => page.getByTestId('rating-diffs').textContent()).toMatch(/^Ratings: Red \+(\d+), Blue −\d+$/);
    await shot(first, 'pool-rated-result');
    // "New opponent" takes the loser back to the same pool, waiting there at once.
    await second.getByRole('link', { name: 'New opponent' }).click();
    await expect.poll(() => pool(second).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => second.url()).toBe(`${server.base}/`);
    await pool(second).click();
    await expect.poll(() => pool(second).getAttribute('aria-pressed')).toBe('false');
    const winner = first === pia ? 'Pia_Pool' : 'Paz_Pool';
    const loser = first === pia ? 'Paz_Pool' : 'Pia_Pool';
    // Established players: on the board at once, the winner's new rating above the old.
    await first.goto(`${server.base}/leaderboard/hex:blitz`);
    const rows = first.locator('table.ranking tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const board = await Promise.all([0, 1].map((n) => rows.nth(n).locator('td').allTextContents()));
    const row = (name: string) => board.find((cells) => cells[1]?.includes(name)) ?? [];
    const before = { Pia_Pool: 1640, Paz_Pool: 1610 };
    const shown = Number(row(winner)[2]);
    expect(shown).toBeGreaterThan(before[winner]);
    expect(Number(row(loser)[2])).toBeLessThan(before[loser]);
    expect([row(winner)[3], row(loser)[3]]).toEqual(['41', '41']);
    await first.goto(`${server.base}/u/${winner}`);
    await expect.poll(() => first.locator('.ratings li[data-perf="hex:blitz"] strong').textContent()).toBe(String(shown));
  });
});
