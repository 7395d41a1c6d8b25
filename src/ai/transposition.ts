/**
 * A transposition table: what earlier searches learned about a position, keyed by its hash.
 * Typed arrays, one slot per index, replaced when the new entry is searched at least as deep.
 */
export const EXACT = 0;
export const LOWER = 1; // the score is at least this (a beta cut-off)
export const UPPER = 2; // the score is at most this (no move reached alpha)

export class TranspositionTable {
  private readonly mask: number;
  private readonly check: Int32Array;
  private readonly depth: Int8Array;
  private readonly flag: Uint8Array;
  private readonly score: Int32Array;
  private readonly best: Int32Array;
  private readonly used: Uint8Array;

  /** 2^bits entries, about 14 bytes each. */
  constructor(bits = 20) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.check = new Int32Array(size);
    this.depth = new Int8Array(size);
    this.flag = new Uint8Array(size);
    this.score = new Int32Array(size);
    this.best = new Int32Array(size);
    this.used = new Uint8Array(size);
  }

  clear(): void {
    this.used.fill(0);
  }

  /** The slot index when it holds this position, else -1. */
  probe(lo: number, hi: number): number {
    const i = lo & this.mask;
    return this.used[i] === 1 && this.check[i] === hi ? i : -1;
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
    const i = lo & this.mask;
    if (this.used[i] === 1 && this.check[i] === hi && (this.depth[i] as number) > depth) return;
    this.used[i] = 1;
    this.check[i] = hi;
    this.depth[i] = depth;
    this.flag[i] = flag;
    this.score[i] = score;
    this.best[i] = move;
  }
}
