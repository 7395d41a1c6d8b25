import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Events between server instances (REDIS_URL): each instance publishes, on a game's channel, the
 * version a game reached; the others, holding that game, catch up from the store (the truth), so a
 * notice lost (Redis restarting, a dropped subscription) loses nothing: the next one, or the next
 * intent refused as stale, brings the game up to date. Notices from this instance are ignored.
 */
export class Fanout {
  private readonly id = randomBytes(6).toString('base64url');
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, (version: number) => void>();

  constructor(url: string) {
    // Reconnect for ever, a little slower each time: the games go on meanwhile, each instance on its own.
    const options = { lazyConnect: false, maxRetriesPerRequest: 1, retryStrategy: (n: number) => Math.min(50 * n, 1000) };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    for (const r of [this.publisher, this.subscriber]) r.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, text: string) => {
      const [from, version] = text.split(' ');
      if (from === this.id) return;
      this.handlers.get(channel.slice('game:'.length))?.(Number(version));
    });
    // After a reconnection every game's subscription is made again (ioredis does it) and each game
    // catches up, in case notices were missed while Redis was away.
    this.subscriber.on('ready', () => {
      for (const handler of this.handlers.values()) handler(Number.POSITIVE_INFINITY);
    });
  }

  /** Tells the other instances that `gameId` reached `version`. A failure is dropped: they catch up later. */
  publish(gameId: string, version: number): void {
    this.publisher.publish(`game:${gameId}`, `${this.id} ${version}`).catch(() => undefined);
  }

  /** Calls `handler` when another instance moves `gameId` on. */
  follow(gameId: string, handler: (version: number) => void): void {
    this.handlers.set(gameId, handler);
    this.subscriber.subscribe(`game:${gameId}`).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
