import { createHmac } from 'node:crypto';
import type { Identity } from './identity/identities.ts';
import type { IdentityStore } from './identity/store.ts';
import { subscriberOf } from './network.ts';
import { type Bot, CHALLENGE_OF, POOL_OF, type StoredGame } from './store.ts';

/**
 * Who answers for what an identity does: its owning account. A player answers for themself, for
 * every personal API token of theirs (a token speaks as its account) and for every bot they made; a
 * bot of no owner (an engine, a bot older than bot accounts) answers for itself. Decided here once:
 * a rated game seats an owner once, and limits (games open, games of AIs alone, turns of the AI
 * threads) count the owner, not each of its identities.
 */

/** The stable code of the refusal when an owner asks for a second seat of a rated game (docs/protocol.md). */
export const ONE_SEAT_PER_ACCOUNT = 'one-seat-per-account';

export const ONE_SEAT_ERROR =
  'this account holds a seat of this rated game already (itself or a bot of its own): a rated game is played against someone else; play yourself in a casual game';

/** The same rule where a game is asked for before it exists: a challenge, a pool. */
export const SELF_RATED_ERROR =
  'a rated game is played against someone else, not yourself nor a bot of your own: play yourself in a casual game';

type Owners = Pick<IdentityStore, 'bots'>;

/** Someone asking for a seat or a game: a person's account (session or token), or a bot by its token's hash. */
export type Claimant = { readonly account: string } | { readonly botToken: string };

/** The owning account of a claimant; null when none is known (a guest's is its own account, so never null for an account that exists). */
export function owningAccount(store: Owners, who: Claimant): Promise<string | null> {
  return 'account' in who ? store.bots.ownerOf(who.account) : store.bots.ownerOfBot(who.botToken);
}

/**
 * Whether `owner` holds a seat of the game as the store last gave it: a seat of its account or of a
 * bot of its own (a bot's seat is known by its token). A game of two to eight seats: a few lookups.
 */
export async function holdsSeatIn(store: Owners, stored: StoredGame, owner: string): Promise<boolean> {
  for (const [seat, account] of stored.seatAccounts.entries()) {
    if (account === owner) return true;
    const token = stored.seatTokens[seat] ?? null;
    const seatOwner = account !== null ? await store.bots.ownerOf(account) : token !== null ? await store.bots.ownerOfBot(token) : null;
    if (seatOwner === owner) return true;
  }
  return false;
}

/** Who a limit counts: its key in the store (a game's creator, a review's requester) and how a refusal names it. */
export interface Counted {
  readonly key: string;
  readonly says: string;
  /** Who `says` names, for a refusal's values (an app words it in its player's language): `name` a bot's. */
  readonly who: { readonly by: 'bot' | 'botOwner' | 'account' | 'address'; readonly name?: string };
}

/**
 * Who a game made by a request counts against: a player (by session or token) and a bot they own,
 * their account; a bot of no owner, itself; a guest or nobody, the address (as `addressKey` makes it:
 * guests are cheap to make, an address is not).
 */
export async function countedAs(
  store: Owners,
  bot: Bot | null,
  identity: Identity | null,
  addressKey: () => Promise<string>,
): Promise<Counted> {
  if (bot) {
    const owner = await store.bots.ownerOfBot(bot.tokenHash);
    return owner === null
      ? { key: `bot:${bot.name.toLowerCase()}`, says: bot.name, who: { by: 'bot', name: bot.name } }
      : { key: `account:${owner}`, says: `the owner of ${bot.name} (with all their bots)`, who: { by: 'botOwner', name: bot.name } };
  }
  if (identity?.account.kind === 'player')
    return { key: `account:${identity.account.id}`, says: 'your account (with your bots)', who: { by: 'account' } };
  return { key: await addressKey(), says: 'this address', who: { by: 'address' } };
}

/**
 * Whose turn of the AI threads a game's moves take: its creator's (an account with its bots, an
 * address); a game made with its seats held (a challenge to an engine) is its player's, so a player's
 * games against engines share one turn as a flood of games of AIs alone does.
 */
export function aiTurnOf(stored: Pick<StoredGame, 'id' | 'creator' | 'seats' | 'seatAccounts'>): string {
  const creator = stored.creator ?? null;
  if (creator?.startsWith(CHALLENGE_OF) || creator?.startsWith(POOL_OF)) {
    const person = stored.seatAccounts.find((a, seat) => a !== null && stored.seats[seat] === 'open');
    if (person) return `account:${person}`;
  }
  return creator ?? stored.id;
}

/** An address as limits count it: a hash keyed with the site's secret (the address itself is never stored). */
export const addressKey = (secret: string, address: string): string =>
  `address:${createHmac('sha256', secret).update(subscriberOf(address)).digest('base64url').slice(0, 22)}`;
