/**
 * What the stores keep of players finding each other (docs/social.md): who blocks whom (private: only
 * the blocker reads their list) and who follows whom (with whether the follower asked to hear when the
 * followed player starts a rated game). People are kept by account id, never by name. Written once for
 * both databases (stores/social.ts).
 */

/** A player in a list of blocks or follows, with when the relation began. */
export interface Related {
  readonly account: string;
  readonly name: string;
  readonly at: number;
}

/** A followed player, and whether the follower hears of their rated games. */
export interface Followed extends Related {
  readonly notify: boolean;
}

/** What a follow came to: made, already there, refused for the follower's cap, or for the follower's own block of the player. */
export type FollowOutcome = 'followed' | 'already' | 'too-many' | 'blocking';
/** What a block came to: made, already there, or refused for the blocker's cap. */
export type BlockOutcome = 'blocked' | 'already' | 'too-many';

export interface SocialStore {
  /**
   * `blocker` blocks `blocked`, in one write with what a block undoes: each one's follow of the other,
   * and the open challenges between them (declined, at `at`) — unless `blocker` blocks `max` players
   * already (counted in the same write).
   */
  block(blocker: string, blocked: string, at: number, max: number): Promise<BlockOutcome>;
  /** Lifts a block; false when there was none. */
  unblock(blocker: string, blocked: string): Promise<boolean>;
  /** The players `blocker` blocks, newest first: at most `limit`, blocked before `before` when given. */
  blocks(blocker: string, limit: number, before?: number): Promise<Related[]>;
  /** The ids of the accounts `blocker` blocks (what a chat hides from them). */
  blockedBy(blocker: string): Promise<string[]>;
  /** Whether either of the two blocks the other: what keeps them from playing each other. */
  eitherBlocks(a: string, b: string): Promise<boolean>;
  /** The pairs of `accounts` in which one blocks the other (each pair once, in no order): what a pairing wave avoids. */
  blocksAmong(accounts: readonly string[]): Promise<[string, string][]>;

  /**
   * `follower` follows `followed` (`notify`: told when they start a rated game), unless they follow
   * `max` players already (counted in the same write) or `followed` blocks them (then nothing is
   * written, and the answer is the same as for a follow made: a block is not told). A follower who
   * blocks `followed` is refused ('blocking'): a block is lifted only by its own undoing.
   */
  follow(follower: string, followed: string, notify: boolean, at: number, max: number): Promise<FollowOutcome>;
  unfollow(follower: string, followed: string): Promise<boolean>;
  /** The players `follower` follows, by name: at most `limit`, after the name `after` when given. */
  following(follower: string, limit: number, after?: string): Promise<Followed[]>;
  /** Who follows `followed` and asked to hear of their rated games. */
  notified(followed: string): Promise<string[]>;
  /** What `from` has made of `to`: a follow (with notices or not), a block. */
  relation(from: string, to: string): Promise<{ readonly follows: boolean; readonly notify: boolean; readonly blocks: boolean }>;
  /** How many follow the account, and how many it follows. */
  counts(account: string): Promise<{ readonly followers: number; readonly following: number }>;
  /** The live games (every seat taken, not over) of these accounts, newest first: at most one an account. */
  playing(accounts: readonly string[]): Promise<Map<string, string>>;
  /** Every block and follow of the account, either way: a deleted account keeps none. */
  forget(account: string): Promise<void>;
  /** Players' and bots' names, in key order after `after`, `limit` at a time: what the search index is built from. */
  names(after: string | null, limit: number): Promise<{ readonly id: string; readonly name: string; readonly key: string }[]>;
}

/** The social tables, the same SQL in both stores. */
export const SOCIAL_MIGRATION = `CREATE TABLE blocks (
     blocker TEXT NOT NULL,
     blocked TEXT NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (blocker, blocked)
   );
   CREATE INDEX blocks_by_blocked ON blocks(blocked);
   CREATE TABLE follows (
     follower TEXT NOT NULL,
     followed TEXT NOT NULL,
     notify INTEGER NOT NULL DEFAULT 0,
     at BIGINT NOT NULL,
     PRIMARY KEY (follower, followed)
   );
   CREATE INDEX follows_by_followed ON follows(followed);`;
