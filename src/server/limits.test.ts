import { describe, expect, it } from 'vitest';
import { Allowance, Holdings } from './limits.ts';

describe('allowances', () => {
  it('a burst, then the rate, per key; time given, never read from the clock', () => {
    const a = new Allowance(2, 3);
    expect([1, 2, 3, 4].map(() => a.take('x', 0))).toEqual([true, true, true, false]);
    expect(a.take('y', 0)).toBe(true);
    expect(a.take('x', 499)).toBe(false);
    expect(a.take('x', 500)).toBe(true);
    expect(a.take('x', 500)).toBe(false);
    // A clock that steps back gives nothing back.
    expect(a.take('x', 100)).toBe(false);
  });

  it('a table full of addresses forgets the ones refilled first, then the least recently seen — never everyone at once', () => {
    const a = new Allowance(1, 2, 100);
    // The abuser spends its allowance, then a crowd of others passes through once each.
    a.take('abuser', 0);
    a.take('abuser', 0);
    for (let i = 0; i < 99; i++) a.take(`visitor ${i}`, 0);
    a.take('abuser', 0);
    expect(a.take('abuser', 0)).toBe(false);
    // One more key: the table is over its bound and forgets the least recently seen visitors, not the abuser.
    a.take('one more', 0);
    expect(a.size).toBeLessThanOrEqual(100);
    expect(a.take('abuser', 0)).toBe(false);
    // Once time has refilled every bucket, an overflowing table drops them all but the newest.
    for (let i = 0; i < 200; i++) a.take(`late ${i}`, 60_000);
    expect(a.size).toBeLessThanOrEqual(100);
  });
});

describe('holdings', () => {
  it('caps what one key holds; a release is counted once', () => {
    const h = new Holdings(2);
    const first = h.take('a');
    const second = h.take('a');
    expect(h.take('a')).toBeNull();
    expect(h.take('b')).not.toBeNull();
    first?.();
    first?.();
    expect(h.count('a')).toBe(1);
    expect(h.take('a')).not.toBeNull();
    expect(h.take('a')).toBeNull();
    second?.();
  });
});
