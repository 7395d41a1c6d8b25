import { describe, expect, it } from 'vitest';
import { clocksAfter } from './clock.ts';

describe('clocks from the moves’ times', () => {
  const fiveAndTwo = { initialMs: 5_000, incrementMs: 2_000 };

  it('start with the first move, charge each player the time since the move before, add the increment as the turn passes', () => {
    expect(clocksAfter(fiveAndTwo, 2, [], 0)).toEqual({ remainingMs: [5_000, 5_000], running: null, since: null, deadline: null });
    const moves = [
      { seat: 0, at: 100 }, // free, +2 s
      { seat: 1, at: 1_100 }, // Black thought 1 s, +2 s
      { seat: 0, at: 4_100 }, // White thought 3 s, +2 s
    ];
    expect(clocksAfter(fiveAndTwo, 2, moves, 1)).toEqual({ remainingMs: [6_000, 6_000], running: 1, since: 4_100, deadline: 10_100 });
    expect(clocksAfter(fiveAndTwo, 2, moves, null)).toMatchObject({ running: null, deadline: null });
  });

  it('a player who moves several times in a turn (DiceWars) gets the increment once, when the turn passes', () => {
    const moves = [
      { seat: 0, at: 0 },
      { seat: 0, at: 500 },
      { seat: 0, at: 900 },
      { seat: 1, at: 2_000 },
    ];
    const clocks = clocksAfter(fiveAndTwo, 2, moves, 1);
    // Seat 0: 5 s − 0.9 s + 2 s; seat 1: 5 s − 1.1 s, and it moves again.
    expect(clocks.remainingMs).toEqual([6_100, 3_900]);
    expect(clocks.deadline).toBe(2_000 + 3_900);
  });

  it('a seat that berserked plays on half the initial time and no increment; the other keeps its own', () => {
    const moves = [
      { seat: 0, at: 100 }, // free; White berserked: no increment
      { seat: 1, at: 1_100 }, // Black thought 1 s, +2 s
      { seat: 0, at: 2_100 }, // White thought 1 s, of 2.5 s
    ];
    expect(clocksAfter(fiveAndTwo, 2, [], 0, [0])).toMatchObject({ remainingMs: [2_500, 5_000] });
    expect(clocksAfter(fiveAndTwo, 2, moves, 1, [0])).toEqual({ remainingMs: [1_500, 6_000], running: 1, since: 2_100, deadline: 8_100 });
    expect(clocksAfter(fiveAndTwo, 2, moves, 1, [1]).remainingMs).toEqual([8_000, 2_500 - 1_000]);
  });
});
