import { refuse } from '@hexarena/engines/engine/refusal.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * Passwords: at least 8 characters (and at most 256: hashing a megabyte is an attack), none of the
 * most common, not the username; kept as Argon2id (PASSWORD_COST: @node-rs/argon2's defaults, OWASP's
 * minimum: 19 MiB, 2 passes, 1 lane), never logged, never stored plain.
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

/** Argon2id's work per password: memory in KiB, passes, lanes (`m=`, `t=`, `p=` in the PHC string). */
export interface PasswordCost {
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

/** The site's cost: @node-rs/argon2's defaults, OWASP's minimum (19 MiB, 2 passes, 1 lane), named so a test holds it. */
export const PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Argon2id's least cost (8 KiB, 1 pass), for the test suite only (HEXARENA_TEST_PASSWORD_COST=1,
 * which vitest.config.ts sets): its hundreds of sign-ups are about accounts, not about the work a
 * guess costs, and at the site's cost they spent a tenth of a CPU second each. The same function and
 * code paths; passwords.test.ts holds the site's cost.
 */
export const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 8, timeCost: 1, parallelism: 1 };

/** The cost new hashes get: the site's, unless the test suite asked for the least. */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): PasswordCost {
  return env.HEXARENA_TEST_PASSWORD_COST === '1' ? TEST_PASSWORD_COST : PASSWORD_COST;
}

/** The Argon2id hash of a password, in the PHC string form (its parameters and salt inside). */
export const hashPassword = async (password: string, cost: PasswordCost = passwordCost()): Promise<string> =>
  (await argon2()).hash(password, { ...cost });

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
