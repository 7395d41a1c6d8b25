import { maxWeightMatching, type WeightedEdge } from './matching.ts';

/**
 * Pairing the players waiting in a pool, as lichess pairs its pools: in waves, a maximum-cardinality
 * matching of least total "score" (the rating gap, less a bonus for waves missed), pairs whose score
 * exceeds a limit forbidden. Each wave a player is left waiting, the bonus grows, so the window of
 * ratings they may meet widens until it reaches its widest.
 */

/** One player waiting: their rating in the pool's kind of game, and how many waves passed them by. */
export interface Seeker {
  readonly id: string;
  readonly rating: number;
  readonly misses: number;
  /** Who answers for them (an account, for its bots too): two of one owner never meet. */
  readonly owner?: string;
  /** The seekers they never meet (a block, either way). */
  readonly avoids?: ReadonlySet<string>;
}

/** Rating points of bonus for each wave missed. */
export const MISS_BONUS = 12;
/** The bonus stops growing here: the window at its widest. */
export const MAX_MISS_BONUS = 460;
/** The waves after which a player's window is at its widest. */
export const WIDEST_AFTER_WAVES = Math.ceil(MAX_MISS_BONUS / MISS_BONUS);

/** The largest score allowed for a pair whose lower rating is `rating`: lower in the middle, where players are many. */
export const maxScore = (rating: number): number => (rating < 1000 ? 130 : rating < 1500 ? 100 : Math.floor(rating / 15));

const missBonus = (s: Seeker): number => Math.min(s.misses * MISS_BONUS, MAX_MISS_BONUS);

/** The widest rating gap a pair may have: both at the widest bonus. */
export const widestGap = (lowerRating: number): number => maxScore(lowerRating) + MAX_MISS_BONUS;

/**
 * How good a pair is (lower is better), or null when they may not meet yet. The bonus is the smaller
 * of the two: a newcomer does not get a long-waiting player's reach.
 */
export function pairScore(a: Seeker, b: Seeker): number | null {
  if (a.owner !== undefined && a.owner === b.owner) return null;
  if (a.avoids?.has(b.id) || b.avoids?.has(a.id)) return null;
  const score = Math.abs(a.rating - b.rating) - Math.min(missBonus(a), missBonus(b));
  return score <= maxScore(Math.min(a.rating, b.rating)) ? score : null;
}

/**
 * Players matched exactly at once, at most. More waiting than this are cut into runs of neighbours in
 * rating, each matched alone (pairs across a cut come from a second pass over those left): the
 * algorithm is cubic, and a rating window holds nobody far down the list anyway.
 */
export const RUN = 96;

/** A wave: the pairs made, in rating order; everyone else waits for the next. */
export function pairWave(seekers: readonly Seeker[]): [Seeker, Seeker][] {
  const sorted = [...seekers].sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const pairs: [Seeker, Seeker][] = [];
  let left = sorted;
  // Two passes: the second matches, among those left, the neighbours a cut kept apart.
  for (let pass = 0; pass < 2 && left.length >= 2; pass++) {
    const unmatched: Seeker[] = [];
    for (let from = 0; from < left.length; from += RUN) {
      const run = left.slice(from, from + RUN);
      const mate = matchRun(run);
      for (const [i, s] of run.entries()) {
        const j = mate[i] as number;
        if (j === -1) unmatched.push(s);
        else if (i < j) pairs.push([s, run[j] as Seeker]);
      }
    }
    left = unmatched;
  }
  return pairs;
}

/**
 * Edges from each player to this many next up in rating, no further: a best pairing by rating joins
 * near neighbours, and a sparse graph is matched several times faster (npm run bench pairing).
 */
export const NEIGHBOURS = 12;

/** The best matching of a run: as many pairs as possible, then the least total score. */
function matchRun(run: readonly Seeker[]): Int32Array {
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < run.length; i++) {
    const a = run[i] as Seeker;
    for (let j = i + 1; j < run.length && j <= i + NEIGHBOURS; j++) {
      const b = run[j] as Seeker;
      // Sorted by rating: once past the widest gap, nobody further up can be in reach.
      if (b.rating - a.rating > widestGap(a.rating)) break;
      const score = pairScore(a, b);
      // Weights are positive and larger for better pairs; maximum cardinality comes first.
      if (score !== null) edges.push({ a: i, b: j, weight: 10_000 - score });
    }
  }
  return maxWeightMatching(run.length, edges, true);
}

/**
 * A wave of a pool for `size` players (DiceWars's free-for-all): tables of neighbours in rating whose
 * spread is in everyone's window, lowest first; the rest wait.
 */
export function groupWave(seekers: readonly Seeker[], size: number): Seeker[][] {
  const sorted = [...seekers].sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const tables: Seeker[][] = [];
  let i = 0;
  while (i + size <= sorted.length) {
    const table = sorted.slice(i, i + size);
    const low = table[0] as Seeker;
    const high = table[size - 1] as Seeker;
    const bonus = Math.min(...table.map(missBonus));
    if (high.rating - low.rating - bonus <= maxScore(low.rating)) {
      tables.push(table);
      i += size;
    } else i++;
  }
  return tables;
}
