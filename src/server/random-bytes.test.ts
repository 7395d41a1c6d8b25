import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random-bytes.ts';

describe('random bytes from the pool', () => {
  it('hands out each byte once: what was handed out stays as it was when the pool is replaced', () => {
    const first = pooledRandomBytes(16);
    const kept = Buffer.from(first);
    // Far more than one pool's worth: the pool is replaced many times meanwhile.
    const many = Array.from({ length: 2_000 }, () => pooledRandomBytes(9).toString('hex'));
    expect(first.equals(kept)).toBe(true);
    expect(new Set(many).size).toBe(many.length);
    expect(many.every((hex) => hex.length === 18)).toBe(true);
  });

  it('gives what it is asked for, a request larger than the pool included', () => {
    expect(pooledRandomBytes(32)).toHaveLength(32);
    const big = pooledRandomBytes(10_000);
    expect(big).toHaveLength(10_000);
    // Not a buffer of zeros: the bytes came from the generator.
    expect(big.some((b) => b !== 0)).toBe(true);
  });
});
