import type { AnyGame, Json, Player } from '@hexarena/engines/engine/game.ts';
import type { Ending } from '@hexarena/engines/protocol/index.ts';
import { hasLeft, mayAct, seatName, waiting } from '../arbiter.ts';
import type { Clocks } from '../clock.ts';
import { EventHistory } from '../event-history.ts';
import type { OfferKind } from '../manners.ts';
import type { GameStore, StoredGame, StoredMove } from '../store.ts';
import { TableTalk } from '../table-talk.ts';
import { applied } from './commit.ts';
import { standingOfferOf, type Write } from './decide.ts';
import {
  type Answered,
  aiToMoveIn,
  clocksOf,
  departureReason,
  dueAfter,
  type Live,
  passesIn,
  type RoomEvent,
  storedEnding,
  type Table,
} from './table.ts';

/**
 * A live game's table as a room holds it: the state after its last commit, what it reads of it (the
 * public face of a room), its recent events and listeners, and how a committed write is taken in
 * and told. The room (room.ts) is the shell that decides and commits; this is what it changes.
 */

export interface RoomSettings {
  /** How long an untimed game may wait for its player to move before it is ended as abandoned. */
  readonly abandonAfterMs: number;
  /** Who stores this room's moves, among instances, and for how long a move's claim of the AI's turn holds. */
  readonly instance?: string;
  readonly leaseMs?: number;
  /** Moves a game of AIs alone may last (AI_GAME_MOVES by default): two AIs may repeat themselves for ever. */
  readonly aiGameMoves?: number;
  /** The time, in milliseconds since the epoch: the wall clock unless a test brings its own. */
  readonly now?: () => number;
  /** How long a player must be away on their own clock before their opponent may claim the game (30 s). */
  readonly claimAfterMs?: number;
  /** How long a player seated by the pairing or a challenge has for a first move (30 s): past it, the game is aborted. */
  readonly firstMoveMs?: number;
}

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

export class LiveTable {
  protected readonly events = new EventHistory();
  /** Moves answered, by seat and client id: what was asked (a retry asks the same) and the answer. */
  protected readonly answered = new Map<string, Answered>();
  private readonly listeners = new Set<RoomListener>();
  protected readonly seatListeners = new Set<() => void>();
  private readonly offerListeners = new Set<(local: boolean) => void>();
  private active: number;
  private passing: boolean | undefined;
  /** Who is at the table on this instance, and the game's chats. */
  readonly talk: TableTalk;

  protected constructor(
    protected readonly store: GameStore,
    protected readonly settings: RoomSettings,
    readonly game: AnyGame,
    protected readonly options: unknown,
    protected live: Live,
    /** What a spectator saw before the first move: clients replay the moves from it. */
    readonly startView: Json,
  ) {
    this.active = this.now();
    this.talk = new TableTalk(live.stored.id, store, live.stored.seats.length, () => this.now(), settings.claimAfterMs ?? CLAIM_AFTER_MS);
  }

  /** The table made last, and the state it was made of: read many times a move, it is made once a change. */
  private table: { readonly live: Live; readonly fresh: boolean; readonly table: Table } | null = null;

  /** The game as the one decision reads it, now; `fresh`: just read from the store. */
  protected tableOf(fresh = false): Table {
    const made = this.table;
    if (made !== null && made.live === this.live && made.fresh === fresh) return made.table;
    const table = this.makeTable(fresh);
    this.table = { live: this.live, fresh, table };
    return table;
  }

  private makeTable(fresh: boolean): Table {
    const { settings } = this;
    this.shared ??= {
      game: this.game,
      options: this.options,
      abandonAfterMs: settings.abandonAfterMs,
      firstMoveMs: settings.firstMoveMs ?? FIRST_MOVE_MS,
      answered: this.answered,
      rules: { ...settings, aiGameMoves: settings.aiGameMoves ?? AI_GAME_MOVES, claimAfterMs: this.talk.claimAfterMs },
      goneSince: (seat) => this.talk.goneSince(seat),
      passes: () => {
        this.passing ??= passesIn(this.game, this.options, this.live.stored.seed);
        return this.passing;
      },
    };
    return new TableView(this.shared, this.live, fresh);
  }
  /** What every table of this room shares, made with the first. */
  private shared: TableShared | null = null;

  get stored(): StoredGame {
    return this.live.stored;
  }
  get id(): string {
    return this.live.stored.id;
  }
  /** Events so far: one per move, one per departure and takeback, one for the ending. */
  get version(): number {
    return this.live.version;
  }
  get ending(): Ending | null {
    return this.stored.ending ? storedEnding(this.id, this.stored.ending, this.stored.ratingDiffs) : null;
  }
  get over(): boolean {
    return this.stored.ending !== null;
  }
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
    return departure ? departureReason(this.tableOf(), departure) : null;
  }
  hasLeft(seat: Player): boolean {
    return hasLeft(this.stored, seat);
  }
  /** When the server must next act without a client asking, or null (over): an AI or a leaver to move, a deadline. */
  due(): number | null {
    if (this.over) return null;
    return dueAfter(
      this.tableOf(),
      this.live.state,
      this.stored.moves.at(-1)?.at ?? this.stored.createdAt,
      this.clocks()?.deadline ?? null,
      this.plies,
    );
  }
  get toMove(): Player | null {
    return this.over ? null : this.game.toMove(this.live.state);
  }
  /** The AI seat to move and its agent, or null when a person (or nobody) is to move. */
  aiToMove(): { seat: Player; agent: string } | null {
    return this.over ? null : aiToMoveIn({ game: this.game, stored: this.stored }, this.live.state);
  }
  /** The game as an AI thread rebuilds it (the seed stays on the server). */
  replayData(): { game: string; options: Json; seed: string; moves: string[] } {
    const { stored } = this;
    return { game: stored.game, options: stored.options, seed: stored.seed, moves: stored.moves.map((m) => m.move) };
  }
  legalMoves(): string[] {
    const { state } = this.live;
    return this.over ? [] : this.game.legalMoves(state).map((m) => this.game.formatMove(state, m));
  }
  /** What `seat` may see of the position (null: a spectator): never the dice generator. */
  view(seat: Player | null): Json {
    return this.game.view(this.live.state, seat);
  }
  /** The events after `version`, or null when they are no longer kept (the client needs a full sync). */
  eventsSince(version: number): RoomEvent[] | null {
    return this.events.since(version, this.version);
  }
  get listenerCount(): number {
    return this.listeners.size;
  }
  /** When the room last changed or was loaded: an idle room with nobody listening may be let go. */
  get lastActive(): number {
    return this.active;
  }
  protected now(): number {
    return (this.settings.now ?? Date.now)();
  }
  subscribe(listener: RoomListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** Whether `credential` (a seat token, an account) holds a person's `seat`. */
  holds(seat: Player, credential: unknown): boolean {
    return this.stored.seats[seat] === 'open' && mayAct(this.tableOf(), seat, credential);
  }
  /** Calls `listener` whenever a seat is claimed (not an event: it changes no position). */
  onSeats(listener: () => void): () => void {
    this.seatListeners.add(listener);
    return () => this.seatListeners.delete(listener);
  }
  /** Calls `listener` whenever the standing offer changes (made, answered, lapsed); `local`: through this instance. */
  onOffer(listener: (local: boolean) => void): () => void {
    this.offerListeners.add(listener);
    return () => this.offerListeners.delete(listener);
  }
  /** The offer standing now, if any. */
  get offer(): { readonly kind: OfferKind; readonly seat: Player } | null {
    return standingOfferOf(this.stored);
  }
  protected offerChanged(local = true): void {
    for (const listener of this.offerListeners) listener(local);
  }
  seatName(seat: Player): string {
    return seatName(this.tableOf(), seat);
  }
  waiting(): boolean {
    return waiting(this.stored);
  }
  clocks(): Clocks | null {
    return clocksOf(this.game, this.live);
  }
  /** Takes in a write the store has (made here, or told by another instance), and publishes its event. */
  protected take(w: Write, diffs: readonly number[] | null, local: boolean): RoomEvent | null {
    const offered = this.offer !== null;
    const next = applied(this.live, w, diffs);
    this.live = next.live;
    if (w.kind === 'offer' || w.kind === 'takeback' || (offered && (w.kind === 'move' || w.kind === 'end'))) this.offerChanged();
    if (w.kind === 'seat') for (const listener of this.seatListeners) listener();
    if (!next.event) return null;
    const event = this.publish(next.event, local);
    // A move's retry is recognised by its client's id, here or (told by another instance) elsewhere.
    if (w.kind === 'move' && w.made.clientId !== undefined)
      this.remember(`${w.seat}/${w.made.clientId}`, {
        move: w.made.move,
        ...(w.client ? { text: w.client.text } : {}),
        ply: w.made.ply,
        version: event.version - 1,
        answer: { ok: true, version: event.version, event },
      });
    return event;
  }
  /** Makes `event` the game's latest; `local`: it happened here, not learned from another instance. */
  protected publish(event: RoomEvent, local = true): RoomEvent {
    this.active = this.now();
    this.live = { ...this.live, version: event.version };
    this.events.push(event);
    for (const listener of this.listeners) listener(event, local);
    return event;
  }
  protected remember(key: string, answered: Answered): void {
    this.answered.set(key, answered);
    if (this.answered.size > RECENT_IDS) this.answered.delete(this.answered.keys().next().value as string);
  }
}

/** What a room's tables share whatever the position: the game, its settings, and the room's own readers. */
interface TableShared {
  readonly game: AnyGame;
  readonly options: unknown;
  readonly abandonAfterMs: number;
  readonly firstMoveMs: number;
  readonly answered: ReadonlyMap<string, Answered>;
  readonly rules: Table['rules'];
  readonly goneSince: Table['goneSince'];
  readonly passes: () => boolean;
}

/**
 * A room's table at one live state: made at every move, so made cheaply — fields set in one shape,
 * what is seldom read (the clocks, whether the game passes) worked out only when asked.
 */
class TableView implements Table {
  readonly game: AnyGame;
  readonly options: unknown;
  readonly stored: StoredGame;
  readonly state: unknown;
  readonly movers: readonly Player[];
  readonly version: number;
  readonly abandonAfterMs: number;
  readonly firstMoveMs: number;
  readonly answered: ReadonlyMap<string, Answered>;
  readonly rules: Table['rules'];
  readonly goneSince: Table['goneSince'];

  constructor(
    private readonly shared: TableShared,
    private readonly live: Live,
    readonly fresh: boolean,
  ) {
    this.game = shared.game;
    this.options = shared.options;
    this.stored = live.stored;
    this.state = live.state;
    this.movers = live.movers;
    this.version = live.version;
    this.abandonAfterMs = shared.abandonAfterMs;
    this.firstMoveMs = shared.firstMoveMs;
    this.answered = shared.answered;
    this.rules = shared.rules;
    this.goneSince = shared.goneSince;
  }
  get clocks(): Clocks | null {
    return clocksOf(this.game, this.live);
  }
  get passes(): boolean {
    return this.shared.passes();
  }
}
