import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordMatches } from './identity/passwords.ts';
import { serveInProcess } from './in-process.testing.ts';
import { Browser, signUp } from './online.testing.ts';

/**
 * Password guessing against a real server on loopback (in this process, so that the password checks
 * can be counted): each client another address of 127.0.0.0/8, as the server sees them (no proxy,
 * no forwarded header). The clock stands still: every attempt falls in the same minute.
 */
let server: Awaited<ReturnType<typeof serveInProcess>>;
let base: string;
/** Argon2 verifications the server ran. */
let checks = 0;

beforeAll(async () => {
  const counted = (stored: string | null, password: string) => {
    checks++;
    return passwordMatches(stored, password);
  };
  server = await serveInProcess('logins', {
    rate: 100_000,
    hub: { now: () => 1_700_000_000_000 },
    identity: { passwordMatches: counted },
  });
  base = server.base;
});
afterAll(async () => {
  await server?.close();
});

const logIn = (b: Browser, username: string, password: string) => b.ask('POST', '/api/session', { username, password });

describe('password guessing', () => {
  it('300 wrong guesses at once from 5 addresses get 10 password checks an address; the player still logs in', async () => {
    await signUp(new Browser(base, '127.0.2.1'), 'Target');
    checks = 0;
    const addresses = ['127.0.2.11', '127.0.2.12', '127.0.2.13', '127.0.2.14', '127.0.2.15'];
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => logIn(new Browser(base, addresses[i % 5] as string), 'target', `guess ${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(250);
    expect(checks).toBe(50);
    for (const a of answers.filter((a) => a.status === 429)) expect(a.json?.error).toMatch(/too many wrong passwords: try again in \d+ s/);
    // Every guessing address waits now, for this account…
    for (const from of addresses) expect((await logIn(new Browser(base, from), 'target', 'correct horse battery')).status).toBe(429);
    expect(checks).toBe(50);
    // …and the player, from an address of their own, logs in.
    const player = new Browser(base, '127.0.2.2');
    expect((await logIn(player, 'target', 'correct horse battery')).status).toBe(200);
    expect((await player.ask('GET', '/api/session')).json?.account).toMatchObject({ name: 'Target' });
  });

  it('11 wrong passwords for a name from one address, then the right one from another: logged in; changing the password is not held back', async () => {
    const owner = new Browser(base, '127.0.3.1');
    await signUp(owner, 'Owner');
    const guesser = new Browser(base, '127.0.3.2');
    const tries = [];
    for (let i = 0; i < 11; i++) tries.push((await logIn(guesser, 'owner', `guess ${i}`)).status);
    expect(tries).toEqual([...Array<number>(10).fill(401), 429]);
    // The right password from the guesser's address waits too: it is the guesser's wait.
    expect((await logIn(guesser, 'owner', 'correct horse battery')).status).toBe(429);
    const elsewhere = new Browser(base, '127.0.3.3');
    expect((await logIn(elsewhere, 'owner', 'correct horse battery')).status).toBe(200);
    // The owner, logged in before the guessing began, changes the password and may delete the account.
    expect(
      (await owner.ask('POST', '/api/account/password', { current: 'correct horse battery', password: 'another long secret' })).json,
    ).toEqual({ changed: true, revoked: 0 });
    expect((await logIn(new Browser(base, '127.0.3.4'), 'owner', 'another long secret')).status).toBe(200);
  });

  it('an unknown name is answered as a known one, after a password check of its own', async () => {
    checks = 0;
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await logIn(new Browser(base, '127.0.4.1'), 'nobody_here', `guess ${i}`));
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(10).fill(401), 429]);
    expect(new Set(answers.slice(0, 10).map((a) => a.text)).size).toBe(1);
    expect(checks).toBe(10);
  });
});
