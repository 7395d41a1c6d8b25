import { createHash, timingSafeEqual } from 'node:crypto';
import { pooledRandomBytes } from './random-bytes.ts';

/**
 * Seat tokens: 128 random bits given once to whoever claims a seat; the store keeps only their
 * SHA-256, and a token is checked by comparing hashes in constant time.
 */
export const newSeatToken = (): string => pooledRandomBytes(16).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether `token` is the one whose hash is `hash` (false for anything malformed). */
export function tokenMatches(token: unknown, hash: string | null): boolean {
  if (typeof token !== 'string' || hash === null || token.length > 64) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
