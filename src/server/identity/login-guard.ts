/**
 * Failed logins, counted per key (an account's name, an address): past `perMinute` failures in a
 * minute, the next attempt waits, and each time the limit is reached again the wait doubles (from
 * 30 seconds to at most 15 minutes). A success forgets the key's failures; a key quiet for an hour is
 * forgotten. The table is bounded: an attacker spreading over many keys cannot grow it for ever.
 */

const MINUTE = 60_000;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * MINUTE;
const FORGET_AFTER_MS = 60 * MINUTE;

interface Record_ {
  /** When the failures of the last minute happened. */
  failures: number[];
  /** How many times the limit was reached (the wait doubles each time). */
  strikes: number;
  /** No attempt is heard before this. */
  until: number;
  last: number;
}

export class LoginGuard {
  private readonly keys = new Map<string, Record_>();

  constructor(
    private readonly perMinute: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** How long (ms) until an attempt for `key` is heard again; 0: it may be made now. */
  wait(key: string, now: number): number {
    const r = this.keys.get(key);
    return r ? Math.max(0, r.until - now) : 0;
  }

  failed(key: string, now: number): void {
    const r = this.keys.get(key) ?? { failures: [], strikes: 0, until: 0, last: now };
    if (now - r.last > FORGET_AFTER_MS) r.strikes = 0;
    r.last = now;
    r.failures = r.failures.filter((t) => now - t < MINUTE);
    r.failures.push(now);
    if (r.failures.length >= this.perMinute) {
      r.until = now + Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** r.strikes);
      r.strikes++;
      r.failures = [];
    }
    // Most recently failed last: the map's order is the order to forget in.
    this.keys.delete(key);
    this.keys.set(key, r);
    if (this.keys.size > this.maxKeys) this.forget(now);
  }

  succeeded(key: string): void {
    this.keys.delete(key);
  }

  get size(): number {
    return this.keys.size;
  }

  private forget(now: number): void {
    for (const [key, r] of this.keys) if (now - r.last > FORGET_AFTER_MS && r.until <= now) this.keys.delete(key);
    for (const [key, r] of this.keys) {
      if (this.keys.size <= this.maxKeys * 0.9) break;
      // A key still made to wait is kept while any other can go: forgetting it would lift its wait.
      if (r.until <= now) this.keys.delete(key);
    }
    // Only waiting keys left, and too many of them: the bound holds first, oldest failures go.
    for (const key of this.keys.keys()) {
      if (this.keys.size <= this.maxKeys) break;
      this.keys.delete(key);
    }
  }
}
