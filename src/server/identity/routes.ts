import { parseAccountDeletionRequest, parseCredentialsRequest, parsePasswordChangeRequest } from '@hexarena/engines/protocol/index.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, LOCALES } from '../../web/i18n/languages.ts';
import { Allowance } from '../limits.ts';
import { subscriberOf } from '../network.ts';
import { refusalBody } from '../refusal-body.ts';
import { hashToken, newSeatToken } from '../tokens.ts';
import { apiTokenOf, BANNED, type Identities, type Identity, nameKeyHash, newAccountId, newApiToken, publicAccount } from './identities.ts';
import { type Attempt, DEFAULT_LOGIN_LIMITS, LoginAttempts } from './login-attempts.ts';
import { checkNewPassword, hashPassword, passwordMatches } from './passwords.ts';
import { type Account, API_TOKEN_ID } from './store.ts';
import { parseUsername, usernameKey } from './usernames.ts';

/**
 * Accounts and sessions over HTTP (docs/protocol.md, "Accounts"): sign up, log in and out (here or
 * everywhere), change the password, delete the account, download one's data, and a guest identity
 * for whoever plays before signing up. Failed logins make the next attempts wait (login-attempts.ts:
 * per account from an address, per address, per account from many addresses); an unknown name and a
 * wrong password are answered alike, after the same work.
 */

export interface IdentityLimits {
  /** Failed logins a minute for one account from one address before the next attempt from there waits (10). */
  readonly failuresPerAccountAndAddress?: number;
  /** Failed logins a minute from one address, over all accounts (30: a household, a school). */
  readonly failuresPerAddress?: number;
  /** Failed logins a minute for one account from every address it was never logged into from (200). */
  readonly failuresPerAccount?: number;
  /** Checks a password against the stored hash (passwordMatches; a test counts the checks with its own). */
  readonly passwordMatches?: (stored: string | null, password: string) => Promise<boolean>;
  /** Accounts one address may make an hour (10, in a burst). */
  readonly signupsPerHour?: number;
  /** Guests one address may begin an hour (60, in a burst of 30). */
  readonly guestsPerHour?: number;
}

const WRONG = 'wrong username or password';
/** The name a deleted account (or its bot) goes by from then on: nothing of the old one. */
const placeholder = (): string => `Deleted-${newAccountId().slice(0, 6)}`;
/** Personal API tokens one account may hold at once. */
const MAX_API_TOKENS = 10;
const HOUR_S = 3600;

/** A deletion's steps beyond the account's own rows: its challenges and pools before, its games after. */
export interface AccountClosingSteps {
  withdraw(account: string): Promise<void>;
  endGames(account: string): Promise<void>;
}

const NO_CLOSING_STEPS: AccountClosingSteps = { withdraw: async () => undefined, endGames: async () => undefined };

export function registerIdentity(
  app: FastifyInstance,
  identities: Identities,
  limits: IdentityLimits = {},
  /** Told of the games whose seats changed name: a deleted account's, a guest's who signed up. */
  renamed: (games: readonly string[]) => void = () => undefined,
  /** What else a deletion does (account-closing.ts): before the account is marked, and after. */
  closing: AccountClosingSteps = NO_CLOSING_STEPS,
  /** Told of each player who signs up here (the search of players finds them at once). */
  joined: (account: Account) => void = () => undefined,
): void {
  const accounts = new AccountDesk(identities, limits, renamed, closing, joined);
  // A personal token revoked (or never made) is told so, not taken for no token at all: a script that
  // goes on would otherwise make games as nobody.
  app.addHook('onRequest', async (request, reply) => {
    if (apiTokenOf(request) === null || (await identities.of(request)) !== null) return;
    return reply.code(401).send({ error: 'that API token is revoked or unknown: make a new one on your account page' });
  });
  registerSessions(app, accounts);
  registerSignup(app, accounts);
  registerTokens(app, accounts);
  registerAccountChanges(app, accounts);
  registerLanguage(app, accounts);
}

/** What the account routes share: the store, the login guard and allowances, and who a request is. */
class AccountDesk {
  readonly store: Identities['store'];
  readonly now: () => number;
  readonly attempts: LoginAttempts;
  readonly signups: Allowance;
  readonly guests: Allowance;
  private readonly matches: (stored: string | null, password: string) => Promise<boolean>;

  constructor(
    readonly identities: Identities,
    limits: IdentityLimits,
    readonly renamed: (games: readonly string[]) => void,
    readonly closing: AccountClosingSteps,
    readonly joined: (account: Account) => void,
  ) {
    this.store = identities.store;
    this.now = identities.now;
    this.attempts = new LoginAttempts({
      perAccountAndAddress: limits.failuresPerAccountAndAddress ?? DEFAULT_LOGIN_LIMITS.perAccountAndAddress,
      perAddress: limits.failuresPerAddress ?? DEFAULT_LOGIN_LIMITS.perAddress,
      perAccount: limits.failuresPerAccount ?? DEFAULT_LOGIN_LIMITS.perAccount,
    });
    this.matches = limits.passwordMatches ?? passwordMatches;
    const signupsPerHour = limits.signupsPerHour ?? 10;
    this.signups = new Allowance(signupsPerHour / HOUR_S, signupsPerHour);
    const guestsPerHour = limits.guestsPerHour ?? 60;
    this.guests = new Allowance(guestsPerHour / HOUR_S, Math.ceil(guestsPerHour / 2));
  }

  /**
   * Checks `password` against `stored` in `attempt` (begun before: counted before the hash is worked
   * out), or answers that it must wait (null: the reply is sent).
   */
  async checkPassword(
    reply: FastifyReply,
    attempt: Attempt | number,
    stored: () => Promise<string | null>,
    password: string,
  ): Promise<boolean | null> {
    if (typeof attempt === 'number') {
      const seconds = Math.ceil(attempt / 1000);
      reply.header('retry-after', String(seconds));
      void reply.code(429).send(refusalBody('account.tooManyWrong', `too many wrong passwords: try again in ${seconds} s`, { seconds }));
      return null;
    }
    let matched: boolean | null = null;
    try {
      matched = await this.matches(await stored(), password);
      return matched;
    } finally {
      attempt.end(matched, this.now());
    }
  }

  /**
   * The player (not a guest) whose browser session the request carries, or a 401 sent: the account
   * is managed from the site, never with an API token.
   */
  async player(request: FastifyRequest, reply: FastifyReply): Promise<Identity | null> {
    const identity = await this.identities.of(request);
    if (identity?.account.kind === 'player' && identity.via === 'session') return identity;
    void reply
      .code(401)
      .send(
        identity?.via === 'token'
          ? refusalBody('account.tokenPlays', 'an API token plays; the account is managed from the site')
          : refusalBody('account.logInFirst', 'log in first'),
      );
    return null;
  }

  /** Anyone's browser session (a guest's too), or a 401 sent. */
  async session(request: FastifyRequest, reply: FastifyReply): Promise<Identity | null> {
    const identity = await this.identities.of(request);
    if (identity?.via === 'session') return identity;
    void reply.code(401).send({ error: identity ? 'an API token plays; the account is managed from the site' : 'log in first' });
    return null;
  }
}

/** Sessions: who one is, a guest begun, logging in, logging out here or everywhere. */
function registerSessions(app: FastifyInstance, accounts: AccountDesk): void {
  // Who one is, and whether one moderates: the page shows a moderator's tools from this answer,
  // rather than asking /api/mod/ (which refuses everyone else) on every page a player opens.
  app.get('/api/session', async (request) => {
    const identity = await accounts.identities.of(request);
    return { account: identity ? publicAccount(identity.account) : null, moderator: await accounts.identities.moderates(identity) };
  });

  app.post('/api/session/guest', { bodyLimit: 1024 }, async (request, reply) => {
    const identity = await accounts.identities.of(request);
    if (identity) return { account: publicAccount(identity.account) };
    if (!accounts.guests.take(subscriberOf(request.ip), accounts.now())) {
      reply.header('retry-after', '60');
      return reply
        .code(429)
        .send(refusalBody('account.tooManyGuests', 'too many new guests from this address: sign up, or try again later'));
    }
    return reply.code(201).send({ account: publicAccount(await accounts.identities.newGuest(reply)) });
  });

  app.post('/api/session', { bodyLimit: 4096 }, async (request, reply) => {
    const asked = parseCredentialsRequest(request.body);
    if (!asked.ok) return reply.code(400).send({ error: asked.error.message });
    const key = usernameKey(asked.value.username);
    const found: { account: Account | null } = { account: null };
    const stored = async () => {
      found.account = await accounts.store.accounts.byKey(key);
      return found.account?.passwordHash ?? null;
    };
    // No such account: the decoy hash is checked instead, so the answer takes as long and says the same.
    const matched = await accounts.checkPassword(
      reply,
      accounts.attempts.logIn(key, request.ip, accounts.now()),
      stored,
      asked.value.password,
    );
    if (matched === null) return reply;
    const { account } = found;
    if (!matched || !account) return reply.code(401).send(refusalBody('account.wrongPassword', WRONG));
    // Told only to whoever knows the password: a banned account's owner learns why, nobody else how.
    if (await accounts.identities.banned(account.id)) return reply.code(403).send(refusalBody('account.banned', BANNED));
    await accounts.identities.begin(reply, account.id, await accounts.identities.of(request));
    // As GET /api/session answers: the page that logged in shows a moderator's tools at once.
    const moderator = account.kind === 'player' && (await accounts.store.moderation.hasRole(account.id, 'moderator'));
    return { account: publicAccount(account), moderator };
  });

  app.delete('/api/session', async (request, reply) => {
    await accounts.identities.end(reply, await accounts.identities.of(request));
    return { ended: true };
  });

  app.delete('/api/sessions', async (request, reply) => {
    const identity = await accounts.session(request, reply);
    if (!identity) return reply;
    const ended = await accounts.store.accounts.endSessions(identity.account.id, null);
    // A script given a personal token is logged out too (its owner makes a new one); bots keep theirs.
    const revoked = await accounts.store.bots.revokeApiTokens(identity.account.id);
    await accounts.identities.end(reply, null);
    return { ended, revoked };
  });
}

/** Signing up: a new player, or a guest who keeps its account and games. */
function registerSignup(app: FastifyInstance, accounts: AccountDesk): void {
  app.post('/api/account', { bodyLimit: 4096 }, async (request, reply) => {
    const asked = parseCredentialsRequest(request.body);
    if (!asked.ok) return reply.code(400).send({ error: asked.error.message });
    const username = parseUsername(asked.value.username);
    if (!username.ok) return reply.code(400).send(refusalBody(username.error));
    const password = checkNewPassword(asked.value.password, username.value.name);
    if (!password.ok) return reply.code(400).send(refusalBody(password.error));
    const identity = await accounts.identities.of(request);
    if (identity?.account.kind === 'player')
      return reply.code(409).send(
        refusalBody('account.loggedInAs', `you are logged in as ${identity.account.name}: log out to make another account`, {
          name: identity.account.name,
        }),
      );
    if (!accounts.signups.take(subscriberOf(request.ip), accounts.now())) {
      reply.header('retry-after', '600');
      return reply.code(429).send(refusalBody('account.tooManyAccounts', 'too many new accounts from this address: try again later'));
    }
    // A guest who signs up keeps its account, and with it the games it played.
    const id = identity?.account.kind === 'guest' ? identity.account.id : newAccountId();
    const { name, key } = username.value;
    if (!(await accounts.store.accounts.register(id, name, key, nameKeyHash(key), await hashPassword(password.value), accounts.now())))
      return reply.code(409).send(refusalBody('account.usernameTaken', `the username ${name} is taken: choose another`, { name }));
    await accounts.identities.begin(reply, id, identity);
    // The guest's seats now carry the player's name: the rooms holding them read them again.
    if (identity) accounts.renamed([...new Set((await accounts.store.accounts.seatsOf(id)).map((s) => s.game))]);
    const account = await accounts.store.accounts.read(id);
    if (account) accounts.joined(account);
    return reply.code(201).send({ account: account ? publicAccount(account) : null });
  });
}

/** A player's bots and personal API tokens. */
function registerTokens(app: FastifyInstance, accounts: AccountDesk): void {
  app.get('/api/account/bots', async (request, reply) => {
    const owner = await accounts.player(request, reply);
    if (!owner) return reply;
    return { bots: await accounts.store.bots.ownedBy(owner.account.id) };
  });

  // A bot's token revoked: it gets a new one (shown once); its seats in games still on follow it.
  app.post('/api/account/bots/:name/token', { bodyLimit: 1024 }, async (request, reply) => {
    const owner = await accounts.player(request, reply);
    if (!owner) return reply;
    const { name } = request.params as { name: string };
    const token = newSeatToken();
    const hash = hashToken(token);
    if (name.length > 30 || (await accounts.store.bots.rotateToken(owner.account.id, name.toLowerCase(), hash)) === null)
      return reply
        .code(404)
        .send(refusalBody('tokens.noSuchBot', `you have no bot named ${name.slice(0, 30)}`, { name: name.slice(0, 30) }));
    accounts.renamed(await accounts.store.bots.seatedIn(hash));
    return reply.code(201).send({ name, token });
  });

  app.get('/api/account/tokens', async (request, reply) => {
    const owner = await accounts.player(request, reply);
    if (!owner) return reply;
    return { tokens: await accounts.store.bots.apiTokensOf(owner.account.id) };
  });

  app.post('/api/account/tokens', { bodyLimit: 1024 }, async (request, reply) => {
    const owner = await accounts.player(request, reply);
    if (!owner) return reply;
    const label = (request.body as { label?: unknown } | null)?.label;
    if (typeof label !== 'string' || label.trim() === '' || label.length > 40)
      return reply.code(400).send(refusalBody('tokens.label', 'a token has a label of 1 to 40 characters, to know it by', { max: 40 }));
    if ((await accounts.store.bots.apiTokensOf(owner.account.id)).length >= MAX_API_TOKENS)
      return reply
        .code(409)
        .send(
          refusalBody('tokens.tooMany', `an account has at most ${MAX_API_TOKENS} tokens: revoke one first`, { count: MAX_API_TOKENS }),
        );
    const { token, hash } = newApiToken();
    await accounts.store.bots.createApiToken(hash, owner.account.id, label.trim(), 'play', accounts.now());
    return reply.code(201).send({ id: hash.slice(0, API_TOKEN_ID), token, label: label.trim(), scope: 'play' });
  });

  app.delete('/api/account/tokens/:id', async (request, reply) => {
    const owner = await accounts.player(request, reply);
    if (!owner) return reply;
    const { id } = request.params as { id: string };
    if (!(await accounts.store.bots.revokeApiToken(owner.account.id, id.slice(0, API_TOKEN_ID))))
      return reply.code(404).send(refusalBody('tokens.noSuchToken', 'you have no such token'));
    return { revoked: true };
  });
}

/** The site's language for a player on every device (docs/translating.md); a guest's stays in their browser. */
function registerLanguage(app: FastifyInstance, accounts: AccountDesk): void {
  app.post('/api/account/language', { bodyLimit: 1024 }, async (request, reply) => {
    const identity = await accounts.player(request, reply);
    if (!identity) return reply;
    const language = (request.body as { language?: unknown } | null)?.language;
    if (language !== null && !isLocale(language))
      return reply.code(400).send({ error: `language must be one of ${LOCALES.join(', ')}, or null to forget it` });
    await accounts.store.accounts.setLanguage(identity.account.id, language);
    return { language };
  });
}

/** A player's own account: its password changed, the account deleted, its data downloaded. */
function registerAccountChanges(app: FastifyInstance, accounts: AccountDesk): void {
  app.post('/api/account/password', { bodyLimit: 4096 }, async (request, reply) => {
    const identity = await accounts.player(request, reply);
    if (!identity) return reply;
    const asked = parsePasswordChangeRequest(request.body);
    if (!asked.ok) return reply.code(400).send({ error: asked.error.message });
    const { account } = identity;
    // Counted per session: nobody else's wrong passwords hold the player back here.
    const matched = await accounts.checkPassword(
      reply,
      accounts.attempts.recheck(identity.session, accounts.now()),
      async () => account.passwordHash,
      asked.value.current,
    );
    if (matched === null) return reply;
    if (!matched) return reply.code(403).send(refusalBody('account.notYourPassword', 'that is not your password now'));
    const password = checkNewPassword(asked.value.password, account.name);
    if (!password.ok) return reply.code(400).send(refusalBody(password.error));
    await accounts.store.accounts.setPassword(account.id, await hashPassword(password.value));
    // Whoever knew the old password is logged out everywhere, with any token they made with it (bots
    // keep theirs: a bot's token is not the account's); this browser goes on in a new session.
    await accounts.store.accounts.endSessions(account.id, null);
    const revoked = await accounts.store.bots.revokeApiTokens(account.id);
    await accounts.identities.begin(reply, account.id, null);
    return { changed: true, revoked };
  });

  app.post('/api/account/delete', { bodyLimit: 4096 }, async (request, reply) => {
    const identity = await accounts.player(request, reply);
    if (!identity) return reply;
    const asked = parseAccountDeletionRequest(request.body);
    if (!asked.ok) return reply.code(400).send({ error: asked.error.message });
    const { account } = identity;
    const key = usernameKey(account.name);
    const matched = await accounts.checkPassword(
      reply,
      accounts.attempts.recheck(identity.session, accounts.now()),
      async () => account.passwordHash,
      asked.value.password,
    );
    if (matched === null) return reply;
    if (!matched) return reply.code(403).send(refusalBody('account.notYourPassword', 'that is not your password'));
    const [seats, live] = await Promise.all([accounts.store.accounts.seatsOf(account.id), accounts.store.accounts.liveSeatsOf(account.id)]);
    // Its challengers hear of their cancelled challenges; the deletion cancels any made meanwhile too.
    await accounts.closing.withdraw(account.id);
    await accounts.store.accounts.delete(account.id, placeholder(), nameKeyHash(key), {
      at: accounts.now(),
      retireBot: (botKey) => ({ placeholder: placeholder(), keyHash: nameKeyHash(botKey) }),
    });
    accounts.renamed([...new Set([...seats, ...live].map((s) => s.game))]);
    await accounts.identities.end(reply, null);
    // Marked deleted: what is left (its games, its bots') a sweep finishes should this stop half-way
    // or the store fail now; the account is deleted either way.
    await accounts.closing.endGames(account.id).catch(() => undefined);
    return { deleted: true };
  });

  app.get('/api/account/data', async (request, reply) => {
    const identity = await accounts.session(request, reply);
    if (!identity) return reply;
    const { account } = identity;
    const [sessions, seats] = await Promise.all([
      accounts.store.accounts.sessionsOf(account.id),
      accounts.store.accounts.seatsOf(account.id),
    ]);
    reply.header('content-disposition', `attachment; filename="hexarena-${account.kind === 'player' ? account.name : 'guest'}.json"`);
    return {
      account: publicAccount(account),
      sessions: sessions.map((s) => ({ createdAt: s.createdAt, seenAt: s.seenAt })),
      seats,
    };
  });
}
