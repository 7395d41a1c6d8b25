import { randomBytes, randomFillSync } from 'node:crypto';

/**
 * Cryptographically random bytes for ids, seeds and tokens, handed out from a pool that OpenSSL fills
 * 4 KiB at a time — as Node's randomUUID keeps its own — rather than one call into it for every 9 or
 * 16 bytes (a game's set-up asked it four times). The same generator's bytes, each handed out once:
 * a pool once spent is replaced, never refilled in place, so what was handed out never changes.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/** `n` random bytes, from the pool (a request larger than the pool, straight from OpenSSL). */
export function pooledRandomBytes(n: number): Buffer {
  if (n > POOL_BYTES) return randomBytes(n);
  if (used + n > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    used = 0;
  }
  const bytes = pool.subarray(used, used + n);
  used += n;
  return bytes;
}
