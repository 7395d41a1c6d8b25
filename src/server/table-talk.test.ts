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
