import { type ByeTerms, type Criteria, criteriaFor, EdgeWeights, maxEdgeWeight, NO_BYE } from './dutch-criteria.ts';
import type { DutchPlayer } from './dutch-players.ts';
import { Remainder, type Bracket as RemainderBracket } from './dutch-remainder.ts';
import { MatchingComputer } from './matching-computer.ts';
import type { Tournament } from './trf.ts';

/**
 * The Dutch system's pairing of a round, bracket by bracket from the top score group down, as
 * bbpPairings does it: one maximum-weight matching over all players keeps the rest of the round
 * pairable (the completion criterion, the bye) while each bracket's decisions are fixed in turn —
 * which moved-down players (MDPs) are paired in it and with whom, then which residents are
 * exchanged between the halves, then each first-half player's opponent (the transpositions), by
 * raising the weight of the choice wanted and asking again. Players left over float down into the
 * next bracket with the next score group; the last bracket takes whoever is left.
 */

export class NoPairing extends Error {}

/** Pairs `sorted` (in pairing order: score, then rank); each player's opponent's index, its own for the bye. */
export function pairBrackets(
  t: Tournament,
  sorted: readonly DutchPlayer[],
  all: ReadonlyMap<number, DutchPlayer>,
  round: number,
): number[] {
  return new BracketPairing(t, sorted, all, round).run();
}

class BracketPairing {
  readonly c: Criteria;
  readonly n: number;
  readonly m: MatchingComputer;
  readonly max: bigint;
  bye: ByeTerms = NO_BYE;
  /** The edge weights under the bye terms (`setBye` makes them anew). */
  weights: EdgeWeights;
  readonly matched: boolean[];
  readonly result: number[];
  /** Base weights of the current bracket and the next group: [larger index][smaller index], by index in `vi`. */
  base: bigint[][] = [];

  constructor(
    t: Tournament,
    readonly sorted: readonly DutchPlayer[],
    all: ReadonlyMap<number, DutchPlayer>,
    round: number,
  ) {
    this.c = criteriaFor(t, sorted, all, round);
    this.n = sorted.length;
    this.max = maxEdgeWeight(this.c);
    this.m = new MatchingComputer(this.n, this.max);
    this.weights = new EdgeWeights(this.c, sorted, NO_BYE);
    this.matched = new Array<boolean>(this.n).fill(false);
    this.result = Array.from({ length: this.n }, (_, i) => i);
  }

  setBye(terms: ByeTerms): void {
    this.bye = terms;
    this.weights = new EdgeWeights(this.c, this.sorted, terms);
  }

  p(v: number): DutchPlayer {
    return this.sorted[v] as DutchPlayer;
  }

  run(): number[] {
    this.completion();
    let vi: number[] = [];
    let next = 0;
    const top = this.p(0).score;
    while (next < this.n && this.p(next).score >= top) vi.push(next++);
    let groupBegin = 0;
    let groupBeginVertex = 0;
    while (vi.length > 1 || next < this.n) {
      const nextGroupBegin = vi.length;
      const nextGroupBeginVertex = groupBeginVertex + (nextGroupBegin - groupBegin);
      const groupStart = next;
      while (next < this.n && this.p(next).score >= this.p(groupStart).score) vi.push(next++);
      const b = new Bracket(this, vi, groupBegin, nextGroupBegin, groupBeginVertex, nextGroupBeginVertex);
      b.pair();
      [vi, groupBegin] = this.carry(vi, nextGroupBegin, groupStart);
      groupBeginVertex = nextGroupBeginVertex;
    }
    return this.result;
  }

  /** Records the bracket's pairs; the rest (its unpaired and the next group) make the next bracket. */
  carry(vi: readonly number[], nextGroupBegin: number, groupStart: number): [number[], number] {
    const stable = this.m.matching();
    const kept: number[] = [];
    let movedDown = 0;
    let single = this.n % 2 === 1 && groupStart < this.n && this.bye.score >= this.p(groupStart).score;
    for (const [i, v] of vi.entries()) {
      if (i < nextGroupBegin && this.matched[v]) {
        const mate = stable[v] as number;
        this.result[v] = mate;
        this.result[mate] = v;
      } else {
        kept.push(v);
        if (i < nextGroupBegin) movedDown++;
        if (single && this.p(stable[v] as number).score < this.p(groupStart).score) single = false;
      }
    }
    if (single !== this.bye.single) this.setBye({ ...this.bye, single });
    return [kept, movedDown];
  }

  /** The first matching: can everyone (but one) be paired at all, and who could get the bye. */
  completion(): void {
    const odd = this.n % 2 === 1;
    const top = this.p(0);
    for (let i = 0; i < this.n; i++)
      for (let j = 0; j < i; j++)
        this.m.setWeight(
          i,
          j,
          odd ? this.weights.completion(this.p(i), this.p(j), top) : this.weights.weight(this.p(j), this.p(i), false, false),
        );
    this.m.compute();
    const mate = this.m.matching();
    let single = -1;
    for (let v = 0; v < this.n; v++)
      if (mate[v] === v) {
        if (single >= 0 || !this.p(v).byeEligible) throw new NoPairing('no pairing satisfies the absolute criteria');
        single = v;
      }
    if (odd) this.byeTerms(single, mate);
  }

  byeTerms(single: number, mate: Int32Array): void {
    const score = this.p(single).score;
    const topScore = this.p(0).score;
    let alone = false;
    if (score >= topScore) {
      alone = true;
      for (let v = 0; v < this.n && this.p(v).score >= topScore; v++)
        if (this.p(mate[v] as number).score < topScore) {
          alone = false;
          break;
        }
    }
    const played = this.sorted
      .filter((p) => p.score === score)
      .map((p) => p.playedGames)
      .sort((a, b) => b - a);
    const unplayedRanks = new Map<number, number>();
    for (const [rank, g] of played.entries()) unplayedRanks.set(g, rank);
    this.setBye({ score, single: alone, unplayedRanks });
    for (let i = 0; i < this.n; i++)
      for (let j = 0; j < i; j++) this.m.setWeight(i, j, this.weights.weight(this.p(j), this.p(i), false, false));
  }
}

/** One bracket: MDPs `vi[0, groupBegin)`, residents `vi[groupBegin, nextGroupBegin)`, the next group after. */
class Bracket implements RemainderBracket {
  readonly m: MatchingComputer;
  readonly base: bigint[][];
  stable: Int32Array;

  constructor(
    readonly r: BracketPairing,
    readonly vi: readonly number[],
    readonly groupBegin: number,
    readonly nextGroupBegin: number,
    readonly groupBeginVertex: number,
    readonly nextGroupBeginVertex: number,
  ) {
    this.m = r.m;
    this.base = vi.map((larger, li) =>
      li < groupBegin
        ? []
        : vi.slice(0, li).map((smaller) => r.weights.weight(r.p(smaller), r.p(larger), li < nextGroupBegin, li >= nextGroupBegin)),
    );
    for (let li = groupBegin; li < vi.length; li++)
      for (let si = 0; si < li; si++) this.m.setWeight(vi[li] as number, vi[si] as number, this.w(li, si));
    this.m.compute();
    this.stable = this.m.matching();
  }

  w(larger: number, smaller: number): bigint {
    return this.base[larger]?.[smaller] ?? 0n;
  }

  zero(larger: number, smaller: number): void {
    (this.base[larger] as bigint[])[smaller] = 0n;
  }

  v(i: number): number {
    return this.vi[i] as number;
  }

  recompute(): void {
    this.m.compute();
    this.stable = this.m.matching();
  }

  mateOf(i: number): number {
    return this.stable[this.v(i)] as number;
  }

  /** Whether player `i`'s mate is a resident of this bracket. */
  matchedInGroup(i: number): boolean {
    const mate = this.mateOf(i);
    return mate >= this.groupBeginVertex && mate < this.nextGroupBeginVertex;
  }

  pair(): void {
    this.chooseMovedDown();
    this.pairMovedDown();
    new Remainder(this).pair();
  }

  /** Which MDPs are paired here: as many as can be, the higher ones first within each score. */
  chooseMovedDown(): void {
    let score = 0;
    let remaining = 0;
    let remainingMatched = 0;
    const span = this.nextGroupBegin - this.groupBegin;
    for (let i = 0; i < this.groupBegin; i++) {
      if (i === 0 || this.r.p(this.v(i)).score < score) {
        score = this.r.p(this.v(i)).score;
        remaining = 0;
        remainingMatched = 0;
        for (let j = i; j < this.vi.length && this.r.p(this.v(j)).score >= score; j++) {
          remaining++;
          if (this.matchedInGroup(j)) remainingMatched++;
        }
      }
      if (remainingMatched === 0) continue;
      const pv = this.v(i);
      if (remaining <= remainingMatched) {
        this.r.matched[pv] = true;
        continue;
      }
      remaining--;
      if (!this.matchedInGroup(i)) {
        for (let o = this.groupBegin; o < this.nextGroupBegin; o++) if (this.w(o, i)) this.m.setWeight(pv, this.v(o), this.w(o, i) | 1n);
        this.recompute();
      }
      if (this.matchedInGroup(i)) {
        this.r.matched[pv] = true;
        remainingMatched--;
        for (let o = this.groupBegin; o < this.nextGroupBegin; o++)
          if (this.w(o, i)) this.m.setWeight(pv, this.v(o), (this.w(o, i) | BigInt(span)) + 1n);
      }
    }
  }

  /** Each chosen MDP's opponent, in order: the highest resident that keeps the best matching. */
  pairMovedDown(): void {
    for (let i = 0; i < this.groupBegin; i++) {
      const pv = this.v(i);
      if (!this.r.matched[pv]) continue;
      let addend = BigInt(this.vi.length);
      for (let o = this.nextGroupBegin - 1; o >= this.groupBegin; o--) {
        const ov = this.v(o);
        if (this.r.matched[ov] || !this.w(o, i)) continue;
        this.m.setWeight(pv, ov, this.w(o, i) + addend);
        addend++;
      }
      this.recompute();
      const mate = this.stable[pv] as number;
      this.r.matched[mate] = true;
      this.m.finalizePair(pv, mate, this.r.max);
    }
  }
}
