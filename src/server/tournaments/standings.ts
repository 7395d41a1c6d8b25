import type { StandingRow, Standings } from '@hexarena/engines/protocol/standings.ts';
import { type ArenaGame, type ArenaOutcome, arenaSheet } from '../../tournaments/arena.ts';
import { DEFAULT_SCORING, type RoundRobinGame, roundRobinStandings } from '../../tournaments/round-robin.ts';
import { type SwissTiebreak, swissStandings } from '../../tournaments/tiebreaks.ts';
import { type Entry, type Pairing, type PairingResult, type StoredTournament, seatsOf } from './store.ts';
import { swissTournament } from './swiss-trf.ts';

/**
 * A tournament's standings from its pairings, whatever its kind: live while it runs, written once
 * at its end. Arena: lichess's sheet (streaks), ties by rating. Swiss: points, then FIDE's tie-breaks.
 * Round robin: game points, then hivegame.com's tie-breaks (head-to-head, Sonneborn–Berger, wins
 * as second player, seed).
 */

export type { StandingRow, Standings };

export const SWISS_TIEBREAKS: readonly SwissTiebreak[] = ['buchholz-cut1', 'buchholz', 'sonneborn-berger', 'direct-encounter', 'wins'];

export function standingsOf(t: StoredTournament, entries: readonly Entry[], pairings: readonly Pairing[]): Standings {
  if (t.kind === 'arena') return arenaStandings(entries, pairings);
  if (t.kind === 'swiss') return swissTable(t, entries, pairings);
  return roundRobinTable(entries, pairings);
}

/** The outcome a played or forfeited result gives `account`, or null when it gives nothing (a bye, void, pending). */
export function outcomeFor(p: Pairing, account: string): ArenaOutcome | null {
  // A table of more than two: its winner won, everyone else at it lost.
  if (p.result === 'table') return seatsOf(p).indexOf(account) === p.winner ? 'win' : 'loss';
  const first = p.white === account;
  const wins: Partial<Record<PairingResult, boolean>> = { white: first, black: !first, 'white-forfeit': first, 'black-forfeit': !first };
  if (p.result === 'draw') return 'draw';
  const won = p.result === null ? undefined : wins[p.result];
  return won === undefined ? null : won ? 'win' : 'loss';
}

function arenaStandings(all: readonly Entry[], pairings: readonly Pairing[]): Standings {
  // A disqualified player's score is struck from an arena's standings, as lichess does; their opponents keep theirs.
  const entries = all.filter((e) => e.state !== 'disqualified');
  const finished = [...pairings].filter((p) => p.result !== null).sort((a, b) => (a.endedAt ?? 0) - (b.endedAt ?? 0) || a.round - b.round);
  const rows = entries.map((e) => {
    const games = finished.flatMap((p): ArenaGame[] => {
      const seat = seatsOf(p).indexOf(e.account);
      if (seat === -1) return [];
      const outcome = outcomeFor(p, e.account);
      const berserk = p.berserk?.includes(seat) ?? false;
      return outcome ? [{ outcome, plies: p.plies ?? 0, berserk }] : [];
    });
    const sheet = arenaSheet(games);
    return { e, sheet };
  });
  rows.sort((a, b) => b.sheet.total - a.sheet.total || b.e.rating - a.e.rating || (a.e.account < b.e.account ? -1 : 1));
  // Tied on points and rating: one place for all of them (the first's), the next after them all.
  const places: number[] = [];
  for (const [i, { e, sheet }] of rows.entries()) {
    const before = rows[i - 1];
    places.push(before && before.sheet.total === sheet.total && before.e.rating === e.rating ? (places[i - 1] as number) : i + 1);
  }
  return {
    tiebreaks: ['rating'],
    rows: rows.map(({ e, sheet }, i) => ({
      place: places[i] as number,
      account: e.account,
      name: e.name,
      score: sheet.total,
      tiebreaks: [Math.round(e.rating)],
      sheet: sheet.scores.map((s) => s.points),
      onFire: sheet.onFire,
    })),
  };
}

function swissTable(t: StoredTournament, entries: readonly Entry[], pairings: readonly Pairing[]): Standings {
  const trf = swissTournament(t, entries, pairings);
  const bySeed = new Map(entries.map((e) => [e.seed, e]));
  const table = swissStandings(trf, SWISS_TIEBREAKS);
  return {
    tiebreaks: SWISS_TIEBREAKS,
    rows: table.map((s) => {
      const e = bySeed.get(s.startRank) as Entry;
      return { place: s.place, account: e.account, name: e.name, score: s.points, tiebreaks: s.tiebreaks };
    }),
  };
}

const WHITE_SCORE: Partial<Record<PairingResult, 1 | 0.5 | 0>> = {
  white: 1,
  black: 0,
  draw: 0.5,
  'white-forfeit': 1,
  'black-forfeit': 0,
};

function roundRobinTable(entries: readonly Entry[], pairings: readonly Pairing[]): Standings {
  const seeded = entries.filter((e) => e.seed !== null);
  const seedOf = new Map(seeded.map((e) => [e.account, e.seed as number]));
  const games = pairings.flatMap((p): RoundRobinGame[] => {
    const whiteScore = p.result === null ? undefined : WHITE_SCORE[p.result];
    if (whiteScore === undefined || p.black === null) return [];
    return [{ white: seedOf.get(p.white) as number, black: seedOf.get(p.black) as number, whiteScore }];
  });
  const bySeed = new Map(seeded.map((e) => [e.seed, e]));
  return {
    tiebreaks: DEFAULT_SCORING.tiebreaks,
    rows: roundRobinStandings(seeded.length, games).map((s) => {
      const e = bySeed.get(s.player) as Entry;
      return { place: s.place, account: e.account, name: e.name, score: s.score, tiebreaks: s.tiebreaks };
    }),
  };
}
