import { subscriberOf } from '../network.ts';
import { tallies } from '../tallies.ts';
import { LoginGuard } from './login-guard.ts';

/**
 * Who may try a password now, so that guessing is slow and nobody can use the limits to lock a
 * player out of their own account:
 * - an account from one address: `perAccountAndAddress` failures a minute, then waits (30 s,
 *   doubling to 15 min). A guesser's failures make only the guesser wait: the player, from an
 *   address with no failures, logs in.
 * - one address over all accounts: `perAddress` failures a minute (a household, a school).
 * - one account from every address: `perAccount` failures a minute, far more than one address may
 *   make (each stops after `perAccountAndAddress`), so only many addresses together reach it; then
 *   the account waits too, except from an address it was logged into from before, which keeps only
 *   its own limits (a player's home is not locked out by a botnet; a new place waits its turn).
 * - a password re-checked by a logged-in player (password change, deletion): counted per session,
 *   so nobody else's failures touch it.
 * Every attempt is counted before its password is checked (it holds a slot until it is known to have
 * failed or not), so guesses sent at once get no more checks than guesses sent one after another.
 *
 * Addresses count by what one subscriber holds: an IPv6 address by its /64 (a home is given a
 * /64, and any address in it), an IPv4-mapped one as IPv4.
 *
 * The tables live in this process's memory, bounded: with several instances, each keeps its own,
 * and a guesser spreading over N instances gets N times the allowance (docs/scaling.md).
 */

export interface LoginLimits {
  /** Failed logins a minute for one account from one address (10). */
  readonly perAccountAndAddress: number;
  /** Failed logins a minute from one address, over all accounts (30). */
  readonly perAddress: number;
  /** Failed logins a minute for one account, from all addresses but those it was logged into from (200). */
  readonly perAccount: number;
  /** Keys each table may hold. */
  readonly maxKeys?: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccountAndAddress: 10, perAddress: 30, perAccount: 200 };

/** How long an address that logged into an account is remembered as that account's. */
const KNOWN_FOR_MS = 30 * 24 * 3600_000;

/** An attempt under way: it must be ended, once, whatever became of it. */
export interface Attempt {
  /** `true`: the password was right; `false`: wrong; `null`: never checked (the store failed). */
  end(matched: boolean | null, now: number): void;
}

interface Slot {
  readonly guard: LoginGuard;
  readonly key: string;
  /** Whether a right password forgets this key's failures (never an address's: one's own account would clear it). */
  readonly forgetOnSuccess: boolean;
}

export class LoginAttempts {
  private readonly pairs: LoginGuard;
  private readonly addresses: LoginGuard;
  private readonly accounts: LoginGuard;
  private readonly sessions: LoginGuard;
  /** Account and address pairs that logged in, with when: oldest first. */
  private readonly known = new Map<string, number>();
  private readonly maxKeys: number;

  constructor(limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.maxKeys = limits.maxKeys ?? 100_000;
    this.pairs = new LoginGuard(limits.perAccountAndAddress, this.maxKeys);
    this.addresses = new LoginGuard(limits.perAddress, this.maxKeys);
    this.accounts = new LoginGuard(limits.perAccount, this.maxKeys);
    this.sessions = new LoginGuard(limits.perAccountAndAddress, this.maxKeys);
  }

  /**
   * A login to the account `account` (its name's key, whether or not there is such an account: an
   * unknown name is treated alike) from `address`: the attempt, or how long (ms) it must wait.
   */
  logIn(account: string, address: string, now: number): Attempt | number {
    const pair = `${account}\n${subscriberOf(address)}`;
    const slots: Slot[] = [
      { guard: this.pairs, key: pair, forgetOnSuccess: true },
      { guard: this.addresses, key: subscriberOf(address), forgetOnSuccess: false },
    ];
    if (!this.isKnown(pair, now)) slots.push({ guard: this.accounts, key: account, forgetOnSuccess: false });
    return this.begin(slots, now, () => this.remember(pair, now));
  }

  /** A logged-in player's password checked again, in the session `session` (its hash). */
  recheck(session: string, now: number): Attempt | number {
    return this.begin([{ guard: this.sessions, key: session, forgetOnSuccess: true }], now, () => undefined);
  }

  private begin(slots: readonly Slot[], now: number, succeeded: () => void): Attempt | number {
    const wait = Math.max(...slots.map((s) => s.guard.wait(s.key, now)));
    if (wait > 0) return wait;
    for (const s of slots) s.guard.hold(s.key, now);
    let ended = false;
    return {
      end: (matched, at) => {
        if (ended) return;
        ended = true;
        if (matched === false) tallies.loginsFailed++;
        for (const s of slots) {
          s.guard.release(s.key);
          if (matched === false) s.guard.failed(s.key, at);
          else if (matched && s.forgetOnSuccess) s.guard.succeeded(s.key);
        }
        if (matched) succeeded();
      },
    };
  }

  private isKnown(pair: string, now: number): boolean {
    const at = this.known.get(pair);
    return at !== undefined && now - at < KNOWN_FOR_MS;
  }

  private remember(pair: string, now: number): void {
    this.known.delete(pair);
    this.known.set(pair, now);
    for (const key of this.known.keys()) {
      if (this.known.size <= this.maxKeys) break;
      this.known.delete(key);
    }
  }
}
