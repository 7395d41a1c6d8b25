import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chachaBlock, keyWords } from './chacha.ts';
import { deriveSeed, KeyedRng, Rng, randomSeed } from './rng.ts';

const take = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.nextUint32());

describe('seeded RNG', () => {
  it('same seed, same stream; different seeds, different streams', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(take(Rng.fromSeed(a), 8)).toEqual(take(Rng.fromSeed(a), 8));
        if (a !== b) expect(take(Rng.fromSeed(a), 8)).not.toEqual(take(Rng.fromSeed(b), 8));
      }),
    );
  });

  it('keeps the stream of seed "hexarena" fixed, so that saved games replay in later versions', () => {
    const r = Rng.fromSeed('hexarena');
    expect([r.nextUint32(), r.nextUint32(), r.nextUint32(), r.int(6), r.int(1000)]).toEqual([3585583822, 2603065915, 3777935602, 5, 281]);
  });

  it('saving and restoring the state continues the exact stream, through JSON', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat({ max: 200 }), (seed, skip) => {
        const rng = Rng.fromSeed(seed);
        take(rng, skip);
        const saved = JSON.parse(JSON.stringify(rng.state()));
        const restored = Rng.fromState(saved);
        expect(restored.ok).toBe(true);
        if (restored.ok) expect(take(restored.value, 16)).toEqual(take(rng, 16));
      }),
    );
  });

  it('clone is independent of the original', () => {
    const a = Rng.fromSeed('clone');
    const b = a.clone();
    take(a, 5);
    expect(take(b, 5)).toEqual(take(Rng.fromSeed('clone'), 5));
  });

  it('fork starts a new stream, the same for the same parent state, unlike the parent’s own', () => {
    const parent = Rng.fromSeed('fork');
    const child = parent.fork();
    const again = Rng.fromSeed('fork').fork();
    expect(take(child, 8)).toEqual(take(again, 8));
    const rest = take(parent, 8);
    expect(rest).toEqual(take(Rng.fromSeed('fork'), 12).slice(4));
    expect(take(parent.fork(), 8)).not.toEqual(take(Rng.fromSeed('fork').fork(), 8));
  });

  it('fromState rejects anything that is not four 32-bit words, saying so', () => {
    for (const bad of [null, 'abc', [1, 2, 3], [1, 2, 3, -1], [1, 2, 3, 2 ** 32], [1, 2, 3, 1.5], [1, 2, 3, '4']]) {
      const r = Rng.fromState(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/RNG state/);
    }
  });

  it('int, between, next and pick stay in range', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 2 ** 32 }), fc.integer({ min: -50, max: 50 }), (seed, n, lo) => {
        const rng = Rng.fromSeed(seed);
        const k = rng.int(n);
        expect(Number.isInteger(k) && k >= 0 && k < n).toBe(true);
        const b = rng.between(lo, lo + 6);
        expect(b >= lo && b <= lo + 6).toBe(true);
        const x = rng.next();
        expect(x >= 0 && x < 1).toBe(true);
        expect(['a', 'b', 'c']).toContain(rng.pick(['a', 'b', 'c']));
      }),
    );
  });

  it('int refuses empty and fractional ranges (a programming error)', () => {
    const rng = Rng.fromSeed('x');
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(2.5)).toThrow(RangeError);
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it('a die is fair: chi-square over 60,000 rolls is below the 0.1% critical value', () => {
    const rng = Rng.fromSeed('dice');
    const counts = Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rng.int(6)]++;
    const chi2 = counts.reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeLessThan(20.52); // 5 degrees of freedom, p = 0.001
  });

  it('int has no modulo bias for ranges that do not divide 2^32', () => {
    // With n = 3·2^30, a plain modulo would make the lowest 2^30 values twice as likely.
    const rng = Rng.fromSeed('bias');
    const n = 3 * 2 ** 30;
    let low = 0;
    for (let i = 0; i < 30_000; i++) if (rng.int(n) < 2 ** 30) low++;
    expect(low / 30_000).toBeGreaterThan(0.31);
    expect(low / 30_000).toBeLessThan(0.356);
  });

  it('shuffle is a permutation, and every order of three items comes up', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer()), (seed, items) => {
        const shuffled = Rng.fromSeed(seed).shuffle([...items]);
        expect([...shuffled].sort()).toEqual([...items].sort());
      }),
    );
    const rng = Rng.fromSeed('orders');
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(rng.shuffle([1, 2, 3]).join());
    expect(seen.size).toBe(6);
  });

  it('derived seeds name independent sub-streams', () => {
    expect(deriveSeed('m', 3, 'seat', 1)).toBe('m/3/seat/1');
    expect(take(Rng.fromSeed(deriveSeed('m', 1)), 4)).not.toEqual(take(Rng.fromSeed(deriveSeed('m', 2)), 4));
  });

  it('fillInt32 writes what nextUint32 gives one by one, strided, and leaves the stream where they would, plain or keyed', () => {
    for (const seed of ['hexarena/hive/zobrist', `key:${'0f'.repeat(32)}`]) {
      const bulk = Rng.fromSeed(seed);
      const single = Rng.fromSeed(seed);
      const out = new Int32Array(2 * 40);
      bulk.fillInt32(out, 1, 2, 40);
      bulk.fillInt32(out, 0, 2, 40);
      const expected = new Int32Array(2 * 40);
      for (let i = 0; i < 40; i++) expected[2 * i + 1] = single.nextUint32() | 0;
      for (let i = 0; i < 40; i++) expected[2 * i] = single.nextUint32() | 0;
      expect([...out]).toEqual([...expected]);
      expect(bulk.state()).toEqual(single.state());
      expect(bulk.nextUint32()).toBe(single.nextUint32());
    }
  });

  it('random seeds differ from call to call', () => {
    expect(randomSeed()).not.toBe(randomSeed());
  });
});

describe('keyed RNG (the server’s secret games)', () => {
  const key = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');

  it('its block function gives RFC 8439’s test vector (section 2.3.2)', () => {
    const out = new Uint32Array(16);
    chachaBlock(keyWords(key), 1, [0x09000000, 0x4a000000, 0], out);
    expect(Array.from(out, (w) => (w >>> 0).toString(16).padStart(8, '0')).join(' ')).toBe(
      'e4e7f110 15593bd1 1fdd0f50 c47120a3 c7f4d1c7 0368c033 9aaa2204 4e6cd4c3 466482d2 09aa9f07 05d7c214 a2028bd9 d19c12b5 b94e16de e883d0cb 4e3c50a2',
    );
  });

  it('a `key:` seed reads the key stream word by word from block 0, across blocks', () => {
    const rng = Rng.fromSeed(`key:${key}`);
    expect(rng).toBeInstanceOf(KeyedRng);
    const blocks = [0, 1].flatMap((n) => {
      const out = new Uint32Array(16);
      chachaBlock(keyWords(key), n, [0, 0, 0], out);
      return Array.from(out, (w) => w >>> 0);
    });
    expect(take(rng, 32)).toEqual(blocks);
    // Anything else is an ordinary seed, as before (a typed seed that merely starts so included).
    expect(Rng.fromSeed(`key:${key.slice(1)}`)).not.toBeInstanceOf(KeyedRng);
  });

  it('saves, restores and clones to the exact stream at any point, through JSON; its forks are plain and repeatable', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat({ max: 70 }), (bytes, skip) => {
        const seed = `key:${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
        const rng = Rng.fromSeed(seed);
        take(rng, skip);
        const restored = Rng.fromState(JSON.parse(JSON.stringify(rng.state())));
        expect(restored.ok).toBe(true);
        const copy = rng.clone();
        const ahead = take(rng, 20);
        if (restored.ok) expect(take(restored.value, 20)).toEqual(ahead);
        expect(take(copy, 20)).toEqual(ahead);
        expect(take(Rng.fromSeed(seed).fork(), 4)).toEqual(take(Rng.fromSeed(seed).fork(), 4));
      }),
    );
  });

  it('fromState refuses a keyed state with a place beyond its block', () => {
    const r = Rng.fromState([1, 2, 3, 4, 5, 6, 7, 8, 0, 17]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/place in a block of 16/);
  });
});
