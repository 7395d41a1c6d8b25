import { describe, expect, it } from 'vitest';
import { LoginGuard } from './login-guard.ts';

describe('the login guard', () => {
  it('lets ten failures a minute through, then makes the next wait; each new limit doubles the wait', () => {
    const guard = new LoginGuard(10);
    for (let i = 0; i < 9; i++) {
      guard.failed('erin', i * 1000);
      expect(guard.wait('erin', i * 1000)).toBe(0);
    }
    guard.failed('erin', 9_000);
    expect(guard.wait('erin', 9_000)).toBe(30_000);
    expect(guard.wait('erin', 39_000)).toBe(0);
    expect(guard.wait('someone else', 9_000)).toBe(0);
    for (let i = 0; i < 10; i++) guard.failed('erin', 40_000 + i);
    expect(guard.wait('erin', 40_009)).toBe(60_000);
    for (let i = 0; i < 10; i++) guard.failed('erin', 200_000 + i);
    expect(guard.wait('erin', 200_009)).toBe(120_000);
  });

  it('counts failures within a minute only, forgets a key on success, and caps the wait at 15 minutes', () => {
    const guard = new LoginGuard(10);
    // Nine a minute, for ten minutes: never held back.
    for (let i = 0; i < 90; i++) guard.failed('slow', i * (60_000 / 9) + 1);
    expect(guard.wait('slow', 600_000)).toBe(0);
    for (let i = 0; i < 9; i++) guard.failed('k', i);
    guard.succeeded('k');
    guard.failed('k', 10);
    expect(guard.wait('k', 10)).toBe(0);
    const stubborn = new LoginGuard(1);
    let t = 0;
    for (let i = 0; i < 12; i++) {
      stubborn.failed('x', t);
      t += stubborn.wait('x', t);
    }
    stubborn.failed('x', t);
    expect(stubborn.wait('x', t)).toBe(15 * 60_000);
  });

  it('counts attempts in flight as failures until they end: ten at once, and the eleventh waits', () => {
    const guard = new LoginGuard(10);
    for (let i = 0; i < 10; i++) {
      expect(guard.wait('erin', 0)).toBe(0);
      guard.hold('erin', 0);
    }
    expect(guard.wait('erin', 0)).toBe(1000);
    // One turns out right: its slot is free again, and the failures so far are forgotten.
    guard.release('erin');
    guard.succeeded('erin');
    expect(guard.wait('erin', 0)).toBe(0);
    // The nine others fail, with one more begun meanwhile: the tenth failure makes the next wait.
    guard.hold('erin', 0);
    for (let i = 0; i < 10; i++) {
      guard.release('erin');
      guard.failed('erin', 1);
    }
    expect(guard.wait('erin', 1)).toBe(30_000);
  });

  it('stays bounded, without lifting a wait it imposes', () => {
    const guard = new LoginGuard(2, 100);
    guard.failed('held', 0);
    guard.failed('held', 0);
    // A thousand names tried once each: none waits, so they go first.
    for (let i = 0; i < 1000; i++) guard.failed(`spray-${i}`, 1);
    expect(guard.size).toBeLessThanOrEqual(100);
    expect(guard.wait('held', 2)).toBeGreaterThan(0);
    // Even a thousand keys all made to wait do not grow it past its bound.
    const locked = new LoginGuard(1, 100);
    for (let i = 0; i < 1000; i++) locked.failed(`lock-${i}`, 1);
    expect(locked.size).toBeLessThanOrEqual(100);
  });
});
