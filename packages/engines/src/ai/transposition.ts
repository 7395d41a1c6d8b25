/**
 * A transposition table: what earlier searches learned about a position, keyed by its hash.
 *
 * Buckets of two slots. The first keeps the deepest result (the one that saved the most work) until a
 * later search comes along; the second always takes the newest, so a deep entry cannot starve the
 * shallow positions the current search is visiting. A table kept from move to move (an agent's)
 * ages: `newSearch` starts a generation, and entries of older generations give way first.
 */
export const EXACT = 0;
export const LOWER = 1; // the score is at least this (a beta cut-off)
export const UPPER = 2; // the score is at most this (no move reached alpha)

export class TranspositionTable {
  private readonly bucketMask: number;
  private readonly check: Int32Array;
  private readonly depth: Int8Array;
  private readonly flag: Uint8Array;
  private readonly score: Int32Array;
  private readonly best: Int32Array;
  /** 0: empty; otherwise the generation that wrote the slot. */
  private readonly age: Uint8Array;
  private generation = 1;

  /** 2^bits slots (at least two), about 15 bytes each. */
  constructor(bits = 20) {
    const size = 1 << Math.max(1, bits);
    this.bucketMask = (size >> 1) - 1;
    this.check = new Int32Array(size);
    this.depth = new Int8Array(size);
    this.flag = new Uint8Array(size);
    this.score = new Int32Array(size);
    this.best = new Int32Array(size);
    this.age = new Uint8Array(size);
  }

  clear(): void {
    this.age.fill(0);
    this.generation = 1;
  }

  /** A new search begins: what earlier ones stored is still read, but replaced first. */
  newSearch(): void {
    this.generation = this.generation === 255 ? 1 : this.generation + 1;
  }

  /** The slot index when it holds this position, else -1. */
  probe(lo: number, hi: number): number {
    const i = (lo & this.bucketMask) << 1;
    if (this.age[i] !== 0 && this.check[i] === hi) return i;
    if (this.age[i + 1] !== 0 && this.check[i + 1] === hi) return i + 1;
    return -1;
  }

  depthAt(i: number): number {
    return this.depth[i] as number;
  }
  flagAt(i: number): number {
    return this.flag[i] as number;
  }
  scoreAt(i: number): number {
    return this.score[i] as number;
  }
  moveAt(i: number): number {
    return this.best[i] as number;
  }

  store(lo: number, hi: number, depth: number, flag: number, score: number, move: number): void {
    const i = (lo & this.bucketMask) << 1;
    let slot: number;
    if (this.age[i] !== 0 && this.check[i] === hi) {
      // The same position: a shallower bound of this search does not replace a deeper one.
      if ((this.depth[i] as number) > depth && this.age[i] === this.generation && flag !== EXACT) return;
      slot = i;
    } else if (this.age[i] === 0 || this.age[i] !== this.generation || (this.depth[i] as number) <= depth) {
      // The deep slot's entry, if any, moves down to the always-replace slot rather than vanish.
      if (this.age[i] !== 0) this.copy(i, i + 1);
      slot = i;
    } else slot = i + 1;
    this.age[slot] = this.generation;
    this.check[slot] = hi;
    this.depth[slot] = depth;
    this.flag[slot] = flag;
    this.score[slot] = score;
    this.best[slot] = move;
  }

  private copy(from: number, to: number): void {
    this.age[to] = this.age[from] as number;
    this.check[to] = this.check[from] as number;
    this.depth[to] = this.depth[from] as number;
    this.flag[to] = this.flag[from] as number;
    this.score[to] = this.score[from] as number;
    this.best[to] = this.best[from] as number;
  }
}
