import { describe, expect, it } from 'vitest';
import { POOLS, poolFor, poolOf } from './pools.ts';

describe('the pools', () => {
  it('have ids of their own, each found again by its id', () => {
    expect(new Set(POOLS.map((p) => p.id)).size).toBe(POOLS.length);
    for (const p of POOLS) expect(poolOf(p.id)).toBe(p);
  });

  it('a game is traced back to the pool that pairs its like: same game, clock and seats', () => {
    expect(poolFor('hex', { initialMs: 300_000, incrementMs: 3_000 }, 2)?.id).toBe('hex-5+3');
    expect(poolFor('dicewars', { initialMs: 300_000, incrementMs: 3_000 }, 4)?.id).toBe('dicewars-5+3-4p');
    expect(poolFor('hive', { initialMs: 3 * 86_400_000, incrementMs: 0, perMove: true }, 2)?.id).toBe('hive-3d');
    // Another clock, another game, other seats, or no clock: no pool.
    expect(poolFor('hex', { initialMs: 300_000, incrementMs: 2_000 }, 2)).toBeUndefined();
    expect(poolFor('tictactoe', { initialMs: 300_000, incrementMs: 3_000 }, 2)).toBeUndefined();
    expect(poolFor('dicewars', { initialMs: 300_000, incrementMs: 3_000 }, 2)).toBeUndefined();
    expect(poolFor('hive', { initialMs: 3 * 86_400_000, incrementMs: 0 }, 2)).toBeUndefined();
    expect(poolFor('hex', null, 2)).toBeUndefined();
  });
});
