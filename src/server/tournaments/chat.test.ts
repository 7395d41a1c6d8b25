import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveInProcess } from '../in-process.testing.ts';
import { Browser, type Client, signUp } from '../online.testing.ts';
import { Blocks } from '../social/blocks.ts';
import { SqliteStore } from '../sqlite-store.ts';
import { CHAT_PAGE, TournamentChat } from './chat.ts';

/**
 * A tournament's chat on a real server: signed-in players speak, a guest reads only; a line too
 * long, too soon, or a muted player's is refused and kept nowhere; every follower of the tournament
 * on the lobby socket hears a line said — but one who blocks its author; a page opens on the last lines.
 */
let server: Awaited<ReturnType<typeof serveInProcess>>;
/** The server's clock: it stands still unless a test moves it (the allowance of lines is counted by it). */
let clock = Date.UTC(2026, 11, 6, 12);
let tournament: string;
const players: Record<string, Browser> = {};

beforeAll(async () => {
  server = await serveInProcess('tournament-chat', {
    rate: 100_000,
    identity: { signupsPerHour: 1000 },
    hub: { now: () => clock },
    tournaments: { tickMs: 50 },
  });
  for (const name of ['Chat_Org', 'Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Marta']) {
    players[name] = new Browser(server.base, '127.0.0.1');
    expect((await signUp(players[name] as Browser, name)).status).toBe(201);
  }
  const made = await player('Chat_Org').ask('POST', '/api/tournaments', {
    kind: 'swiss',
    name: 'Chatty cup',
    game: 'tictactoe',
    rounds: 3,
    startsAt: null,
  });
  expect(made.status).toBe(201);
  tournament = made.json?.id as string;
});
afterAll(async () => {
  await server?.close();
});

const player = (name: string) => players[name] as Browser;
const say = (who: Browser, text: string, id = tournament) => who.ask('POST', `/api/tournaments/${id}/chat`, { text });
const read = async (who: Browser) => {
  const answer = await who.ask('GET', `/api/tournaments/${tournament}/chat`);
  expect(answer.status).toBe(200);
  return ((answer.json?.lines ?? []) as { n: number; author: string; text: string }[]).map((l) => `${l.author}: ${l.text}`);
};
/** A lobby socket of `who` following the tournament, once it has its last lines. */
async function following(who: Browser): Promise<Client> {
  const socket = await who.lobby();
  socket.send({ type: 'tournament-follow', tournament });
  await socket.next((m) => m.type === 'tournament-chat' && m.recent === true);
  return socket;
}
const heard = (socket: Client, text: string) =>
  socket.next((m) => m.type === 'tournament-chat' && (m.lines as { text: string }[]).some((l) => l.text === text));
const linesHeard = (socket: Client) =>
  socket.messages.filter((m) => m.type === 'tournament-chat' && m.recent !== true).flatMap((m) => m.lines as { text: string }[]);

describe("a tournament's chat", () => {
  it('a player says a line: it is stored and every follower hears it, a guest among them; the guest may not speak', async () => {
    const guest = new Browser(server.base, '127.0.0.1');
    expect((await guest.ask('POST', '/api/session/guest', {})).status).toBeLessThan(300);
    const watching = await following(guest);
    const bob = await following(player('Bob'));

    const said = await say(player('Ann'), '  good luck all  ');
    expect(said.status).toBe(201);
    expect(said.json?.line).toEqual({ n: 0, author: 'Ann', text: 'good luck all', at: clock });
    await heard(watching, 'good luck all');
    await heard(bob, 'good luck all');
    expect(await read(guest)).toEqual(['Ann: good luck all']);

    // A guest reads; speaking needs an account. So does a visitor with no session at all.
    const refused = await say(guest, 'hello from a guest');
    expect([refused.status, refused.json?.code]).toEqual([403, 'chat-sign-in']);
    const nobody = await say(new Browser(server.base, '127.0.0.1'), 'hello from nobody');
    expect([nobody.status, nobody.json?.code]).toEqual([403, 'chat-sign-in']);
    expect(await read(player('Bob'))).toEqual(['Ann: good luck all']);
    // A page opening now reads the last lines on its socket.
    const late = await player('Cat').lobby();
    late.send({ type: 'tournament-follow', tournament });
    const page = await late.next((m) => m.type === 'tournament-chat' && m.recent === true);
    expect((page.lines as { text: string }[]).map((l) => l.text)).toEqual(['good luck all']);
    for (const s of [watching, bob, late]) s.close();
  });

  it('refuses a line too long, an empty one, one for no tournament — and keeps none of them', async () => {
    // A refused line spends the allowance too (it is counted first): these come a second apart.
    const later = () => {
      clock += 1000;
    };
    const long = await say(player('Cat'), 'x'.repeat(141));
    expect([long.status, long.json?.code]).toEqual([400, 'chat-too-long']);
    later();
    // 140 characters however many UTF-16 units they take.
    expect((await say(player('Cat'), '🎲'.repeat(140))).status).toBe(201);
    later();
    const empty = await say(player('Cat'), '   ');
    expect([empty.status, empty.json?.code]).toEqual([400, 'chat-empty']);
    later();
    const control = await say(player('Cat'), 'a\u202Eb');
    expect([control.status, control.json?.code]).toEqual([400, 'chat-unshowable']);
    later();
    expect((await say(player('Dan'), 'anyone?', 'no-such-cup')).status).toBe(404);
    expect((await read(player('Cat'))).filter((l) => l.startsWith('Cat') || l.startsWith('Dan'))).toEqual([`Cat: ${'🎲'.repeat(140)}`]);
  });

  it('counts lines per account: three at once, then one a second; the refused one is kept nowhere', async () => {
    clock += 5000;
    const dan = player('Dan');
    for (const n of [1, 2, 3]) expect((await say(dan, `line ${n}`)).status).toBe(201);
    const fast = await say(dan, 'line 4');
    expect([fast.status, fast.json?.code]).toEqual([429, 'chat-too-fast']);
    // Another account's allowance is its own.
    expect((await say(player('Eve'), 'meanwhile')).status).toBe(201);
    clock += 1000;
    expect((await say(dan, 'line 5')).status).toBe(201);
    expect((await read(dan)).filter((l) => l.startsWith('Dan'))).toEqual(['Dan: line 1', 'Dan: line 2', 'Dan: line 3', 'Dan: line 5']);
  });

  it("refuses a muted player's lines, in words, with a mute's end as a value", async () => {
    const eve = (await server.store.accounts.byKey('eve'))?.id as string;
    const mute = (until: number | null) =>
      server.store.moderation.sanction(eve, 'mute', until, { at: clock, moderator: null, action: 'mute', target: eve, note: 'test' });
    await mute(null);
    clock += 5000;
    const muted = await say(player('Eve'), 'you cannot stop me');
    expect(muted.status).toBe(403);
    expect(muted.json).toEqual({ code: 'muted', error: "the site's moderators have muted you: your chat lines are not shown to anyone" });
    // For a while now: its end in the words (UTC, to the minute) and, exact, as `until`.
    const until = Date.UTC(2026, 11, 8, 10, 30, 15);
    await mute(until);
    clock += 5000;
    expect((await say(player('Eve'), 'you cannot stop me')).json).toEqual({
      code: 'muted',
      error: "the site's moderators have muted you until 2026-12-08 10:30 UTC: your chat lines are not shown to anyone",
      values: { until },
    });
    expect(await read(player('Eve'))).not.toContain('Eve: you cannot stop me');
  });

  it('does not show a reader the lines of a player they block, read or heard; others see them', async () => {
    clock += 5000;
    expect((await player('Bob').ask('POST', '/api/rel/block/Ann')).status).toBe(200);
    const bob = await following(player('Bob'));
    const cat = await following(player('Cat'));
    expect((await say(player('Ann'), 'only Cat sees this')).status).toBe(201);
    expect((await say(player('Dan'), 'everyone sees this')).status).toBe(201);
    await heard(bob, 'everyone sees this');
    await heard(cat, 'everyone sees this');
    expect(linesHeard(bob).map((l) => l.text)).toEqual(['everyone sees this']);
    expect(linesHeard(cat).map((l) => l.text)).toEqual(['only Cat sees this', 'everyone sees this']);
    const bobReads = await read(player('Bob'));
    expect(bobReads.filter((l) => l.startsWith('Ann'))).toEqual([]);
    expect(bobReads).toContain('Dan: everyone sees this');
    expect(await read(player('Cat'))).toContain('Ann: only Cat sees this');
    // Ann still reads her own lines.
    expect(await read(player('Ann'))).toContain('Ann: only Cat sees this');
    bob.close();
    cat.close();
  });
});

describe("a moderator removes a tournament's chat line", () => {
  const remove = (who: Browser, n: number | string, id = tournament) => who.ask('DELETE', `/api/tournaments/${id}/chat/${n}`);

  it('refuses anyone but a moderator, before saying whether the line exists; the line stays', async () => {
    clock += 5000;
    const said = await say(player('Dan'), 'a line to keep');
    const n = said.json?.line && (said.json.line as { n: number }).n;
    for (const who of [player('Dan'), player('Chat_Org'), new Browser(server.base, '127.0.0.1')]) {
      const refused = await remove(who, n as number);
      expect([refused.status, refused.json?.code]).toEqual([403, 'moderators-only']);
      // A line that does not exist, a tournament that does not: the same refusal.
      expect((await remove(who, 9999)).status).toBe(403);
      expect((await remove(who, 0, 'no-such-cup')).status).toBe(403);
    }
    expect(await read(player('Bob'))).toContain('Dan: a line to keep');
  });

  it("hides the line from every follower at once and from every read after; the removal is in the moderators' log", async () => {
    const mo = await server.store.accounts.byKey('marta');
    await server.store.moderation.setRole(mo?.id as string, 'moderator', true, {
      at: clock,
      moderator: null,
      action: 'grant-moderator',
      target: mo?.id as string,
      note: 'test',
    });
    clock += 5000;
    const bob = await following(player('Bob'));
    const guest = new Browser(server.base, '127.0.0.1');
    const watching = await following(guest);
    const said = await say(player('Cat'), 'something rude');
    expect(said.status).toBe(201);
    const n = (said.json?.line as { n: number } | undefined)?.n as number;
    await heard(bob, 'something rude');
    await heard(watching, 'something rude');

    const removed = await remove(player('Marta'), n);
    expect([removed.status, removed.json]).toEqual([200, { removed: n }]);
    for (const socket of [bob, watching]) {
      const told = await socket.next((m) => m.type === 'tournament-chat' && Array.isArray(m.removed));
      expect([told.tournament, told.removed, told.lines]).toEqual([tournament, [n], []]);
    }
    expect(await read(player('Bob'))).not.toContain('Cat: something rude');
    expect(await read(guest)).not.toContain('Cat: something rude');
    // A page opened now never sees it.
    const late = await player('Dan').lobby();
    late.send({ type: 'tournament-follow', tournament });
    const page = await late.next((m) => m.type === 'tournament-chat' && m.recent === true);
    expect((page.lines as { n: number }[]).map((l) => l.n)).not.toContain(n);
    // A line said after it takes a number of its own: followers hear it as before.
    expect((await say(player('Dan'), 'after the removal')).status).toBe(201);
    await heard(bob, 'after the removal');
    // Gone already, never said, not a number: told so.
    expect([(await remove(player('Marta'), n)).status, (await remove(player('Marta'), 9999)).json?.code]).toEqual([404, 'no-such-line']);
    expect((await remove(player('Marta'), 'x')).status).toBe(400);
    expect((await remove(player('Marta'), 0, 'no-such-cup')).status).toBe(404);
    const log = await server.store.moderation.log(5);
    expect(log.find((e) => e.action === 'tournament-chat-remove')).toMatchObject({
      target: 'Cat',
      details: { tournament, line: n, author: 'Cat', text: 'something rude' },
    });
    for (const s of [bob, watching, late]) s.close();
  });
});

describe('a tournament chat across instances', () => {
  it('an instance hears the lines said through another at its next sweep (no Redis), each once, in order', async () => {
    const store = new SqliteStore(':memory:');
    try {
      const blocks = new Blocks(store.social, () => 0);
      const [here, there] = [
        new TournamentChat(store.tournamentChat, blocks, null),
        new TournamentChat(store.tournamentChat, blocks, null),
      ];
      await here.say('t', { author: 'Ann', account: 'a', text: 'before', at: 1 });
      const told: string[] = [];
      const page: string[][] = [];
      const stop = await there.listen('t', undefined, (lines, recent) =>
        recent ? page.push(lines.map((l) => l.text)) : told.push(...lines.map((l) => l.text)),
      );
      expect(page).toEqual([['before']]);
      await here.say('t', { author: 'Ann', account: 'a', text: 'one', at: 2 });
      await here.say('t', { author: 'Bob', account: 'b', text: 'two', at: 3 });
      expect(told).toEqual([]);
      there.sweep();
      await expect.poll(() => told).toEqual(['one', 'two']);
      there.sweep();
      await here.say('t', { author: 'Bob', account: 'b', text: 'three', at: 4 });
      there.sweep();
      await expect.poll(() => told).toEqual(['one', 'two', 'three']);
      stop();
      expect(there.size).toBe(0);
      // Far more lines than a page: the page is the last ones.
      for (let i = 0; i < CHAT_PAGE + 5; i++) await here.say('t', { author: 'Ann', account: 'a', text: `l${i}`, at: 10 + i });
      expect((await here.recent('t', undefined)).map((l) => l.text).at(0)).toBe('l5');
    } finally {
      await store.close();
    }
  });
});
