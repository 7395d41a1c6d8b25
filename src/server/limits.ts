/**
 * What one client may take of the server: requests and messages a second (token buckets per key),
 * connections held at once. Tables are bounded: a key whose bucket has refilled carries nothing worth
 * keeping and goes first, so an attacker spreading over many addresses cannot grow them for ever,
 * nor wipe everyone else's counts by overflowing them.
 */

/** What the edges of the online server let through, once settled from the limits given. */
export interface Edge {
  readonly messageRate: number;
  /** Messages per address, over all its sockets. */
  readonly addressMessages: Allowance;
  /** Bytes that may wait for a client that does not read (a socket, a bot's stream) before it is dropped. */
  readonly sendBufferBytes: number;
  /** Clients dropped: `slow`, for not reading what they were sent; `silent`, for not answering pings. */
  readonly dropped: { slow: number; silent: number };
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets per key (an address, a connection): a burst of `burst`, refilled at `rate` a second. */
export class Allowance {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    readonly rate: number,
    readonly burst: number,
    /** Keys remembered at most; past it the least recently seen are forgotten (they start full again). */
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes one token for `key` at `now` (milliseconds): false when none is left. */
  take(key: string, now: number): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * this.rate);
    bucket.at = now;
    // Most recently seen last: the map's order is the order to forget in.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.forget(now);
    if (bucket.tokens < 1) return false;
    bucket.tokens--;
    return true;
  }

  /** Keys held (for tests and health). */
  get size(): number {
    return this.buckets.size;
  }

  /** Drops the buckets that are full again, then, if still too many, the least recently seen. */
  private forget(now: number): void {
    for (const [key, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * this.rate >= this.burst) this.buckets.delete(key);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys * 0.9) break;
      this.buckets.delete(key);
    }
  }
}

/** How many of something (connections, streams) each key holds now, with a cap per key. */
export class Holdings {
  private readonly held = new Map<string, number>();
  constructor(readonly cap: number) {}

  /** Takes one for `key`: a release function, or null when `key` holds `cap` already. */
  take(key: string): (() => void) | null {
    const n = this.held.get(key) ?? 0;
    if (n >= this.cap) return null;
    this.held.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left <= 0) this.held.delete(key);
      else this.held.set(key, left);
    };
  }

  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}
