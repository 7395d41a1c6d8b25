import type { GameEvent } from '@hexarena/engines/protocol/index.ts';
import { describe, expect, it } from 'vitest';
import { EventHistory } from './event-history.ts';

const move = (version: number): GameEvent => ({
  version,
  kind: 'move',
  ply: version - 1,
  seat: (version - 1) % 2,
  move: `m${version}`,
  at: version,
});

describe('a game’s event history', () => {
  it('gives a client exactly what it missed, nothing when it is up to date, and a sync when it is further behind than kept', () => {
    const history = new EventHistory(3);
    for (let v = 1; v <= 5; v++) history.push(move(v));
    expect(history.all().map((e) => e.version)).toEqual([3, 4, 5]);
    expect(history.since(5, 5)).toEqual([]);
    expect(history.since(3, 5)?.map((e) => e.version)).toEqual([4, 5]);
    // Version 2 is the one before the oldest kept: everything kept is what it missed.
    expect(history.since(2, 5)?.map((e) => e.version)).toEqual([3, 4, 5]);
    expect(history.since(1, 5)).toBeNull();
    expect(new EventHistory().since(0, 0)).toEqual([]);
  });
});
