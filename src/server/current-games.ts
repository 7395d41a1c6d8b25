import type { Json } from '@hexarena/engines/engine/game.ts';
import type { LiveGame } from '@hexarena/engines/protocol/index.ts';
import { perfOf, type Speed, speedOf } from '@hexarena/engines/ratings/perf.ts';
import type { FastifyInstance } from 'fastify';
import type { GamesElsewhere, HeldGame } from './games-elsewhere.ts';
import { Allowance } from './limits.ts';
import { liveGameOf, seatPlayer } from './live-game.ts';
import { subscriberOf } from './network.ts';
import { Room } from './room.ts';
import type { GameStore } from './store.ts';

/**
 * The games being played now, as lichess lists them (/games) and features the best of them (TV):
 * read from the rooms this instance holds in memory — every game with a socket open here, players'
 * or spectators' — never by a scan of the store per request. Each game's players' ratings are read
 * once, when the game is first listed (a rating does not change while its game is played), and
 * forgotten when it ends. With several instances, each tells the others which games it holds
 * (games-elsewhere.ts): theirs are read from the store, once a version, and listed with their
 * spectators over every instance.
 */

export type CurrentSpeed = Speed | 'unlimited';

/** A game being played, as the current games and TV show it. */
export interface CurrentGame extends LiveGame {
  readonly speed: CurrentSpeed;
  /** Spectators with the game open, over every instance. */
  readonly watching: number;
  /** The players' mean rating in the game's kind (rated seats only), or null. */
  readonly rating: number | null;
  readonly createdAt: number;
  /**
   * The position now, as a spectator's socket shows it (the game's public view), for the list's
   * miniature board; left out when it is larger than POSITION_MAX (a very long game).
   */
  readonly position?: Json;
}

/**
 * The largest position a listing carries, as JSON text: a Hive view is its moves (some 12 bytes a
 * ply), a DiceWars map some 3 KB, so a list of 100 stays under a megabyte however long its games.
 */
export const POSITION_MAX = 6000;

/** Games one answer lists at most, and by default. */
const LIST_MAX = 100;
const LIST_DEFAULT = 50;
/** Reads per address, as the other reads (the search of players): a burst of 20, then 5 a second. */
const READ_BURST = 20;
const READ_RATE = 5;
/** TV's channel of every game together. */
export const BEST_CHANNEL = 'best';

/** Where the rooms come from: the hub. */
export interface HeldRooms {
  liveRooms(): readonly Room[];
}

/** Every seat taken (a person's or the server's AI): a game, not a seek. */
export const seated = (room: Room): boolean => room.stored.seats.every((kind, i) => kind !== 'open' || room.stored.seatTokens[i] != null);

/** Highest rated first, unrated last; among equals the newest. */
const byRating = (a: CurrentGame, b: CurrentGame): number =>
  (b.rating ?? Number.NEGATIVE_INFINITY) - (a.rating ?? Number.NEGATIVE_INFINITY) || b.createdAt - a.createdAt;

export class CurrentGames {
  /** Per game listed: its seats' ratings, read once. */
  private readonly ratings = new Map<string, Promise<readonly (number | undefined)[]>>();
  /** Per TV channel: the game it shows, kept until that game is no longer being played. */
  private readonly featured = new Map<string, string>();
  /** Per game listed: its position at a version, made again only when a move changed it. */
  private readonly positions = new Map<string, { readonly version: number; readonly position: Json | undefined }>();

  /** Per game another instance holds: the game read from the store at the version last heard of. */
  private readonly read = new Map<string, { readonly version: number; readonly room: Promise<Room | null> }>();

  constructor(
    private readonly rooms: HeldRooms,
    private readonly store: GameStore,
    /** What the other instances hold, as they tell it (none: this instance is alone). */
    private readonly elsewhere: GamesElsewhere | null = null,
  ) {}

  /** What this instance tells the others it holds: each game being played, and its spectators here. */
  held(): HeldGame[] {
    return this.rooms
      .liveRooms()
      .filter(seated)
      .map((room) => ({ id: room.id, version: room.version, watching: room.talk.report().watching }));
  }

  /** Every game being played that this instance or another holds, highest rated first. */
  async all(): Promise<CurrentGame[]> {
    const rooms = this.rooms.liveRooms().filter(seated);
    const live = new Set(rooms.map((r) => r.id));
    const described: Promise<CurrentGame | null>[] = rooms.map((room) => this.describe(room, room.talk.presence().watching));
    for (const [id, game] of this.elsewhere?.games() ?? []) {
      if (live.has(id)) continue;
      live.add(id);
      described.push(this.describeElsewhere(id, game.version, game.watching));
    }
    for (const map of [this.ratings, this.positions, this.read]) for (const id of map.keys()) if (!live.has(id)) map.delete(id);
    const games = (await Promise.all(described)).filter((g) => g !== null);
    return games.sort(byRating);
  }

  /**
   * A game another instance holds, read from the store (again only when a later version is heard
   * of); null once the store has it over, or not yet every seat taken.
   */
  private async describeElsewhere(id: string, version: number, watching: number): Promise<CurrentGame | null> {
    let read = this.read.get(id);
    if (!read || read.version < version) {
      read = { version, room: Room.load(this.store, id) };
      this.read.set(id, read);
      const failed = read;
      // A store that did not answer: read again at the next listing.
      read.room.catch(() => {
        if (this.read.get(id) === failed) this.read.delete(id);
      });
    }
    const room = await read.room.catch(() => null);
    if (!room || room.over || !seated(room)) return null;
    return this.describe(room, watching);
  }

  /**
   * What TV shows on each channel (every game together, and each game apart): the game it showed
   * while that is still being played, else the best begun game (the best unbegun one, failing that).
   */
  async tv(): Promise<Record<string, CurrentGame>> {
    const games = await this.all();
    const channels = new Map<string, CurrentGame[]>([[BEST_CHANNEL, games]]);
    for (const g of games) channels.set(g.game, [...(channels.get(g.game) ?? []), g]);
    const shown: Record<string, CurrentGame> = {};
    for (const [channel, list] of channels) {
      const kept = list.find((g) => g.id === this.featured.get(channel));
      const chosen = kept ?? list.find((g) => g.plies > 0) ?? list[0];
      if (!chosen) continue;
      shown[channel] = chosen;
      this.featured.set(channel, chosen.id);
    }
    for (const channel of [...this.featured.keys()]) if (!(channel in shown)) this.featured.delete(channel);
    return shown;
  }

  private async describe(room: Room, watching: number): Promise<CurrentGame> {
    const g = room.stored;
    let ratings = this.ratings.get(g.id);
    if (!ratings) {
      ratings = this.ratingsOf(room);
      this.ratings.set(g.id, ratings);
      // A store that did not answer: asked again at the next listing.
      ratings.catch(() => this.ratings.delete(g.id));
    }
    const seatRatings = await ratings.catch(() => [] as const);
    const players = g.seats.map((_, i): LiveGame['players'][number] => {
      const player = seatPlayer(g, i);
      const rating = seatRatings[i];
      return rating === undefined ? player : { ...player, rating };
    });
    const rated = players.flatMap((p) => (p.rating === undefined ? [] : [p.rating]));
    return {
      ...liveGameOf(g, room.plies, players),
      speed: g.clock ? speedOf(g.clock) : 'unlimited',
      watching,
      rating: rated.length === 0 ? null : Math.round(rated.reduce((a, b) => a + b, 0) / rated.length),
      createdAt: g.createdAt,
      ...this.positionOf(room),
    };
  }

  /** The room's public position, kept per version (the list is asked far more often than moves are made). */
  private positionOf(room: Room): { position?: Json } {
    let kept = this.positions.get(room.id);
    if (kept?.version !== room.version) {
      const view = room.view(null);
      kept = { version: room.version, position: JSON.stringify(view).length <= POSITION_MAX ? view : undefined };
      this.positions.set(room.id, kept);
    }
    return kept.position === undefined ? {} : { position: kept.position };
  }

  /** Each seat's player's rating in the game's kind, if the seat holds an account that has one. */
  private ratingsOf(room: Room): Promise<(number | undefined)[]> {
    const g = room.stored;
    const perf = perfOf(g.game, g.clock);
    return Promise.all(
      g.seatAccounts.map(async (account) => {
        if (!account) return undefined;
        const rating = (await this.store.ratings.of(account)).find((r) => r.perf === perf);
        return rating ? Math.round(rating.rating) : undefined;
      }),
    );
  }
}

const CURRENT_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    game: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$' },
    speed: { enum: ['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'unlimited'] },
    limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
  },
} as const;

/**
 * GET /api/games/current (`game`, `speed`, `limit`): the games being played, highest rated first;
 * GET /api/tv: what each TV channel shows. Both counted per address.
 */
export function registerCurrentGames(app: FastifyInstance, current: CurrentGames, now: () => number): void {
  const reads = new Allowance(READ_RATE, READ_BURST);
  const allowed = (ip: string): boolean => reads.take(subscriberOf(ip), now());
  app.get('/api/games/current', { schema: { querystring: CURRENT_QUERY } }, async (request, reply) => {
    if (!allowed(request.ip)) {
      reply.header('retry-after', '1');
      return reply.code(429).send({ error: `too many reads of the games being played: at most ${READ_RATE} a second` });
    }
    const { game, speed, limit } = request.query as { game?: string; speed?: CurrentSpeed; limit?: string };
    const n = Math.min(LIST_MAX, Math.max(1, limit === undefined ? LIST_DEFAULT : Number(limit)));
    const games = (await current.all()).filter(
      (g) => (game === undefined || g.game === game) && (speed === undefined || g.speed === speed),
    );
    reply.header('cache-control', 'no-store');
    return { games: games.slice(0, n) };
  });
  app.get('/api/tv', async (request, reply) => {
    if (!allowed(request.ip)) {
      reply.header('retry-after', '1');
      return reply.code(429).send({ error: `too many reads of the games being played: at most ${READ_RATE} a second` });
    }
    reply.header('cache-control', 'no-store');
    return { channels: await current.tv() };
  });
}
