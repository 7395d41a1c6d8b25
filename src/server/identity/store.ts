import type { Json } from '../../engine/game.ts';
/**
 * What the stores keep of people: accounts (a guest's too), their sessions, and the names of deleted
 * accounts (hashed: kept only so nobody takes a departed player's name). Both stores implement it
 * with the same SQL and pass one contract suite (store-contract.testing.ts).
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
}

export interface StoredSession {
  readonly accountId: string;
  readonly createdAt: number;
  /** When it was last used (written at most once in a while, not on every request). */
  readonly seenAt: number;
}

export interface IdentityStore {
  /** A guest account. */
  createGuest(id: string, name: string, createdAt: number): Promise<void>;
  /**
   * A player's account, or a guest's turned into one (its id, and so its games, kept, its seats
   * named after the player) when `id` is a guest's; false when the name (`key`, in lower case) is
   * taken or was a deleted account's.
   */
  register(id: string, name: string, key: string, keyHash: string, passwordHash: string, createdAt: number): Promise<boolean>;
  account(id: string): Promise<Account | null>;
  /** The account of a username, by its lower-case key. */
  accountByKey(key: string): Promise<Account | null>;
  setPassword(id: string, passwordHash: string): Promise<void>;
  /**
   * Deletes what is personal, in one write: the name becomes `placeholder` wherever it was (its seats,
   * its challenges' rows), its chat lines go, the password, every session and API token go, its
   * open challenges are cancelled and its places in pools given up, the name's hash is kept so nobody
   * else takes it, and its bots are retired the same way (each named by `deletion.retireBot`, its
   * token gone, its seats held by the bot's closed account). The account is marked deleted first of
   * all, so whatever is left to do (its games to end: account-closing.ts) a restart finds. Its games stay.
   */
  deleteAccount(id: string, placeholder: string, keyHash: string | null, deletion?: DeletionDetails): Promise<void>;

  /** A session, by the hash of its id (the id itself is only in the cookie). */
  createSession(idHash: string, accountId: string, now: number): Promise<void>;
  session(idHash: string): Promise<StoredSession | null>;
  touchSession(idHash: string, now: number): Promise<void>;
  endSession(idHash: string): Promise<void>;
  /** Ends every session of the account but `except` (a hash, or null for all); how many ended. */
  endSessions(accountId: string, except: string | null): Promise<number>;
  sessionsOf(accountId: string): Promise<StoredSession[]>;
  /**
   * A bot's account, owned by the player `ownerId`, with the token (its hash) it plays by; false when
   * the name is taken (by a player, a bot, or a deleted account), or when the owner has `maxBots`
   * already (counted in the same write, so bots registered at once cannot pass it together).
   */
  registerOwnedBot(
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
   * The account an engine (an AI level, an outside program) plays rated games under: made once, kept
   * (kind bot, no password, no owner); nothing happens when it is there already.
   */
  ensureEngineAccount(id: string, name: string, key: string, createdAt: number): Promise<void>;
  /**
   * The account that answers for `accountId`: a bot's owner, anyone else's own (a bot of no owner,
   * such as an engine, answers for itself); null when there is no such account.
   */
  ownerOf(accountId: string): Promise<string | null>;
  /** The account that answers for the bot whose token's hash is given; null for no bot, or one older than bot accounts. */
  ownerOfBot(tokenHash: string): Promise<string | null>;
  /** The bots a player owns. */
  botsOwnedBy(ownerId: string): Promise<{ readonly name: string; readonly createdAt: number }[]>;
  /**
   * Gives the owner's bot `key` a new token (its hash); its seats in games still on follow it. The
   * old token's hash, or null when the owner has no such bot.
   */
  rotateBotToken(ownerId: string, key: string, tokenHash: string): Promise<string | null>;
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
  /** The seats the account holds or held, in games old to new. */
  seatsOf(accountId: string): Promise<{ readonly game: string; readonly seat: number }[]>;
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

export interface AccountRow {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly created_at: number | string;
  readonly password_hash: string | null;
}

export const accountFromRow = (r: AccountRow): Account => ({
  id: r.id,
  name: r.name,
  kind: r.kind as AccountKind,
  createdAt: Number(r.created_at),
  passwordHash: r.password_hash,
});

export interface SessionRow {
  readonly account_id: string;
  readonly created_at: number | string;
  readonly seen_at: number | string;
}

export const sessionFromRow = (r: SessionRow): StoredSession => ({
  accountId: r.account_id,
  createdAt: Number(r.created_at),
  seenAt: Number(r.seen_at),
});

export const ACCOUNT_COLUMNS = 'id, name, kind, created_at, password_hash';
export const SESSION_COLUMNS = 'account_id, created_at, seen_at';

/*
 * Who answers for a seat, in SQL both stores share; `p` is the dialect's parameter ('?' or '$n'),
 * each used once in order.
 */

/** The owning account of an account: its owner (a bot's), else itself. Parameter: the account. */
export const ownerOfAccount = (p: string): string => `SELECT COALESCE(owner_id, id) AS owner FROM accounts WHERE id = ${p}`;

/** The owning account of a bot, by its token's hash. Parameter: the hash. */
export const ownerOfBot = (p: string): string =>
  `SELECT COALESCE(a.owner_id, a.id) AS owner FROM bots b JOIN accounts a ON a.id = b.account_id WHERE b.token_hash = ${p}`;

/** How many bots an account owns (as n). Parameter: the owner. */
export const botsOwned = (p: string): string => `SELECT COUNT(*) AS n FROM accounts WHERE owner_id = ${p} AND kind = 'bot'`;

/**
 * A seat of a game held by an owner: by its account, by a bot it owns (the bot's account, or a bot's
 * seat taken with its token). Parameters: the game, then the owner four times.
 */
export const ownerSeated = (game: string, ...owner: [string, string, string, string]): string =>
  `SELECT 1 FROM seats s WHERE s.game_id = ${game} AND (
     s.account_id IN (SELECT id FROM accounts WHERE id = ${owner[0]} OR owner_id = ${owner[1]})
     OR s.token_hash IN (SELECT b.token_hash FROM bots b JOIN accounts a ON a.id = b.account_id WHERE a.id = ${owner[2]} OR a.owner_id = ${owner[3]}))`;

/*
 * Deleting an account (deleteAccount), in SQL both stores share: placeholders are :names, bound by
 * name in SQLite and numbered for PostgreSQL (numbered, downtime.ts).
 */

/** The bots an account owns, as deleting it closes them too. Placeholder :id. */
export const BOTS_TO_CLOSE = `SELECT a.id, a.name, a.name_key, b.token_hash FROM accounts a LEFT JOIN bots b ON b.account_id = a.id
   WHERE a.owner_id = :id AND a.kind = 'bot'`;

export interface BotToCloseRow {
  readonly id: string;
  readonly name: string;
  readonly name_key: string | null;
  readonly token_hash: string | null;
}

/** An account closed by a deletion (the deleted one, or a bot of its own): what its rows are rewritten by. */
export interface ClosedAccount {
  readonly id: string;
  readonly name: string;
  readonly placeholder: string;
  /** Its name's hash, retired; null when the name stays free. */
  readonly keyHash: string | null;
  /** A bot's token's hash: the seats it holds by it. */
  readonly tokenHash: string | null;
}

/** The account deleted and each bot it owns, with the placeholder each is renamed to. */
export function closedAccounts(
  account: { readonly id: string; readonly name: string },
  placeholder: string,
  keyHash: string | null,
  bots: readonly BotToCloseRow[],
  deletion: DeletionDetails,
): ClosedAccount[] {
  return [
    { id: account.id, name: account.name, placeholder, keyHash, tokenHash: null },
    ...bots.map((bot) => {
      const renamed = deletion.retireBot?.(bot.name_key ?? bot.name.toLowerCase());
      return {
        id: bot.id,
        name: bot.name,
        placeholder: renamed?.placeholder ?? placeholder,
        keyHash: renamed?.keyHash ?? null,
        tokenHash: bot.token_hash,
      };
    }),
  ];
}

/**
 * What closing one account writes, in order, and the values of its placeholders (:id, :name,
 * :placeholder, :keyHash, :tokenHash, :at, :before, :after); a statement uses some of them.
 */
export function closingStatements(
  a: ClosedAccount,
  at: number,
): { readonly statements: readonly string[]; readonly values: Record<string, unknown> } {
  const statements = [
    ...(a.keyHash === null ? [] : ['INSERT INTO retired_names (key_hash) VALUES (:keyHash) ON CONFLICT DO NOTHING']),
    'DELETE FROM sessions WHERE account_id = :id',
    'DELETE FROM api_tokens WHERE account_id = :id',
    'DELETE FROM pool_members WHERE account_id = :id',
    "UPDATE challenges SET status = 'cancelled', answered_at = :at WHERE status = 'open' AND (from_account = :id OR to_account = :id)",
    'UPDATE challenges SET from_name = :placeholder WHERE from_account = :id',
    'UPDATE challenges SET to_name = :placeholder WHERE to_account = :id',
    // A bot's seats are held by its token: from now on by its closed account, under its placeholder.
    ...(a.tokenHash === null ? [] : ['UPDATE seats SET name = :placeholder, account_id = :id WHERE token_hash = :tokenHash']),
    // Its seat tokens (a bot's is its token) open none of its seats any more: 'closed' is no token's hash.
    "UPDATE seats SET name = :placeholder, token_hash = 'closed' WHERE account_id = :id",
    // Seats and chat lines written with a seat's token before (a bot's earlier tokens, a script's)
    // carry the name and no account: found by the name, which no one else may hold.
    'UPDATE seats SET name = :placeholder WHERE account_id IS NULL AND name = :name',
    'DELETE FROM chat WHERE account_id = :id OR (account_id IS NULL AND author = :name)',
    // A bot's games and review requests are counted under its name.
    'UPDATE games SET creator = :after WHERE creator = :before',
    'UPDATE reviews SET requester = :after WHERE requester = :before',
    'DELETE FROM bots WHERE account_id = :id',
    "UPDATE accounts SET name = :placeholder, name_key = NULL, password_hash = NULL, kind = 'deleted' WHERE id = :id",
  ];
  const values = {
    ...a,
    at,
    before: `bot:${a.name.toLowerCase()}`,
    after: `bot:${a.placeholder.toLowerCase()}`,
  };
  return { statements, values };
}

/** The seats an account and the bots it owns hold, not left, in games still on, oldest game first. Placeholder :account. */
export const LIVE_SEATS = `SELECT s.game_id AS game, s.seat FROM seats s JOIN games g ON g.id = s.game_id
   WHERE g.termination IS NULL
     AND (s.account_id = :account OR s.account_id IN (SELECT id FROM accounts WHERE owner_id = :account)
       OR s.token_hash IN (SELECT b.token_hash FROM bots b JOIN accounts a ON a.id = b.account_id WHERE a.owner_id = :account))
     AND NOT EXISTS (SELECT 1 FROM departures d WHERE d.game_id = s.game_id AND d.seat = s.seat)
   ORDER BY g.created_at, g.id, s.seat`;

/** The deleted accounts still seated, not left, in a game still on (closedInPlay). */
export const CLOSED_IN_PLAY = `SELECT DISTINCT s.account_id FROM seats s JOIN games g ON g.id = s.game_id JOIN accounts a ON a.id = s.account_id
   WHERE g.termination IS NULL AND a.kind = 'deleted'
     AND NOT EXISTS (SELECT 1 FROM departures d WHERE d.game_id = s.game_id AND d.seat = s.seat)`;
