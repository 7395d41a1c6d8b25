/** With Redis, how often each instance renews its players' presence and reads the others' (cluster-presence.ts). */
export const DEFAULT_PRESENCE_BEAT_MS = 2_000;

/**
 * Who is here: the accounts with a socket open on this instance, and how many sockets each; and,
 * when instances share Redis, who is online on the others (cluster-presence.ts keeps that in step).
 * What a profile's "online now", the following list and the player search's "online first" read.
 */
export class Presence {
  private readonly sockets = new Map<string, number>();
  private readonly listeners = new Set<(account: string, online: boolean) => void>();
  private elsewhere: (account: string) => boolean = () => false;

  /** An account's socket opened: returns what to call when it closes. */
  enter(account: string): () => void {
    const n = (this.sockets.get(account) ?? 0) + 1;
    this.sockets.set(account, n);
    if (n === 1) this.tell(account, true);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const n = (this.sockets.get(account) ?? 1) - 1;
      if (n <= 0) {
        this.sockets.delete(account);
        this.tell(account, false);
      } else this.sockets.set(account, n);
    };
  }

  /** Online here or, when told of them (`online elsewhere`), on another instance. */
  isOnline(account: string): boolean {
    return this.sockets.has(account) || this.elsewhere(account);
  }

  /** The accounts with a socket open on this instance. */
  here(): string[] {
    return [...this.sockets.keys()];
  }

  /** Who is online on the other instances, as the cluster's presence knows it. */
  onlineElsewhere(isOnline: (account: string) => boolean): void {
    this.elsewhere = isOnline;
  }

  /** Calls `listener` when an account comes online on this instance (its first socket) or goes (its last); returns what stops it. */
  onChange(listener: (account: string, online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(account: string, online: boolean): void {
    for (const l of this.listeners) l(account, online);
  }
}
