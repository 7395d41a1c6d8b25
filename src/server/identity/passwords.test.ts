import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from './passwords.ts';

describe('password checks', () => {
  it('an unknown name costs the same work as a wrong password: an Argon2 check against a decoy hashed as accounts are', async () => {
    const checked: string[] = [];
    const counted = (hash: string, password: string) => {
      checked.push(hash);
      return verify(hash, password);
    };
    const stored = await hashPassword('correct horse battery');
    expect(await passwordMatches(stored, 'correct horse battery', counted)).toBe(true);
    expect(await passwordMatches(stored, 'not the password', counted)).toBe(false);
    expect(await passwordMatches(null, 'not the password', counted)).toBe(false);
    // The password nobody has answers false too, with no account behind it.
    expect(await passwordMatches(null, 'a password no account has', counted)).toBe(false);
    expect(checked).toHaveLength(4);
    const [, wrong, unknown] = checked as [string, string, string, string];
    expect(unknown).not.toBe(stored);
    // The PHC string's algorithm, version and cost (memory, passes, lanes): the same hash function, the same work.
    const cost = (hash: string) => hash.split('$').slice(1, 4).join('$');
    expect(cost(unknown)).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    expect(cost(unknown)).toBe(cost(wrong));
  });
});
