import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GameStore } from '../store.ts';
import {
  clearedCookie,
  newSessionId,
  type SessionSettings,
  sessionCookie,
  sessionHash,
  sessionHolds,
  sessionIdOf,
  TOUCH_EVERY_MS,
} from './sessions.ts';
import type { Account, IdentityStore } from './store.ts';

/**
 * Who a request speaks for: the account behind its session cookie (a player's or a guest's), found
 * once per request. Sessions begin and end here; every route that acts for a person asks here.
 */

/** A request's identity: its account, and the hash of the session (or personal API token) that carried it. */
export interface Identity {
  readonly account: Account;
  readonly session: string;
  /** A session's cookie (a browser), or a personal API token (a script: it may play, not manage the account). */
  readonly via: 'session' | 'token';
}

/** What a banned player is told at login (only when the password is right: nobody else learns of the ban). */
export const BANNED = "this account is closed: the site's moderators banned it";

/** Personal API tokens say what they are, so neither a bot's token nor a typo is taken for one. */
export const API_TOKEN_PREFIX = 'hxp_';

/** A new personal API token (256 random bits) and the hash the store keeps. */
export function newApiToken(): { token: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: apiTokenHash(token) };
}

export const apiTokenHash = (token: string): string => createHash('sha256').update(`api-token/${token}`).digest('hex');

/** The personal API token a request carries (Authorization: Bearer hxp_…), or null. */
export function apiTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const token = header?.startsWith(`Bearer ${API_TOKEN_PREFIX}`) ? header.slice('Bearer '.length) : null;
  return token && /^hxp_[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

export const newAccountId = (): string => randomBytes(12).toString('base64url');

/** What the store keeps of a retired name: its hash, enough to refuse it, not to read it. */
export const nameKeyHash = (key: string): string => createHash('sha256').update(`name/${key}`).digest('hex');

export class Identities {
  private readonly found = new WeakMap<FastifyRequest, Promise<Identity | null>>();

  constructor(
    readonly store: IdentityStore & Pick<GameStore, 'bots' | 'accounts' | 'moderation'>,
    readonly settings: SessionSettings,
    readonly now: () => number,
  ) {}

  /** The identity the request's cookie carries, or null (none, ended, expired, or its account gone). */
  of(request: FastifyRequest): Promise<Identity | null> {
    let found = this.found.get(request);
    if (!found) {
      const token = apiTokenOf(request);
      found = token ? this.byToken(token) : this.lookUp(sessionIdOf(request.headers.cookie, this.settings));
      this.found.set(request, found);
    }
    return found;
  }

  private async byToken(token: string): Promise<Identity | null> {
    const hash = apiTokenHash(token);
    const found = await this.store.bots.apiToken(hash);
    if (found?.scope !== 'play') return null;
    const account = await this.store.accounts.read(found.accountId);
    if (account?.kind !== 'player' || (await this.banned(account.id))) return null;
    return { account, session: hash, via: 'token' };
  }

  private async lookUp(id: string | null): Promise<Identity | null> {
    if (id === null) return null;
    const hash = sessionHash(id);
    const session = await this.store.accounts.session(hash);
    if (!session) return null;
    const now = this.now();
    if (!sessionHolds(session, now, this.settings)) {
      await this.store.accounts.endSession(hash);
      return null;
    }
    const account = await this.store.accounts.read(session.accountId);
    if (!account || account.kind === 'deleted') return null;
    // A ban ends the account's sessions in its write; one begun in the same instant ends here.
    if (await this.banned(account.id)) {
      await this.store.accounts.endSession(hash);
      return null;
    }
    if (now - session.seenAt >= TOUCH_EVERY_MS) await this.store.accounts.touchSession(hash, now);
    return { account, session: hash, via: 'session' };
  }

  /**
   * Whether an identity found earlier (a socket's, as it opened) still holds: its session or token not
   * ended since (logged out everywhere, a password changed), its account neither deleted nor banned.
   */
  async stillHolds(identity: Identity): Promise<boolean> {
    const alive =
      identity.via === 'session' ? await this.store.accounts.session(identity.session) : await this.store.bots.apiToken(identity.session);
    if (!alive) return false;
    const account = await this.store.accounts.read(identity.account.id);
    return account !== null && account.kind !== 'deleted' && !(await this.banned(account.id));
  }

  /**
   * Whether `identity` is a moderator's (docs/moderation.md): a player's session holding the role; a
   * personal token is never a moderator. (A banned moderator has no identity: `of` refuses it.)
   */
  async moderates(identity: Identity | null): Promise<boolean> {
    return (
      identity?.via === 'session' &&
      identity.account.kind === 'player' &&
      (await this.store.moderation.hasRole(identity.account.id, 'moderator'))
    );
  }

  /** Whether the site's moderators have banned the account (docs/moderation.md): its login is refused with BANNED. */
  async banned(accountId: string): Promise<boolean> {
    return (await this.store.moderation.sanctionsOf(accountId, this.now())).some((s) => s.kind === 'ban');
  }

  /**
   * Begins a new session for `accountId` and gives its cookie to the reply; `previous`, the session
   * the request came with, ends (a login never keeps an id the browser had before: no fixation).
   */
  async begin(reply: FastifyReply, accountId: string, previous: Identity | null): Promise<void> {
    if (previous) await this.store.accounts.endSession(previous.session);
    const id = newSessionId();
    await this.store.accounts.createSession(sessionHash(id), accountId, this.now());
    reply.header('set-cookie', sessionCookie(id, this.settings));
  }

  /** Ends the request's session, if any, and has the browser forget it. */
  async end(reply: FastifyReply, identity: Identity | null): Promise<void> {
    if (identity) await this.store.accounts.endSession(identity.session);
    reply.header('set-cookie', clearedCookie(this.settings));
  }

  /** A new guest, in a new session: the identity of someone who plays before (or without) signing up. */
  async newGuest(reply: FastifyReply): Promise<Account> {
    const id = newAccountId();
    const name = `Guest-${randomBytes(3).toString('hex')}`;
    const now = this.now();
    await this.store.accounts.createGuest(id, name, now);
    await this.begin(reply, id, null);
    return { id, name, kind: 'guest', createdAt: now, passwordHash: null };
  }
}

/** An account as its owner and others see it: never its id's secrets, never its hash. */
export const publicAccount = (a: Account): { name: string; kind: Account['kind']; createdAt: number } => ({
  name: a.name,
  kind: a.kind,
  createdAt: a.createdAt,
});
