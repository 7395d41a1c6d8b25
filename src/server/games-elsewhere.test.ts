import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GamesElsewhere,
  type HeldGame,
  type HeldGamesBus,
  parseHeld,
  REPORT_CHECK_MS,
  REPORT_EVERY_MS,
  REPORT_TTL_MS,
  reportHeldGames,
} from './games-elsewhere.ts';

/** What the other instances hold, as their reports say (the cluster test runs it between two servers). */
describe('the games other instances hold', () => {
  it('are merged over every instance: the latest version, the spectators summed; a report not renewed is forgotten', () => {
    let now = 1000;
    const elsewhere = new GamesElsewhere(() => now);
    elsewhere.heard('b', [
      { id: 'g1', version: 4, watching: 2 },
      { id: 'g2', version: 0, watching: 0 },
    ]);
    now += REPORT_TTL_MS / 2;
    elsewhere.heard('c', [{ id: 'g1', version: 5, watching: 3 }]);
    expect(Object.fromEntries(elsewhere.games())).toEqual({ g1: { version: 5, watching: 5 }, g2: { version: 0, watching: 0 } });
    // b's report is a whole list: a game it no longer tells of is gone.
    elsewhere.heard('b', [{ id: 'g1', version: 5, watching: 1 }]);
    expect(Object.fromEntries(elsewhere.games())).toEqual({ g1: { version: 5, watching: 4 } });
    // c says nothing more (it died): past the TTL its spectators are no longer counted; b renews its own.
    now += REPORT_TTL_MS;
    elsewhere.heard('b', [{ id: 'g1', version: 5, watching: 1 }]);
    now += 1;
    expect(Object.fromEntries(elsewhere.games())).toEqual({ g1: { version: 5, watching: 1 } });
  });

  it('are read from a report only when it is one: bounded ids, whole numbers', () => {
    expect(parseHeld('[{"id":"g1","version":3,"watching":0}]')).toEqual([{ id: 'g1', version: 3, watching: 0 }]);
    expect(parseHeld('[]')).toEqual([]);
    for (const bad of [
      'ask',
      '{}',
      '[{"id":"g1","version":-1,"watching":0}]',
      '[{"id":"g1","version":1.5,"watching":0}]',
      '[{"id":"","version":1,"watching":0}]',
      `[{"id":"${'x'.repeat(65)}","version":1,"watching":0}]`,
      '[{"id":"g1","version":1}]',
      '[null]',
    ])
      expect(parseHeld(bad), bad).toBeNull();
  });
});

describe('telling what this instance holds', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A bus that keeps what is told, and lets the test speak as another instance. */
  function bus() {
    const told: (readonly HeldGame[])[] = [];
    let handler: ((from: string, report: readonly HeldGame[] | 'ask') => void) | null = null;
    const b: HeldGamesBus = {
      tellHeld: (games) => told.push(games),
      onHeld: (h) => {
        handler = h;
      },
    };
    return { b, told, say: (from: string, report: readonly HeldGame[] | 'ask') => handler?.(from, report) };
  }

  it('tells when it changed, again every REPORT_EVERY_MS unchanged, at once when asked; hears the others', () => {
    vi.useFakeTimers();
    let now = 0;
    const clock = () => now;
    let held: HeldGame[] = [];
    const { b, told, say } = bus();
    const elsewhere = new GamesElsewhere(clock);
    const stop = reportHeldGames(b, () => held, elsewhere, clock);
    const tick = (ms: number) => {
      now += ms;
      vi.advanceTimersByTime(ms);
    };
    // Nothing held, nothing told.
    tick(REPORT_CHECK_MS);
    expect(told).toEqual([]);
    held = [{ id: 'g1', version: 0, watching: 1 }];
    tick(REPORT_CHECK_MS);
    expect(told).toEqual([held]);
    tick(REPORT_CHECK_MS);
    expect(told.length).toBe(1);
    held = [{ id: 'g1', version: 1, watching: 1 }];
    tick(REPORT_CHECK_MS);
    expect(told.at(-1)).toEqual(held);
    const changedAt = told.length;
    tick(REPORT_EVERY_MS);
    expect(told.length).toBe(changedAt + 1);
    say('c', 'ask');
    expect(told.length).toBe(changedAt + 2);
    // The game ends: an empty list says so.
    held = [];
    tick(REPORT_CHECK_MS);
    expect(told.at(-1)).toEqual([]);
    say('c', [{ id: 'g9', version: 2, watching: 0 }]);
    expect([...elsewhere.games().keys()]).toEqual(['g9']);
    stop();
    held = [{ id: 'g2', version: 0, watching: 0 }];
    const after = told.length;
    tick(REPORT_EVERY_MS);
    expect(told.length).toBe(after);
  });
});
