/**
 * Who is here: the accounts with a socket open on this instance, and how many sockets each. What a
 * profile's "online now" and a game's seats read; across instances each counts its own (the Redis
 * notices of item 8 are what would join them).
 */
export class Presence {
  private readonly sockets = new Map<string, number>();

  /** An account's socket opened: returns what to call when it closes. */
  enter(account: string): () => void {
    this.sockets.set(account, (this.sockets.get(account) ?? 0) + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const n = (this.sockets.get(account) ?? 1) - 1;
      if (n <= 0) this.sockets.delete(account);
      else this.sockets.set(account, n);
    };
  }

  isOnline(account: string): boolean {
    return this.sockets.has(account);
  }
}
