/**
 * A bracket's residents once its MDPs are paired (the remainder, or the whole of a homogeneous
 * bracket): as bbpPairings orders them, the fewest exchanges between the first half (S1) and the
 * second (S2), the smallest differences of the exchanged pairing numbers — the lowest of S1 and
 * the highest of S2 exchanged first (C.04.3 D.2–D.3) — then each S1 player, top down, paired with
 * the highest S2 player that keeps the best pairing (the transpositions, D.1).
 */
/** What a remainder needs of its bracket (dutch-brackets.ts): the weights, the matching, the indices. */
export interface Bracket {
  readonly vi: readonly number[];
  readonly groupBegin: number;
  readonly nextGroupBegin: number;
  readonly groupBeginVertex: number;
  readonly nextGroupBeginVertex: number;
  readonly stable: Int32Array;
  readonly m: {
    setWeight(a: number, b: number, weight: bigint): void;
    finalizePair(a: number, b: number, weight: bigint): void;
  };
  readonly r: { readonly c: { readonly sizeBits: bigint }; readonly matched: boolean[]; readonly max: bigint };
  /** The base weight of [larger][smaller] (indices in `vi`), 0 for none. */
  w(larger: number, smaller: number): bigint;
  zero(larger: number, smaller: number): void;
  v(i: number): number;
  mateOf(i: number): number;
  recompute(): void;
}

export class Remainder {
  /** Indices (in the bracket's `vi`) of the residents not paired with an MDP, in order. */
  readonly players: number[] = [];
  /** How many pairs the remainder makes: the size of S1. */
  readonly pairs: number;

  constructor(readonly b: Bracket) {
    let pairs = 0;
    for (let i = b.groupBegin; i < b.nextGroupBegin; i++) {
      const mate = b.mateOf(i);
      if (mate < b.groupBeginVertex) continue;
      this.players.push(i);
      if (mate < b.v(i)) pairs++;
    }
    this.pairs = pairs;
  }

  /** The base weight with the exchange terms: fewer exchanges, then the least difference of pairing numbers. */
  weight(smaller: number, larger: number, smallerIndex: number): bigint {
    const base = this.b.w(larger, smaller);
    if (!base) return base;
    const s = this.b.r.c.sizeBits;
    const addend = (((smallerIndex < this.pairs ? 1n : 0n) << (s + s)) - BigInt(smallerIndex)) << 1n;
    return base + addend;
  }

  /** S1 membership of player `i` in the current best matching: paired with a later resident. */
  inFirstHalf(i: number): boolean {
    const v = this.b.v(i);
    const mate = this.b.mateOf(i);
    return mate > v && mate < this.b.nextGroupBeginVertex;
  }

  pair(): void {
    const { b, players } = this;
    for (const [oi, o] of players.entries())
      for (let pi = 0; pi < oi; pi++) b.m.setWeight(b.v(players[pi] as number), b.v(o), this.weight(players[pi] as number, o, pi));
    b.recompute();
    let exchanges = 0;
    const firstEnd = players[this.pairs];
    for (const i of players) {
      if (firstEnd === undefined || i >= firstEnd) break;
      if (!this.inFirstHalf(i)) exchanges++;
    }
    this.exchangeFromFirstHalf(exchanges);
    this.exchangeFromSecondHalf(exchanges);
    this.fixHalves();
    this.pairFirstHalf();
  }

  /** From the bottom of S1 up: move each player to S2 when the best matching still can. */
  exchangeFromFirstHalf(exchanges: number): void {
    const { b, players } = this;
    let left = exchanges;
    for (let it = this.pairs; it > 0 && left > 0; ) {
      it--;
      const index = it;
      const i = players[it] as number;
      const pv = b.v(i);
      if (this.inFirstHalf(i)) {
        for (let o = it + 1; o < players.length; o++) {
          const w = this.weight(i, players[o] as number, index);
          if (w) b.m.setWeight(pv, b.v(players[o] as number), w - 1n);
        }
        b.recompute();
      }
      const exchange = !this.inFirstHalf(i);
      if (exchange) left--;
      for (let o = it + 1; o < players.length; o++) {
        if (exchange) b.zero(players[o] as number, i);
        b.m.setWeight(pv, b.v(players[o] as number), this.weight(i, players[o] as number, index));
      }
    }
  }

  /** From the top of S2 down: move each player to S1 when the best matching still can. */
  exchangeFromSecondHalf(exchanges: number): void {
    const { b, players } = this;
    let left = exchanges;
    let index = this.pairs;
    for (let it = this.pairs; it < players.length && left > 1; it++, index++) {
      const i = players[it] as number;
      const pv = b.v(i);
      const already = this.inFirstHalf(i);
      if (!already) {
        for (let o = it + 1; o < players.length; o++) {
          const w = this.weight(i, players[o] as number, index);
          if (w) b.m.setWeight(pv, b.v(players[o] as number), w + 1n);
        }
        b.recompute();
      }
      if (this.inFirstHalf(i)) {
        left--;
        for (let o = 0; o < it; o++) {
          b.zero(i, players[o] as number);
          b.m.setWeight(pv, b.v(players[o] as number), 0n);
        }
        for (let o = b.nextGroupBegin; o < b.vi.length; o++) {
          b.zero(o, i);
          b.m.setWeight(pv, b.v(o), 0n);
        }
      }
      if (!already)
        for (let o = it + 1; o < players.length; o++)
          b.m.setWeight(pv, b.v(players[o] as number), this.weight(i, players[o] as number, index));
    }
  }

  /**
   * The halves decided: no pair within S1 or within S2 any more. The exchange terms stay: on an
   * S1 player's edges to S2 they are one constant (its own index's), which every best matching
   * gains in full (each pairs every S1 player in S2), so they choose no opponent; and left in
   * place, the pairs of the best matching stay as tight as they were. Dropped (as bbpPairings
   * drops them), each S1 player's pair lost its tightness and the next matching paired the
   * whole remainder anew.
   */
  fixHalves(): void {
    const { b, players } = this;
    for (const [it, i] of players.entries()) {
      const pv = b.v(i);
      for (let o = it + 1; o < players.length; o++) {
        const j = players[o] as number;
        if (this.inFirstHalf(i) && !this.inFirstHalf(j)) b.m.setWeight(pv, b.v(j), this.weight(i, j, it));
        else {
          b.zero(j, i);
          b.m.setWeight(pv, b.v(j), 0n);
        }
      }
    }
  }

  /** Each S1 player from the top: the highest S2 player that keeps the best pairing. */
  pairFirstHalf(): void {
    const { b, players } = this;
    for (const [it, i] of players.entries()) {
      const pv = b.v(i);
      if (!this.inFirstHalf(i)) continue;
      let addend = 0n;
      for (let o = players.length - 1; o >= 0; o--) {
        const j = players[o] as number;
        const ov = b.v(j);
        if (j <= i || b.r.matched[ov]) continue;
        // Its S2 edges as fixHalves left them (the exchange term, one constant), the higher raised more.
        const w = this.weight(i, j, it);
        if (w) b.m.setWeight(pv, ov, w + addend);
        addend++;
      }
      b.recompute();
      const mate = b.stable[pv] as number;
      b.r.matched[pv] = true;
      b.r.matched[mate] = true;
      b.m.finalizePair(pv, mate, b.r.max);
    }
  }
}
