import { rankBy } from './ranking.ts';

/**
 * Round robins as FIDE schedules them (Berger tables, Handbook C.05 Annex 1) and as hivegame.com's
 * world championship groups rank them: one or more cycles, colours balanced, an odd field with a
 * bye; the standings by game points or by match points, ties broken in the organiser's order.
 * Players are numbered from 1 by seed (their Berger number).
 */

export interface Pairing {
  readonly white: number;
  readonly black: number;
}

export interface RoundRobinRound {
  /** From 1, across cycles. */
  readonly round: number;
  /** Board order as the Berger table lists it. */
  readonly pairings: readonly Pairing[];
  /** Who sits out (an odd field), or null. */
  readonly bye: number | null;
}

/**
 * One round of the Berger table for an even `size`: the last player stays put and alternates
 * colours on board 1; the others advance size/2 places a round around the circle, so round r's
 * order is ((r − 1)·size/2 + i) mod (size − 1) + 1 and board k pairs the k-th from each end.
 */
export function bergerRound(size: number, round: number): Pairing[] {
  if (size < 2 || size % 2 !== 0) throw new Error(`a Berger table has an even size, not ${size}`);
  if (round < 1 || round > size - 1) throw new Error(`a table of ${size} has rounds 1…${size - 1}, not ${round}`);
  const half = size / 2;
  const order = Array.from({ length: size - 1 }, (_, i) => (((round - 1) * half + i) % (size - 1)) + 1);
  const first = order[0] as number;
  const pairings: Pairing[] = [round % 2 === 1 ? { white: first, black: size } : { white: size, black: first }];
  for (let k = 1; k < half; k++) pairings.push({ white: order[k] as number, black: order[size - 1 - k] as number });
  return pairings;
}

/**
 * Every round of a round robin of `players` over `cycles` cycles. An odd field plays the table of
 * one more, whose last player is the bye. Each later cycle repeats the first with colours reversed
 * in alternate cycles, so a double round robin gives everyone each colour against each opponent.
 * As FIDE recommends, a cycle followed by another plays its last two rounds in swapped order: most
 * players' colour in a table's last round is the one the reversed first round gives them again,
 * and the swap keeps anyone from three of one colour in a row across the seam.
 */
export function roundRobinSchedule(players: number, cycles = 1): RoundRobinRound[] {
  if (!Number.isInteger(players) || players < 2) throw new Error(`a round robin needs two players or more, not ${players}`);
  if (!Number.isInteger(cycles) || cycles < 1) throw new Error(`cycles: a positive whole number, not ${cycles}`);
  const size = players % 2 === 0 ? players : players + 1;
  const rounds: RoundRobinRound[] = [];
  for (let cycle = 0; cycle < cycles; cycle++)
    for (let r = 1; r < size; r++) {
      const swapped = cycle < cycles - 1 && size > 2 && r >= size - 2;
      const tableRound = swapped ? (r === size - 2 ? size - 1 : size - 2) : r;
      let bye: number | null = null;
      const pairings: Pairing[] = [];
      for (const p of bergerRound(size, tableRound)) {
        if (p.white > players) bye = p.black;
        else if (p.black > players) bye = p.white;
        else pairings.push(cycle % 2 === 0 ? p : { white: p.black, black: p.white });
      }
      rounds.push({ round: cycle * (size - 1) + r, pairings, bye });
    }
  return rounds;
}

/** One game played: the white player's score (1, ½ or 0). */
export interface RoundRobinGame {
  readonly white: number;
  readonly black: number;
  readonly whiteScore: 1 | 0.5 | 0;
}

/**
 * The criteria an organiser orders:
 * - `match-score`: match points (all the games between two players are one match: more game points
 *   wins it);
 * - `game-score`: game points;
 * - `head-to-head`: the primary score (game or match points, as the standings count) in the games
 *   among the players still tied;
 * - `higher-placed`: game points against players with a higher primary score;
 * - `sonneborn-berger`: each opponent's primary score times the game points taken from them;
 * - `wins-second`: games won as the second player;
 * - `seed`: the better (lower) seed.
 */
export type RoundRobinTiebreak =
  | 'match-score'
  | 'game-score'
  | 'head-to-head'
  | 'higher-placed'
  | 'sonneborn-berger'
  | 'wins-second'
  | 'seed';

export interface RoundRobinScoring {
  /** What the standings count first: game points, or match points. */
  readonly count: 'games' | 'matches';
  /** Points for a match won, drawn, lost (hivegame.com's groups: 2, 1, 0). */
  readonly match: { readonly win: number; readonly draw: number; readonly loss: number };
  readonly tiebreaks: readonly RoundRobinTiebreak[];
}

export const DEFAULT_SCORING: RoundRobinScoring = {
  count: 'games',
  match: { win: 2, draw: 1, loss: 0 },
  tiebreaks: ['head-to-head', 'sonneborn-berger', 'wins-second', 'seed'],
};

export interface RoundRobinStanding {
  readonly player: number;
  /** From 1; players no criterion separates share a place. */
  readonly place: number;
  /** The primary score (game or match points). */
  readonly score: number;
  readonly gamePoints: number;
  readonly matchPoints: number;
  /** Each tiebreak's value in the organiser's order; head-to-head among those tied when it was applied. */
  readonly tiebreaks: readonly number[];
}

interface Tally {
  readonly games: number[];
  readonly matches: number[];
  readonly winsSecond: number[];
  /** Game points of a against b: against[a][b]. */
  readonly against: number[][];
  readonly met: boolean[][];
}

function tally(players: number, games: readonly RoundRobinGame[], scoring: RoundRobinScoring): Tally {
  const zero = () => Array.from({ length: players + 1 }, () => 0);
  const t: Tally = {
    games: zero(),
    matches: zero(),
    winsSecond: zero(),
    against: Array.from({ length: players + 1 }, zero),
    met: Array.from({ length: players + 1 }, () => Array.from({ length: players + 1 }, () => false)),
  };
  for (const g of games) {
    if (g.white < 1 || g.white > players || g.black < 1 || g.black > players || g.white === g.black)
      throw new Error(`a game between ${g.white} and ${g.black} is not of this round robin of ${players}`);
    const row = (p: number) => t.against[p] as number[];
    row(g.white)[g.black] = (row(g.white)[g.black] as number) + g.whiteScore;
    row(g.black)[g.white] = (row(g.black)[g.white] as number) + 1 - g.whiteScore;
    (t.met[g.white] as boolean[])[g.black] = true;
    (t.met[g.black] as boolean[])[g.white] = true;
    t.games[g.white] = (t.games[g.white] as number) + g.whiteScore;
    t.games[g.black] = (t.games[g.black] as number) + 1 - g.whiteScore;
    if (g.whiteScore === 0) t.winsSecond[g.black] = (t.winsSecond[g.black] as number) + 1;
  }
  for (let a = 1; a <= players; a++) t.matches[a] = matchPointsAmong(t, a, allPlayers(players), scoring);
  return t;
}

const allPlayers = (players: number): number[] => Array.from({ length: players }, (_, i) => i + 1);

function matchPointsAmong(t: Tally, a: number, among: readonly number[], scoring: RoundRobinScoring): number {
  let points = 0;
  for (const b of among) {
    if (b === a || !t.met[a]?.[b]) continue;
    const mine = t.against[a]?.[b] as number;
    const theirs = t.against[b]?.[a] as number;
    points += mine > theirs ? scoring.match.win : mine === theirs ? scoring.match.draw : scoring.match.loss;
  }
  return points;
}

function criterion(t: Tally, scoring: RoundRobinScoring, which: RoundRobinTiebreak, p: number, group: readonly number[]): number {
  const primary = scoring.count === 'games' ? t.games : t.matches;
  switch (which) {
    case 'match-score':
      return t.matches[p] as number;
    case 'game-score':
      return t.games[p] as number;
    case 'head-to-head':
      return scoring.count === 'games'
        ? group.reduce((s, q) => s + (q === p ? 0 : (t.against[p]?.[q] as number)), 0)
        : matchPointsAmong(t, p, group, scoring);
    case 'higher-placed':
      return primary.reduce(
        (s, score, q) => s + (q !== p && q > 0 && score > (primary[p] as number) ? (t.against[p]?.[q] as number) : 0),
        0,
      );
    case 'sonneborn-berger':
      return primary.reduce((s, score, q) => s + (q > 0 && q !== p ? score * (t.against[p]?.[q] as number) : 0), 0);
    case 'wins-second':
      return t.winsSecond[p] as number;
    case 'seed':
      return -p;
  }
}

/**
 * The standings: by primary score, then each tiebreak in turn applied to the players still tied
 * (head-to-head counts only the games among them). Seeds are 1…players.
 */
export function roundRobinStandings(
  players: number,
  games: readonly RoundRobinGame[],
  scoring: RoundRobinScoring = DEFAULT_SCORING,
): RoundRobinStanding[] {
  const t = tally(players, games, scoring);
  const primary = scoring.count === 'games' ? t.games : t.matches;
  const criteria = scoring.tiebreaks.map((which) => (p: number, tied: readonly number[]) => criterion(t, scoring, which, p, tied));
  return rankBy(
    allPlayers(players),
    (p) => primary[p] as number,
    criteria,
    (a, b) => a - b,
  ).map(({ player, place, values }) => ({
    player,
    place,
    score: primary[player] as number,
    gamePoints: t.games[player] as number,
    matchPoints: t.matches[player] as number,
    tiebreaks: values,
  }));
}
