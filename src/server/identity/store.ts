import type { Json } from '@hexarena/engines/engine/game.ts';
import type { GameId } from '../stores/game.ts';
/**
 * What the stores keep of people: accounts (a guest's too), their sessions, and the names of deleted
 * accounts (hashed: kept only so nobody takes a departed player's name). Written once for both
 * databases (stores/accounts.ts, stores/bots.ts), which pass one contract suite (store-contract.testing.ts).
 */

/** A guest plays under a session alone; a player has a name and a password; a deleted account keeps its games. */
export type AccountKind = 'guest' | 'player' | 'bot' | 'deleted';

export interface Account {
  /** Opaque and permanent: what seats and sessions point at. */
  readonly id: string;
  /** As shown: a player's username, a guest's "Guest-xxxx", a deleted account's placeholder. */
  readonly name: string;
  readonly kind: AccountKind;
  readonly createdAt: number;
  /** Argon2id, PHC form; null for guests and deleted accounts. */
  readonly passwordHash: string | null;
  /** The language a player chose for the site ("ru"), on every device they sign in on; absent until chosen. */
  readonly language?: string;
}

export interface StoredSession {
  readonly accountId: string;
  readonly createdAt: number;
  /** When it was last used (written at most once in a while, not on every request). */
  readonly seenAt: number;
}

/** Accounts (a guest's, a player's, a bot's, a deleted one's), their sessions, and the seats they hold: stores/accounts.ts. */
export interface AccountStore {
  /** A guest account. */
  createGuest(id: string, name: string, createdAt: number): Promise<void>;
  /**
   * A player's account, or a guest's turned into one (its id, and so its games, kept, its seats
   * named after the player) when `id` is a guest's; false when the name (`key`, in lower case) is
   * taken or was a deleted account's.
   */
  register(id: string, name: string, key: string, keyHash: string, passwordHash: string, createdAt: number): Promise<boolean>;
  read(id: string): Promise<Account | null>;
  /** The account of a username, by its lower-case key. */
  byKey(key: string): Promise<Account | null>;
  setPassword(id: string, passwordHash: string): Promise<void>;
  /** The language the site speaks to the account's player; null forgets it (the browser's then decide). */
  setLanguage(id: string, language: string | null): Promise<void>;
  /**
   * Deletes what is personal, in one write: the name becomes `placeholder` wherever it was (its seats,
   * its challenges' rows), its chat lines go, the password, every session and API token go, its
   * open challenges are cancelled and its places in pools given up, the name's hash is kept so nobody
   * else takes it, and its bots are retired the same way (each named by `deletion.retireBot`, its
   * token gone, its seats held by the bot's closed account). The account is marked deleted first of
   * all, so whatever is left to do (its games to end: account-closing.ts) a restart finds. Its games stay.
   */
  delete(id: string, placeholder: string, keyHash: string | null, deletion?: DeletionDetails): Promise<void>;

  /** A session, by the hash of its id (the id itself is only in the cookie). */
  createSession(idHash: string, accountId: string, now: number): Promise<void>;
  session(idHash: string): Promise<StoredSession | null>;
  touchSession(idHash: string, now: number): Promise<void>;
  endSession(idHash: string): Promise<void>;
  /** Ends every session of the account but `except` (a hash, or null for all); how many ended. */
  endSessions(accountId: string, except: string | null): Promise<number>;
  sessionsOf(accountId: string): Promise<StoredSession[]>;
  /**
   * The account an engine (an AI level, an outside program) plays rated games under: made once, kept
   * (kind bot, no password, no owner); nothing happens when it is there already.
   */
  ensureEngine(id: string, name: string, key: string, createdAt: number): Promise<void>;
  /** The seats the account holds or held, in games old to new. */
  seatsOf(accountId: string): Promise<{ readonly game: string; readonly seat: number }[]>;
  /**
   * The seats `account` holds in games still on and has not left, with those of the bots it owns
   * (by their accounts, or their tokens): what closing the account ends (account-closing.ts), oldest game first.
   */
  liveSeatsOf(account: string): Promise<{ readonly game: GameId; readonly seat: number }[]>;
  /** The deleted accounts that still hold a seat, not left, in a game still on: closings a crash cut short. */
  closedInPlay(): Promise<string[]>;
  /** A secret of this site, made once with the store, for keyed hashes (never sent, never logged). */
  siteSecret(): Promise<string>;
}

/** Bots owned by players, who answers for a seat, and personal API tokens: what plays by a token. stores/bots.ts. */
export interface BotStore {
  /**
   * A bot's account, owned by the player `ownerId`, with the token (its hash) it plays by; false when
   * the name is taken (by a player, a bot, or a deleted account), or when the owner has `maxBots`
   * already (counted in the same write, so bots registered at once cannot pass it together).
   */
  registerOwned(
    accountId: string,
    ownerId: string,
    name: string,
    key: string,
    keyHash: string,
    tokenHash: string,
    createdAt: number,
    maxBots?: number,
  ): Promise<boolean>;
  /**
   * The account that answers for `accountId`: a bot's owner, anyone else's own (a bot of no owner,
   * such as an engine, answers for itself); null when there is no such account.
   */
  ownerOf(accountId: string): Promise<string | null>;
  /** The account that answers for the bot whose token's hash is given; null for no bot, or one older than bot accounts. */
  ownerOfBot(tokenHash: string): Promise<string | null>;
  /** The bots a player owns. */
  ownedBy(ownerId: string): Promise<{ readonly name: string; readonly createdAt: number }[]>;
  /**
   * Gives the owner's bot `key` a new token (its hash); its seats in games still on follow it. The
   * old token's hash, or null when the owner has no such bot.
   */
  rotateToken(ownerId: string, key: string, tokenHash: string): Promise<string | null>;
  /** A personal API token: lets a script act as its account within `scope`. */
  createApiToken(tokenHash: string, accountId: string, label: string, scope: string, createdAt: number): Promise<void>;
  /** The account's tokens, as their owner sees them: an id (the start of the hash), the label, the scope, when made. */
  apiTokensOf(
    accountId: string,
  ): Promise<{ readonly id: string; readonly label: string; readonly scope: string; readonly createdAt: number }[]>;
  /** Revokes the account's token whose id is given; false when there is none. */
  revokeApiToken(accountId: string, id: string): Promise<boolean>;
  /** Revokes every personal API token of the account (a bot's token is its bot's, not these); how many. */
  revokeApiTokens(accountId: string): Promise<number>;
  /** Whose a token is, and what it may do; null for no token. */
  apiToken(tokenHash: string): Promise<{ readonly accountId: string; readonly scope: string } | null>;
  /** Registers a bot: its token's hash and its name; false when the name is taken. */
  register(tokenHash: string, name: string, createdAt: number): Promise<boolean>;
  /** The name of the bot with this token hash, or null. */
  nameOf(tokenHash: string): Promise<string | null>;
  /** The ids of the games not yet ended with a seat claimed by this token hash (a bot's games), oldest first. */
  seatedIn(tokenHash: string): Promise<GameId[]>;
}

/** Who people are, as the store keeps them: `store.accounts` and `store.bots`. */
export interface IdentityStore {
  readonly accounts: AccountStore;
  readonly bots: BotStore;
}

export interface GamesQuery {
  readonly limit: number;
  readonly before?: number;
  readonly live?: boolean;
}

export interface PlayedResult {
  readonly game: string;
  readonly seat: number;
  /** The stored result (an Outcome's JSON). */
  readonly result: Json;
}

/** What deleting an account needs besides its own placeholder: the time, and how its bots are renamed. */
export interface DeletionDetails {
  /** When: its open challenges are cancelled as of then (0 by default). */
  readonly at?: number;
  /** The placeholder of a bot of the account's (by its lower-case name), and its name's hash to retire. */
  readonly retireBot?: (key: string) => { readonly placeholder: string; readonly keyHash: string };
}

/** Migration 11, the same SQL in both stores: accounts, sessions, retired names, seats held by accounts. */
export const ACCOUNTS = `CREATE TABLE accounts (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     name_key TEXT UNIQUE,
     password_hash TEXT,
     kind TEXT NOT NULL,
     created_at BIGINT NOT NULL
   );
   CREATE TABLE sessions (
     id_hash TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts(id),
     created_at BIGINT NOT NULL,
     seen_at BIGINT NOT NULL
   );
   CREATE INDEX sessions_by_account ON sessions(account_id);
   CREATE TABLE retired_names (key_hash TEXT PRIMARY KEY);
   ALTER TABLE seats ADD COLUMN account_id TEXT;
   CREATE INDEX seats_by_account ON seats(account_id);`;

/** Migration 23, the same SQL in both stores: the language a player chose for the site (docs/translating.md). */
export const ACCOUNT_LANGUAGE = 'ALTER TABLE accounts ADD COLUMN language TEXT;';

/** Migration 13, the same SQL in both stores: bots owned by players, and personal API tokens. */
export const OWNED_BOTS = `ALTER TABLE accounts ADD COLUMN owner_id TEXT;
   ALTER TABLE bots ADD COLUMN account_id TEXT;
   CREATE INDEX accounts_by_owner ON accounts(owner_id);
   CREATE TABLE api_tokens (
     token_hash TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts(id),
     label TEXT NOT NULL,
     scope TEXT NOT NULL,
     created_at BIGINT NOT NULL
   );
   CREATE INDEX api_tokens_by_account ON api_tokens(account_id);`;

/** The id of an API token as its owner sees it: enough of its hash to name it, nothing to use. */
export const API_TOKEN_ID = 12;
