import { refuse } from '@hexarena/engines/engine/refusal.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * Passwords: at least 8 characters (and at most 256: hashing a megabyte is an attack), none of the
 * most common, not the username; kept as Argon2id (@node-rs/argon2's defaults, OWASP's minimum:
 * 19 MiB, 2 passes, 1 lane), never logged, never stored plain.
 */

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 256;

/** A new password (untrusted) for the account `username`, or why it will not do. */
export function checkNewPassword(password: unknown, username: string): Result<string> {
  if (typeof password !== 'string') return fail('the password must be text');
  const length = [...password].length;
  if (length < MIN_PASSWORD)
    return refuse('account.passwordShort', `a password has at least ${MIN_PASSWORD} characters`, { min: MIN_PASSWORD });
  if (length > MAX_PASSWORD)
    return refuse('account.passwordLong', `a password has at most ${MAX_PASSWORD} characters`, { max: MAX_PASSWORD });
  const folded = password.toLowerCase();
  if (COMMON_PASSWORDS.has(folded))
    return refuse('account.passwordCommon', 'that password is one of the most common ones, tried first by anyone guessing: choose another');
  if (folded === username.toLowerCase()) return refuse('account.passwordIsUsername', 'the password may not be the username');
  return ok(password);
}

/** Argon2 (a native module) is loaded at the first password, not with the server: it starts sooner. */
const argon2 = () => import('@node-rs/argon2');

/** The Argon2id hash of a password, in the PHC string form (its parameters and salt inside). */
export const hashPassword = async (password: string): Promise<string> => (await argon2()).hash(password);

/** A hash of a password nobody has: checked when the account does not exist, so that takes as long. */
let decoy: Promise<string> | null = null;

/** Whether `password` is the one `stored` hashes; with no account (null), as long to say false. */
export async function passwordMatches(
  stored: string | null,
  password: string,
  /** Argon2's check (a test's, to see which hash was checked). */
  verify: (hash: string, password: string) => Promise<boolean> = async (hash, p) => (await argon2()).verify(hash, p),
): Promise<boolean> {
  if (password.length > MAX_PASSWORD * 4) return false;
  decoy ??= hashPassword('a password no account has');
  try {
    const matches = await verify(stored ?? (await decoy), password);
    return stored !== null && matches;
  } catch {
    // A stored value that is no hash: the account cannot be logged into, and nothing is said why.
    return false;
  }
}
