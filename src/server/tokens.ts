import { createHash, timingSafeEqual } from 'node:crypto';
import { pooledRandomBytes } from './random-bytes.ts';

/**
 * Seat tokens: 128 random bits given once to whoever claims a seat; the store keeps only their
 * SHA-256, and a token is checked by comparing hashes in constant time.
 */
export const newSeatToken = (): string => pooledRandomBytes(16).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Tokens that have matched a seat lately, with their hashes (see `tokenMatches`). */
const VERIFIED_LIMIT = 4096;
const verified = new Map<string, string>();

/**
 * Whether `token` is the one whose hash is `hash` (false for anything malformed). A player sends
 * their token with every move, and hashing it each time was about 1% of the server's CPU at a
 * thousand moves a second: a token that has matched is remembered with its hash. Only tokens that
 * matched are, so made-up ones grow nothing; and the memory is bounded (emptied when full).
 */
export function tokenMatches(token: unknown, hash: string | null): boolean {
  if (typeof token !== 'string' || hash === null || token.length > 64) return false;
  const known = verified.get(token);
  const digest = known ?? hashToken(token);
  const given = Buffer.from(digest, 'hex');
  const stored = Buffer.from(hash, 'hex');
  const matches = given.length === stored.length && timingSafeEqual(given, stored);
  if (matches && known === undefined) {
    if (verified.size >= VERIFIED_LIMIT) verified.clear();
    verified.set(token, digest);
  }
  return matches;
}

/** How many tokens `tokenMatches` remembers now (for its tests). */
export const verifiedTokens = (): number => verified.size;
