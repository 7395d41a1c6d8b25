import type { AnyGame, Json, Outcome, Player } from '../engine/game.ts';
import { parseOutcome, playMoves } from '../engine/record.ts';
import { passingMove } from '../engine/resign.ts';
import { findGame } from '../games/index.ts';
import type { Answer, Ending, GameEvent, Refusal } from '../protocols/wire/index.ts';
import { type RatedGame, ratingsAfter } from '../ratings/game-end.ts';
import { type Glicko, perfOf, placesOf } from '../ratings/index.ts';
import {
  hasLeft,
  afterMove as judgeAfterMove,
  judgeClaim,
  judgeMove,
  judgeSeat,
  judgeStillPlaying,
  lateness,
  mayAct,
  outcomeWithoutThem,
  playsOnWithout,
  SERVER_SEAT,
  seatName,
  type Table,
  waiting,
} from './arbiter.ts';
import { type Clocks, clocksAfter } from './clock.ts';
import { EventHistory, RECENT_EVENTS } from './event-history.ts';
import { openingLineOf } from './explorer.ts';
import { judgeAbort, judgeAwayClaim, judgeOffer, judgeReply, type OfferKind, standingOffer, takebackPly } from './manners.ts';
import { ONE_SEAT_ERROR, ONE_SEAT_PER_ACCOUNT } from './owners.ts';
import {
  type Departure,
  type GameStore,
  RATINGS_CHANGED,
  type RatingChange,
  RulesChanged,
  STORE_OUT_OF_DISK,
  type StoredGame,
  type StoredMove,
  StoreOutOfDisk,
  seatedAtStart,
} from './store.ts';
import { TableTalk } from './table-talk.ts';
import { hashToken, newSeatToken } from './tokens.ts';

/**
 * One live game on the server: the engine state rebuilt from the store, and a serialized queue of
 * intents. Every accepted intent is committed to the store before it is acknowledged or published,
 * and becomes an event that bumps the game's version (the number of events so far). A recent log
 * of events lets a client that reconnects catch up on exactly what it missed.
 */

/** The events of a room are the protocol's (protocols/wire): what clients are sent, as they are made. */
export type RoomEvent = GameEvent;

export type Intent =
  | {
      readonly kind: 'move';
      readonly seat: Player;
      readonly token: unknown;
      readonly move: string;
      /** The version the client saw: a move against another is stale. */
      readonly version: number;
      /** The client's own id for this move: a retry with the same id is acknowledged, not played twice. */
      readonly clientId?: string;
    }
  | { readonly kind: 'resign'; readonly seat: Player; readonly token: unknown }
  /**
   * The server's check, once the game is due: the running player has lost on time if the deadline
   * has passed, or the player to move has abandoned the game if nobody moved for too long.
   */
  | { readonly kind: 'flag' };

export interface RoomSettings {
  /** How long an untimed game may wait for its player to move before it is ended as abandoned. */
  readonly abandonAfterMs: number;
  /**
   * Who stores this room's moves, among instances, and for how long a claim holds: a move that gives
   * the turn to an AI claims the game for this instance in the same write.
   */
  readonly instance?: string;
  readonly leaseMs?: number;
  /**
   * Moves a game of AIs alone may last (AI_GAME_MOVES by default): two AIs may repeat themselves for
   * ever, and nobody is waiting for their result.
   */
  readonly aiGameMoves?: number;
  /** The time, in milliseconds since the epoch: the wall clock unless a test brings its own. */
  readonly now?: () => number;
  /** How long a player must be away on their own clock before their opponent may claim the game (30 s). */
  readonly claimAfterMs?: number;
  /** How long a player seated by the pairing or a challenge has for a first move (30 s): past it, the game is aborted. */
  readonly firstMoveMs?: number;
}

/** What players ask of each other and of the game besides moves: offers, answers, an abort, a claim. */
export type MannerIntent =
  | { readonly kind: 'offer'; readonly seat: Player; readonly token: unknown; readonly offer: OfferKind }
  | { readonly kind: 'reply'; readonly seat: Player; readonly token: unknown; readonly offer: OfferKind; readonly accept: boolean }
  | { readonly kind: 'abort'; readonly seat: Player; readonly token: unknown }
  | { readonly kind: 'claim'; readonly seat: Player; readonly token: unknown; readonly result: 'win' | 'draw' };

/** An intent done that made no event (an offer made or declined). */
export interface Done {
  readonly ok: true;
  readonly done: true;
  readonly version: number;
}

export const CLAIM_AFTER_MS = 30_000;
/** lichess gives a paired player about this long to start; past it the game is aborted, rated or not. */
export const FIRST_MOVE_MS = 30_000;

/** Long enough for any real game, DiceWars's many attacks included. */
export const AI_GAME_MOVES = 3000;

/** A week: a correspondence game may sleep for days, a game left in a lobby is cleared. */
export const DEFAULT_ROOM_SETTINGS: RoomSettings = { abandonAfterMs: 7 * 24 * 3600 * 1000 };

export type { Answer, Refusal };
// The server's own credential is the arbiter's; the room hands it on to those who act for the server.
export { SERVER_SEAT };

/** A listener of a room's events; `local`: the event happened in this room, not on another instance. */
export type RoomListener = (event: RoomEvent, local: boolean) => void;

/** An event as another instance tells of it: its version, and the move or the ending it was. */
export interface RemoteEvent {
  readonly version: number;
  readonly move?: StoredMove;
  readonly ending?: { readonly result: Json; readonly termination: string };
}

/** What a client is told when the store does not answer. */
export const STORE_UNAVAILABLE = 'the game store is not answering; nothing changed: try again';

/** Client move ids remembered for retries. */
const RECENT_IDS = 64;

/** Times a rated end reads its players' ratings again when another game of theirs ended first. */
const MAX_RATING_TRIES = 10;

export class Room {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly events = new EventHistory();
  /** Moves answered, by seat and client id: what was asked (a retry asks the same) and the answer. */
  private readonly answered = new Map<string, Answered>();
  private readonly listeners = new Set<RoomListener>();
  private readonly seatListeners = new Set<() => void>();

  private constructor(
    private readonly store: GameStore,
    private readonly settings: RoomSettings,
    readonly game: AnyGame,
    /** The game's options, parsed once. */
    private readonly options: unknown,
    private current: StoredGame,
    private state: unknown,
    /** Who made each move (for clocks and events). */
    private seatOf: Player[],
    /** Events so far: one per move, one for the ending. */
    public version: number,
    /** What a spectator saw before the first move: clients replay the moves from it. */
    readonly startView: Json,
  ) {
    this.active = this.now();
    this.talk = new TableTalk(current.id, store, current.seats.length, () => this.now(), settings.claimAfterMs ?? CLAIM_AFTER_MS);
  }

  /** Who is at the table on this instance, and the game's chats. */
  readonly talk: TableTalk;
  private readonly offerListeners = new Set<(local: boolean) => void>();

  /** Calls `listener` whenever the standing offer changes (made, answered, lapsed); `local`: through this instance. */
  onOffer(listener: (local: boolean) => void): () => void {
    this.offerListeners.add(listener);
    return () => this.offerListeners.delete(listener);
  }

  /** The offer standing now, if any. */
  get offer(): { readonly kind: OfferKind; readonly seat: Player } | null {
    const offer = standingOffer(this.table);
    return offer ? { kind: offer.kind, seat: offer.seat } : null;
  }

  private offerChanged(local = true): void {
    for (const listener of this.offerListeners) listener(local);
  }

  /** The room of a stored game, replayed from its moves; null when there is no such game. */
  static async load(store: GameStore, id: string, settings: RoomSettings = DEFAULT_ROOM_SETTINGS): Promise<Room | null> {
    const stored = await store.read(id);
    return stored ? Room.of(store, stored, settings) : null;
  }

  /** The room of a game as stored (or about to be), replayed from its moves. */
  static of(store: GameStore, stored: StoredGame, settings: RoomSettings = DEFAULT_ROOM_SETTINGS): Room {
    const id = stored.id;
    const found = findGame(stored.game);
    if (!found.ok) throw new Error(`game ${id} is of an unknown kind "${stored.game}"`);
    const game = found.value;
    // Under other rules the same seed and moves make another game: it is not replayed as if they were today's.
    if (stored.rulesVersion !== undefined && stored.rulesVersion !== game.rulesVersion)
      throw new RulesChanged(id, game.title, stored.rulesVersion, game.rulesVersion);
    const options = game.parseOptions(stored.options);
    if (!options.ok) throw new Error(`game ${id}: ${options.error.message}`);
    const played = playMoves(
      game,
      options.value,
      stored.seed,
      stored.moves.map((m) => m.move),
    );
    if (!played.ok) throw new Error(`game ${id}: ${played.error.message}`);
    const { states } = played.value;
    const seatOf = states.slice(0, -1).map((s) => game.toMove(s) as Player);
    const { departures } = stored;
    // Moves taken back count too (stored.undone): a version never goes back.
    const version = stored.moves.length + departures.length + (stored.ending ? 1 : 0) + stored.undone;
    const room = new Room(
      store,
      settings,
      game,
      options.value,
      stored,
      states[states.length - 1],
      seatOf,
      version,
      game.view(states[0], null),
    );
    // The recent past, for clients catching up after a restart: the same events as were sent live,
    // each departure before the move that followed it.
    // After a takeback only the events since it are known again: a client further behind gets a full sync.
    const from = Math.max(stored.undone > 0 ? stored.undoneAt + stored.undone - 1 : 0, version - (stored.ending ? 1 : 0) - RECENT_EVENTS);
    const timed = stored.moves.map((m, i) => ({ seat: seatOf[i] as Player, at: m.at }));
    let v = 0;
    let d = 0;
    for (let i = 0; i <= stored.moves.length; i++) {
      if (stored.undone > 0 && i === stored.undoneAt) {
        v += stored.undone;
        room.events.push({ version: v, kind: 'takeback', ply: i });
      }
      for (; d < departures.length && (departures[d] as Departure).plies <= i; d++)
        if (++v > from) room.events.push(room.leaveEvent(v, departures[d] as Departure));
      const m = stored.moves[i];
      if (m === undefined || ++v <= from) continue;
      const event = room.moveEvent(v, m, seatOf[i] as Player, states[i + 1], timed.slice(0, i + 1));
      room.events.push(event);
      // A move's retry is recognised after a restart, or on another instance, from the id stored with it.
      if (m.clientId !== undefined)
        room.remember(`${seatOf[i]}/${m.clientId}`, { move: m.move, ply: i, version: v - 1, answer: { ok: true, version: v, event } });
    }
    if (stored.ending) room.events.push({ version: room.version, kind: 'end', ...storedEnding(id, stored.ending, stored.ratingDiffs) });
    return room;
  }

  /** The game as stored, after the room's last commit. */
  get stored(): StoredGame {
    return this.current;
  }

  get id(): string {
    return this.stored.id;
  }

  /** How the game ended, as the protocol says it, or null while it goes on. */
  get ending(): Ending | null {
    return this.stored.ending ? storedEnding(this.id, this.stored.ending, this.stored.ratingDiffs) : null;
  }

  get over(): boolean {
    return this.stored.ending !== null;
  }

  /** Moves made so far. */
  get plies(): number {
    return this.stored.moves.length;
  }

  /** The seats whose players left the game while it went on, in the order they left. */
  get left(): Player[] {
    return this.stored.departures.map((d) => d.seat);
  }

  /** Why `seat`'s player left the game ("B resigned"), or null while they play. */
  leftBecause(seat: Player): string | null {
    const departure = this.stored.departures.find((d) => d.seat === seat);
    return departure ? this.departureReason(departure) : null;
  }

  /** Whether `seat`'s player left the game (it goes on without them, the server passing their turns). */
  hasLeft(seat: Player): boolean {
    return hasLeft(this.stored, seat);
  }

  /**
   * When the server must next act without a client asking, or null (over): an AI to move, or the
   * turn of a player who left, at once; else the running clock's deadline or, sooner for an untimed
   * game, when it counts as abandoned.
   */
  due(): number | null {
    if (this.over) return null;
    return this.dueAfter(this.state, this.stored.moves.at(-1)?.at ?? this.stored.createdAt, this.clocks()?.deadline ?? null);
  }

  /** When the server must next look at the game in `state`, after `plies` moves, the last at `lastAt`. */
  private dueAfter(state: unknown, lastAt: number, deadline: number | null, plies = this.plies): number | null {
    if (this.game.result(state) !== null || this.game.toMove(state) === null) return null;
    const abandoned = lastAt + this.settings.abandonAfterMs;
    // A timed game waiting for a player: nobody may move, its AI neither, until it is full or called off.
    if (this.stored.clock && this.waiting()) return abandoned;
    if (this.aiToMoveIn(state) || this.hasLeft(this.game.toMove(state) as Player)) return lastAt;
    const due = deadline === null ? abandoned : deadline;
    // A player seated by the pairing or a challenge who has yet to make a first move: due then.
    const stored = this.stored;
    const starting = seatedAtStart(stored) && !stored.clock?.perMove && plies < stored.seats.length;
    return starting ? Math.min(due, lastAt + (this.settings.firstMoveMs ?? FIRST_MOVE_MS)) : due;
  }

  /** Whose turn it is, or null once the game has ended. */
  get toMove(): Player | null {
    return this.over ? null : this.game.toMove(this.state);
  }

  /** The AI seat to move and its agent, or null when a person (or nobody) is to move. */
  aiToMove(): { seat: Player; agent: string } | null {
    return this.over ? null : this.aiToMoveIn(this.state);
  }

  private aiToMoveIn(state: unknown): { seat: Player; agent: string } | null {
    const seat = this.game.toMove(state);
    const kind = seat === null ? undefined : this.stored.seats[seat];
    // An AI that left (an outside program that failed) thinks no more: the room passes its turns.
    return seat === null || kind === undefined || kind === 'open' || this.hasLeft(seat) ? null : { seat, agent: kind };
  }

  /** The game as an AI thread rebuilds it (the seed stays on the server). */
  replayData(): { game: string; options: Json; seed: string; moves: string[] } {
    return { game: this.stored.game, options: this.stored.options, seed: this.stored.seed, moves: this.stored.moves.map((m) => m.move) };
  }

  /** The legal moves of the player to move, in the game's notation (none once it is over). */
  legalMoves(): string[] {
    return this.over ? [] : this.game.legalMoves(this.state).map((m) => this.game.formatMove(this.state, m));
  }

  /** What `seat` may see of the position (null: a spectator): never the dice generator. */
  view(seat: Player | null): Json {
    return this.game.view(this.state, seat);
  }

  /** The events after `version`, or null when they are no longer kept (the client needs a full sync). */
  eventsSince(version: number): RoomEvent[] | null {
    return this.events.since(version, this.version);
  }

  /** Who listens to the room's events (the hub itself, sockets, bot streams). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** When the room last changed or was loaded: an idle room with nobody listening may be let go. */
  get lastActive(): number {
    return this.active;
  }
  /** The room's time (settings.now, else the wall clock). */
  private now(): number {
    return (this.settings.now ?? Date.now)();
  }
  private active: number;

  subscribe(listener: RoomListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether `credential` (a seat token, an account) holds a person's `seat`. */
  holds(seat: Player, credential: unknown): boolean {
    return this.stored.seats[seat] === 'open' && mayAct(this.table, seat, credential);
  }

  /** Calls `listener` whenever a seat is claimed (not an event: it changes no position). */
  onSeats(listener: () => void): () => void {
    this.seatListeners.add(listener);
    return () => this.seatListeners.delete(listener);
  }

  /** The event of a move: in a game of chance with the position it led to, with a time control with the clocks. */
  private moveEvent(
    version: number,
    m: { ply: number; move: string; at: number },
    seat: Player,
    after: unknown,
    timed: readonly { seat: Player; at: number }[],
  ): RoomEvent {
    const settings = this.stored.clock;
    const over = this.game.result(after) !== null;
    return {
      version,
      kind: 'move',
      ply: m.ply,
      seat,
      move: m.move,
      at: m.at,
      ...(this.game.stochastic ? { view: this.game.view(after, null) } : {}),
      ...(settings ? { clock: clocksAfter(settings, this.stored.seats.length, timed, over ? null : this.game.toMove(after)) } : {}),
    };
  }

  /** Intents, claims and catch-ups queued or under way: a busy room is never let go. */
  private queued = 0;
  get busy(): boolean {
    return this.queued > 0;
  }

  /** Resolves once every intent queued so far has been handled (stored, answered, told). */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Runs `job` after every earlier one; the room counts as busy until it is done. */
  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    this.queued++;
    const done = this.queue.then(job).finally(() => this.queued--);
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** Handles one intent after every earlier one: the room's only way to change its game. */
  submit(intent: Intent): Promise<Answer> {
    // A store that does not answer (a database restarting) refuses the intent, and nothing changed:
    // the room takes a move in only after the store has it.
    return this.enqueue(() =>
      this.handle(intent).catch((e: unknown) => {
        // Out of disk is said once by the store, not once a move.
        if (e instanceof StoreOutOfDisk) return this.refuse('try-again', STORE_OUT_OF_DISK);
        process.stderr.write(`hexarena: game ${this.id}: the store failed: ${e instanceof Error ? e.message : String(e)}\n`);
        return this.refuse('try-again', STORE_UNAVAILABLE);
      }),
    );
  }

  /**
   * Claims an open seat for a person: the token that moves for it, given once (the store keeps its
   * hash), or why not.
   */
  claim(
    seat: Player,
    name: string | null,
    account?: string,
    owner?: string,
  ): Promise<{ ok: true; token: string } | { ok: false; error: string; code?: string }> {
    const token = newSeatToken();
    return this.claimWithHash(seat, name, hashToken(token), account, owner).then((r) => (r.ok ? { ok: true, token } : r));
  }

  /**
   * Claims an open seat for the holder of the token whose hash is given (a bot sits with its own
   * token), and for `account` when a person's session asks (the seat follows them to any browser).
   * `owner`, for a rated game: refused while that owning account holds another seat (owners.ts).
   */
  claimWithHash(
    seat: Player,
    name: string | null,
    tokenHash: string,
    account?: string,
    owner?: string,
  ): Promise<{ ok: true } | { ok: false; error: string; code?: string }> {
    return this.enqueue(async () => {
      const judged = judgeClaim(this.table, seat, tokenHash, this.aiToMove() !== null);
      if ('error' in judged) return { ok: false as const, error: judged.error };
      const { seatTokens, starts } = judged;
      if (!(await this.store.claimSeat(this.id, seat, tokenHash, name, starts ? this.now() : undefined, account, owner))) {
        // Taken, or the game ended, through another instance; or the owner sat in another seat meanwhile.
        await this.reload();
        if (owner !== undefined && !this.over && this.stored.seatTokens[seat] === null)
          return { ok: false as const, error: ONE_SEAT_ERROR, code: ONE_SEAT_PER_ACCOUNT };
        return {
          ok: false as const,
          error: this.over ? 'the game is over: its seats stay as they were played' : `${this.seatName(seat)} is taken`,
        };
      }
      const seatNames = this.stored.seatNames.map((n, i) => (i === seat ? name : n));
      const seatAccounts = this.stored.seatAccounts.map((a, i) => (i === seat ? (account ?? null) : a));
      this.current = { ...this.stored, seatTokens, seatNames, seatAccounts };
      for (const listener of this.seatListeners) listener();
      return { ok: true as const };
    });
  }

  private refuse(refusal: Refusal, error: string): Answer {
    return { ok: false, refusal, error, version: this.version };
  }

  /** A seat as players call it ("X", "Black", "C"), in what the server says. */
  seatName(seat: Player): string {
    return seatName(this.table, seat);
  }

  /** Whether a person's seat is still open (nobody has taken it). */
  waiting(): boolean {
    return waiting(this.stored);
  }

  /** The game as the arbiter judges it: a snapshot, now. */
  private get table(): Table {
    const room = this;
    return {
      game: this.game,
      options: this.options,
      stored: this.stored,
      state: this.state,
      version: this.version,
      // Worked out from every move's time: only when the arbiter asks.
      get clocks() {
        return room.clocks();
      },
      abandonAfterMs: this.settings.abandonAfterMs,
      firstMoveMs: this.settings.firstMoveMs ?? FIRST_MOVE_MS,
    };
  }

  /** The clocks now (null for a game without a time control). */
  clocks(): Clocks | null {
    const settings = this.stored.clock;
    if (!settings) return null;
    return clocksAfter(settings, this.stored.seats.length, this.timedMoves(), this.toMove);
  }

  /** Who made each move, and when: what the clocks are worked out from. */
  private timedMoves(): { seat: Player; at: number }[] {
    return this.stored.moves.map((m, i) => ({ seat: this.seatOf[i] as Player, at: m.at }));
  }

  private async handle(intent: Intent): Promise<Answer> {
    // What the server owes the game comes first: the turns of players who left (a restart may have
    // come between a departure and its pass), and whoever acts after the running player's time ran
    // out finds them out of the game.
    const acted = await this.serverTurns();
    if (intent.kind === 'flag')
      return acted ? { ok: true, version: this.version, event: acted } : this.refuse('game-over', 'no clock has run out');
    const noSeat = judgeSeat(this.table, intent.seat);
    if (noSeat) return this.refuse(noSeat.refusal, noSeat.error);
    const mayPlay = () => mayAct(this.table, intent.seat, intent.token);
    // A seat may have been taken through another instance since this room was loaded: look again once.
    if (!mayPlay() && this.stored.seats[intent.seat] === 'open') await this.reload();
    // Only the seat's holder is answered for its moves, retries included.
    if (!mayPlay()) return this.refuse('bad-token', `that is not ${this.seatName(intent.seat)}'s token`);
    if (intent.kind === 'move' && intent.clientId !== undefined) {
      const earlier = this.answered.get(`${intent.seat}/${intent.clientId}`);
      // A retry is the same move against the same version; the same id on another move is a mistake,
      // never an acknowledgement of a move that was not played.
      if (earlier && (earlier.version !== intent.version || !this.sameMove(earlier, intent.move)))
        return this.refuse(
          'illegal',
          `the id ${JSON.stringify(intent.clientId)} was given to another move (${earlier.move} at version ${earlier.version}): give each move an id of its own`,
        );
      if (earlier?.answer.ok) return { ...earlier.answer, duplicate: true };
    }
    const out = judgeStillPlaying(this.table, intent.seat);
    if (out) return this.refuse(out.refusal, out.error);
    return intent.kind === 'resign' ? this.resign(intent.seat) : this.move(intent);
  }

  /** Offers, answers, an abort or a claim: judged, stored, then told; the event it made, if any. */
  act(intent: MannerIntent): Promise<Answer | Done> {
    return this.enqueue(() =>
      this.handleManners(intent).catch((e: unknown): Answer => {
        if (e instanceof StoreOutOfDisk) return this.refuse('try-again', STORE_OUT_OF_DISK);
        process.stderr.write(`hexarena: game ${this.id}: the store failed: ${e instanceof Error ? e.message : String(e)}\n`);
        return this.refuse('try-again', STORE_UNAVAILABLE);
      }),
    );
  }

  private async handleManners(intent: MannerIntent): Promise<Answer | Done> {
    await this.serverTurns();
    const noSeat = judgeSeat(this.table, intent.seat);
    if (noSeat) return this.refuse(noSeat.refusal, noSeat.error);
    if (!mayAct(this.table, intent.seat, intent.token) && this.stored.seats[intent.seat] === 'open') await this.reload();
    if (!mayAct(this.table, intent.seat, intent.token))
      return this.refuse('bad-token', `that is not ${this.seatName(intent.seat)}'s token`);
    const out = judgeStillPlaying(this.table, intent.seat);
    if (out) return this.refuse(out.refusal, out.error);
    const { seat } = intent;
    const name = this.seatName(seat);
    const done: Done = { ok: true, done: true, version: this.version };
    const ended = (event: RoomEvent | null): Answer =>
      event ? { ok: true, version: event.version, event } : this.refuse('stale', 'the game changed first: look again');
    switch (intent.kind) {
      case 'abort': {
        const no = judgeAbort(this.table, seat, this.seatOf);
        if (no) return this.refuse(no.refusal, no.error);
        return ended(await this.finish({ kind: 'draw', reason: `${name} aborted the game` }, 'aborted'));
      }
      case 'claim': {
        const them = seat === 0 ? 1 : 0;
        const no = judgeAwayClaim(this.table, seat, this.talk.goneSince(them), this.now(), this.talk.claimAfterMs);
        if (no) return this.refuse(no.refusal, no.error);
        const away = `${this.seatName(them)} left the game`;
        return ended(
          await this.finish(
            intent.result === 'win' ? { kind: 'win', winner: seat, reason: away } : { kind: 'draw', reason: away },
            'abandoned',
          ),
        );
      }
      case 'offer': {
        // The other seat may have been taken on another instance since this one looked.
        const them = seat === 0 ? 1 : 0;
        if (this.stored.seats[them] === 'open' && this.stored.seatTokens[them] === null) await this.reload();
        const no = judgeOffer(this.table, seat, intent.offer, this.seatOf);
        if (no) return this.refuse(no.refusal, no.error);
        const standing = standingOffer(this.table);
        // Offering what the other player offers is agreeing to it.
        if (standing && standing.kind === intent.offer) return this.agree(seat, intent.offer);
        // The server's AI plays on (it takes no draw: the shared rule says so), and lets a person take a move back.
        if (this.stored.seats[them] !== 'open') return ended(await this.takeBackFor(seat));
        const offer = { kind: intent.offer, seat, ply: this.plies };
        if (!(await this.store.setOffer(this.id, offer, this.plies, this.stored.undone))) {
          await this.reload();
          return this.refuse('stale', 'the game changed first: look again');
        }
        this.current = { ...this.stored, offer };
        this.offerChanged();
        return done;
      }
      case 'reply': {
        const no = judgeReply(this.table, seat, intent.offer);
        if (no) return this.refuse(no.refusal, no.error);
        if (intent.accept) return this.agree(seat, intent.offer);
        if (!(await this.store.setOffer(this.id, null, this.plies, this.stored.undone))) {
          await this.reload();
          return this.refuse('stale', 'the game changed first: look again');
        }
        this.current = { ...this.stored, offer: null };
        this.offerChanged();
        return done;
      }
    }
  }

  /** `seat` agrees to the standing offer of `kind`: the game is drawn, or taken back for the asker. */
  private async agree(seat: Player, kind: OfferKind): Promise<Answer> {
    const offer = standingOffer(this.table);
    const event =
      kind === 'draw'
        ? await this.finish({ kind: 'draw', reason: 'agreed' }, 'agreement')
        : await this.takeBackFor(offer?.seat ?? (seat === 0 ? 1 : 0));
    return event ? { ok: true, version: event.version, event } : this.refuse('stale', 'the game changed first: look again');
  }

  /** Takes the game back to before `seat`'s last move, in the store and then here; the event, or null. */
  private async takeBackFor(seat: Player): Promise<RoomEvent | null> {
    const toPly = takebackPly(this.seatOf, seat);
    if (toPly === null) return null;
    const played = playMoves(
      this.game,
      this.options,
      this.stored.seed,
      this.stored.moves.slice(0, toPly).map((m) => m.move),
    );
    if (!played.ok) throw new Error(`game ${this.id}: ${played.error.message}`);
    const state = played.value.states.at(-1);
    const lastAt = this.stored.moves[toPly - 1]?.at ?? this.stored.createdAt;
    // Untimed (takebacks are): due only when the game would count as abandoned, or at once for an AI.
    const due = this.dueAfter(state, Math.max(lastAt, this.now()), null, toPly);
    if (!(await this.store.takeBack(this.id, toPly, this.plies, this.stored.undone, { deadline: null, due }))) {
      await this.reload();
      return null;
    }
    const undone = this.stored.undone + (this.plies - toPly) + 1;
    this.current = { ...this.stored, moves: this.stored.moves.slice(0, toPly), undone, undoneAt: toPly, offer: null };
    this.seatOf = this.seatOf.slice(0, toPly);
    this.state = state;
    this.offerChanged();
    return this.publish({ version: this.version + 1, kind: 'takeback', ply: toPly });
  }

  /** Everything the server owes the game now, done; the last event it made, or null. */
  private async serverTurns(): Promise<RoomEvent | null> {
    let last: RoomEvent | null = null;
    for (let event = await this.serverTurn(); event !== null; event = await this.serverTurn()) last = event;
    return last;
  }

  private async serverTurn(): Promise<RoomEvent | null> {
    if (this.over) return null;
    return (await this.passForLeaver()) ?? (await this.endIfLate());
  }

  /**
   * The player to move has run out of time, or (untimed) let the game sleep past the limit: they are
   * out of it (the game ends, or goes on without them); the event, or null.
   */
  private async endIfLate(): Promise<RoomEvent | null> {
    const late = lateness(this.table, this.now());
    if (late === null) return null;
    if (late.kind === 'time') return this.leave(late.seat, 'time', `${this.seatName(late.seat)} ran out of time`);
    // A paired (or challenged) player who never started: aborted, as lichess aborts; nobody is rated.
    if (late.kind === 'no-start')
      return this.finish(
        {
          kind: 'draw',
          reason: `${this.seatName(late.seat)} made no first move in ${spokenDuration(this.settings.firstMoveMs ?? FIRST_MOVE_MS)}: the game is aborted`,
        },
        'aborted',
      );
    // Nobody came for an open seat: the game is called off, and nobody wins it against nobody.
    if (late.kind === 'called-off')
      return this.finish(
        { kind: 'draw', reason: `nobody took the open seat in ${spokenDuration(this.settings.abandonAfterMs)}: the game is called off` },
        'aborted',
      );
    return this.leave(
      late.seat,
      'abandoned',
      `${this.seatName(late.seat)} did not move for ${spokenDuration(this.settings.abandonAfterMs)}`,
    );
  }

  private async move(intent: Extract<Intent, { kind: 'move' }>): Promise<Answer> {
    // The client saw a version this room has not: another instance moved the game on and its notice
    // has not come (Redis away a moment). The store has it: catch up, then judge.
    if (Number.isInteger(intent.version) && intent.version > this.version) await this.reload();
    const judged = judgeMove(this.table, intent.seat, intent.move, intent.version);
    if ('refusal' in judged) return this.refuse(judged.refusal, judged.error);
    const answer = await this.commit(intent.seat, judged.move, intent.clientId);
    if (answer.ok && answer.event.kind === 'move' && intent.clientId !== undefined)
      this.remember(`${intent.seat}/${intent.clientId}`, {
        move: answer.event.move,
        text: intent.move,
        ply: answer.event.ply,
        version: intent.version,
        answer,
      });
    return answer;
  }

  /**
   * Stores `move` (legal, by `seat`, the player to move), then publishes it, and then what follows it
   * at once: the ending it brings, or the turns of players who left. The move's answer.
   */
  private async commit(seat: Player, move: unknown, clientId?: string): Promise<Answer> {
    // The store decides: a ply another writer took first means this room is behind.
    const made: StoredMove = {
      ply: this.plies,
      move: this.game.formatMove(this.state, move),
      at: this.now(),
      ...(clientId === undefined ? {} : { clientId }),
    };
    const next = this.game.play(this.state, move);
    const event = this.eventOf(made, seat, next);
    // The deadline that follows the move is stored with it, so a restart keeps every clock.
    const deadline = event.kind === 'move' && event.clock ? event.clock.deadline : null;
    const due = this.dueAfter(next, made.at, deadline, this.plies + 1);
    const { instance, leaseMs } = this.settings;
    // The server's turn at once: claimed with the move, so no other instance's sweep takes it meanwhile.
    const claim =
      due !== null && this.aiToMoveIn(next) && instance !== undefined && leaseMs !== undefined
        ? { owner: instance, until: made.at + leaseMs }
        : null;
    const departed = this.stored.departures.length;
    const refused = await this.store.append(this.id, made, { deadline, due, claim, departed, undone: this.stored.undone });
    if (refused === 'ply-taken') {
      await this.reload();
      return this.refuse('stale', 'the game changed first (another move was made, or a player left)');
    }
    if (refused) return this.refuse(refused === 'game-over' ? 'game-over' : 'try-again', `the store refused the move (${refused})`);
    this.advance(made, seat, next, event, true);
    const answer: Answer = { ok: true, version: this.version, event };
    await this.afterMove();
    return answer;
  }

  /** What follows a move at once: the ending it brings, or the turns of players who left. */
  private async afterMove(): Promise<void> {
    const next = judgeAfterMove(this.table, this.passes(), this.settings.aiGameMoves ?? AI_GAME_MOVES);
    if (next?.kind === 'end') await this.finish(next.outcome, next.termination);
    else if (next?.kind === 'pass') await this.passForLeaver();
  }

  /** The server's move for a player who left, when it is theirs: the game's pass (DiceWars's `end`). */
  private async passForLeaver(): Promise<RoomEvent | null> {
    const seat = this.toMove;
    if (seat === null || !this.hasLeft(seat) || this.game.result(this.state) !== null) return null;
    const pass = passingMove(this.game, this.state);
    // Nobody leaves a game that cannot pass a turn (playsOnWithout): this is a broken invariant.
    if (pass === null) throw new Error(`${this.seatName(seat)} left game ${this.id}, and no move passes their turn`);
    const answer = await this.commit(seat, pass);
    return answer.ok ? answer.event : null;
  }

  /**
   * The seat's player is gone from the site (their account closed, or banned): a game still waiting
   * for players is called off, a game of two with fewer than two moves aborted, else they leave as
   * by resignation (a game of two won by the other, one of more going on without them). After the
   * room's other intents; idempotent: a game over, or a seat already left, is left as it is. The
   * event it made, or null when there was nothing to do.
   */
  closeSeat(seat: Player, termination: 'closed' | 'banned'): Promise<RoomEvent | null> {
    return this.enqueue(async () => {
      for (let tries = 3; tries > 0; tries--) {
        await this.serverTurns();
        if (this.over || this.hasLeft(seat) || this.stored.seats[seat] !== 'open') return null;
        const name = this.seatName(seat);
        const gone = `${name}: ${termination === 'closed' ? 'account closed' : 'banned'}`;
        const event =
          this.waiting() || (this.stored.seats.length === 2 && this.plies < 2)
            ? await this.finish({ kind: 'draw', reason: `${gone}, the game is aborted` }, 'aborted')
            : await this.leave(seat, termination, gone);
        // Null: another instance changed the game first (this room has caught up since): again from there.
        if (event) return event;
      }
      throw new Error(`game ${this.id}: the game kept changing while ${this.seatName(seat)}'s seat was closed`);
    });
  }

  private async resign(seat: Player, tries = 3): Promise<Answer> {
    const event = await this.leave(seat, 'resignation', `${this.seatName(seat)} resigned`);
    if (event) return { ok: true, version: event.version, event };
    // Another instance moved the game on meanwhile (this room has caught up since): resign from there.
    if (!this.over && !this.hasLeft(seat) && tries > 1) return this.resign(seat, tries - 1);
    if (this.over || this.hasLeft(seat))
      return this.refuse('game-over', this.over ? 'the game is over' : `${this.seatName(seat)} left this game already`);
    return this.refuse('try-again', 'the game kept changing: try again');
  }

  /**
   * `seat`'s player is out of the game (resigned, ran out of time, stayed away): a game of two ends,
   * and so does one of more where fewer than two players would still be playing or no move passes a
   * turn. Else it goes on without them: the departure is stored (a restart keeps it), and the server
   * passes their turns from then on. The event, or null when the store had changed first.
   */
  private async leave(seat: Player, termination: string, reason: string): Promise<RoomEvent | null> {
    const left = [...this.left, seat];
    if (!playsOnWithout(this.table, left, this.passes())) return this.finish(outcomeWithoutThem(this.table, left, reason), termination);
    const departure: Departure = { seat, plies: this.plies, at: this.now(), termination };
    // Their turn now: passed at once, and due at once should this process stop before it is.
    const due = this.game.toMove(this.state) === seat ? departure.at : undefined;
    if (!(await this.store.depart(this.id, departure, this.stored.departures.length, due))) {
      await this.reload();
      return null;
    }
    this.current = { ...this.stored, departures: [...this.stored.departures, departure] };
    const event = this.publish(this.leaveEvent(this.version + 1, departure));
    await this.passForLeaver();
    return event;
  }

  /** The event of a departure. */
  private leaveEvent(version: number, d: Departure): RoomEvent {
    return { version, kind: 'leave', seat: d.seat, termination: d.termination, reason: this.departureReason(d) };
  }

  private departureReason(d: Departure): string {
    const name = this.seatName(d.seat);
    if (d.termination === 'time') return `${name} ran out of time`;
    if (d.termination === 'abandoned') return `${name} did not move for ${spokenDuration(this.settings.abandonAfterMs)}`;
    if (d.termination === 'closed') return `${name}: account closed`;
    if (d.termination === 'banned') return `${name}: banned`;
    return `${name} resigned`;
  }

  /** Whether the game has a move that passes a turn (DiceWars's `end`), as its first position shows. */
  private passes(): boolean {
    this.passing ??= passingMove(this.game, this.game.newGame(this.options, this.stored.seed)) !== null;
    return this.passing;
  }
  private passing: boolean | undefined;

  /**
   * Ends the game in the store after the moves this room knows (the first ending wins, and none
   * decided on a position that is gone), then publishes it.
   */
  private async finish(outcome: Outcome, termination: string): Promise<RoomEvent | null> {
    const result = outcomeJson(outcome);
    const rated = this.ratedGameOf(outcome, termination);
    // The opening explorer counts the game in the same write (or marks it as not counted): nothing is
    // left for a crash to lose, and a game ends once, so it is counted once.
    const opening = openingLineOf(
      this.stored,
      this.stored.moves.slice(0, this.plies).map((m) => m.move),
      result,
      termination,
    );
    const ending = { result, termination, plies: this.plies, departed: this.stored.departures.length, undone: this.stored.undone, opening };
    let ratings: RatingChange | undefined;
    let ended: boolean | typeof RATINGS_CHANGED = RATINGS_CHANGED;
    // A player's other game ending between the read of their rating and this write: read it again.
    for (let tries = 0; ended === RATINGS_CHANGED; tries++) {
      if (tries === MAX_RATING_TRIES) throw new Error(`game ${this.id}: the players' ratings kept changing while it ended`);
      ratings = rated ? await this.ratingChange(rated) : undefined;
      ended = await this.store.end(this.id, ratings ? { ...ending, ratings } : ending);
    }
    if (!ended) {
      await this.reload();
      return null;
    }
    const diffs = ratings ? [...ratings.diffs] : null;
    const offered = this.offer !== null;
    this.current = { ...this.stored, ending: { result, termination }, offer: null, ratingDiffs: diffs };
    if (offered) this.offerChanged();
    return this.publish({ version: this.version + 1, kind: 'end', result: outcome, termination, ...(diffs ? { ratingDiffs: diffs } : {}) });
  }

  /**
   * How this game's end rates its players, if it does: a rated game whose every seat is an account's,
   * not aborted — two players by Glicko-2 with the game's first-move advantage, a free-for-all by
   * Glicko-2 over its table's pairs (ratings/free-for-all.ts).
   */
  private ratedGameOf(outcome: Outcome, termination: string): RatedGame | undefined {
    const { stored } = this;
    const accounts = stored.seatAccounts;
    if (!stored.rated || termination === 'aborted' || accounts.length < 2 || accounts.some((a) => !a)) return undefined;
    return {
      perf: perfOf(stored.game, stored.clock),
      accounts: accounts as string[],
      at: this.now(),
      firstMoveAdvantage: this.game.firstMoveAdvantage ?? 0,
      score:
        accounts.length > 2 ? { places: this.places(outcome) } : { first: outcome.kind === 'draw' ? 0.5 : outcome.winner === 0 ? 1 : 0 },
    };
  }

  /** The players' ratings as the store holds them now, and after this game (a pure step: ratings/game-end.ts). */
  private async ratingChange(rated: RatedGame): Promise<RatingChange> {
    const before = await Promise.all(
      rated.accounts.map(async (account) => (await this.store.ratingsOf(account)).find((r) => r.perf === rated.perf) ?? null),
    );
    const { after, diffs } = ratingsAfter(rated, before);
    const seats = rated.accounts.map((account, i) => ({ account, before: before[i] ?? null, after: after[i] as Glicko }));
    return { perf: rated.perf, at: rated.at, seats, diffs };
  }

  /**
   * The places a free-for-all finished in (0 the winner, ties shared): the rules' ranking when they
   * give one; else the winner, then those still playing (tied: the rules did not tell them apart),
   * then those who left, the last to leave first.
   */
  private places(outcome: Outcome): number[] {
    const seats = this.stored.seats.length;
    if (outcome.kind !== 'win' || outcome.ranking) return placesOf(outcome, seats);
    const left = this.stored.departures.map((d) => d.seat).reverse();
    const places = Array.from({ length: seats }, () => 1);
    places[outcome.winner] = 0;
    const after = places.some((_, i) => i !== outcome.winner && !left.includes(i)) ? 2 : 1;
    for (const [i, seat] of left.entries()) if (seat !== outcome.winner) places[seat] = after + i;
    return places;
  }

  /** Makes `event` the game's latest; `local`: it happened here, not learned from another instance. */
  private publish(event: RoomEvent, local = true): RoomEvent {
    this.active = this.now();
    this.version = event.version;
    this.events.push(event);
    for (const listener of this.listeners) listener(event, local);
    return event;
  }

  /** The event of `m`, the next move, made by `seat` and leading to `next`. */
  private eventOf(m: StoredMove, seat: Player, next: unknown): RoomEvent {
    return this.moveEvent(this.version + 1, m, seat, next, [...this.timedMoves(), { seat, at: m.at }]);
  }

  /** Takes in a move the store has (stored here, or by another instance): the game, its record, its event. */
  private advance(m: StoredMove, seat: Player, next: unknown, event: RoomEvent, local: boolean): void {
    // A move lapses the standing offer (the store cleared it with the move).
    const offered = this.offer !== null;
    this.current = { ...this.stored, moves: [...this.stored.moves, m], offer: null };
    if (offered) this.offerChanged();
    this.seatOf.push(seat);
    this.state = next;
    this.publish(event, local);
  }

  private remember(key: string, answered: Answered): void {
    this.answered.set(key, answered);
    if (this.answered.size > RECENT_IDS) this.answered.delete(this.answered.keys().next().value as string);
  }

  /**
   * Whether `text` is the move `earlier` made: the text the client sent, or the same move spelled
   * otherwise ("B2" for "b2"; after a restart only the store's spelling is known).
   */
  private sameMove(earlier: Answered, text: string): boolean {
    if (text === earlier.text || text === earlier.move) return true;
    if (typeof text !== 'string' || text.length > 200) return false;
    // Read in the position it was made in, replayed: a retry spelled otherwise is rare, a move is not.
    const played = playMoves(
      this.game,
      this.options,
      this.stored.seed,
      this.stored.moves.slice(0, earlier.ply).map((m) => m.move),
    );
    if (!played.ok) return false;
    const before = played.value.states.at(-1);
    const parsed = this.game.parseMove(before, text);
    return parsed.ok && this.game.formatMove(before, parsed.value) === earlier.move;
  }

  /**
   * What another instance told of this game: the event after this room's version is replayed here,
   * from the move's text, without reading the store (the dice follow from the same seed); anything
   * else (a gap, a move that does not fit) makes the room catch up from the store. Whether it was
   * replayed.
   */
  applyRemote(news: RemoteEvent): Promise<boolean> {
    return this.enqueue(async () => {
      if (news.version <= this.version) return true;
      if (news.version === this.version + 1 && !this.over) {
        if (news.move && news.move.ply === this.plies) {
          const parsed = this.game.parseMove(this.state, news.move.move);
          if (parsed.ok) {
            const seat = this.game.toMove(this.state) as Player;
            const next = this.game.play(this.state, parsed.value);
            const event = this.eventOf(news.move, seat, next);
            this.advance(news.move, seat, next, event, false);
            const { clientId } = news.move;
            if (clientId !== undefined)
              this.remember(`${seat}/${clientId}`, {
                move: news.move.move,
                ply: news.move.ply,
                version: event.version - 1,
                answer: { ok: true, version: event.version, event },
              });
            return true;
          }
        } else if (news.ending) {
          this.current = { ...this.stored, ending: news.ending };
          this.publish({ version: news.version, kind: 'end', ...storedEnding(this.id, news.ending) }, false);
          return true;
        }
      }
      await this.reload();
      return false;
    });
  }

  /** Catches up with the store, after this room's other intents (another instance moved the game on). */
  catchUp(): Promise<void> {
    return this.enqueue(() => this.reload());
  }

  /** Catches up with the store after another writer got there first: its events, its seats. */
  private async reload(): Promise<void> {
    const fresh = await Room.load(this.store, this.id, this.settings);
    if (!fresh) return;
    const seatsBefore = JSON.stringify([this.current.seatTokens, this.current.seatNames]);
    const offerBefore = JSON.stringify(this.offer);
    this.current = fresh.stored;
    this.state = fresh.state;
    this.seatOf = fresh.seatOf;
    for (const e of fresh.events.all().filter((e) => e.version > this.version)) this.publish(e, false);
    // The ids of the moves found there (made on another instance), so their retries are known here too.
    for (const [key, answered] of fresh.answered) if (!this.answered.has(key)) this.remember(key, answered);
    // Events the history no longer holds (before a takeback made elsewhere): the version still moves on.
    if (fresh.version > this.version) this.version = fresh.version;
    if (JSON.stringify([fresh.stored.seatTokens, fresh.stored.seatNames]) !== seatsBefore)
      for (const listener of this.seatListeners) listener();
    if (JSON.stringify(this.offer) !== offerBefore) this.offerChanged(false);
  }
}

/** A move answered with a client's id: the move as stored, the text the client sent, its ply, the version it was made against, and the answer. */
interface Answered {
  readonly move: string;
  readonly text?: string;
  readonly ply: number;
  readonly version: number;
  readonly answer: Answer;
}

/** A wait as people say it: "7 days", "3 hours", "1.5 s". */
function spokenDuration(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.round((ms / size) * 10) / 10;
    if (ms >= size) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return `${Math.round(ms / 100) / 10} s`;
}

/** An outcome as the store keeps it: JSON. */
function outcomeJson(outcome: Outcome): Json {
  const json: { [key: string]: Json } = { kind: outcome.kind };
  if (outcome.kind === 'win') {
    json.winner = outcome.winner;
    if (outcome.ranking) json.ranking = [...outcome.ranking];
  }
  if (outcome.reason !== undefined) json.reason = outcome.reason;
  return json;
}

/** An ending as the store (or another instance) gives it, read back as the protocol's: checked, not cast. */
function storedEnding(
  id: string,
  ending: { readonly result: Json; readonly termination: string },
  ratingDiffs?: readonly number[] | null,
): Ending {
  const result = parseOutcome(ending.result);
  if (!result.ok || result.value === null) throw new Error(`game ${id}: its stored result is none (${JSON.stringify(ending.result)})`);
  return { result: result.value, termination: ending.termination, ...(ratingDiffs ? { ratingDiffs } : {}) };
}
