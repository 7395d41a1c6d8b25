import { absolute, type DutchPlayer, type Float, floatOf } from './dutch-players.ts';
import type { Tournament } from './trf.ts';

/**
 * The Dutch system's criteria (C.04.3 C1–C21) as one edge weight a pair of players is worth, as
 * bbpPairings builds it: each criterion a field of bits, the more important ones higher, so a
 * maximum-weight matching satisfies them in their order. The absolute criteria (no rematch, no
 * third colour in a row or imbalance past 2, except for the top scorers of the last round) make a
 * pair impossible (weight 0); completion and the bye come first, then the pairs and scores kept in
 * the bracket and the next, the bye's unplayed games, the colour preferences, and the floats of
 * the last two rounds. The low bits are left for the bracket's own ordering (transpositions and
 * exchanges, in dutch-brackets.ts).
 */

/** How many bits `x` takes (0 for 0). */
export const bitsFor = (x: number): number => (x <= 0 ? 0 : Math.floor(Math.log2(x)) + 1);

export interface Criteria {
  readonly playedRounds: number;
  readonly expectedRounds: number;
  /** Half the most points a player could have by now: a score above it makes a top scorer. */
  readonly topScoreThreshold: number;
  readonly sizeBits: bigint;
  readonly groupsShift: bigint;
  /** The bit each score group's field starts at. */
  readonly groupShift: ReadonlyMap<number, number>;
  /** Floats of the last round and the one before, by start rank. */
  readonly floats: ReadonlyMap<number, readonly [Float, Float]>;
}

/** What the bye's criteria depend on, once the score of the player who gets it is known. */
export interface ByeTerms {
  readonly score: number;
  /** C9 applies: the bye's player floats down alone from the top bracket. */
  readonly single: boolean;
  /** Rank of each number of games played among the players of the bye's score (more played, lower rank). */
  readonly unplayedRanks: ReadonlyMap<number, number>;
}

export const NO_BYE: ByeTerms = { score: 0, single: false, unplayedRanks: new Map() };

export function criteriaFor(t: Tournament, sorted: readonly DutchPlayer[], all: ReadonlyMap<number, DutchPlayer>, round: number): Criteria {
  const playedRounds = round - 1;
  const win = Math.round(t.points.win * 10);
  const draw = Math.round(t.points.draw * 10);
  const groupShift = new Map<number, number>();
  let shift = 0;
  let maxGroup = 0;
  let repeated = 0;
  for (let i = sorted.length - 1; i >= 0; i--) {
    repeated++;
    const score = (sorted[i] as DutchPlayer).score;
    if (i === 0 || score < (sorted[i - 1] as DutchPlayer).score) {
      groupShift.set(score, shift);
      maxGroup = Math.max(maxGroup, repeated);
      shift += bitsFor(repeated);
      repeated = 0;
    }
  }
  const loss = Math.round(t.points.loss * 10);
  const floats = new Map<number, readonly [Float, Float]>();
  for (const p of sorted)
    floats.set(p.startRank, [playedRounds >= 1 ? floatOf(p, 1, all, loss) : null, playedRounds >= 2 ? floatOf(p, 2, all, loss) : null]);
  return {
    playedRounds,
    // No XXR: the rounds the file records, as bbpPairings's checker takes them.
    expectedRounds: t.totalRounds ?? Math.max(round, ...t.players.map((p) => p.rounds.length)),
    topScoreThreshold: (playedRounds * Math.max(win, draw)) >> 1,
    sizeBits: BigInt(bitsFor(maxGroup)),
    groupsShift: BigInt(shift),
    groupShift,
    floats,
  };
}

/** The absolute criteria: not met before, and no colour both must have (save for top scorers in the last round). */
export function compatible(c: Criteria, a: DutchPlayer, b: DutchPlayer): boolean {
  if (a.met.has(b.startRank)) return false;
  if (!absolute(a) || !absolute(b) || a.preference !== b.preference) return true;
  return c.playedRounds >= c.expectedRounds - 1 && (a.score > c.topScoreThreshold || b.score > c.topScoreThreshold);
}

export const preferencesCompatible = (a: DutchPlayer, b: DutchPlayer): boolean =>
  a.preference !== b.preference || a.preference === null || b.preference === null;

const byeCandidate = (p: DutchPlayer, bye: ByeTerms): boolean => p.byeEligible && p.score <= bye.score;

const one = (x: boolean): bigint => (x ? 1n : 0n);

/** The shift of a score group's field, at module level: a closure made in each of a round's ~10⁵ weights cost a tenth of them. */
function groupAt(c: Criteria, score: number): bigint {
  return BigInt(c.groupShift.get(score) as number);
}

/** The colour criteria's four fields for `player` against `opponent` (zero outside the current bracket). */
function colourBits(w0: bigint, c: Criteria, player: DutchPlayer, opponent: DutchPlayer, mask: boolean): bigint {
  const s = c.sizeBits;
  let w = w0 << s;
  w |= one(mask && (!(player.imbalance > 1) || !(opponent.imbalance > 1) || player.preference !== opponent.preference));
  w <<= s;
  const lessImbalanced = player.imbalance > opponent.imbalance ? opponent : player;
  const other = player.preference === 'white' ? 'black' : player.preference === 'black' ? 'white' : null;
  w |= one(
    mask &&
      (!absolute(player) ||
        !absolute(opponent) ||
        player.preference !== opponent.preference ||
        (player.imbalance === opponent.imbalance
          ? player.repeated === null || player.repeated !== opponent.repeated
          : lessImbalanced.repeated !== other)),
  );
  w <<= s;
  w |= one(mask && preferencesCompatible(player, opponent));
  w <<= s;
  w |= one(
    mask &&
      ((!player.strong && !absolute(player)) ||
        (!opponent.strong && !absolute(opponent)) ||
        (absolute(player) && absolute(opponent)) ||
        player.preference !== opponent.preference),
  );
  return w;
}

/** The fields of repeated floats `back` rounds ago (1 or 2), counts then scores. */
function floatCounts(w0: bigint, c: Criteria, hi: DutchPlayer, lo: DutchPlayer, back: 0 | 1, inCurrent: boolean): bigint {
  const fh = (c.floats.get(hi.startRank) as readonly [Float, Float])[back];
  const fl = (c.floats.get(lo.startRank) as readonly [Float, Float])[back];
  let w = w0 << c.sizeBits;
  if (inCurrent) w += one(fl === 'down') + one(hi.score <= lo.score && fh === 'down');
  w <<= c.sizeBits;
  if (inCurrent) w |= one(!(hi.score > lo.score && fl === 'up'));
  return w;
}

function floatScores(w0: bigint, c: Criteria, hi: DutchPlayer, lo: DutchPlayer, back: 0 | 1, inCurrent: boolean): bigint {
  const fh = (c.floats.get(hi.startRank) as readonly [Float, Float])[back];
  const fl = (c.floats.get(lo.startRank) as readonly [Float, Float])[back];
  let w = w0 << c.groupsShift;
  if (inCurrent) w += (one(fl === 'down') << groupAt(c, lo.score)) + (one(fh === 'down') << groupAt(c, hi.score));
  w <<= c.groupsShift;
  if (inCurrent && !(fl === 'up' && hi.score > lo.score)) w |= 1n << groupAt(c, hi.score);
  return w;
}

/**
 * The weight of pairing `hi` (the higher in pairing order) with `lo`; `lo` in the current bracket or
 * in the next score group. 0 when the absolute criteria forbid the pair.
 */
export function edgeWeight(c: Criteria, hi: DutchPlayer, lo: DutchPlayer, inCurrent: boolean, inNext: boolean, bye: ByeTerms): bigint {
  if (!compatible(c, hi, lo)) return 0n;
  const s = c.sizeBits;
  const g = c.groupsShift;
  let w = 1n + one(!byeCandidate(hi, bye)) + one(!byeCandidate(lo, bye));
  w = (w << s) | one(inCurrent);
  w <<= g;
  if (inCurrent) w |= 1n << groupAt(c, hi.score);
  w = (w << s) | one(inNext);
  w <<= g;
  if (inNext) w |= 1n << groupAt(c, hi.score);
  w <<= s + s;
  if (bye.single) {
    if (hi.score === bye.score) w |= BigInt(bye.unplayedRanks.get(hi.playedGames) as number);
    if (lo.score === bye.score) w += BigInt(bye.unplayedRanks.get(lo.playedGames) as number);
  }
  w = colourBits(w, c, lo, hi, inCurrent);
  if (c.playedRounds >= 1) w = floatCounts(w, c, hi, lo, 0, inCurrent);
  if (c.playedRounds >= 2) w = floatCounts(w, c, hi, lo, 1, inCurrent);
  if (c.playedRounds >= 1) w = floatScores(w, c, hi, lo, 0, inCurrent);
  if (c.playedRounds >= 2) w = floatScores(w, c, hi, lo, 1, inCurrent);
  // Room for the bracket's ordering: exchanges, their pairing numbers, and one bit to try a choice.
  return w << (3n * s + 1n);
}

/** A weight above any edge's: the one a pair already decided keeps. */
export function maxEdgeWeight(c: Criteria): bigint {
  const s = c.sizeBits;
  const g = c.groupsShift;
  let bits = 2n * (s + g) + 2n * s + 4n * s;
  if (c.playedRounds >= 1) bits += 2n * s + 2n * g;
  if (c.playedRounds >= 2) bits += 2n * s + 2n * g;
  bits += 3n * s + 1n;
  return (1n << (bits + 2n)) - 1n;
}

/**
 * The first weights, for an odd field: whether everyone but one can be paired, and with the bye
 * to whom (the lowest score possible, eligible), before the brackets are paired.
 */
export function completionWeight(c: Criteria, player: DutchPlayer, opponent: DutchPlayer, top: DutchPlayer): bigint {
  if (!compatible(c, player, opponent)) return 0n;
  let w = 1n + one(!player.byeEligible) + one(!opponent.byeEligible);
  w <<= c.groupsShift;
  w |= BigInt((c.groupShift.get(player.score) as number) + (c.groupShift.get(opponent.score) as number));
  w <<= c.sizeBits;
  w |= one(player.score >= top.score);
  return w;
}

/**
 * The edge weights of one round under one set of bye terms, each worked out once per kind of pair:
 * a weight reads of its two players only their score, bye eligibility, colour history and floats
 * (and games played, for the bye's score), which a few dozen kinds of player share, so a round's
 * ~10⁵ pairs need a few thousand weights built of hundreds of bits, not one each. Whether the two
 * have met is the one fact of the pair itself, asked before the memo.
 */
export class EdgeWeights {
  private readonly kinds = new Map<number, number>();
  private readonly memo = new Map<number, bigint>();
  private readonly completionMemo = new Map<number, bigint>();
  private readonly kindCount: number;

  constructor(
    readonly c: Criteria,
    players: readonly DutchPlayer[],
    readonly bye: ByeTerms,
  ) {
    const byKey = new Map<string, number>();
    for (const p of players) {
      const [f0, f1] = c.floats.get(p.startRank) as readonly [Float, Float];
      const games = bye.single && p.score === bye.score ? p.playedGames : -1;
      const key = `${p.score} ${p.byeEligible} ${games} ${p.preference} ${p.imbalance} ${p.repeated} ${p.strong} ${f0} ${f1}`;
      let kind = byKey.get(key);
      if (kind === undefined) {
        kind = byKey.size;
        byKey.set(key, kind);
      }
      this.kinds.set(p.startRank, kind);
    }
    this.kindCount = byKey.size;
  }

  private kindOf(p: DutchPlayer): number {
    const kind = this.kinds.get(p.startRank);
    if (kind === undefined) throw new Error(`EdgeWeights: player ${p.startRank} is not of this round`);
    return kind;
  }

  /** `edgeWeight(c, hi, lo, inCurrent, inNext, bye)`, the same value. */
  weight(hi: DutchPlayer, lo: DutchPlayer, inCurrent: boolean, inNext: boolean): bigint {
    if (hi.met.has(lo.startRank)) return 0n;
    const key = ((this.kindOf(hi) * this.kindCount + this.kindOf(lo)) << 2) | (inCurrent ? 2 : 0) | (inNext ? 1 : 0);
    let w = this.memo.get(key);
    if (w === undefined) {
      w = edgeWeight(this.c, hi, lo, inCurrent, inNext, this.bye);
      this.memo.set(key, w);
    }
    return w;
  }

  /** `completionWeight(c, player, opponent, top)`, the same value (`top` the same on every call). */
  completion(player: DutchPlayer, opponent: DutchPlayer, top: DutchPlayer): bigint {
    if (player.met.has(opponent.startRank)) return 0n;
    const key = this.kindOf(player) * this.kindCount + this.kindOf(opponent);
    let w = this.completionMemo.get(key);
    if (w === undefined) {
      w = completionWeight(this.c, player, opponent, top);
      this.completionMemo.set(key, w);
    }
    return w;
  }
}
