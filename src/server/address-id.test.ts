import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressId } from './address-id.ts';

describe('an id for addresses and command lines', () => {
  it('never starts with "-": an id that would is drawn again', () => {
    // 0xF8 begins "-" in base64url (its first six bits are 62).
    const draws = [Buffer.from([0xf8, 1, 2]), Buffer.from([0xfb, 1, 2]), Buffer.from([0x04, 1, 2])];
    let drawn = 0;
    const id = addressId(() => draws[drawn++] as Buffer, 3);
    expect(Buffer.from([0xf8, 1, 2]).toString('base64url').startsWith('-')).toBe(true);
    expect([id, drawn]).toEqual([Buffer.from([0x04, 1, 2]).toString('base64url'), 3]);
  });

  it('keeps its length and alphabet over many draws', () => {
    for (let i = 0; i < 5000; i++) {
      const id = addressId(randomBytes, 6);
      expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{7}$/);
    }
  });
});
