import { describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.ts';
import { type ChatNews, REPORT_TTL_MS, TableTalk } from './table-talk.ts';

describe('who is at the table', () => {
  it('joins this instance’s sockets with what the others say, and forgets an instance that stopped saying it', () => {
    const clock = { t: 1_000 };
    const talk = new TableTalk('g', new SqliteStore(':memory:'), 2, () => clock.t, 30_000);
    const told: unknown[] = [];
    talk.onLocalChange((r) => told.push(r));
    const leave = talk.attend([0]);
    expect(told).toEqual([{ seats: [1, 0], watching: 0 }]);
    expect(talk.presence().seats).toEqual([
      { connected: true, goneSince: null },
      { connected: false, goneSince: 1_000 },
    ]);
    // O and two watchers are on another instance.
    clock.t = 2_000;
    talk.heard('b', { seats: [0, 1], watching: 2 });
    expect(talk.presence()).toMatchObject({ seats: [{ connected: true }, { connected: true }], watching: 2 });
    expect(talk.goneSince(1)).toBeNull();
    expect(told).toHaveLength(1);
    // That instance goes quiet (it died): after the time a count holds, O counts as gone from then.
    clock.t = 2_000 + REPORT_TTL_MS + 1;
    expect(talk.goneSince(1)).toBe(clock.t);
    expect(talk.presence().watching).toBe(0);
    leave();
    expect(told).toEqual([
      { seats: [1, 0], watching: 0 },
      { seats: [0, 0], watching: 0 },
    ]);
    expect(talk.attended).toBe(false);
  });
});

describe('the chat of a game made here', () => {
  it('is read from nowhere while nothing was said, and holds the lines said since', async () => {
    const store = new SqliteStore(':memory:');
    let reads = 0;
    const read = store.chat.read.bind(store.chat);
    store.chat.read = (id) => {
      reads++;
      return read(id);
    };
    const talk = new TableTalk('g', store, 2, () => 1_000, 30_000);
    talk.saidNothingYet();
    expect(await talk.chat('players')).toEqual([]);
    expect(reads).toBe(0);
    await store.games.create({
      id: 'g',
      game: 'tictactoe',
      options: {},
      seed: 's',
      seats: ['open', 'open'],
      clock: null,
      createdAt: 1_000,
      creator: null,
      rulesVersion: 1,
    });
    await talk.say({ room: 'players', author: 'X', account: null, text: 'hi', at: 1_500 });
    expect(await talk.chat('players')).toEqual([{ n: 0, author: 'X', text: 'hi', at: 1_500 }]);
    expect(reads).toBe(0);
    await store.close();
  });
});

describe("a game's chat on two instances over one store", () => {
  it('each hears the lines said and removed through the other, once each, in order, and only in their room', async () => {
    const store = new SqliteStore(':memory:');
    await store.games.create({
      id: 'g',
      game: 'tictactoe',
      options: {},
      seed: 's',
      seats: ['open', 'open'],
      clock: null,
      createdAt: 1_000,
      creator: null,
      rulesVersion: 1,
    });
    const [a, b] = [0, 1].map(() => new TableTalk('g', store, 2, () => 1_000, 30_000)) as [TableTalk, TableTalk];
    const heard: ChatNews[] = [];
    b.onChat((news) => heard.push(news));
    const writtenOnA: number[] = [];
    a.onWrittenHere(() => writtenOnA.push(1));
    const line = (text: string, room: 'players' | 'spectators' = 'spectators') => ({ room, author: 'Ann', account: 'a1', text, at: 1_500 });
    await a.say(line('hello'));
    expect(await b.chat('spectators')).toEqual([{ n: 0, author: 'Ann', text: 'hello', at: 1_500 }]);
    await a.say(line('rude'));
    await a.say(line('psst', 'players'));
    // Two notices at once (Redis said it twice): each line told once.
    await Promise.all([b.reread(), b.reread()]);
    expect(heard.map((h) => (h.kind === 'said' ? h.line.text : h.n))).toEqual(['rude', 'psst']);
    expect(await a.remove(1, 2_000)).toMatchObject({ n: 1, text: 'rude' });
    expect(await a.remove(1, 2_000)).toBeNull();
    expect(writtenOnA).toHaveLength(4);
    await b.reread();
    expect(heard.at(-1)).toEqual({ kind: 'removed', room: 'spectators', n: 1 });
    expect((await b.chat('spectators')).map((l) => l.text)).toEqual(['hello']);
    expect((await a.chat('spectators')).map((l) => l.text)).toEqual(['hello']);
    // B says a line before hearing of A's last: it reads what came between and tells both, in order.
    await a.say(line('missed'));
    heard.length = 0;
    await b.say(line('mine'));
    expect(heard.map((h) => (h.kind === 'said' ? `${h.line.n} ${h.line.text}` : h.n))).toEqual(['4 missed', '5 mine']);
    await b.reread();
    expect(heard).toHaveLength(2);
    await store.close();
  });
});
