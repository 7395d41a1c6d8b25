import { hostname } from 'node:os';
import type { Json } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { addressId } from './address-id.ts';
import type { AgentsPool } from './agents-pool.ts';
import type { ClockSettings } from './clock.ts';
import type { Fanout } from './fanout.ts';
import { LatencyWindow } from './latency.ts';
import { pooledRandomBytes } from './random-bytes.ts';
import { Rematches, rematchSeats } from './rematches.ts';
import { DEFAULT_ROOM_SETTINGS, Room } from './room.ts';
import { Scheduler, type SchedulerSettings } from './scheduler.ts';
import { Seating } from './seating.ts';
import { type Bot, type GameStore, type NewGame, newStoredGame, REMATCH_OF } from './store.ts';
import { REPORT_EVERY_MS } from './table-talk.ts';

/**
 * The hub of one server instance: the rooms it holds (loaded on demand, let go when nobody listens),
 * what other instances tell it through Redis, and what the server does unasked in due games — an AI's
 * move, a clock's flag, an abandoned game's end — once it holds the game's claim in the store.
 */

/** A new game's id: 72 random bits, as URLs, paths and command lines carry them. */
export const newGameId = (): string => addressId(pooledRandomBytes, 9);

/** How the hub acts for the server: its scheduler's settings, and how long it keeps idle rooms. */
export interface HubSettings extends SchedulerSettings {
  /**
   * How long a live game nobody listens to stays in memory (a finished one goes at the next pass):
   * the store is the truth, so a room let go is loaded again when asked for, and its due work is
   * found by the sweeps.
   */
  readonly idleMs: number;
}

export const DEFAULT_HUB_SETTINGS: HubSettings = {
  ...DEFAULT_ROOM_SETTINGS,
  instance: `${hostname()}:${process.pid}`,
  leaseMs: 15_000,
  sweepMs: 1_000,
  idleMs: 5 * 60_000,
};

/** The creator of a rematch (defined with the store, whose lobby leaves rematches out). */
export { REMATCH_OF };

export class Hub {
  /** How long intents take from arrival to answer (reported by /healthz). */
  readonly latency = new LatencyWindow();
  /**
   * What this instance did for the server in due games (reported by /healthz): AI moves thought,
   * clock and abandonment checks made, games taken by its sweeps. Across instances each is done once.
   */
  get acted(): Scheduler['acted'] {
    return this.scheduler.acted;
  }
  /** Events other instances told of: replayed here from the notice, or read again from the store. */
  readonly relayed = { replayed: 0, reread: 0 };
  /** Moves committed by this instance (for /metrics): counted as their events are published. */
  movesCommitted = 0;
  private readonly rooms = new Map<string, Promise<Room | null>>();
  private readonly rematches: Rematches;
  private readonly seating: Seating;
  /** What the server does unasked in due games, and when. */
  private readonly scheduler: Scheduler;
  constructor(
    readonly store: GameStore,
    readonly pool: AgentsPool | null,
    /** Other instances on the same store, told of each event and telling this one of theirs. */
    private readonly fanout: Fanout | null = null,
    private readonly settings: HubSettings = DEFAULT_HUB_SETTINGS,
  ) {
    this.scheduler = new Scheduler(store, pool, settings, {
      now: () => this.now(),
      roomOf: (id) => this.held.get(id)?.room ?? this.room(id),
      isHeld: (id) => this.held.has(id),
      letGo: (id) => this.evictOne(id, this.now()),
    });
    this.rematches = new Rematches(
      store.games,
      // Made "by" the finished game: its seats are kept for that game's players (see the seat route).
      (finished, id) =>
        this.create(
          finished.game,
          finished.options,
          rematchSeats(finished.seats),
          finished.clock ?? null,
          id,
          `${REMATCH_OF}${finished.id}`,
          finished.rated === true,
        ),
      (of, next) => this.fanout?.publish(of, { kind: 'rematch', id: next }),
    );
    this.seating = new Seating((room) => {
      this.fanout?.publish(room.id, { kind: 'seats' });
      // The last seat of a timed game taken: its AI may be due now.
      this.scheduler.scheduleDue(room);
    });
    this.evictor = setInterval(() => this.evict(this.now()), Math.min(30_000, settings.idleMs));
    this.evictor.unref();
    // The counts of sockets are told again now and then: another instance forgets those not renewed
    // (an instance that died), so its players do not stay "here" for ever.
    this.reporter = setInterval(() => {
      for (const { room } of this.held.values())
        if (room.talk.attended) this.fanout?.publish(room.id, { kind: 'presence', from: this.fanout.id, ...room.talk.report() });
    }, REPORT_EVERY_MS);
    this.reporter.unref();
  }

  /** The hub's time (settings.now, else the wall clock): the rooms it loads share it. */
  private now(): number {
    return (this.settings.now ?? Date.now)();
  }

  private readonly evictor: NodeJS.Timeout;
  private readonly reporter: NodeJS.Timeout;
  /** The rooms loaded, once their load has finished, and how to stop following each: what `evict` looks at. */
  private readonly held = new Map<string, { readonly room: Room; readonly unfollow: () => void }>();

  /** How many games this instance holds in memory. */
  get roomsHeld(): number {
    return this.held.size;
  }

  /** Of those, the games still being played. */
  get liveGamesHeld(): number {
    let live = 0;
    for (const { room } of this.held.values()) if (!room.over) live++;
    return live;
  }

  /** The games held here still being played: what the current games and TV read, from memory. */
  liveRooms(): Room[] {
    const live: Room[] = [];
    for (const { room } of this.held.values()) if (!room.over) live.push(room);
    return live;
  }

  /**
   * Lets go of the rooms nobody listens to (only the hub's own subscription is left) that are over,
   * or idle since `idleMs` before `now`, with nothing queued, and that this instance is not acting in.
   */
  evict(now: number): void {
    for (const id of [...this.held.keys()]) this.evictOne(id, now);
  }

  private evictOne(id: string, now: number): void {
    const held = this.held.get(id);
    if (!held) return;
    const { room, unfollow } = held;
    if (room.listenerCount > 1 || room.busy || this.scheduler.isActing(id)) return;
    if (!room.over && now - room.lastActive < this.settings.idleMs) return;
    this.held.delete(id);
    this.rooms.delete(id);
    this.scheduler.forget(id);
    this.fanout?.unfollow(id);
    // Whoever still holds the old room (a request under way) changes the store through it, and
    // nothing else: its events no longer drive this hub.
    unfollow();
  }

  room(id: string): Promise<Room | null> {
    let room = this.rooms.get(id);
    if (!room) {
      room = Room.load(this.store, id, this.settings);
      this.rooms.set(id, room);
      room.then(
        (r) => {
          // A game that does not exist is not remembered: it may be created later.
          if (r) this.relayAcrossInstances(r);
          else this.rooms.delete(id);
        },
        // Nor one the store could not read just now: the next request tries again.
        () => this.rooms.delete(id),
      );
    }
    return room;
  }

  /** Wires a room just loaded or made: its events reach the other instances and theirs reach it. */
  private relayAcrossInstances(room: Room): void {
    const id = room.id;
    const unfollow = room.subscribe((event, local) => {
      if (local && event.kind === 'move') this.movesCommitted++;
      // Events learned from another instance are not told again: it told everyone.
      if (local)
        this.fanout?.publish(
          id,
          event.kind === 'move'
            ? {
                kind: 'moved',
                version: event.version,
                move: room.stored.moves[event.ply] ?? { ply: event.ply, move: event.move, at: event.at },
              }
            : event.kind === 'end'
              ? { kind: 'moved', version: event.version, ending: { result: event.result, termination: event.termination } }
              : // A player left: the other instances read it from the store.
                { kind: 'moved', version: event.version },
        );
      this.scheduler.scheduleDue(room);
    });
    // Offers and chat lines change no version: the other instances read them again from the store —
    // an offer with the game, a chat line (or a moderator's removal of one) with the chat alone (not a replay of every move).
    const unfollowOffers = room.onOffer((local) => {
      if (local) this.fanout?.publish(id, { kind: 'seats' });
    });
    const unfollowChat = room.talk.onWrittenHere(() => this.fanout?.publish(id, { kind: 'chat' }));
    // Who is at the table: each instance tells the others its own sockets, and asks theirs on arriving.
    const tellPresence = () => this.fanout?.publish(id, { kind: 'presence', from: this.fanout.id, ...room.talk.report() });
    const unfollowPresence = room.talk.onLocalChange(tellPresence);
    this.fanout?.follow(id, (notice) => {
      if (notice?.kind === 'presence') room.talk.heard(notice.from, notice);
      else if (notice?.kind === 'chat') void room.talk.reread().catch(() => undefined);
      else if (notice?.kind === 'presence-ask') {
        if (room.talk.attended) tellPresence();
      } else if (notice?.kind === 'rematch') this.rematches.heard(id, notice.id);
      else if (notice?.kind === 'moved') {
        if (notice.version > room.version)
          // A store that fails the read a gap needs: the next notice or intent catches up.
          room.applyRemote(notice).then(
            (replayed) => this.relayed[replayed ? 'replayed' : 'reread']++,
            () => undefined,
          );
      } else {
        void room.catchUp();
        // Notices may have been missed (null: Redis came back): the chat is read again too.
        if (notice === null) void room.talk.reread().catch(() => undefined);
      }
    });
    this.fanout?.publish(id, { kind: 'presence-ask' });
    this.held.set(id, {
      room,
      unfollow: () => {
        unfollow();
        unfollowOffers();
        unfollowChat();
        unfollowPresence();
      },
    });
    this.scheduler.scheduleDue(room);
  }

  /** Someone started following the game (a socket, a bot's stream): a game of AIs alone goes on. */
  watch(room: Room): void {
    this.scheduler.scheduleDue(room);
  }

  /** Takes the due games nobody looks after and acts in each (run every `sweepMs`, and at start). */
  sweep(): Promise<void> {
    return this.scheduler.sweep();
  }

  /** A new game in the store (under `id`, a new one by default); its room, loaded. */
  async create(
    game: string,
    options: Json,
    seats: readonly string[],
    clock: ClockSettings | null,
    id = newGameId(),
    /** Who made it (an opaque key: what the cap on open games counts by), if anyone. */
    creator: string | null = null,
    rated = false,
    /** A rated seek's range of ratings allowed to take its open seats. */
    ratingRange: { min: number; max: number } | null = null,
  ): Promise<Room> {
    // A keyed seed (Rng.fromSeed): the dice of a game of chance come from a stream that watching
    // them does not give away, and the record, seed included, replays them exactly.
    const seed = `key:${pooledRandomBytes(32).toString('hex')}`;
    const found = findGame(game);
    if (!found.ok) throw new Error(found.error.message);
    // Stored with the rules it is played under: a server with other rules will not replay it as its own.
    const rulesVersion = found.value.rulesVersion;
    const made: NewGame = {
      id,
      game,
      options,
      seed,
      seats,
      clock,
      createdAt: this.now(),
      creator,
      rulesVersion,
      ...(rated ? { rated } : {}),
      ...(ratingRange ? { ratingRange } : {}),
    };
    // The room is made before the store has the game, to tell when the server must first act.
    const room = Room.of(this.store, newStoredGame(made), this.settings);
    // A game made now has had nothing said at its table: its first socket reads no chat from the store.
    room.talk.saidNothingYet();
    // Known as the game's room before the store has it: once written, a sweep may find the game due
    // before the write is acknowledged here, and must act in this room, not load a second of its
    // own (whose acting kept this one, watched, from being played: its turn never came).
    const loaded = Promise.resolve(room);
    this.rooms.set(id, loaded);
    try {
      await this.store.games.create({ ...made, due: room.due() });
    } catch (e) {
      if (this.rooms.get(id) === loaded) this.rooms.delete(id);
      throw e;
    }
    this.relayAcrossInstances(room);
    return room;
  }

  /** The rematch of a finished game (see Rematches). */
  rematch(room: Room): Promise<string> {
    return this.rematches.of(room);
  }

  /** Calls `listener` with the id of the game's rematch once there is one (made here or on another instance). */
  onRematch(room: Room, listener: (rematch: string) => void): () => void {
    return this.rematches.follow(room, listener);
  }

  /** A seat for whoever asks (see Seating). */
  seat(room: Room, seat: number, name: string | null, bot: Bot | null, account?: string, owner?: string): ReturnType<Seating['seat']> {
    return this.seating.seat(room, seat, name, bot, account, owner);
  }

  /** Calls `listener` with each game the bot (by its token hash) takes a seat in from now on. */
  onBotSeated(tokenHash: string, listener: (id: string) => void): () => void {
    return this.seating.onBotSeated(tokenHash, listener);
  }

  /** A game made with the bot (by its token hash) already seated in it (a tournament's round): its stream here follows it. */
  botSeatedAtMaking(tokenHash: string, id: string): void {
    this.seating.told(tokenHash, id);
  }

  /** The token hashes of the bots whose streams are open here. */
  botsFollowed(): string[] {
    return this.seating.followed();
  }

  /**
   * Who sits in game `id` changed in the store without a seat being taken here (an account deleted:
   * its seats renamed): this instance reads them again, and the others are told to.
   */
  seatsChanged(id: string): void {
    void this.held
      .get(id)
      ?.room.catchUp()
      .catch(() => undefined);
    this.fanout?.publish(id, { kind: 'seats' });
  }

  /**
   * Resolves once no room held has an intent queued or under way: at a stop, after the intake has
   * closed, every move already taken in is stored and answered. (A room let go earlier and still
   * used is used by a request under way, which the intake waits for.)
   */
  async drain(): Promise<void> {
    for (let busy = this.busyRooms(); busy.length > 0; busy = this.busyRooms()) await Promise.all(busy.map((room) => room.idle()));
  }

  private busyRooms(): Room[] {
    return [...this.held.values()].map((h) => h.room).filter((room) => room.busy);
  }

  /** Stops looking after games (the server is closing). */
  close(): void {
    this.scheduler.close();
    clearInterval(this.evictor);
    clearInterval(this.reporter);
  }
}
