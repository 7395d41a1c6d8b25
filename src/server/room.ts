import type { AnyGame, Json, Player } from '@hexarena/engines/engine/game.ts';
import type { Answer, MessageErrorCode, Refusal } from '@hexarena/engines/protocol/index.ts';
import { type CodedRefusal, SERVER_SEAT } from './arbiter.ts';
import { commit } from './game/commit.ts';
import {
  codedRefusal,
  type Decision,
  decide,
  type Intent,
  type MannerIntent,
  type ServerIntent,
  seatNotTaken,
  type TableIntent,
  type Write,
} from './game/decide.ts';
import { type ForecastAnswer, forecastNow, judgeForecastAsk, readForecast } from './game/forecast.ts';
import { DEFAULT_ROOM_SETTINGS, type Done, LiveTable, type RemoteEvent, type RoomSettings, STORE_UNAVAILABLE } from './game/live-table.ts';
import { type Live, moveEvent, type RoomEvent, replayStored, storedEnding, timedMoves } from './game/table.ts';
import { type GameStore, STORE_OUT_OF_DISK, type StoredGame, StoreOutOfDisk } from './store.ts';
import { hashToken, newSeatToken } from './tokens.ts';

/**
 * One live game on the server: a shell around the one decision (game/decide.ts). Intents are
 * queued one at a time; each is decided on the table as it is, its one write committed to the store
 * (guarded by the version it was decided on: another writer first means a reload and a refusal, or
 * a decision made again), and only then taken in and published as the event that bumps the version.
 */

export type { Done, RemoteEvent, RoomListener, RoomSettings } from './game/live-table.ts';
export { AI_GAME_MOVES, CLAIM_AFTER_MS, DEFAULT_ROOM_SETTINGS, FIRST_MOVE_MS, STORE_UNAVAILABLE } from './game/live-table.ts';
export type { Answer, Intent, MannerIntent, Refusal, RoomEvent };
export { SERVER_SEAT };

/** A write's outcome in the room: its event (null: none), the game changed first, or the store's refusal. */
type Ran = RoomEvent | null | 'stale' | { readonly refused: string };
const isEvent = (ran: Ran): ran is RoomEvent => ran !== null && ran !== 'stale' && !('refused' in ran);

export class Room extends LiveTable {
  private queue: Promise<unknown> = Promise.resolve();
  private queued = 0;

  private constructor(store: GameStore, settings: RoomSettings, game: AnyGame, options: unknown, live: Live, startView: Json) {
    super(store, settings, game, options, live, startView);
  }

  /** The room of a stored game, replayed from its moves; null when there is no such game. */
  static async load(store: GameStore, id: string, settings: RoomSettings = DEFAULT_ROOM_SETTINGS): Promise<Room | null> {
    const stored = await store.games.read(id);
    return stored ? Room.of(store, stored, settings) : null;
  }

  /** The room of a game as stored (or about to be), replayed from its moves and recent events. */
  static of(store: GameStore, stored: StoredGame, settings: RoomSettings = DEFAULT_ROOM_SETTINGS): Room {
    const r = replayStored(stored, settings.abandonAfterMs);
    const room = new Room(store, settings, r.game, r.options, r.live, r.startView);
    for (const e of r.events) room.events.push(e);
    for (const [key, answered] of r.answered) room.remember(key, answered);
    return room;
  }

  /** Intents, claims and catch-ups queued or under way: a busy room is never let go. */
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
  /** Handles a move, a resignation or the server's flag, after every earlier intent. */
  submit(intent: Intent): Promise<Answer> {
    return this.enqueue(() => this.guarded(intent)) as Promise<Answer>;
  }
  /** Offers, answers, an abort or a claim: decided, stored, then told; the event it made, if any. */
  act(intent: MannerIntent): Promise<Answer | Done> {
    return this.enqueue(() => this.guarded(intent));
  }
  /** A rematch asked or a line of chat, which write nothing here: admitted or refused by the one decision. */
  async admits(intent: Extract<TableIntent, { kind: 'rematch' | 'chat' }>): Promise<Decision> {
    const d = decide(this.tableOf(), intent, this.now());
    if (d.kind !== 'reload') return d;
    await this.catchUp();
    return decide(this.tableOf(true), intent, this.now());
  }
  /** A store that does not answer (a database restarting) refuses the intent, and nothing changed. */
  private guarded(intent: Intent | MannerIntent): Promise<Answer | Done> {
    return this.handle(intent).catch((e: unknown) => {
      // Out of disk is said once by the store, not once a move.
      if (e instanceof StoreOutOfDisk) return this.refuse('try-again', STORE_OUT_OF_DISK);
      process.stderr.write(`hexarena: game ${this.id}: the store failed: ${e instanceof Error ? e.message : String(e)}\n`);
      return this.refuse('try-again', STORE_UNAVAILABLE);
    });
  }
  /** What the server owes the game comes first (a leaver's pass, a fallen flag); then the intent. */
  private async handle(intent: Intent | MannerIntent, tries = 3): Promise<Answer | Done> {
    const acted = intent.kind === 'resign' && intent.again ? null : await this.serverTurns();
    if (intent.kind === 'flag')
      return acted ? { ok: true, version: this.version, event: acted } : this.refuse('game-over', 'no clock has run out');
    let d = decide(this.tableOf(), intent, this.now());
    if (d.kind === 'reload') {
      await this.reload();
      d = decide(this.tableOf(true), intent, this.now());
    }
    if (d.kind === 'refuse') return this.refuse(d.refusal, d.error, d.code);
    if (d.kind === 'answered') return d.answer;
    if (d.kind !== 'write') throw new Error(`game ${this.id}: a ${intent.kind} decided nothing to write`);
    const version = this.version;
    const ran = await this.run(d.write);
    if (isEvent(ran)) return { ok: true, version: ran.version, event: ran };
    if (ran === null) return { ok: true, done: true, version };
    if (ran !== 'stale')
      return this.refuse(ran.refused === 'game-over' ? 'game-over' : 'try-again', `the store refused the move (${ran.refused})`);
    if (d.stale !== 'again') return this.refuse(d.stale.refusal, d.stale.error);
    // A resignation: another instance moved the game on meanwhile (this room has caught up since): from there.
    if (tries > 1 && intent.kind === 'resign') return this.handle({ ...intent, again: true }, tries - 1);
    return this.refuse('try-again', 'the game kept changing: try again');
  }
  private refuse(refusal: Refusal, error: string, code?: MessageErrorCode): Answer {
    return { ok: false, refusal, error, version: this.version, ...(code === undefined ? {} : { code }) };
  }
  /** Commits `w`, takes it in, tells it, then does what follows it at once. */
  private async run(w: Write): Promise<Ran> {
    const committed = await commit(this.store, this.live, w);
    if (!committed.ok) {
      if (committed.refused) return { refused: committed.refused };
      await this.reload();
      return 'stale';
    }
    const event = this.take(w, committed.diffs, true);
    if (w.kind === 'move') await this.serverIntent({ kind: 'follow' });
    if (w.kind === 'move' || w.kind === 'end') await this.playForecast();
    if (w.kind === 'depart') await this.serverIntent({ kind: 'pass' });
    return event;
  }
  /** The server's own intent (a leaver's pass, what follows a move, a forecast's move), decided and run: its event. */
  private async serverIntent(intent: ServerIntent | { readonly kind: 'flag' }): Promise<RoomEvent | null> {
    const d = decide(this.tableOf(), intent, this.now());
    if (d.kind !== 'write') return null;
    const ran = await this.run(d.write);
    return isEvent(ran) ? ran : null;
  }
  /** Everything the server owes the game now, done; the last event it made, or null. */
  private async serverTurns(): Promise<RoomEvent | null> {
    let last: RoomEvent | null = null;
    for (let event = await this.serverIntent({ kind: 'flag' }); event !== null; event = await this.serverIntent({ kind: 'flag' }))
      last = event;
    return last;
  }
  /** A seat's forecast left (`lines`; none takes it back) or, without lines, asked for, after the room's other intents: the forecast kept, or why not. */
  forecast(seat: Player, credential: unknown, lines?: readonly (readonly string[])[]): Promise<ForecastAnswer> {
    return this.enqueue(async () => {
      // Judged before any read of the store; lines are then read against the game as stored.
      const refused = judgeForecastAsk(this.tableOf(), seat, credential);
      if (refused) return { ok: false as const, ...refused };
      if (lines === undefined)
        return { ok: true as const, forecast: (await this.store.forecasts.read(this.id, seat)) ?? { ply: this.plies, lines: [] } };
      if (lines.length > 0) await this.reload();
      const none = { ply: this.plies, lines: [] };
      const read = lines.length === 0 ? null : readForecast(this.game, this.live.state, this.plies, seat, lines);
      if (read && !read.ok) return { ok: false as const, ...read.refusal };
      await this.store.forecasts.write(this.id, seat, read?.forecast ?? null);
      return { ok: true as const, forecast: read?.forecast ?? none };
    });
  }
  /**
   * In a correspondence game, the forecast of the seat now to move: its move played for it while
   * the game follows one of its lines, what is left of it kept. A failure here never undoes the
   * move before it, which is stored: the forecast waits for the next move.
   */
  private async playForecast(): Promise<void> {
    if (!this.stored.clock?.perMove) return;
    if (this.over) return void (await this.store.forecasts.forget(this.id).catch(() => undefined));
    const seat = this.game.toMove(this.live.state) as Player | null;
    if (seat === null) return;
    try {
      const forecast = await this.store.forecasts.read(this.id, seat);
      if (forecast === null) return;
      const { play, keep } = forecastNow(forecast, this.stored.moves);
      await this.store.forecasts.write(this.id, seat, keep);
      if (play !== null) await this.serverIntent({ kind: 'forecast', seat, move: play });
    } catch (e) {
      process.stderr.write(`hexarena: game ${this.id}: a forecast was not played: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }
  /** Claims an open seat for a person: the token that moves for it, given once (the store keeps its hash), or why not. */
  claim(
    seat: Player,
    name: string | null,
    account?: string,
    owner?: string,
  ): Promise<{ ok: true; token: string } | ({ ok: false } & CodedRefusal)> {
    const token = newSeatToken();
    return this.claimWithHash(seat, name, hashToken(token), account, owner).then((r) => (r.ok ? { ok: true, token } : r));
  }
  /**
   * Claims an open seat for the holder of the token whose hash is given (a bot sits with its own
   * token), and for `account` when a person's session asks. `owner`, for a rated game: refused while
   * that owning account holds another seat (owners.ts).
   */
  claimWithHash(
    seat: Player,
    name: string | null,
    tokenHash: string,
    account?: string,
    owner?: string,
  ): Promise<{ ok: true } | ({ ok: false } & CodedRefusal)> {
    return this.enqueue(async () => {
      const intent = {
        kind: 'seat' as const,
        seat,
        name,
        tokenHash,
        ...(account === undefined ? {} : { account }),
        ...(owner === undefined ? {} : { owner }),
      };
      const d = decide(this.tableOf(), intent, this.now());
      if (d.kind === 'refuse') return { ok: false as const, ...codedRefusal(d) };
      if (d.kind !== 'write') throw new Error(`game ${this.id}: a seat decided nothing to write`);
      // Taken, or the game ended, through another instance; or the owner sat in another seat meanwhile.
      if ((await this.run(d.write)) === 'stale') return { ok: false as const, ...seatNotTaken(this.tableOf(true), seat, owner) };
      return { ok: true as const };
    });
  }
  /**
   * The seat's player is gone from the site (account closed, banned): the game is called off, aborted
   * or goes on without them (game/decide.ts). After the room's other intents; idempotent. The event, or null.
   */
  closeSeat(seat: Player, termination: 'closed' | 'banned'): Promise<RoomEvent | null> {
    return this.enqueue(async () => {
      for (let tries = 3; tries > 0; tries--) {
        await this.serverTurns();
        const d = decide(this.tableOf(), { kind: 'depart', seat, termination }, this.now());
        if (d.kind !== 'write') return null;
        const ran = await this.run(d.write);
        // Not an event: another instance changed the game first (this room has caught up since): again from there.
        if (isEvent(ran)) return ran;
      }
      throw new Error(`game ${this.id}: the game kept changing while ${this.seatName(seat)}'s seat was closed`);
    });
  }
  /**
   * What another instance told of this game: the event after this room's version is taken in here,
   * from the move's text, without reading the store; anything else (a gap, a move that does not fit)
   * makes the room catch up from the store. Whether it was taken in.
   */
  applyRemote(news: RemoteEvent): Promise<boolean> {
    return this.enqueue(async () => {
      if (news.version <= this.version) return true;
      if (news.version === this.version + 1 && !this.over && this.takeRemote(news)) return true;
      await this.reload();
      return false;
    });
  }
  private takeRemote(news: RemoteEvent): boolean {
    const { game, live } = this;
    if (news.move && news.move.ply === this.plies) {
      const parsed = game.parseMove(live.state, news.move.move);
      if (!parsed.ok) return false;
      const seat = game.toMove(live.state) as Player;
      const next = game.play(live.state, parsed.value);
      const timed = [...timedMoves(live.stored, live.movers), { seat, at: news.move.at }];
      const event = moveEvent(game, live.stored, this.version + 1, news.move, seat, next, timed);
      this.take({ kind: 'move', seat, made: news.move, next, event, after: { deadline: null, due: null } }, null, false);
      return true;
    }
    if (!news.ending) return false;
    this.live = { ...live, stored: { ...live.stored, ending: news.ending } };
    this.publish({ version: news.version, kind: 'end', ...storedEnding(this.id, news.ending) }, false);
    return true;
  }
  /** Catches up with the store, after this room's other intents (another instance moved the game on). */
  catchUp(): Promise<void> {
    return this.enqueue(() => this.reload());
  }
  /** Catches up with the store after another writer got there first: its events, its seats, its offer. */
  private async reload(): Promise<void> {
    const stored = await this.store.games.read(this.id);
    if (!stored) return;
    const fresh = replayStored(stored, this.settings.abandonAfterMs);
    const seatsBefore = JSON.stringify([this.stored.seatTokens, this.stored.seatNames]);
    const offerBefore = JSON.stringify(this.offer);
    this.live = { ...fresh.live, version: this.version };
    for (const e of fresh.events.filter((e) => e.version > this.version)) this.publish(e, false);
    // The ids of the moves found there (made on another instance), so their retries are known here too.
    for (const [key, answered] of fresh.answered) if (!this.answered.has(key)) this.remember(key, answered);
    // Events the history no longer holds (before a takeback made elsewhere): the version still moves on.
    if (fresh.live.version > this.version) this.live = { ...this.live, version: fresh.live.version };
    if (JSON.stringify([stored.seatTokens, stored.seatNames]) !== seatsBefore) for (const listener of this.seatListeners) listener();
    if (JSON.stringify(this.offer) !== offerBefore) this.offerChanged(false);
  }
}
