import { chachaBlock, keyWords } from './chacha.ts';
import { fail, ok, type Result } from './result.ts';

/**
 * The whole state of a generator, plain data for saving: four unsigned 32-bit words (SFC32), or ten
 * for a keyed stream (its key's 8 words, the next block's number, the next word's place in the block).
 */
export type RngState = readonly number[];

/** A seed that names its key: the stream is ChaCha20's, unpredictable from its outputs without the key. */
const KEYED_SEED = /^key:([0-9a-f]{64})$/;

const TWO_32 = 2 ** 32;

/** murmur3's finaliser: spreads every input bit over the whole word. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function seedWords(seed: string): [number, number, number, number] {
  const bytes = new TextEncoder().encode(seed);
  const words: number[] = [];
  for (let lane = 0; lane < 4; lane++) {
    let h = (0x811c9dc5 ^ Math.imul(lane + 1, 0x9e3779b9)) >>> 0;
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193);
    words.push(fmix32(h ^ bytes.length));
  }
  return words as [number, number, number, number];
}

/**
 * A seeded pseudo-random generator (SFC32: small, fast, passes PractRand to many terabytes).
 * Every random choice in hexarena goes through one, so that a game replays exactly from its seed.
 * Mutable for speed; `state()` and `Rng.fromState` save and restore it exactly.
 */
export class Rng {
  protected constructor(
    private a: number,
    private b: number,
    private c: number,
    private d: number,
  ) {}

  /**
   * Any string is a seed; equal strings give equal streams. `key:` and 64 hex digits (what the
   * server gives its secret games) seeds a keyed stream instead (KeyedRng).
   */
  static fromSeed(seed: string): Rng {
    const key = KEYED_SEED.exec(seed)?.[1];
    if (key !== undefined) return new KeyedRng(keyWords(key), 0, 16);
    const [a, b, c, d] = seedWords(seed);
    return new Rng(a, b, c, d).warmedUp();
  }

  /** The first outputs of a freshly seeded SFC32 are still correlated with the seed: skip them. */
  private warmedUp(): Rng {
    for (let i = 0; i < 15; i++) this.nextUint32();
    return this;
  }

  /** Restores a generator saved with `state()`; the input is untrusted (a file, a request). */
  static fromState(state: unknown): Result<Rng> {
    if (!Array.isArray(state) || (state.length !== 4 && state.length !== 10))
      return fail('RNG state must be an array of 4 integers (or 10, for a keyed stream)');
    for (const w of state) {
      if (!Number.isInteger(w) || w < 0 || w >= TWO_32) return fail(`RNG state word ${String(w)} is not an unsigned 32-bit integer`);
    }
    if (state.length === 10) {
      const at = state[9] as number;
      if (at > 16) return fail(`a keyed RNG state's last word is a place in a block of 16, got ${at}`);
      return ok(new KeyedRng(state.slice(0, 8) as number[], state[8] as number, at));
    }
    const [a, b, c, d] = state as number[];
    return ok(new Rng(a as number, b as number, c as number, d as number));
  }

  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  clone(): Rng {
    return new Rng(this.a, this.b, this.c, this.d);
  }

  /**
   * A new generator seeded from this one's next outputs: an independent stream for a simulation
   * (a search's own dice), while this one stays the single source the caller handed out.
   */
  fork(): Rng {
    return new Rng(this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32()).warmedUp();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /**
   * The next `count` outputs, each as a signed 32-bit integer, written to `out` at `start`,
   * `start + stride`, …: what `out[at] = rng.nextUint32() | 0` one by one writes, with the state in
   * local variables. A process that plays Hive draws its half-million Zobrist keys so as it starts,
   * before the JIT has warmed up, where reading and writing the fields for each key took most of it.
   */
  fillInt32(out: Int32Array, start: number, stride: number, count: number): void {
    let { a, b, c, d } = this;
    for (let i = 0, at = start; i < count; i++, at += stride) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      out[at] = t;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** A float in [0, 1) with 53 random bits. */
  next(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** An integer uniform in [0, n), without modulo bias; n must be in 1..2^32. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`Rng.int: bad range ${n}`);
    // Reject the top partial block so every residue is equally likely.
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }

  /** An integer uniform in [lo, hi], both included. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: no items');
    return items[this.int(items.length)] as T;
  }

  /** Fisher–Yates, in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }
}

/**
 * A keyed stream: ChaCha20's key stream (RFC 8439, nonce 0) read word by word. Its outputs say nothing
 * of the words to come without the key, so a player who watches every die of a secret game still
 * cannot tell the next; the same key replays the same dice. `fork` gives a plain generator: a search's
 * simulated dice need speed, not secrecy.
 */
export class KeyedRng extends Rng {
  private readonly block = new Uint32Array(16);
  constructor(
    private readonly key: readonly number[],
    /** The number of the next block to make. */
    private counter: number,
    /** The next word's place in the current block (16: a new block is due). */
    private at: number,
  ) {
    super(0, 0, 0, 0);
    // The block being read, made again from its number (a restored state carries no key stream).
    if (at < 16) chachaBlock(key, counter - 1, NONCE, this.block);
  }

  override nextUint32(): number {
    if (this.at === 16) {
      chachaBlock(this.key, this.counter, NONCE, this.block);
      this.counter = (this.counter + 1) >>> 0;
      this.at = 0;
    }
    return (this.block[this.at++] as number) >>> 0;
  }

  override fillInt32(out: Int32Array, start: number, stride: number, count: number): void {
    for (let i = 0, at = start; i < count; i++, at += stride) out[at] = this.nextUint32() | 0;
  }

  override state(): RngState {
    return [...this.key.map((w) => w >>> 0), this.counter, this.at];
  }

  override clone(): Rng {
    return new KeyedRng(this.key, this.counter, this.at);
  }
}

const NONCE = [0, 0, 0];

/** A child seed for a named sub-stream (game 7 of a match, the dice of seat 2…), stable across runs. */
export const deriveSeed = (seed: string, ...path: (string | number)[]): string => [seed, ...path].join('/');

/**
 * A fresh seed from the platform's entropy, for games nobody asked to reproduce.
 * The only non-seeded randomness in hexarena: it picks the seed, which is then shown and recorded.
 */
export function randomSeed(): string {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  return Array.from(words, (w) => w.toString(36)).join('');
}
