import { describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.ts';
import { REPORT_TTL_MS, TableTalk } from './table-talk.ts';

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
    expect(await talk.chat('players')).toEqual([{ author: 'X', text: 'hi', at: 1_500 }]);
    expect(reads).toBe(0);
    await store.close();
  });
});
