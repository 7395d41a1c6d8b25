import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { captureIo } from '../../cli/testing.ts';
import { Browser, Client, request, type ServerProcess, signUp, startServer } from '../online.testing.ts';
import { sharedPostgres } from '../postgres.testing.ts';

/**
 * Moderation against a real server, on each store: reports reach moderators, moderators are made
 * from the command line only, mutes refuse chat, bans end sessions and games and refuse the login,
 * a rating reset gives victims back their ratings, and the audit log lists every action.
 */

/**
 * `hexarena admin …` on the server's store, as an operator runs it: its exit code and what it printed.
 * Run in this process (the command line's own entry, main), not as a process of its own: a start of
 * Node per command cost the file ten starts; the compiled command's own process is the moderation
 * page's test's (src/web/moderation/moderation.e2e.test.ts).
 */
async function admin(store: string[], ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const { io, out, err } = captureIo();
  const code = await main(['admin', ...args, ...store], io);
  return { code, out: out(), err: err() };
}

interface Site {
  readonly server: ServerProcess;
  /** The flags that name the server's store to `hexarena admin`. */
  readonly store: string[];
  close(): Promise<void>;
}

/** PostgreSQL's databases from the worker's shared server: these tests never stop it. */
const postgres = sharedPostgres();

const stores: [string, () => Promise<Site>][] = [
  [
    'SQLite',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-mod-'));
      const server = await startServer(dir, { HEXARENA_API_RATE: '100000', HEXARENA_REPORTS_PER_DAY: '3' });
      return {
        server,
        store: ['--data', dir],
        close: async () => {
          await server.kill();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const url = await postgres.createDatabase();
      const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-mod-pg-'));
      const server = await startServer(dir, { HEXARENA_API_RATE: '100000', HEXARENA_REPORTS_PER_DAY: '3', DATABASE_URL: url });
      return {
        server,
        store: ['--db', url],
        close: async () => {
          await server.kill();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(stores)('moderation on %s', (_name, open) => {
  let site: Site;
  let base: string;
  let address = 10;
  const player = async (name: string) => {
    const b = new Browser(base, `127.0.3.${address++}`);
    expect((await signUp(b, name)).status).toBe(201);
    return b;
  };
  const socket = async (b: Browser, id: string) => {
    const c = await Client.open(base, id, undefined, b.from, { cookie: b.cookie as string });
    await c.next((m) => m.type === 'sync');
    return c;
  };
  let mod: Browser;
  let ann: Browser;

  beforeAll(async () => {
    site = await open();
    base = site.server.base;
    mod = await player('Mira');
    ann = await player('Ann');
  });
  afterAll(async () => site?.close());

  it('everything under /api/mod/ answers 403 to whoever is not a moderator, alike for every path and name', async () => {
    const anonymous = new Browser(base, '127.0.3.200');
    for (const who of [anonymous, ann, mod])
      for (const [method, url] of [
        ['GET', '/api/mod/reports'],
        ['GET', '/api/mod/log'],
        ['GET', '/api/mod/me'],
        ['GET', '/api/mod/players/Ann'],
        ['GET', '/api/mod/players/nobody_at_all'],
        ['POST', '/api/mod/players/Ann/ban'],
        ['POST', '/api/mod/players/nobody_at_all/ban'],
        ['GET', '/api/mod/no/such/thing'],
      ] as const) {
        const answer = await who.ask(method, url, method === 'POST' ? { note: 'x' } : undefined);
        expect([url, answer.status, answer.json]).toEqual([url, 403, { error: 'for moderators only', code: 'moderation.forModerators' }]);
      }
    // Not even a body too big or broken is looked at first.
    expect((await ann.ask('POST', '/api/mod/players/Ann/ban', '{"note":')).status).toBe(403);
  });

  it('a moderator is made from the command line only, on the store the server uses; the web cannot', async () => {
    // The session's answer says who moderates, so a page asks nothing of /api/mod/ to know it.
    expect((await mod.ask('GET', '/api/session')).json).toMatchObject({ account: { name: 'Mira' }, moderator: false });
    expect((await admin(site.store, 'grant-moderator', 'nobody_at_all')).code).toBe(2);
    const granted = await admin(site.store, 'grant-moderator', 'mira', '--note', 'our first moderator');
    expect(granted).toMatchObject({ code: 0, out: 'Mira is a moderator now\n' });
    expect((await admin(site.store, 'grant-moderator', 'Mira')).out).toBe('Mira was a moderator already\n');
    expect((await admin(site.store, 'list')).out).toMatch(/^Mira\tmoderator since \d{4}-/);
    expect((await mod.ask('GET', '/api/mod/me')).json).toEqual({ name: 'Mira', moderator: true });
    expect((await ann.ask('GET', '/api/mod/me')).status).toBe(403);
    // A moderator's API token is not a moderator: only a session on the site is.
    const token = (await mod.ask('POST', '/api/account/tokens', { label: 'script' })).json?.token as string;
    expect((await request(base, '/api/mod/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
    expect((await mod.ask('GET', '/api/session')).json).toMatchObject({ account: { name: 'Mira' }, moderator: true });
    expect((await ann.ask('GET', '/api/session')).json).toMatchObject({ account: { name: 'Ann' }, moderator: false });
    expect((await new Browser(base, '127.0.3.201').ask('GET', '/api/session')).json).toEqual({ account: null, moderator: false });
    const byToken = await request(base, '/api/session', { headers: { authorization: `Bearer ${token}` } });
    expect(byToken.json).toMatchObject({ account: { name: 'Mira' }, moderator: false });
  });

  it('a report reaches the moderators, within each account’s allowance; they close it', async () => {
    await player('Tom');
    await player('Ugo');
    await player('Val');
    const report = (player: string, extra: Record<string, unknown> = {}) =>
      ann.ask('POST', '/api/reports', { player, reason: 'abuse', text: 'called me names\nin chat', ...extra });
    // Each refusal the report form can meet carries a code beside its words (the page says it in its player's language).
    const refused = async (answer: Promise<{ status: number; json: Record<string, unknown> | null }>) => {
      const { status, json } = await answer;
      return [status, json?.code, json?.values];
    };
    expect(await refused(new Browser(base, '127.0.3.201').ask('POST', '/api/reports', { player: 'Tom', reason: 'abuse' }))).toEqual([
      401,
      'moderation.logInToReport',
      undefined,
    ]);
    expect((await report('Tom', { reason: 'rude' })).status).toBe(400);
    expect(await refused(report('Tom', { text: 'x'.repeat(1001) }))).toEqual([400, 'moderation.tooLong', { what: 'text', max: 1000 }]);
    expect(await refused(report('Tom', { text: 'a\u202Eb' }))).toEqual([400, 'moderation.unreadable', { what: 'text', char: 'U+202E' }]);
    expect(await refused(report('Tom', { game: 'not an id' }))).toEqual([400, 'moderation.gameId', undefined]);
    expect(await refused(report('Tom', { game: 'nosuchgame' }))).toEqual([400, 'moderation.noGame', { game: 'nosuchgame' }]);
    expect(await refused(report('Ann'))).toEqual([400, 'moderation.reportYourself', undefined]);
    expect(await refused(report('nobody_at_all'))).toEqual([404, 'moderation.noPlayer', { name: 'nobody_at_all' }]);
    expect((await report('Tom')).status).toBe(201);
    expect(await refused(report('tom'))).toEqual([409, 'moderation.reportedAlready', { name: 'Tom' }]);
    expect((await report('Ugo', { reason: 'cheat' })).status).toBe(201);
    expect((await report('Val')).status).toBe(201);
    // Three a day on this server: the fourth waits.
    const fourth = await report('Mira');
    expect(fourth.status).toBe(429);
    expect(fourth.json).toMatchObject({
      error: expect.stringMatching(/at most 3 reports a day/),
      code: 'moderation.tooManyReports',
      values: { count: 3 },
    });

    const queue = (await mod.ask('GET', '/api/mod/reports')).json?.reports as Record<string, unknown>[];
    expect(queue.map((r) => [r.reporterName, r.reportedName, r.reason])).toEqual([
      ['Ann', 'Val', 'abuse'],
      ['Ann', 'Ugo', 'cheat'],
      ['Ann', 'Tom', 'abuse'],
    ]);
    expect(queue[2]?.text).toBe('called me names\nin chat');
    const about = (await mod.ask('GET', '/api/mod/players/tom')).json;
    expect(about).toMatchObject({ name: 'Tom', moderator: false, sanctions: [], reports: [{ reason: 'abuse' }] });

    const id = queue[2]?.id as string;
    expect(await refused(mod.ask('POST', `/api/mod/reports/${id}/close`, { note: ' ' }))).toEqual([
      400,
      'moderation.empty',
      { what: 'note' },
    ]);
    expect((await mod.ask('POST', `/api/mod/reports/${id}/close`, { note: 'warned him' })).json).toEqual({ closed: true });
    expect(await refused(mod.ask('POST', `/api/mod/reports/${id}/close`, { note: 'again' }))).toEqual([
      404,
      'moderation.noOpenReport',
      { id },
    ]);
    // The moderators' own refusals: a player who is not there, one's own account, a sanction not given.
    expect(await refused(mod.ask('GET', '/api/mod/players/nobody_at_all'))).toEqual([
      404,
      'moderation.noPlayer',
      { name: 'nobody_at_all' },
    ]);
    expect(await refused(mod.ask('POST', '/api/mod/players/Mira/mute', { note: 'x' }))).toEqual([403, 'moderation.ownAccount', undefined]);
    expect(await refused(mod.ask('POST', '/api/mod/players/Val/unban', { note: 'x' }))).toEqual([
      409,
      'moderation.notBanned',
      { name: 'Val' },
    ]);
    expect(await refused(mod.ask('POST', '/api/mod/players/Val/mute', { note: 'x', minutes: 0 }))).toEqual([
      400,
      'moderation.minutes',
      { max: 525_600 },
    ]);
    expect((await mod.ask('GET', '/api/mod/reports')).json?.reports).toHaveLength(2);
    expect((await mod.ask('GET', '/api/mod/reports?closed=1')).json?.reports).toMatchObject([{ id, closedByName: 'Mira' }]);
  });

  it('a mute refuses the player’s chat lines with the code "muted", for its time or for good, until lifted', async () => {
    const wes = await player('Wes');
    const xia = await player('Xia');
    const id = (await wes.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    expect((await xia.ask('POST', `/api/games/${id}/seats/1`, {})).status).toBe(201);
    const [w, x] = [await socket(wes, id), await socket(xia, id)];
    expect(await w.ask({ type: 'chat', text: 'hello' })).toMatchObject({ type: 'done' });

    expect((await mod.ask('POST', '/api/mod/players/Wes/mute', { note: 'insults', minutes: 0 })).status).toBe(400);
    expect((await mod.ask('POST', '/api/mod/players/Mira/mute', { note: 'me' })).status).toBe(403);
    const muted = await mod.ask('POST', '/api/mod/players/Wes/mute', { note: 'insults in game chat', minutes: 60 });
    expect(muted.status).toBe(201);
    expect(muted.json).toMatchObject({ muted: true, until: expect.any(Number) });
    const refused = await w.ask({ type: 'chat', text: 'you idiot' });
    // Its end in the words (UTC, to the minute) and, exact, as a value for a page to say in its player's time.
    const until = muted.json?.until as number;
    const words = new Date(until).toISOString().slice(0, 16).replace('T', ' ');
    expect(refused).toMatchObject({
      type: 'error',
      code: 'muted',
      error: `the site's moderators have muted you until ${words} UTC: your chat lines are not shown to anyone`,
      values: { until },
    });
    expect(refused.id).toEqual(expect.any(String));
    // Only the muted player: the other still speaks, and never saw the line.
    expect(await x.ask({ type: 'chat', text: 'bye' })).toMatchObject({ type: 'done' });
    expect(x.messages.some((m) => JSON.stringify(m).includes('idiot'))).toBe(false);
    // For good, then lifted.
    await mod.ask('POST', '/api/mod/players/Wes/mute', { note: 'again' });
    const forGood = await w.ask({ type: 'chat', text: 'still?' });
    expect(forGood).toMatchObject({ code: 'muted', error: expect.stringMatching(/muted you: /) });
    expect(forGood).not.toHaveProperty('values');
    expect((await mod.ask('POST', '/api/mod/players/Wes/unmute', { note: 'served' })).json).toEqual({ muted: false });
    expect((await mod.ask('POST', '/api/mod/players/Wes/unmute', { note: 'served' })).status).toBe(409);
    // A new socket: this one spent its allowance of lines (three in a burst).
    const again = await socket(wes, id);
    expect(await again.ask({ type: 'chat', text: 'sorry' })).toMatchObject({ type: 'done' });
    again.close();
    w.close();
    x.close();
  });

  it('a ban ends the player’s sessions, games and challenges, refuses the login in words and marks the profile', async () => {
    const yul = await player('Yul');
    const zed = await player('Zed');
    // A game on, with moves made: Zed's opponent wins it.
    const id = (await yul.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    expect((await zed.ask('POST', `/api/games/${id}/seats/1`, {})).status).toBe(201);
    const [y, z] = [await socket(yul, id), await socket(zed, id)];
    expect(await y.ask({ type: 'move', seat: 0, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    expect(await z.ask({ type: 'move', seat: 1, move: 'a1', version: 1 })).toMatchObject({ ok: true });
    // An open game of Zed's nobody took yet, and a challenge to Yul.
    const waiting = (await zed.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    expect((await zed.ask('POST', '/api/challenges', { to: 'Yul', game: 'hex' })).status).toBe(201);
    // A finished game of Zed's, whose seat token could ask for a rematch; and a game Zed's bot plays with Yul.
    const done = await zed.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
    const doneId = done.json?.id as string;
    expect((await yul.ask('POST', `/api/games/${doneId}/seats/1`, {})).status).toBe(201);
    const [dz, dy] = [await socket(zed, doneId), await socket(yul, doneId)];
    expect(await dz.ask({ type: 'move', seat: 0, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    expect(await dy.ask({ type: 'resign', seat: 1 })).toMatchObject({ ok: true });
    dz.close();
    dy.close();
    const bot = (await zed.ask('POST', '/api/bots', { name: 'ZedBot' })).json?.token as string;
    const asBot = { authorization: `Bearer ${bot}` };
    const botGame = (await yul.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    expect((await request(base, `/api/games/${botGame}/seats/1`, { body: {}, headers: asBot })).status).toBe(201);

    const banned = await mod.ask('POST', '/api/mod/players/zed/ban', { note: 'engine use, confirmed' });
    expect(banned.status).toBe(201);
    expect((await y.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end')).event).toMatchObject({
      kind: 'end',
      result: { kind: 'win', winner: 0 },
    });
    expect((await request(base, `/api/games/${waiting}`)).json?.ending).not.toBeNull();
    expect((await yul.ask('GET', '/api/challenges')).json?.challenges).toMatchObject([{ from: 'Zed', status: 'cancelled' }]);
    expect((await zed.ask('GET', '/api/session')).json).toEqual({ account: null, moderator: false });
    const login = await zed.ask('POST', '/api/session', { username: 'Zed', password: 'correct horse battery' });
    expect(login).toMatchObject({ status: 403, json: { error: "this account is closed: the site's moderators banned it" } });
    // A wrong password is told nothing of the ban.
    expect((await zed.ask('POST', '/api/session', { username: 'Zed', password: 'wrong horse battery' })).status).toBe(401);
    expect(await z.ask({ type: 'chat', text: 'let me in' })).toMatchObject({ code: 'muted' });
    // Its bot's game ends too (aborted: no move was made), and no old seat token — its own, its bot's —
    // moves, chats or asks a rematch.
    expect((await request(base, `/api/games/${botGame}`)).json?.ending).toMatchObject({ termination: 'aborted' });
    const rematch = { body: { seat: 0, token: done.json?.token }, headers: { origin: base } };
    expect((await request(base, `/api/games/${doneId}/rematch`, rematch)).status).toBe(403);
    const b = await Client.open(base, botGame, undefined, yul.from);
    await b.next((m) => m.type === 'sync');
    expect(await b.ask({ type: 'chat', seat: 1, token: bot, text: 'still here' })).toMatchObject({ type: 'error' });
    b.close();
    expect((await request(base, '/api/players/zed')).json).toMatchObject({ name: 'Zed', banned: true });
    expect((await request(base, '/api/players/yul')).json).not.toHaveProperty('banned');
    expect((await mod.ask('GET', '/api/mod/players/Zed')).json?.sanctions).toMatchObject([{ kind: 'ban', until: null }]);

    expect((await mod.ask('POST', '/api/mod/players/zed/unban', { note: 'appeal upheld' })).json).toEqual({ banned: false });
    expect((await zed.ask('POST', '/api/session', { username: 'Zed', password: 'correct horse battery' })).status).toBe(200);
    expect((await request(base, '/api/players/zed')).json).not.toHaveProperty('banned');
    y.close();
    z.close();
  });

  it('a rating reset gives the victims back their ratings and makes the booster new again', async () => {
    const boo = await player('Boo');
    const vic = await player('Vic');
    const sam = await player('Sam');
    /** A rated Hex game that `winner` (its creator) wins when `loser` resigns. */
    const rated = async (winner: Browser, loser: Browser) => {
      const id = (await winner.ask('POST', '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0, rated: true })).json
        ?.id as string;
      expect((await loser.ask('POST', `/api/games/${id}/seats/1`, {})).status).toBe(201);
      const [w, l] = [await socket(winner, id), await socket(loser, id)];
      expect(await w.ask({ type: 'move', seat: 0, move: 'f6', version: 0 })).toMatchObject({ ok: true });
      expect(await l.ask({ type: 'resign', seat: 1 })).toMatchObject({ ok: true, event: { kind: 'end', ratingDiffs: expect.any(Array) } });
      w.close();
      l.close();
    };
    const hex = async (name: string) =>
      ((await request(base, `/api/players/${name}`)).json?.ratings as { perf: string; rating: number; games: number }[] | undefined)?.find(
        (r) => r.perf === 'hex',
      );
    await rated(vic, sam);
    const before = await hex('vic');
    expect(before?.games).toBe(1);
    await rated(boo, vic);
    await rated(boo, vic);
    await rated(boo, vic);
    expect((await hex('vic'))?.rating).toBeLessThan((before?.rating as number) - 100);
    expect((await hex('boo'))?.rating).toBeGreaterThan(1700);

    const reset = await mod.ask('POST', '/api/mod/players/Boo/rating-reset', { note: 'farmed Vic' });
    expect(reset).toMatchObject({ status: 201, json: { games: 3, refunded: 1 } });
    // The rating and its games count are what they were; its deviation stays as the games left it (docs/moderation.md).
    expect(await hex('vic')).toEqual({ ...before, deviation: expect.any(Number) });
    expect(await hex('boo')).toBeUndefined();
    expect((await request(base, '/api/players/vic/ratings/hex')).json?.points).toHaveLength(1);
    // Nothing is given back twice.
    expect((await mod.ask('POST', '/api/mod/players/Boo/rating-reset', { note: 'again' })).json).toEqual({ games: 0, refunded: 0 });
    expect((await hex('vic'))?.rating).toBe(before?.rating);
  });

  it('the audit log lists each action: who, what, whom, when and the note', async () => {
    const log = (await mod.ask('GET', '/api/mod/log')).json?.log as Record<string, unknown>[];
    const lines = log.map((e) => [e.moderator, e.action, e.target, e.note]).reverse();
    expect(lines).toEqual([
      [null, 'grant-moderator', 'Mira', 'our first moderator'],
      ['Mira', 'close-report', 'Tom', 'warned him'],
      ['Mira', 'mute', 'Wes', 'insults in game chat'],
      ['Mira', 'mute', 'Wes', 'again'],
      ['Mira', 'unmute', 'Wes', 'served'],
      ['Mira', 'ban', 'Zed', 'engine use, confirmed'],
      ['Mira', 'unban', 'Zed', 'appeal upheld'],
      ['Mira', 'rating-reset', 'Boo', 'farmed Vic'],
      ['Mira', 'rating-reset', 'Boo', 'again'],
    ]);
    for (const e of log) expect(e.at).toEqual(expect.any(Number));
    expect(log[1]?.details).toEqual({ games: 3, refunded: 1 });
    // Revoked from the command line, the moderator is refused at once.
    expect((await admin(site.store, 'revoke-moderator', 'Mira')).out).toBe('Mira is no longer a moderator\n');
    expect((await mod.ask('GET', '/api/mod/log')).status).toBe(403);
    expect((await mod.ask('GET', '/api/session')).json).toMatchObject({ moderator: false });
  });
});
