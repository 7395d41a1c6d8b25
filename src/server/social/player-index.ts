import type { SocialStore } from './store.ts';

/** A player found by a search. */
export interface FoundPlayer {
  readonly id: string;
  readonly name: string;
  readonly online: boolean;
}

/** Names read from the store at a time while the index is built. */
const BUILD_PAGE = 5_000;
/** Matches looked at for one answer at most: enough to put the online ones first among a common prefix's. */
const SCAN = 2_000;
/** How often the index is built again from the store: signups and deletions on other instances reach it so. */
export const REBUILD_MS = 10 * 60_000;

/**
 * Usernames by prefix, whatever their case, online players first (docs/social.md): every player's and
 * bot's name in memory, sorted by its lower-case key, so that a prefix is a binary search and a short
 * scan — well under a millisecond at 100,000 accounts (npm run bench social). Built from the store at
 * the first search, kept in step with what this instance does (a signup, a deletion), and built again
 * every REBUILD_MS for what the others did.
 */
export class PlayerIndex {
  private keys: string[] = [];
  private players: { readonly id: string; readonly name: string }[] = [];
  private readonly keyOf = new Map<string, string>();
  private built: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: Pick<SocialStore, 'names'>,
    private readonly online: (account: string) => boolean,
    private readonly rebuildMs = REBUILD_MS,
  ) {}

  /** How many names it holds. */
  get size(): number {
    return this.keys.length;
  }

  /** Reads every name from the store (again), then keeps them so every `rebuildMs`. */
  build(): Promise<void> {
    const reading = this.readAll().catch((e: unknown) => {
      // The store away: the next search tries again.
      if (this.built === reading) this.built = null;
      throw e;
    });
    this.built = reading;
    if (!this.timer && this.rebuildMs > 0) {
      this.timer = setInterval(() => void this.build().catch(() => undefined), this.rebuildMs);
      this.timer.unref?.();
    }
    return reading;
  }

  private async readAll(): Promise<void> {
    const rows: { id: string; name: string; key: string }[] = [];
    for (let after: string | null = null; ; ) {
      const page = await this.store.names(after, BUILD_PAGE);
      rows.push(...page);
      if (page.length < BUILD_PAGE) break;
      after = (page[page.length - 1] as { key: string }).key;
    }
    // The databases' orders of text may differ from JavaScript's: sorted here, as searched here.
    rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = rows.map((r) => r.key);
    this.players = rows.map((r) => ({ id: r.id, name: r.name }));
    this.keyOf.clear();
    for (const r of rows) this.keyOf.set(r.id, r.key);
  }

  /** A player who joined (or a bot made) through this instance: found from now on. */
  add(id: string, name: string): void {
    if (this.keyOf.has(id)) this.remove(id);
    const key = name.toLowerCase();
    const at = this.lowerBound(key);
    this.keys.splice(at, 0, key);
    this.players.splice(at, 0, { id, name });
    this.keyOf.set(id, key);
  }

  /** An account deleted through this instance: never found again. */
  remove(id: string): void {
    const key = this.keyOf.get(id);
    if (key === undefined) return;
    this.keyOf.delete(id);
    for (let at = this.lowerBound(key); at < this.keys.length && this.keys[at] === key; at++)
      if (this.players[at]?.id === id) {
        this.keys.splice(at, 1);
        this.players.splice(at, 1);
        return;
      }
  }

  /** Up to `limit` players whose names begin with `term` (any case): those online first, each part in name order. */
  async search(term: string, limit: number): Promise<FoundPlayer[]> {
    if (!this.built) void this.build().catch(() => undefined);
    await this.built;
    return this.lookUp(term, limit);
  }

  /** The search itself, on the index as it is. */
  lookUp(term: string, limit: number): FoundPlayer[] {
    const prefix = term.toLowerCase();
    const online: FoundPlayer[] = [];
    const away: FoundPlayer[] = [];
    const end = Math.min(this.keys.length, this.lowerBound(prefix) + SCAN);
    for (let at = this.lowerBound(prefix); at < end && (this.keys[at] as string).startsWith(prefix); at++) {
      const p = this.players[at] as { id: string; name: string };
      if (this.online(p.id)) {
        online.push({ ...p, online: true });
        if (online.length >= limit) break;
      } else if (away.length < limit) away.push({ ...p, online: false });
    }
    return [...online, ...away].slice(0, limit);
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] as string) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
