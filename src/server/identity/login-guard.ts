/**
 * Failed logins, counted per key (an account from an address, an address, an account): past
 * `perMinute` failures in a minute, the next attempt waits, and each time the limit is reached again
 * the wait doubles (from 30 seconds to at most 15 minutes). An attempt holds a slot from before its
 * password is checked until it is known to have failed or not, and held slots count as failures
 * meanwhile: a hundred guesses sent at once get no more checks than a hundred sent one by one. A
 * success forgets the key's failures; a key quiet for an hour is forgotten. The table is bounded: an
 * attacker spreading over many keys cannot grow it for ever.
 */

const MINUTE = 60_000;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * MINUTE;
const FORGET_AFTER_MS = 60 * MINUTE;
/** Every slot is held: the attempts in flight end within a second or so, one way or the other. */
const HELD_WAIT_MS = 1000;

interface Record_ {
  /** When the failures of the last minute happened. */
  failures: number[];
  /** How many times the limit was reached (the wait doubles each time). */
  strikes: number;
  /** No attempt is heard before this. */
  until: number;
  last: number;
  /** Attempts begun and not yet ended. */
  held: number;
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
    if (!r) return 0;
    if (r.until > now) return r.until - now;
    const recent = r.failures.filter((t) => now - t < MINUTE).length;
    return recent + r.held >= this.perMinute ? HELD_WAIT_MS : 0;
  }

  /** An attempt for `key` begins (its wait was 0): it holds a slot until `release`. */
  hold(key: string, now: number): void {
    const r = this.touch(key, now);
    r.held++;
  }

  /** An attempt begun with `hold` has ended (then `failed` or `succeeded` tells how, if it counts). */
  release(key: string): void {
    const r = this.keys.get(key);
    if (r) r.held = Math.max(0, r.held - 1);
  }

  failed(key: string, now: number): void {
    const r = this.touch(key, now);
    if (now - r.last > FORGET_AFTER_MS) r.strikes = 0;
    r.last = now;
    r.failures = r.failures.filter((t) => now - t < MINUTE);
    r.failures.push(now);
    if (r.failures.length >= this.perMinute) {
      r.until = now + Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** r.strikes);
      r.strikes++;
      r.failures = [];
    }
  }

  succeeded(key: string): void {
    const r = this.keys.get(key);
    if (!r) return;
    // Attempts still in flight keep their slots.
    if (r.held > 0) Object.assign(r, { failures: [], strikes: 0, until: 0 });
    else this.keys.delete(key);
  }

  get size(): number {
    return this.keys.size;
  }

  /** The key's record, made the most recent: the map's order is the order to forget in. */
  private touch(key: string, now: number): Record_ {
    const r = this.keys.get(key) ?? { failures: [], strikes: 0, until: 0, last: now, held: 0 };
    this.keys.delete(key);
    this.keys.set(key, r);
    if (this.keys.size > this.maxKeys) this.forget(now);
    return r;
  }

  private forget(now: number): void {
    const idle = (r: Record_) => r.until <= now && r.held === 0;
    for (const [key, r] of this.keys) if (now - r.last > FORGET_AFTER_MS && idle(r)) this.keys.delete(key);
    for (const [key, r] of this.keys) {
      if (this.keys.size <= this.maxKeys * 0.9) break;
      // A key still made to wait (or with attempts in flight) is kept while any other can go:
      // forgetting it would lift its wait.
      if (idle(r)) this.keys.delete(key);
    }
    // Only waiting keys left, and too many of them: the bound holds first, oldest failures go.
    for (const key of this.keys.keys()) {
      if (this.keys.size <= this.maxKeys) break;
      this.keys.delete(key);
    }
  }
}
