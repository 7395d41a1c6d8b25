import { describe, expect, it } from 'vitest';
import { subscriberOf as addressKey } from '../network.ts';
import { type Attempt, LoginAttempts } from './login-attempts.ts';

const LIMITS = { perAccountAndAddress: 10, perAddress: 30, perAccount: 200 };

/** Begins `n` attempts at once (none ended yet): those let through. */
function burst(attempts: LoginAttempts, account: string, address: string, n: number, now = 0): Attempt[] {
  const begun: Attempt[] = [];
  for (let i = 0; i < n; i++) {
    const a = attempts.logIn(account, address, now);
    if (typeof a !== 'number') begun.push(a);
  }
  return begun;
}

describe('login attempts', () => {
  it('a guesser’s failures make the guesser wait, not the player from another address', () => {
    const attempts = new LoginAttempts(LIMITS);
    for (let i = 0; i < 10; i++) {
      const a = attempts.logIn('erin', '10.0.0.1', i);
      expect(typeof a).toBe('object');
      (a as Attempt).end(false, i);
    }
    expect(attempts.logIn('erin', '10.0.0.1', 9)).toBe(30_000);
    const player = attempts.logIn('erin', '10.0.0.2', 9);
    expect(typeof player).toBe('object');
    (player as Attempt).end(true, 9);
    // The guesser's next limit doubles the wait, as before.
    for (const a of burst(attempts, 'erin', '10.0.0.1', 10, 40_000)) a.end(false, 40_000);
    expect(attempts.logIn('erin', '10.0.0.1', 40_000)).toBe(60_000);
  });

  it('counts each attempt before its password is checked: 300 at once from 5 addresses get 50 checks', () => {
    const attempts = new LoginAttempts(LIMITS);
    const begun = ['1', '2', '3', '4', '5'].flatMap((n) => burst(attempts, 'erin', `10.0.1.${n}`, 60));
    expect(begun).toHaveLength(50);
    // Attempts in flight make the next wait a moment, even before any has failed.
    expect(attempts.logIn('erin', '10.0.1.1', 0)).toBe(1000);
    for (const a of begun) a.end(false, 1);
    expect(attempts.logIn('erin', '10.0.1.1', 1)).toBe(30_000);
    // A right password forgets the failures of its own address only; ended twice, it counts once.
    const right = attempts.logIn('erin', '10.0.1.9', 1) as Attempt;
    right.end(true, 1);
    right.end(false, 1);
    expect(attempts.logIn('erin', '10.0.1.1', 1)).toBe(30_000);
    // An attempt the store never answered counts for nothing either way.
    const lost = burst(attempts, 'finn', '10.0.1.9', 10);
    for (const a of lost) a.end(null, 1);
    expect(burst(attempts, 'finn', '10.0.1.9', 10)).toHaveLength(10);
  });

  it('one address is held to 30 failures a minute over all accounts', () => {
    const attempts = new LoginAttempts(LIMITS);
    const begun = Array.from({ length: 40 }, (_, i) => burst(attempts, `name${i}`, '10.0.2.1', 1)).flat();
    expect(begun).toHaveLength(30);
    for (const a of begun) a.end(false, 0);
    expect(attempts.logIn('someone', '10.0.2.1', 0)).toBe(30_000);
    // Logging into one's own account does not clear the address.
    expect(attempts.logIn('someone', '10.0.2.1', 30_000)).not.toBe(0);
  });

  it('an account attacked from many addresses waits, except from an address it was logged into from', () => {
    const attempts = new LoginAttempts(LIMITS);
    (attempts.logIn('gwen', '10.0.3.250', 0) as Attempt).end(true, 0);
    // 20 addresses, 10 failures each: the account's bound, reached only by many together.
    for (let n = 0; n < 20; n++) for (const a of burst(attempts, 'gwen', `10.0.3.${n}`, 10)) a.end(false, 0);
    expect(attempts.logIn('gwen', '10.0.3.100', 0)).toBe(30_000);
    const home = attempts.logIn('gwen', '10.0.3.250', 0);
    expect(typeof home).toBe('object');
    // Nineteen addresses do not reach it.
    const fewer = new LoginAttempts(LIMITS);
    for (let n = 0; n < 19; n++) for (const a of burst(fewer, 'gwen', `10.0.3.${n}`, 10)) a.end(false, 0);
    expect(typeof fewer.logIn('gwen', '10.0.3.100', 0)).toBe('object');
  });

  it('a password checked again is counted per session: nobody else’s failures hold it back', () => {
    const attempts = new LoginAttempts(LIMITS);
    for (let n = 0; n < 25; n++) for (const a of burst(attempts, 'ivo', `10.0.4.${n}`, 10)) a.end(false, 0);
    expect(typeof attempts.recheck('session-of-ivo', 0)).toBe('object');
    const guessed = [];
    for (let i = 0; i < 12; i++) guessed.push(attempts.recheck('stolen-session', 0));
    expect(guessed.filter((a) => typeof a === 'object')).toHaveLength(10);
    for (const a of guessed) if (typeof a === 'object') a.end(false, 0);
    expect(attempts.recheck('stolen-session', 0)).toBe(30_000);
    expect(typeof attempts.recheck('session-of-ivo', 0)).toBe('object');
  });

  it('counts an IPv6 address by its /64, an IPv4-mapped one as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::1.2.3.4')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    const attempts = new LoginAttempts(LIMITS);
    for (let i = 0; i < 10; i++) (attempts.logIn('kim', `2001:db8:1:2::${i + 1}`, 0) as Attempt).end(false, 0);
    expect(attempts.logIn('kim', '2001:db8:1:2::99', 0)).toBe(30_000);
    expect(typeof attempts.logIn('kim', '2001:db8:1:3::1', 0)).toBe('object');
  });

  it('stays bounded', () => {
    const attempts = new LoginAttempts({ ...LIMITS, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) (attempts.logIn(`name${i}`, `10.1.${i >> 8}.${i & 255}`, i) as Attempt).end(i % 2 === 0, i);
    const sizes = attempts as unknown as Record<'pairs' | 'addresses' | 'accounts' | 'sessions', { size: number }> & {
      known: Map<string, number>;
    };
    for (const table of [sizes.pairs, sizes.addresses, sizes.accounts, sizes.known]) expect(table.size).toBeLessThanOrEqual(100);
  });
});
