import { randomBytes } from 'node:crypto';
import type { Json } from '@hexarena/engines/engine/game.ts';
import { parseOutcome } from '@hexarena/engines/engine/record.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { newGameId } from '../hub.ts';
import { keptGame, keptSeat } from '../kept-seats.ts';
import { type GameStore, type PairedSeat, TOURNAMENT_OF } from '../store.ts';
import { type KeptApart, keptApart, nextStep, type PlannedPairing, startOf, swissPairs } from './next-round.ts';
import { standingsOf } from './standings.ts';
import { type Decided, type EndedGame, type Entry, type NewPairing, type StoredTournament, seatsOf } from './store.ts';
import { pairInProcess, type SwissPairer } from './swiss-pairer.ts';

/**
 * Tournaments directed on the server: one instance at a time — whoever holds the store's
 * "tournaments" lease, as the pools' pairing runs — starts those due, records the results of the
 * games that ended, pairs the next round (an arena's next wave) and finishes them with their
 * standings. Every step is decided from the store alone and written in one write, a round keyed by
 * its number: an instance that dies mid-step loses nothing, and the next pairs each round once.
 */

export interface DirectorSettings {
  readonly now: () => number;
  /** How often the director looks at the tournaments. */
  readonly tickMs: number;
  /** How long the lease holds without renewal: past it, another instance directs. */
  readonly leaseMs: number;
  /** This instance's name (host:port), said in the lease's owner so an operator sees who directs. */
  readonly instance?: string;
  /** Pairs a Swiss round; the server's pairs on a thread of its own (swiss-pairer.ts). */
  readonly pairSwiss?: SwissPairer;
  /** Told of each change this director writes to a tournament (its followers hear it). */
  readonly changed?: (id: string) => void;
  /** Called at each tick, directing or not. */
  readonly ticked?: () => void;
}

/** Owners kept before the map is let go (a few arenas' players). */
const OWNERS_KEPT = 10_000;

export const DEFAULT_DIRECTOR_SETTINGS: DirectorSettings = { now: Date.now, tickMs: 1000, leaseMs: 5000 };

/** A game a round made: who sits in it (a bot by its token's hash). */
export interface MadeGame {
  readonly id: string;
  readonly seats: readonly PairedSeat[];
}

export class Director {
  /** This instance's name on the lease: its own, and a random part (two processes never share one). */
  readonly owner: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Each arena player's owner (their own account, or a bot's owner's), read once. */
  private readonly owners = new Map<string, string>();
  /** Whether this instance held the lease at its last tick. */
  leading = false;

  constructor(
    private readonly store: GameStore,
    private readonly settings: DirectorSettings = DEFAULT_DIRECTOR_SETTINGS,
    /** Told of each game a round made here (bots' streams follow it, followers hear of it). */
    private readonly made: (game: MadeGame) => void = () => undefined,
    /**
     * The bots followed on this instance (their streams), and how to tell them of a game: every
     * instance, directing or not, tells its bots of their tournament games each tick, so a game
     * paired on another instance reaches a bot's stream here.
     */
    private readonly bots: { followed(): readonly string[]; tell(tokenHash: string, id: string): void } | null = null,
  ) {
    this.owner = `${settings.instance ?? 'director'}/${randomBytes(6).toString('base64url')}`;
  }

  start(): void {
    if (this.timer || this.closed) return;
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.tick().finally(() => {
          if (!this.closed) tick();
        });
      }, this.settings.tickMs);
      this.timer.unref?.();
    };
    tick();
  }

  /** One look at every tournament due, if this instance holds the lease; ticks never overlap. */
  tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.direct()
      .catch((e: unknown) => {
        // The store away: the next tick tries again from what the store holds.
        process.stderr.write(`hexarena: directing tournaments failed: ${e instanceof Error ? e.message : String(e)}\n`);
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async direct(): Promise<void> {
    const now = this.settings.now();
    this.settings.ticked?.();
    const followed = this.bots?.followed() ?? [];
    if (followed.length > 0) for (const g of await this.store.tournaments.liveGamesOf(followed)) this.bots?.tell(g.tokenHash, g.id);
    this.leading = await this.store.lobby.lease('tournaments', this.owner, now + this.settings.leaseMs, now);
    if (!this.leading) return;
    for (const t of await this.store.tournaments.due(now)) {
      if (this.closed) return;
      // One tournament that cannot go on (its game gone from this server's registry) holds up no other.
      await this.step(t, now).catch((e: unknown) => {
        process.stderr.write(`hexarena: tournament ${t.id}: ${e instanceof Error ? e.message : String(e)}\n`);
      });
    }
  }

  /** One tournament's step: started, its ended games recorded, then paired or finished. */
  private async step(t: StoredTournament, now: number): Promise<void> {
    const tournaments = this.store.tournaments;
    if (t.state === 'created') {
      const begun = startOf(t, await tournaments.entries(t.id), now);
      if (!(await tournaments.start(t.id, now, begun.seeds, begun.rounds, begun.endsAt))) return;
      this.changed(t.id);
      const read = await tournaments.read(t.id);
      if (!read) return;
      t = read;
    }
    for (const ended of await tournaments.ended(t.id))
      if (await tournaments.record(t.id, ended.round, ended.board, resultOf(ended), ended.plies, now)) this.changed(t.id);
    const [entries, pairings] = await Promise.all([tournaments.entries(t.id), tournaments.pairings(t.id)]);
    const step = nextStep(t, entries, pairings, now, t.kind === 'arena' ? await this.keptApart(entries) : undefined);
    const next =
      step.kind === 'swiss'
        ? swissPairs(entries, step.round, await (this.settings.pairSwiss ?? pairInProcess)(step.tournament, step.round))
        : step;
    if (next.kind === 'finish') {
      if (await tournaments.finish(t.id, standingsOf(t, entries, pairings) as unknown as Json, now)) this.changed(t.id);
    } else if (next.kind === 'fail') {
      // No pairing exists under the rules (too few left to pair): the tournament ends where it stands.
      process.stderr.write(`hexarena: tournament ${t.id}: ${next.error}; it is finished\n`);
      if (await tournaments.finish(t.id, standingsOf(t, entries, pairings) as unknown as Json, now)) this.changed(t.id);
    } else if (next.kind === 'pair') await this.pair(t, next.round, next.pairs, now);
  }

  /** A round's pairings and their games, in one write; told to whoever follows only once written. */
  private async pair(t: StoredTournament, round: number, pairs: readonly PlannedPairing[], now: number): Promise<void> {
    const found = findGame(t.game);
    if (!found.ok) throw new Error(`tournament ${t.id}: ${found.error.message}`);
    const entries = new Map((await this.store.tournaments.entries(t.id)).map((e) => [e.account, e]));
    // Only a game's seats: a bye seats nobody.
    const bots = await this.store.tournaments.botTokens(pairs.flatMap((p) => (p.black === null ? [] : seatsOf(p))));
    const seatOf = (account: string): PairedSeat => {
      const name = entries.get(account)?.name ?? account;
      const token = bots.get(account);
      return token ? { account, name, tokenHash: token } : keptSeat(account, name);
    };
    const planned: NewPairing[] = pairs.map((p, i) => {
      if (p.result !== null || p.black === null)
        return { board: i + 1, white: p.white, black: p.black, game: null, result: p.result ?? 'bye' };
      const accounts = seatsOf(p);
      const made = keptGame(
        found.value,
        t.options,
        accounts.map(() => 'open'),
        { id: newGameId(), clock: t.clock, rated: t.rated && !found.value.unrated, creator: `${TOURNAMENT_OF}${t.id}`, now },
      );
      // An arena's players may berserk (game/berserk.ts): its games keep the marks, none yet.
      const game = t.kind === 'arena' ? { ...made, berserk: [] } : made;
      const table = p.others && p.others.length > 0 ? { others: p.others } : {};
      return { board: i + 1, white: p.white, black: p.black, ...table, game: { game, seats: accounts.map(seatOf) }, result: null };
    });
    if (!(await this.store.tournaments.pairRound(t.id, round, planned, now))) return;
    this.changed(t.id);
    for (const p of planned) if (p.game) this.made({ id: p.game.game.id, seats: p.game.seats });
  }

  /** An arena's active players kept apart: blocks between them (read each wave), one owner's accounts (kept: owners never change). */
  private async keptApart(entries: readonly Entry[]): Promise<KeptApart> {
    const accounts = entries.filter((e) => e.state === 'active').map((e) => e.account);
    if (this.owners.size > OWNERS_KEPT) this.owners.clear();
    for (const a of accounts) if (!this.owners.has(a)) this.owners.set(a, (await this.store.bots.ownerOf(a)) ?? a);
    return keptApart(accounts, await this.store.social.blocksAmong(accounts), this.owners);
  }

  private changed(id: string): void {
    this.settings.changed?.(id);
  }

  /** Resolves once the tick under way, if any, is done. */
  idle(): Promise<void> {
    return (this.running ?? Promise.resolve()).catch(() => undefined);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

/**
 * A game's end as a tournament counts it: won, lost, drawn; a table's won by its winning seat;
 * aborted (nobody played) counts for neither.
 */
export function resultOf(ended: Pick<EndedGame, 'result' | 'termination' | 'table'>): Decided {
  if (ended.termination === 'aborted') return { result: 'void' };
  const outcome = parseOutcome(ended.result);
  if (!outcome.ok || outcome.value === null) return { result: 'void' };
  if (outcome.value.kind === 'draw') return { result: 'draw' };
  if (ended.table) return { result: 'table', winner: outcome.value.winner };
  return { result: outcome.value.winner === 0 ? 'white' : 'black' };
}
