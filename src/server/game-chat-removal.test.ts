import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveInProcess } from './in-process.testing.ts';
import { Browser, Client, type Message, signUp, startServer } from './online.testing.ts';
import { PgStore } from './pg-store.ts';
import { startPostgres } from './postgres.testing.ts';
import { startRedis } from './redis.testing.ts';
import type { GameStore } from './store.ts';

/**
 * A moderator removes a line of a game's chat (game-chat-removal.ts) on a real server, over real
 * sockets: anyone else is refused before anything is read; the line goes from every socket reading
 * its chat (and only that chat), from sockets opened later, and into the moderators' log; across two
 * instances on PostgreSQL and Redis, the removal made through one reaches the sockets of the other.
 */

type Line = { n: number; author: string; text: string };
const linesOf = (m: Message) => (m.lines ?? []) as Line[];
const saying = (text: string) => (m: Message) => m.type === 'chat' && linesOf(m).some((l) => l.text === text);
const removing = (n: number) => (m: Message) => m.type === 'chat' && ((m.removed ?? []) as number[]).includes(n);

async function grantModerator(store: GameStore, name: string): Promise<void> {
  const account = await store.accounts.byKey(name.toLowerCase());
  await store.moderation.setRole(account?.id as string, 'moderator', true, {
    at: 1,
    moderator: null,
    action: 'grant-moderator',
    target: account?.id as string,
    note: 'test',
  });
}

/** A socket on game `id` with `who`'s cookie, once it has the chat it reads (its last lines). */
async function watch(base: string, id: string, who: Browser): Promise<Client> {
  const c = await Client.open(base, id, undefined, who.from, who.cookie ? { cookie: who.cookie, origin: base } : { origin: base });
  await c.next((m) => m.type === 'chat');
  return c;
}

describe("a moderator removes a line of a game's chat", () => {
  let server: Awaited<ReturnType<typeof serveInProcess>>;
  const people: Record<string, Browser> = {};
  const who = (name: string) => people[name] as Browser;
  let game: string;
  let other: string;
  const remove = (by: Browser, n: number | string, id = game) => by.ask('DELETE', `/api/games/${id}/chat/${n}`);

  beforeAll(async () => {
    server = await serveInProcess('game-chat-removal', { rate: 100_000, identity: { signupsPerHour: 1000 } });
    for (const name of ['Ann', 'Bob', 'Cat', 'Marta']) {
      people[name] = new Browser(server.base, '127.0.0.1');
      expect((await signUp(who(name), name)).status).toBe(201);
    }
    people.guest = new Browser(server.base, '127.0.0.1');
    expect((await who('guest').ask('POST', '/api/session/guest', {})).status).toBe(201);
    await grantModerator(server.store, 'Marta');
    const made = async () => {
      const created = await who('Ann').ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
      expect(created.status).toBe(201);
      const id = created.json?.id as string;
      expect((await who('Bob').ask('POST', `/api/games/${id}/seats/1`, {})).status).toBe(201);
      return id;
    };
    game = await made();
    other = await made();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses anyone but a moderator — a player of the game, a spectator, a guest, nobody — before saying whether the game or line exists', async () => {
    const cat = await watch(server.base, game, who('Cat'));
    expect(await cat.ask({ type: 'chat', text: 'a line to keep' })).toMatchObject({ type: 'done' });
    const said = await cat.next(saying('a line to keep'));
    const n = linesOf(said)[0]?.n as number;
    for (const asker of [who('Ann'), who('Cat'), who('guest'), new Browser(server.base, '127.0.0.1')]) {
      for (const [id, line] of [
        [game, n],
        [game, 9999],
        [other, n],
        ['no-such-game', 0],
      ] as const) {
        const refused = await remove(asker, line, id);
        expect([refused.status, refused.json?.code, refused.json?.error]).toEqual([
          403,
          'moderators-only',
          'only a moderator removes a line of chat',
        ]);
      }
    }
    // The line stands: a socket opened now reads it.
    const later = await watch(server.base, game, who('guest'));
    expect(
      later.messages
        .filter((m) => m.type === 'chat')
        .flatMap(linesOf)
        .map((l) => l.text),
    ).toContain('a line to keep');
    expect((await server.store.moderation.log(10)).filter((e) => e.action === 'game-chat-remove')).toEqual([]);
    for (const c of [cat, later]) c.close();
  });

  it("takes the line from every socket reading that chat, at once and for good, and writes it in the moderators' log", async () => {
    const [ann, bob, cat, guest] = await Promise.all(['Ann', 'Bob', 'Cat', 'guest'].map((name) => watch(server.base, game, who(name))));
    expect(await guest.ask({ type: 'chat', text: 'something rude' })).toMatchObject({ type: 'done' });
    const n = linesOf(await cat.next(saying('something rude')))[0]?.n as number;
    expect(await ann.ask({ type: 'chat', text: 'between us players' })).toMatchObject({ type: 'done' });
    const players = linesOf(await bob.next(saying('between us players')))[0]?.n as number;

    const removed = await remove(who('Marta'), n);
    expect([removed.status, removed.json]).toEqual([200, { removed: n }]);
    for (const socket of [cat, guest]) {
      const told = await socket.next(removing(n));
      expect([told.room, told.lines, told.removed]).toEqual(['spectators', [], [n]]);
    }
    // The players read their own chat: they are told nothing of the spectators'.
    expect((await remove(who('Marta'), players)).status).toBe(200);
    await ann.next(removing(players));
    await bob.next(removing(players));
    expect([...ann.messages, ...bob.messages].some(removing(n))).toBe(false);
    expect([...cat.messages, ...guest.messages].some(removing(players))).toBe(false);
    // A socket opened now never sees either.
    const late = await watch(server.base, game, who('Cat'));
    expect(late.messages.flatMap(linesOf).map((l) => l.text)).not.toContain('something rude');
    const lateBob = await watch(server.base, game, who('Bob'));
    expect(lateBob.messages.flatMap(linesOf).map((l) => l.text)).not.toContain('between us players');
    // A line said after it takes a number of its own, heard as before.
    expect(await cat.ask({ type: 'chat', text: 'after the removal' })).toMatchObject({ type: 'done' });
    expect(linesOf(await guest.next(saying('after the removal')))[0]?.n).toBeGreaterThan(players);

    const log = await server.store.moderation.log(10);
    const guestAccount = (await who('guest').ask('GET', '/api/session')).json?.account as { name: string };
    // The log reads accounts by their names: the moderator's, and the author's.
    expect(log.find((e) => e.action === 'game-chat-remove' && (e.details as { line: number }).line === n)).toMatchObject({
      moderator: 'Marta',
      target: guestAccount.name,
      details: { game, line: n, room: 'spectators', author: guestAccount.name, text: 'something rude' },
    });
    for (const c of [ann, bob, cat, guest, late, lateBob]) c.close();
  });

  it('tells a moderator what is not there: a line removed already, never said, or another game’s; a game that is none; ids that are none', async () => {
    const cat = await watch(server.base, other, who('Cat'));
    for (const text of ['one', 'two', 'three']) expect(await cat.ask({ type: 'chat', text })).toMatchObject({ type: 'done' });
    expect(linesOf(await cat.next(saying('two')))[0]?.n).toBe(1);
    // Line 1 of this game was removed above; line 1 of the other game is not this game's to remove.
    const removedAlready = await remove(who('Marta'), 1);
    expect([removedAlready.status, removedAlready.json?.code, removedAlready.json?.error]).toEqual([
      404,
      'no-such-line',
      `game ${game} has no line 1 in its chat (removed already, or too old)`,
    ]);
    expect((await remove(who('Marta'), 9999)).json?.code).toBe('no-such-line');
    const none = await remove(who('Marta'), 0, 'nosuchgame');
    expect([none.status, none.json?.code]).toEqual([404, 'no-such-game']);
    for (const [id, n] of [
      [game, 'x'],
      [game, '-1'],
      [game, '1.5'],
      ['bad.id', '0'],
    ])
      expect((await remove(who('Marta'), n as string, id)).status).toBe(400);
    // The other game's socket heard of no removal, and its line 1 stands.
    await cat.next(saying('three'));
    expect(cat.messages.some((m) => m.type === 'chat' && m.removed !== undefined)).toBe(false);
    const again = await watch(server.base, other, who('Cat'));
    expect(again.messages.flatMap(linesOf).map((l) => l.text)).toEqual(['one', 'two', 'three']);
    for (const c of [cat, again]) c.close();
  });
});

describe("a game's chat line removed across two instances on PostgreSQL and Redis", () => {
  it('a line said through one instance and removed through the other goes from the sockets of both, and from sockets opened later', async () => {
    const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-chat-removal-'));
    const env = {
      DATABASE_URL: await postgres.createDatabase(),
      REDIS_URL: redis.url,
      HEXARENA_API_RATE: '100000',
      HEXARENA_WS_RATE: '100000',
    };
    // One after the other: both migrating one database at once is not this test's subject.
    const a = await startServer(path.join(dir, 'a'), env);
    const b = await startServer(path.join(dir, 'b'), env);
    try {
      const [ann, bob, cat, marta] = [
        new Browser(a.base, '127.0.0.1'),
        new Browser(b.base, '127.0.0.1'),
        new Browser(a.base, '127.0.0.1'),
        new Browser(b.base, '127.0.0.1'),
      ];
      for (const [browser, name] of [
        [ann, 'Ann'],
        [bob, 'Bob'],
        [cat, 'Cat'],
        [marta, 'Marta'],
      ] as const)
        expect((await signUp(browser, name)).status).toBe(201);
      const pg = await PgStore.open(env.DATABASE_URL);
      try {
        await grantModerator(pg, 'Marta');
      } finally {
        await pg.close();
      }
      const created = await ann.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
      const id = created.json?.id as string;
      expect((await bob.ask('POST', `/api/games/${id}/seats/1`, {})).status).toBe(201);
      // Cat watches on A; Marta watches on B.
      const catOnA = await watch(a.base, id, cat);
      const martaOnB = await watch(b.base, id, marta);
      expect(await catOnA.ask({ type: 'chat', text: 'rude, said on a' })).toMatchObject({ type: 'done' });
      const n = linesOf(await martaOnB.next(saying('rude, said on a')))[0]?.n as number;
      // The removal, through B: the socket on A is told, through Redis and the store.
      const removed = await marta.ask('DELETE', `/api/games/${id}/chat/${n}`);
      expect([removed.status, removed.json]).toEqual([200, { removed: n }]);
      await martaOnB.next(removing(n));
      expect((await catOnA.next(removing(n))).removed).toEqual([n]);
      // A socket opened on A now reads the chat without it; a line said after it is heard on both.
      const lateOnA = await watch(a.base, id, cat);
      expect(lateOnA.messages.flatMap(linesOf).map((l) => l.text)).not.toContain('rude, said on a');
      expect(await martaOnB.ask({ type: 'chat', text: 'keep it civil' })).toMatchObject({ type: 'done' });
      await lateOnA.next(saying('keep it civil'));
      await catOnA.next(saying('keep it civil'));
      // Each socket was told each line and the removal once.
      expect(catOnA.messages.filter(removing(n))).toHaveLength(1);
      expect(catOnA.messages.filter(saying('rude, said on a'))).toHaveLength(1);
      for (const c of [catOnA, martaOnB, lateOnA]) c.close();
    } finally {
      await Promise.all([a.kill(), b.kill()]);
      await Promise.all([postgres.stop(), redis.stop()]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
