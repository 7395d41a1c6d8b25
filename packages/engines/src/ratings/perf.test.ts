import { describe, expect, it } from 'vitest';
import { perfOf, speedOf } from './perf.ts';

describe('what a rating is kept for', () => {
  it('a game, and with a clock its speed by the estimated length (initial + 40 increments)', () => {
    expect(perfOf('hive', null)).toBe('hive');
    expect(speedOf({ initialMs: 15_000, incrementMs: 0 })).toBe('ultrabullet');
    expect(speedOf({ initialMs: 60_000, incrementMs: 1_000 })).toBe('bullet');
    expect(speedOf({ initialMs: 180_000, incrementMs: 2_000 })).toBe('blitz');
    expect(speedOf({ initialMs: 600_000, incrementMs: 5_000 })).toBe('rapid');
    expect(speedOf({ initialMs: 1_800_000, incrementMs: 20_000 })).toBe('classical');
    expect(perfOf('nonaga', { initialMs: 86_400_000, incrementMs: 0, perMove: true })).toBe('nonaga:correspondence');
  });
});
