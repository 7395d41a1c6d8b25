import { describe, expect, it } from 'vitest';
import { POOLS, poolClock, poolFor, poolOf, poolPerf } from './pools.ts';

describe('the pools', () => {
  it('have ids of their own, each found again by its id', () => {
    expect(new Set(POOLS.map((p) => p.id)).size).toBe(POOLS.length);
    for (const p of POOLS) expect(poolOf(p.id)).toBe(p);
  });

  it('Hive has bullet pools, 1+0 and 2+1, rated as bullet', () => {
    const bullet = POOLS.filter((p) => poolPerf(p) === 'hive:bullet');
    expect(bullet.map(poolClock)).toEqual(['1+0', '2+1']);
    expect(bullet.map((p) => p.id)).toEqual(['hive-1+0', 'hive-2+1']);
    expect(poolFor('hive', { initialMs: 60_000, incrementMs: 0 }, 2)?.id).toBe('hive-1+0');
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
