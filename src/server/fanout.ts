import { randomBytes } from 'node:crypto';
import type { Json } from '@hexarena/engines/engine/game.ts';
import { Redis } from 'ioredis';
import { type HeldGame, type HeldGamesBus, parseHeld } from './games-elsewhere.ts';
import type { RemoteEvent } from './room.ts';
import type { StartedGamesBus } from './social/follow-news.ts';
import type { PresenceReport } from './table-talk.ts';

/**
 * What one instance tells the others of a game: an event (with its move or ending, so they need not
 * read the store), a seat taken, a rematch made.
 */
export type Notice =
  | ({ readonly kind: 'moved' } & RemoteEvent)
  | { readonly kind: 'seats' }
  | { readonly kind: 'rematch'; readonly id: string }
  /** Who is at the table on instance `from`: sockets per seat, and watchers. */
  | ({ readonly kind: 'presence'; readonly from: string } & PresenceReport)
  /** An instance that just began following the game asks the others who is at the table there. */
  | { readonly kind: 'presence-ask' }
  /** A line was said in the game's chat (read from the store). */
  | { readonly kind: 'chat' };

/**
 * Notices between server instances (REDIS_URL), on each game's channel. The others, holding that
 * game, catch up from the store (the truth), so a notice lost (Redis restarting, a dropped
 * subscription) loses nothing: after a reconnection every game followed is told `null` (anything may
 * have been missed) and catches up. Notices from this instance are ignored.
 */
/** The site's one channel: which games being played each instance holds (games-elsewhere.ts). */
const HELD_CHANNEL = 'held-games';
const ASK = 'ask';
/** The prefix of a tournament's chat channel (its lines are read from the store). */
const TOURNAMENT_CHAT = 'tournament-chat:';
/** The site's channel of games whose every seat was just taken (social/follow-news.ts): each instance tells its own followers. */
const STARTED_CHANNEL = 'started-games';
/** A game's id as the store makes them: anything else on the channel is not one. */
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;

export class Fanout implements HeldGamesBus, StartedGamesBus {
  /** This instance's name on the channels (its own notices come back to it and are ignored). */
  readonly id = randomBytes(6).toString('base64url');
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, (notice: Notice | null) => void>();
  /** Per account followed here: what to do when another instance says its news changed (or may have). */
  private readonly accountHandlers = new Map<string, () => void>();
  /** What to do with another instance's report of the games it holds, once something listens. */
  private heldHandler: ((from: string, report: readonly HeldGame[] | 'ask') => void) | null = null;
  /** Per tournament followed here: what to do when another instance says it changed (or may have). */
  private readonly tournamentHandlers = new Map<string, () => void>();
  /** Per tournament whose chat is followed here: what to do when another instance says a line was said (or may have been). */
  private readonly tournamentChatHandlers = new Map<string, () => void>();
  /** What to do when another instance says a game started, once something listens. */
  private startedHandler: ((id: string) => void) | null = null;

  constructor(url: string) {
    // Reconnect for ever, a little slower each time: the games go on meanwhile, each instance on its own.
    const options = { lazyConnect: false, maxRetriesPerRequest: 1, retryStrategy: (n: number) => Math.min(50 * n, 1000) };
    // Each notice is written at once, in the tick of the event it tells (before the move is answered).
    // Not auto-pipelined: ioredis holds a tick's commands back until Redis has answered the previous
    // batch, so an instance killed just after answering a move could take its notice with it, and
    // the others, holding the game, would stay behind it for good (a sync of the older position).
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    for (const r of [this.publisher, this.subscriber]) r.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, text: string) => {
      const space = text.indexOf(' ');
      const from = text.slice(0, space);
      if (from === this.id) return;
      if (channel === HELD_CHANNEL) {
        const body = text.slice(space + 1);
        const report = body === ASK ? ASK : parseHeld(body);
        if (report) this.heldHandler?.(from, report);
        return;
      }
      if (channel === STARTED_CHANNEL) {
        const id = text.slice(space + 1);
        if (GAME_ID.test(id)) this.startedHandler?.(id);
        return;
      }
      if (channel.startsWith('account:')) return this.accountHandlers.get(channel.slice('account:'.length))?.();
      if (channel.startsWith('tournament:')) return this.tournamentHandlers.get(channel.slice('tournament:'.length))?.();
      if (channel.startsWith(TOURNAMENT_CHAT)) return this.tournamentChatHandlers.get(channel.slice(TOURNAMENT_CHAT.length))?.();
      const notice = parseNotice(text.slice(space + 1));
      if (notice) this.handlers.get(channel.slice('game:'.length))?.(notice);
    });
    // After a reconnection every game's subscription is made again (ioredis does it) and each game
    // catches up, in case notices were missed while Redis was away.
    this.subscriber.on('ready', () => {
      for (const handler of this.handlers.values()) handler(null);
      for (const handler of this.accountHandlers.values()) handler();
      if (this.heldHandler) this.askHeld();
      for (const handler of this.tournamentHandlers.values()) handler();
      for (const handler of this.tournamentChatHandlers.values()) handler();
    });
  }

  tellHeld(games: readonly HeldGame[]): void {
    this.publisher.publish(HELD_CHANNEL, `${this.id} ${JSON.stringify(games)}`).catch(() => undefined);
  }

  onHeld(handler: (from: string, report: readonly HeldGame[] | 'ask') => void): void {
    this.heldHandler = handler;
    // Asked once the subscription holds, so that the answers are heard.
    this.subscriber.subscribe(HELD_CHANNEL).then(
      () => this.askHeld(),
      () => undefined,
    );
  }

  private askHeld(): void {
    this.publisher.publish(HELD_CHANNEL, `${this.id} ${ASK}`).catch(() => undefined);
  }

  /** Tells the other instances of `gameId`'s news. A failure is dropped: they catch up later. */
  publish(gameId: string, notice: Notice): void {
    this.publisher.publish(`game:${gameId}`, `${this.id} ${JSON.stringify(notice)}`).catch(() => undefined);
  }

  /** Calls `handler` with each notice of another instance about `gameId` (null: some may have been missed, as before the subscription held). */
  follow(gameId: string, handler: (notice: Notice | null) => void): void {
    this.handlers.set(gameId, handler);
    // A notice sent after the game was read from the store but before Redis took the subscription
    // reached nobody: once it holds, the game catches up, as after a reconnection.
    this.subscriber.subscribe(`game:${gameId}`).then(
      () => {
        if (this.handlers.get(gameId) === handler) handler(null);
      },
      () => undefined,
    );
  }

  /** Stops following `gameId` (its room was let go). */
  unfollow(gameId: string): void {
    this.handlers.delete(gameId);
    this.subscriber.unsubscribe(`game:${gameId}`).catch(() => undefined);
  }

  /** Tells the other instances that `account`'s news (its challenges) changed: they read it again. */
  tellAccount(account: string): void {
    this.publisher.publish(`account:${account}`, `${this.id} news`).catch(() => undefined);
  }

  /** Calls `handler` whenever another instance says `account`'s news changed (or after a reconnection, when it may have). */
  followAccount(account: string, handler: () => void): void {
    this.accountHandlers.set(account, handler);
    this.subscriber.subscribe(`account:${account}`).catch(() => undefined);
  }

  unfollowAccount(account: string): void {
    this.accountHandlers.delete(account);
    this.subscriber.unsubscribe(`account:${account}`).catch(() => undefined);
  }

  /** Tells the other instances that game `id` has every seat taken: each tells its own sockets that hear of it. */
  tellStarted(id: string): void {
    this.publisher.publish(STARTED_CHANNEL, `${this.id} ${id}`).catch(() => undefined);
  }

  /**
   * Calls `handler` with each game another instance says started. A notice missed (Redis away) is
   * not made up later: a game's start is news only as it happens, as on one instance.
   */
  onStarted(handler: (id: string) => void): void {
    this.startedHandler = handler;
    this.subscriber.subscribe(STARTED_CHANNEL).catch(() => undefined);
  }

  /** Tells the other instances that tournament `id` changed: those whose sockets follow it read it again. */
  tellTournament(id: string): void {
    this.publisher.publish(`tournament:${id}`, `${this.id} changed`).catch(() => undefined);
  }

  /** Calls `handler` whenever another instance says tournament `id` changed (or after a reconnection, when it may have). */
  followTournament(id: string, handler: () => void): void {
    this.tournamentHandlers.set(id, handler);
    this.subscriber.subscribe(`tournament:${id}`).catch(() => undefined);
  }

  unfollowTournament(id: string): void {
    this.tournamentHandlers.delete(id);
    this.subscriber.unsubscribe(`tournament:${id}`).catch(() => undefined);
  }

  /** Tells the other instances that a line was said in tournament `id`'s chat: those whose sockets follow it read the new lines. */
  tellTournamentChat(id: string): void {
    this.publisher.publish(`${TOURNAMENT_CHAT}${id}`, `${this.id} said`).catch(() => undefined);
  }

  /** Calls `handler` whenever another instance says a line was said in tournament `id`'s chat (or after a reconnection). */
  followTournamentChat(id: string, handler: () => void): void {
    this.tournamentChatHandlers.set(id, handler);
    this.subscriber.subscribe(`${TOURNAMENT_CHAT}${id}`).catch(() => undefined);
  }

  unfollowTournamentChat(id: string): void {
    this.tournamentChatHandlers.delete(id);
    this.subscriber.unsubscribe(`${TOURNAMENT_CHAT}${id}`).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

/** A notice as another instance sent it, or null for anything else found on the channel. */
export function parseNotice(text: string): Notice | null {
  let n: unknown;
  try {
    n = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof n !== 'object' || n === null) return null;
  const o = n as Record<string, unknown>;
  if (o.kind === 'moved' && Number.isInteger(o.version)) {
    const m = o.move as Record<string, unknown> | undefined;
    const e = o.ending as Record<string, unknown> | undefined;
    const clientId = typeof m?.clientId === 'string' && m.clientId.length <= 64 ? { clientId: m.clientId } : {};
    const move =
      typeof m === 'object' && m !== null && Number.isInteger(m.ply) && typeof m.move === 'string' && Number.isInteger(m.at)
        ? { move: { ply: m.ply as number, move: m.move, at: m.at as number, ...clientId } }
        : {};
    const ending =
      typeof e === 'object' && e !== null && typeof e.termination === 'string'
        ? { ending: { result: e.result as Json, termination: e.termination } }
        : {};
    return { kind: 'moved', version: o.version as number, ...move, ...ending };
  }
  if (o.kind === 'seats') return { kind: 'seats' };
  if (o.kind === 'presence-ask') return { kind: 'presence-ask' };
  if (o.kind === 'chat') return { kind: 'chat' };
  if (
    o.kind === 'presence' &&
    typeof o.from === 'string' &&
    o.from.length <= 32 &&
    Array.isArray(o.seats) &&
    o.seats.length <= 8 &&
    o.seats.every((n) => Number.isInteger(n) && n >= 0) &&
    Number.isInteger(o.watching) &&
    (o.watching as number) >= 0
  )
    return { kind: 'presence', from: o.from, seats: o.seats as number[], watching: o.watching as number };
  if (o.kind === 'rematch' && typeof o.id === 'string') return { kind: 'rematch', id: o.id };
  return null;
}
