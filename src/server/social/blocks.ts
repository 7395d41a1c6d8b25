import type { SocialStore } from './store.ts';

/** How long a player's list of blocks is kept here before it is read again (another instance may have changed it). */
export const BLOCKS_FRESH_MS = 30_000;

/**
 * Whom each player blocks, as the server enforces it (docs/social.md): read from the store once and
 * kept a while per account, changed at once here when the player blocks or unblocks through this
 * instance. What a chat hides from its reader is asked of it line by line; whether two may play each
 * other is asked of the store itself, which is the truth across instances.
 */
export class Blocks {
  private readonly kept = new Map<string, { readonly at: number; readonly set: Promise<Set<string>> }>();

  constructor(
    readonly store: SocialStore,
    private readonly now: () => number,
    private readonly freshMs = BLOCKS_FRESH_MS,
  ) {}

  /** The accounts `account` blocks. */
  of(account: string): Promise<ReadonlySet<string>> {
    const now = this.now();
    const kept = this.kept.get(account);
    if (kept && now - kept.at < this.freshMs) return kept.set;
    const set = this.store.blockedBy(account).then((ids) => new Set(ids));
    // A failed read is not kept: the next line asks again.
    set.catch(() => this.kept.delete(account));
    this.kept.set(account, { at: now, set });
    // Accounts no longer asked about are let go as they go stale.
    if (this.kept.size > 10_000) for (const [a, k] of this.kept) if (now - k.at >= this.freshMs) this.kept.delete(a);
    return set;
  }

  /** Whether `reader` blocks the author of a line (null: no account): the line is not shown to them. */
  async hides(reader: string | undefined, author: string | null): Promise<boolean> {
    if (reader === undefined || author === null || author === reader) return false;
    return (await this.of(reader).catch(() => new Set<string>())).has(author);
  }

  /** Whether either of the two blocks the other: they neither challenge, pair, nor take each other's seeks. */
  between(a: string, b: string): Promise<boolean> {
    return a === b ? Promise.resolve(false) : this.store.eitherBlocks(a, b);
  }

  /** `blocker` blocked (or unblocked) `blocked` through this instance: its sockets here hide (or show) their lines at once. */
  async changed(blocker: string, blocked: string, blocking: boolean): Promise<void> {
    const kept = this.kept.get(blocker);
    if (!kept) return;
    const set = await kept.set.catch(() => null);
    if (!set) return;
    if (blocking) set.add(blocked);
    else set.delete(blocked);
  }
}
