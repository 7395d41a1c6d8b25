import type { Json } from '@hexarena/engines/engine/game.ts';
import type { GameStore } from '../store.ts';
import { type Standings, standingsOf } from './standings.ts';
import type { StoredTournament } from './store.ts';

/**
 * A tournament as anyone may read it (`GET /api/tournaments/ID`, and the lobby socket's events):
 * its summary, entries, standings and pairings, at a version. The standings are computed from every
 * pairing, so a view is made once a version and kept: however many read it, a change costs one
 * computation on each instance that is asked.
 */

export interface TournamentView {
  readonly version: number;
  readonly tournament: Readonly<Record<string, Json>>;
  readonly entries: readonly Json[];
  readonly standings: { readonly tiebreaks: readonly string[]; readonly rows: readonly Json[] };
  readonly pairings: readonly { readonly round: number; readonly [field: string]: Json }[];
}

/** The views kept: the tournaments being watched now are few; an old one is made again if asked. */
const KEPT = 64;
/** A change between reading a tournament and its pairings makes a view again, this many times at most. */
const TRIES = 3;

/** A tournament as anyone may read it (the list's and its page's summary). */
export function summaryOf(t: StoredTournament): Readonly<Record<string, Json>> {
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    game: t.game,
    options: t.options,
    clock: t.clock,
    rated: t.rated,
    organiser: t.organiserName,
    state: t.state,
    startsAt: t.startsAt,
    startedAt: t.startedAt,
    endsAt: t.endsAt,
    finishedAt: t.finishedAt,
    rounds: t.rounds,
    durationMs: t.durationMs,
    round: t.round,
    players: t.players,
    ...(t.kind === 'swiss' ? { byePoints: t.settings.byePoints ?? 1 } : {}),
    ...(t.kind === 'round-robin' ? { cycles: t.settings.cycles ?? 1 } : {}),
    ...(t.settings.halted ? { halted: true } : {}),
    // Who may join, for everyone to read; an invitation's code is not.
    ...(t.settings.conditions ? { conditions: { ...t.settings.conditions } } : {}),
    // That its organiser invited players by name (who, they alone read): a visitor's page asks whether it is one of them.
    ...(t.settings.conditions?.inviteOnly && (t.settings.invited?.length ?? 0) > 0 ? { invitesByName: true } : {}),
  };
}

export class TournamentViews {
  /** By tournament, its latest view made (a Map keeps insertion order: the first is the least recently used). */
  private readonly kept = new Map<string, TournamentView>();
  /** Views being made, by tournament and version: two asking at once share one. */
  private readonly making = new Map<string, Promise<{ view: TournamentView; current: boolean }>>();
  /** How many views were made (not taken from those kept): what the tests count. */
  made = 0;

  constructor(private readonly store: GameStore) {}

  /** The tournament's view as the store holds it now, or null when there is no such tournament. */
  async view(id: string): Promise<TournamentView | null> {
    for (let attempt = 1; ; attempt++) {
      const t = await this.store.tournaments.read(id);
      if (!t) {
        this.kept.delete(id);
        return null;
      }
      const kept = this.kept.get(id);
      if (kept?.version === t.version) {
        this.kept.delete(id);
        this.kept.set(id, kept);
        return kept;
      }
      const key = `${id}\n${t.version}`;
      let made = this.making.get(key);
      if (!made) {
        made = this.make(t).finally(() => this.making.delete(key));
        this.making.set(key, made);
      }
      const { view, current } = await made;
      // Changed while its entries and pairings were read: what was read may be of the next version, made again.
      if (current || attempt >= TRIES) return view;
    }
  }

  private async make(t: StoredTournament): Promise<{ view: TournamentView; current: boolean }> {
    const tournaments = this.store.tournaments;
    const [entries, pairings] = await Promise.all([tournaments.entries(t.id), tournaments.pairings(t.id)]);
    const current = (await tournaments.read(t.id))?.version === t.version;
    this.made++;
    const names = new Map(entries.map((e) => [e.account, e.name]));
    const standings = t.state === 'finished' && t.standings ? (t.standings as unknown as Standings) : standingsOf(t, entries, pairings);
    const view: TournamentView = {
      version: t.version,
      tournament: summaryOf(t),
      entries: entries.map((e) => ({ name: e.name, rating: Math.round(e.rating), seed: e.seed, state: e.state })),
      standings: {
        tiebreaks: standings.tiebreaks,
        rows: standings.rows.map(({ account: _, ...row }) => row as unknown as Json),
      },
      pairings: pairings.map((p) => ({
        round: p.round,
        board: p.board,
        white: names.get(p.white) ?? null,
        black: p.black === null ? null : (names.get(p.black) ?? null),
        // A table of more than two: the names at its third seat and after, and the seat that won it.
        ...(p.others ? { others: p.others.map((a) => names.get(a) ?? null) } : {}),
        game: p.gameId,
        result: p.result,
        ...(p.winner !== undefined ? { winner: p.winner } : {}),
      })),
    };
    const kept = this.kept.get(t.id);
    if (current && (!kept || kept.version < view.version)) {
      this.kept.delete(t.id);
      this.kept.set(t.id, view);
      if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value as string);
    }
    return { view, current };
  }
}
