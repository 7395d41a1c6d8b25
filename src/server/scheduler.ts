import { AgentFailure } from '@hexarena/engines/engine/agent.ts';
import { outsideSeatGame } from '../protocols/seat-prefixes.ts';
import type { AgentsPool } from './agents-pool.ts';
import { aiTurnOf } from './owners.ts';
import { type Room, type RoomSettings, SERVER_SEAT } from './room.ts';
import { type GameStore, LADDER_OF } from './store.ts';

/** Due games a sweep claims at a time. */
const SWEEP_BATCH = 100;

/** Longer waits are made in steps: a timer cannot wait more than about 24 days. */
const MAX_WAIT = 2 ** 31 - 1;

/** Who this instance is among instances, how long its claims hold, how often it sweeps. */
export interface SchedulerSettings extends RoomSettings {
  /** This instance's name in the store's claims: stable across its restarts, unique among instances. */
  readonly instance: string;
  /** How long a claim on a game holds without being renewed (an instance that dies is replaced after it). */
  readonly leaseMs: number;
  /** How often the store is asked for games that are due and that no instance is looking after. */
  readonly sweepMs: number;
  /**
   * The outside programs (`uhp:…`, `http:…`) the operator allows now: a seat of a game stored when
   * another was allowed forfeits instead of starting a program no longer listed.
   */
  readonly outsideSeats?: readonly string[];
}

/** What the scheduler asks of the hub it works for: the time, and its rooms. */
export interface SchedulerHub {
  now(): number;
  /** The game's room: the one held, else loaded (null: no such game). */
  roomOf(id: string): Room | null | Promise<Room | null>;
  /** Whether the hub holds the game's room already (it may be behind the store). */
  isHeld(id: string): boolean;
  /** Lets go of a room nobody needs (a game ended with nobody watching). */
  letGo(id: string): void;
}

/**
 * What the server does unasked, and when: at a game's due time (an AI to move, a clock to flag, a
 * game left too long), the instance that claims the game in the store acts — the AI thinks in the
 * pool, or the room is asked to judge the clock and the wait — while the others stand by; a sweep
 * every `sweepMs` takes the due games no instance looks after (after a restart, an instance that died).
 */
export class Scheduler {
  /**
   * What this instance did for the server in due games (reported by /healthz): AI moves thought,
   * clock and abandonment checks made, games taken by its sweeps. Across instances each is done once.
   */
  readonly acted = { thoughts: 0, checks: 0, swept: 0 };
  /** The games this instance is acting in right now (an AI thinking, a flag): one job per game. */
  private readonly acting = new Set<string>();
  /** Each game's timer, and when it fires on the process's own clock (performance.now). */
  private readonly timers = new Map<string, { readonly timer: NodeJS.Timeout; readonly fires: number }>();
  private readonly sweeper: NodeJS.Timeout;
  private sweepFailing = false;
  private sweeping = false;

  constructor(
    private readonly store: GameStore,
    private readonly pool: AgentsPool | null,
    private readonly settings: SchedulerSettings,
    private readonly hub: SchedulerHub,
  ) {
    // Games due with nobody looking after them: after a restart, or an instance that died.
    this.sweeper = setInterval(() => void this.sweep(), settings.sweepMs);
    this.sweeper.unref();
  }

  /** Whether this instance is acting in the game now (its room is not to be let go). */
  isActing(id: string): boolean {
    return this.acting.has(id);
  }

  /** Stops looking after a game (its room was let go; the store's due time and the sweeps remain). */
  forget(id: string): void {
    clearTimeout(this.timers.get(id)?.timer);
    this.timers.delete(id);
  }

  /** Stops looking after games (the server is closing): no turn, check or sweep starts from now on. */
  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private closed = false;

  /**
   * Looks after a game the server must act in (an AI to move, a clock to flag, a game abandoned): at
   * its due time, the instance that claims it in the store acts; the others stand by.
   */
  scheduleDue(room: Room): void {
    const due = this.closed ? null : room.due();
    const wait = due === null || (room.aiToMove() && !this.pool) || this.unwatched(room) ? null : due - this.hub.now();
    const held = this.timers.get(room.id);
    const delay = wait === null ? 0 : Math.min(wait + 1, MAX_WAIT);
    // A timer that fires no later than this one would is kept (a move pushes a game's due time on
    // at every move): it looks again then, and sets the next. Set anew, it cost a move two timers.
    if (held && wait !== null && wait > 0 && held.fires <= performance.now() + delay) return;
    clearTimeout(held?.timer);
    this.timers.delete(room.id);
    if (wait === null) return;
    if (wait <= 0) {
      void this.claimAndAct(room, false);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(room.id);
      this.scheduleDue(room);
    }, delay);
    timer.unref();
    this.timers.set(room.id, { timer, fires: performance.now() + delay });
  }

  /** Acts in a due game once this instance holds its claim (`claimed`: a sweep took it already). */
  private async claimAndAct(room: Room, claimed: boolean): Promise<void> {
    if (this.acting.has(room.id) || this.closed) return;
    this.acting.add(room.id);
    const version = room.version;
    let parked = false;
    try {
      const now = this.hub.now();
      if (claimed || (await this.store.games.claim(room.id, room.plies, this.settings.instance, now + this.settings.leaseMs, now)))
        parked = await this.act(room);
    } catch (e) {
      // The store or the AI failed: the claim lapses, and the game is looked at again after it. (A
      // thought cut short by the server stopping is no failure: the next start takes the turn up.)
      if (!this.closed) process.stderr.write(`hexarena: game ${room.id}: ${e instanceof Error ? e.message : String(e)}\n`);
    } finally {
      this.acting.delete(room.id);
    }
    // Over with nobody watching (a flag, an abandoned game, a sweep's backlog of thousands): let go now.
    if (room.over) this.hub.letGo(room.id);
    // Acting moved the game on (an AI's move): the next due time, perhaps another AI's turn at once.
    // Parked as unwatched, but opened while the store wrote so: that watch found this instance
    // acting and left the game to it, so it is looked at again now, not left waiting for ever.
    else if (room.version !== version || (parked && !this.unwatched(room))) this.scheduleDue(room);
  }

  /**
   * What the server does in a due game it holds: the AI to move moves, else the clock or the wait is
   * judged. True when it parked a game of AIs alone that nobody watched.
   */
  private async act(room: Room): Promise<boolean> {
    const { plies, version } = room;
    const ai = room.aiToMove();
    // Nobody watches this game of AIs alone: it waits, not due, until someone opens it (watch).
    if (this.unwatched(room)) {
      await this.store.games.settle(room.id, plies, this.settings.instance, null);
      return true;
    }
    if (ai && outsideSeatGame(ai.agent) !== undefined && !(this.settings.outsideSeats ?? []).includes(ai.agent)) {
      process.stderr.write(`hexarena: game ${room.id}: its outside seat is no longer in HEXARENA_OUTSIDE_SEATS, and forfeits\n`);
      await room.submit({ kind: 'resign', seat: ai.seat, token: SERVER_SEAT });
      return false;
    }
    if (ai && this.pool) {
      // A long think keeps its claim alive; a dead instance's claim lapses and another takes over.
      const renew = setInterval(() => {
        const now = this.hub.now();
        void this.store.games.claim(room.id, plies, this.settings.instance, now + this.settings.leaseMs, now).catch(() => undefined);
      }, this.settings.leaseMs / 3);
      try {
        this.acted.thoughts++;
        // Served in turn with other owners' games: one flood does not hold back everyone's replies.
        const move = await this.pool.choose({ ...room.replayData(), agent: ai.agent }, aiTurnOf(room.stored));
        const answer = await room.submit({ kind: 'move', seat: ai.seat, token: SERVER_SEAT, move, version });
        // Refused but for a race (another instance moved first, the store away): said; the claim
        // lapses and the turn is tried again then, not at once in a loop.
        if (!answer.ok && answer.refusal !== 'stale' && answer.refusal !== 'try-again')
          process.stderr.write(`hexarena: the AI of game ${room.id} played ${move}, refused: ${answer.error}\n`);
      } catch (e) {
        // An outside program that failed loses the game, as in a match.
        if (!(e instanceof AgentFailure)) throw new Error(`the AI could not move: ${e instanceof Error ? e.message : String(e)}`);
        process.stderr.write(`hexarena: ${ai.agent} forfeits game ${room.id}: ${e.message}\n`);
        await room.submit({ kind: 'resign', seat: ai.seat, token: SERVER_SEAT });
      } finally {
        clearInterval(renew);
      }
    } else if (!ai) {
      this.acted.checks++;
      await room.submit({ kind: 'flag' });
      // Nothing happened (the clock had not run out after all, another instance moved first): look again when due.
      if (room.version === version && !room.over) await this.store.games.settle(room.id, plies, this.settings.instance, room.due());
    }
    return false;
  }

  /**
   * A game of AIs alone that nobody here follows (the hub's own subscription aside): thinking for it
   * would only load the threads everyone shares. The engine ladder's games are played out all the
   * same: the operator asked for their results.
   */
  private unwatched(room: Room): boolean {
    return (
      room.aiToMove() !== null &&
      room.stored.seats.every((kind) => kind !== 'open') &&
      room.listenerCount <= 1 &&
      room.stored.creator !== LADDER_OF
    );
  }

  /**
   * Takes the due games nobody looks after and acts in each (also at start: AIs whose turn it was
   * play on). A full batch is followed by another at once, so a backlog (after an upgrade, an outage)
   * drains without waiting a sweep interval per batch.
   */
  async sweep(): Promise<void> {
    if (this.sweeping || this.closed) return;
    this.sweeping = true;
    try {
      for (let full = true; full && !this.closed; ) {
        const now = this.hub.now();
        const ids = await this.store.games.claimDue(this.settings.instance, now + this.settings.leaseMs, now, SWEEP_BATCH);
        if (this.sweepFailing) process.stderr.write('hexarena: the store answers sweeps again\n');
        this.sweepFailing = false;
        full = ids.length === SWEEP_BATCH;
        await Promise.all(ids.map((id) => this.takeSwept(id)));
      }
    } catch (e) {
      if (!this.sweepFailing && !this.closed)
        process.stderr.write(`hexarena: a sweep failed: ${e instanceof Error ? e.message : String(e)}\n`);
      this.sweepFailing = true;
    } finally {
      this.sweeping = false;
    }
  }

  /** Acts in a game a sweep claimed for this instance. */
  private async takeSwept(id: string): Promise<void> {
    // Already at work on it here (an AI thinking): the sweep only renewed the claim.
    if (this.acting.has(id)) return;
    const held = this.hub.isHeld(id);
    const room = await this.hub.roomOf(id);
    if (!room) return;
    // A room held for a while may be behind the store; one just loaded is not.
    if (held) await room.catchUp();
    this.acted.swept++;
    void this.claimAndAct(room, true);
  }
}
