import type { TournamentNews as NewsMessage } from '@hexarena/engines/protocol/lobby.ts';
import type { Fanout } from '../fanout.ts';
import type { TournamentView, TournamentViews } from './views.ts';

/**
 * A tournament's changes, told to the lobby sockets that follow it (docs/protocol.md): each change
 * (a store write counted by the tournament's version) is read once on each instance with followers,
 * its event written once, and the same text sent to every follower. Changes made on another
 * instance arrive by Redis (REDIS_URL), as a player's challenges do; without it, and after a notice
 * lost, each director's tick reads the followed tournaments' versions again (one read each, not one
 * a follower), so a page is at most a tick behind.
 */

/** Where a follower hears an event: its socket, the text written once for all. */
export type Sink = (text: string) => void;

interface Followed {
  readonly sinks: Set<Sink>;
  /** The view the followers here stand at; null until first read. */
  last: TournamentView | null;
  /** Each round's pairings as text, in `last`: what an event compares to say which rounds changed. */
  rounds: Map<number, string>;
  /** The reads, one at a time, and the one waiting to start (any change asked meanwhile shares it). */
  chain: Promise<void>;
  queued: Promise<void> | null;
}

export class TournamentNews {
  private readonly followed = new Map<string, Followed>();

  constructor(
    readonly views: TournamentViews,
    private readonly fanout: Fanout | null,
  ) {}

  /**
   * `sink` hears the tournament's changes until the returned `stop`: the version it stands at now
   * (every change past it is told), or null when there is no such tournament.
   */
  async follow(id: string, sink: Sink): Promise<{ readonly version: number; readonly stop: () => void } | null> {
    let f = this.followed.get(id);
    if (!f) {
      f = { sinks: new Set(), last: null, rounds: new Map(), chain: Promise.resolve(), queued: null };
      this.followed.set(id, f);
      this.fanout?.followTournament(id, () => void this.refresh(id));
    }
    f.sinks.add(sink);
    const stop = () => {
      const now = this.followed.get(id);
      if (!now?.sinks.delete(sink) || now.sinks.size > 0) return;
      this.followed.delete(id);
      this.fanout?.unfollowTournament(id);
    };
    try {
      await this.refresh(id);
    } catch (e) {
      stop();
      throw e;
    }
    const version = this.followed.get(id)?.last?.version;
    if (version === undefined) {
      stop();
      return null;
    }
    return { version, stop };
  }

  /** The tournament changed here: its followers here hear it, and the other instances are told. */
  changed(id: string): void {
    this.fanout?.tellTournament(id);
    if (this.followed.has(id)) void this.refresh(id).catch(() => undefined);
  }

  /** Every followed tournament read again (a tick): what a lost notice, or no Redis, left behind. */
  sweep(): void {
    for (const id of this.followed.keys()) void this.refresh(id).catch(() => undefined);
  }

  /** How many tournaments are followed here. */
  get size(): number {
    return this.followed.size;
  }

  private refresh(id: string): Promise<void> {
    const f = this.followed.get(id);
    if (!f) return Promise.resolve();
    if (f.queued) return f.queued;
    const queued: Promise<void> = f.chain.then(() => {
      if (f.queued === queued) f.queued = null;
      return this.readAndTell(id, f);
    });
    f.queued = queued;
    f.chain = queued.catch(() => undefined);
    return queued;
  }

  private async readAndTell(id: string, f: Followed): Promise<void> {
    const view = await this.views.view(id);
    if (!view || (f.last && view.version <= f.last.version)) return;
    const rounds = new Map<number, string>();
    for (const p of view.pairings) rounds.set(p.round, `${rounds.get(p.round) ?? ''}${JSON.stringify(p)}\n`);
    const was = f.last;
    const changed = [...rounds].filter(([round, text]) => f.rounds.get(round) !== text).map(([round]) => round);
    f.last = view;
    f.rounds = rounds;
    if (!was || f.sinks.size === 0) return;
    const event: NewsMessage = {
      type: 'tournament',
      tournament: id,
      from: was.version,
      version: view.version,
      summary: view.tournament,
      entries: view.entries,
      standings: view.standings,
      rounds: changed,
      pairings: view.pairings.filter((p) => changed.includes(p.round)),
    };
    const text = JSON.stringify(event);
    for (const sink of f.sinks) sink(text);
  }
}
