import { type Criterion, rankBy } from './ranking.ts';
import { pointsFor, type Tournament, type TrfPlayer, type TrfRound } from './trf.ts';

/**
 * Swiss tie-breaks as FIDE's tie-break regulations (Handbook C.07, 2023 and after) define them, on a
 * tournament as its TRF records it:
 * - `buchholz`: the sum of the opponents' scores;
 * - `buchholz-cut1`: the same less the least significant contribution;
 * - `sonneborn-berger`: each opponent's score times the points taken from them;
 * - `direct-encounter`: points in the games among the tied players, where they have all met;
 * - `wins`: rounds with a win's points, played or not (FIDE's WIN); `games-won`: wins over the board (WON).
 *
 * Unplayed rounds, as the 2023 regulations treat them: a player's own unplayed round (a bye, a
 * forfeit either way, an absence) counts as a game against a "dummy" opponent whose score is the
 * player's own, with the round's result. An opponent who stopped playing (withdrew: voluntarily
 * unplayed rounds to the end) has each of those last rounds counted as a draw in the score the
 * player's Buchholz takes. Voluntarily unplayed rounds (half- and zero-point byes, forfeit losses,
 * absences) are the first contributions a cut removes. A pairing-allocated bye, a full-point bye and
 * a forfeit win are not voluntary.
 */

export type SwissTiebreak = 'buchholz' | 'buchholz-cut1' | 'sonneborn-berger' | 'direct-encounter' | 'wins' | 'games-won';

export interface SwissStanding {
  readonly startRank: number;
  readonly place: number;
  readonly points: number;
  /** The tiebreaks' values in the order asked for. */
  readonly tiebreaks: readonly number[];
}

const PLAYED = new Set(['1', '0', '=', 'W', 'D', 'L']);
const VOLUNTARILY_UNPLAYED = new Set(['H', 'Z', ' ', '-']);

const isPlayed = (r: TrfRound): boolean => r.opponent !== null && r.opponent > 0 && PLAYED.has(r.result);

/** One round's entry, blank (absent) where the line stops short. */
const roundOf = (p: TrfPlayer, k: number): TrfRound => p.rounds[k] ?? { opponent: null, colour: ' ', result: ' ' };

interface Context {
  readonly t: Tournament;
  readonly rounds: number;
  readonly byRank: ReadonlyMap<number, TrfPlayer>;
  /** Scores as an opponent's Buchholz and Sonneborn–Berger take them (a withdrawal's rounds as draws). */
  readonly adjusted: ReadonlyMap<number, number>;
}

function context(t: Tournament): Context {
  const rounds = t.totalRounds ?? Math.max(0, ...t.players.map((p) => p.rounds.length));
  const byRank = new Map(t.players.map((p) => [p.startRank, p]));
  const adjusted = new Map<number, number>();
  for (const p of t.players) {
    let score = p.points;
    for (let k = rounds - 1; k >= 0 && VOLUNTARILY_UNPLAYED.has(roundOf(p, k).result) && !isPlayed(roundOf(p, k)); k--)
      score += t.points.draw - pointsFor(roundOf(p, k), t.points);
    adjusted.set(p.startRank, score);
  }
  return { t, rounds, byRank, adjusted };
}

/** Each round's contribution to a player's Buchholz, and whether the round was voluntarily unplayed. */
function contributions(c: Context, p: TrfPlayer): { value: number; voluntary: boolean }[] {
  return Array.from({ length: c.rounds }, (_, k) => {
    const r = roundOf(p, k);
    if (isPlayed(r)) return { value: c.adjusted.get(r.opponent as number) as number, voluntary: false };
    return { value: p.points, voluntary: VOLUNTARILY_UNPLAYED.has(r.result) };
  });
}

export function buchholz(t: Tournament, startRank: number): number {
  return sum(contributions(context(t), player(t, startRank)).map((x) => x.value));
}

export function buchholzCut1(t: Tournament, startRank: number): number {
  return cut1(contributions(context(t), player(t, startRank)));
}

function cut1(parts: { value: number; voluntary: boolean }[]): number {
  if (parts.length === 0) return 0;
  // A voluntarily unplayed round goes first; among those, or else among all, the least value.
  const pool = parts.some((x) => x.voluntary) ? parts.filter((x) => x.voluntary) : parts;
  return sum(parts.map((x) => x.value)) - Math.min(...pool.map((x) => x.value));
}

function sonnebornBerger(c: Context, p: TrfPlayer): number {
  let total = 0;
  for (let k = 0; k < c.rounds; k++) {
    const r = roundOf(p, k);
    // The fraction of a win the round brought: the game's, or the unplayed round's against the dummy.
    const share = c.t.points.win === 0 ? 0 : pointsFor(r, c.t.points) / c.t.points.win;
    total += (isPlayed(r) ? (c.adjusted.get(r.opponent as number) as number) : p.points) * share;
  }
  return total;
}

export const sonnebornBergerOf = (t: Tournament, startRank: number): number => sonnebornBerger(context(t), player(t, startRank));

/** Points scored in games among `tied`, or 0 for everyone when some of them never met. */
function directEncounter(c: Context, p: TrfPlayer, tied: readonly TrfPlayer[]): number {
  const ranks = new Set(tied.map((q) => q.startRank));
  for (const q of tied) for (const o of tied) if (q !== o && !q.rounds.some((r) => isPlayed(r) && r.opponent === o.startRank)) return 0;
  return sum(p.rounds.filter((r) => isPlayed(r) && ranks.has(r.opponent as number)).map((r) => pointsFor(r, c.t.points)));
}

function criterion(c: Context, which: SwissTiebreak): Criterion<TrfPlayer> {
  switch (which) {
    case 'buchholz':
      return (p) => sum(contributions(c, p).map((x) => x.value));
    case 'buchholz-cut1':
      return (p) => cut1(contributions(c, p));
    case 'sonneborn-berger':
      return (p) => sonnebornBerger(c, p);
    case 'direct-encounter':
      return (p, tied) => directEncounter(c, p, tied);
    case 'wins':
      return (p) => p.rounds.filter((r) => pointsFor(r, c.t.points) === c.t.points.win).length;
    case 'games-won':
      return (p) => p.rounds.filter((r) => isPlayed(r) && (r.result === '1' || r.result === 'W')).length;
  }
}

/** The standings: by points, then the tiebreaks in the order given; the start rank lists those still tied. */
export function swissStandings(t: Tournament, tiebreaks: readonly SwissTiebreak[]): SwissStanding[] {
  const c = context(t);
  const criteria = tiebreaks.map((which) => criterion(c, which));
  return rankBy(
    t.players,
    (p) => p.points,
    criteria,
    (a, b) => a.startRank - b.startRank,
  ).map(({ player: p, place, values }) => ({
    startRank: p.startRank,
    place,
    points: p.points,
    tiebreaks: values,
  }));
}

function player(t: Tournament, startRank: number): TrfPlayer {
  const p = t.players.find((q) => q.startRank === startRank);
  if (!p) throw new Error(`no player of start rank ${startRank}`);
  return p;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
