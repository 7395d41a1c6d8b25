import { describe, expect, it } from 'vitest';
import { MatchingComputer } from './matching-computer.ts';
import { addSub, addTo, capacityOf, compare, fromBigInt, halve, isZero, limbsFor, sign, toBigInt } from './wide-integers.ts';

/** A small deterministic generator: the same numbers on every run. */
function lcg(seed: number): (k: number) => number {
  let s = seed;
  return (k) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % k;
  };
}

/**
 * A weight shaped as the Dutch pairing's are: a few fields of a few bits each at scattered
 * shifts up to `bits`, many bits of zeros between, often the same high fields (ties broken low
 * down, across limb boundaries), sometimes a small value only.
 */
function dutchLike(rnd: (k: number) => number, bits: number): bigint {
  if (rnd(10) === 0) return BigInt(rnd(1 << 20));
  let x = 0n;
  const fields = 1 + rnd(12);
  for (let f = 0; f < fields; f++) x |= BigInt(rnd(256)) << BigInt(rnd(bits - 8));
  // A value just below or at a limb boundary now and then: carries run through whole limbs.
  if (rnd(8) === 0) x |= (1n << BigInt(48 * (1 + rnd(Math.floor(bits / 48))))) - 1n;
  return x;
}

const cmp = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);
const sgn = (a: bigint): number => cmp(a, 0n);

describe('wide integers (float64 limbs) against BigInt', () => {
  const BITS = 520;
  const limbs = limbsFor(1n << BigInt(BITS + 2));
  const at = (k: number) => k * limbs;

  it('hold every value exactly: written and read back, thousands of weights, duals and slacks of either sign', () => {
    const rnd = lcg(3);
    const store = new Float64Array(limbs);
    for (let i = 0; i < 5000; i++) {
      const x = (i % 3 === 0 ? -1n : 1n) * dutchLike(rnd, BITS);
      fromBigInt(x, store, 0, limbs);
      expect(toBigInt(store, 0, limbs)).toBe(x);
      expect(sign(store, 0, limbs)).toBe(sgn(x));
      expect(isZero(store, 0, limbs)).toBe(x === 0n);
    }
  });

  it('order thousands of random weights exactly as BigInt does (sorted the same, ties kept as ties)', () => {
    const rnd = lcg(17);
    const n = 4000;
    const values: bigint[] = [];
    // Pairs differing in one low bit only, and equal pairs, among the random ones.
    for (let i = 0; i < n; i++) {
      const x = i > 0 && rnd(4) === 0 ? (values[i - 1] as bigint) ^ BigInt(rnd(2)) : dutchLike(rnd, BITS);
      values.push(x);
    }
    const store = new Float64Array(n * limbs);
    for (const [k, x] of values.entries()) fromBigInt(x, store, at(k), limbs);
    const byBigInt = values.map((_, k) => k).sort((a, b) => cmp(values[a] as bigint, values[b] as bigint) || a - b);
    const byLimbs = values.map((_, k) => k).sort((a, b) => compare(store, at(a), store, at(b), limbs) || a - b);
    expect(byLimbs).toEqual(byBigInt);
    for (let i = 0; i < 20000; i++) {
      const a = rnd(n);
      const b = rnd(n);
      expect(compare(store, at(a), store, at(b), limbs), `${values[a]} vs ${values[b]}`).toBe(
        cmp(values[a] as bigint, values[b] as bigint),
      );
    }
  });

  it('work out slacks (two duals less a doubled weight) that compare with each other and with 0 exactly as BigInt ones', () => {
    const rnd = lcg(29);
    const n = 3000;
    const expected: bigint[] = [];
    const slacks = new Float64Array(n * limbs);
    const d = new Float64Array(2 * limbs);
    const w = new Float64Array(limbs);
    for (let k = 0; k < n; k++) {
      const twice = dutchLike(rnd, BITS) << 1n;
      // Duals around the weight, as a matching keeps them: the slack often exactly 0, or a little above or below.
      const da = dutchLike(rnd, BITS);
      const near = [twice - da, twice - da + BigInt(rnd(3)) - 1n, dutchLike(rnd, BITS)][rnd(3)] as bigint;
      fromBigInt(da, d, 0, limbs);
      fromBigInt(near, d, limbs, limbs);
      fromBigInt(twice, w, 0, limbs);
      const signed = addSub(d, 0, d, limbs, w, 0, slacks, at(k), limbs);
      const slack = da + near - twice;
      expected.push(slack);
      // The sign addSub gives on the way is the one the matching reads to know a tight edge.
      expect(signed).toBe(sgn(slack));
      expect(toBigInt(slacks, at(k), limbs)).toBe(slack);
      expect(sign(slacks, at(k), limbs)).toBe(sgn(slack));
    }
    for (let i = 0; i < 20000; i++) {
      const a = rnd(n);
      const b = rnd(n);
      expect(compare(slacks, at(a), slacks, at(b), limbs)).toBe(cmp(expected[a] as bigint, expected[b] as bigint));
    }
  });

  it('raise, lower and halve duals exactly as BigInt does (halving rounds toward zero, as BigInt division)', () => {
    const rnd = lcg(41);
    const a = new Float64Array(limbs);
    const b = new Float64Array(limbs);
    const h = new Float64Array(limbs);
    for (let i = 0; i < 5000; i++) {
      const x = (rnd(2) === 0 ? -1n : 1n) * dutchLike(rnd, BITS);
      const y = dutchLike(rnd, BITS);
      const direction = rnd(2) === 0 ? 1 : -1;
      fromBigInt(x, a, 0, limbs);
      fromBigInt(y, b, 0, limbs);
      addTo(a, 0, b, 0, direction, limbs);
      const sum = x + BigInt(direction) * y;
      expect(toBigInt(a, 0, limbs)).toBe(sum);
      halve(a, 0, h, 0, limbs);
      expect(toBigInt(h, 0, limbs), `${sum} / 2`).toBe(sum / 2n);
    }
  });

  it('a matching computer refuses a weight wider than it was made for, rather than add it wrongly', () => {
    const m = new MatchingComputer(4, 1n << 40n);
    const capacity = capacityOf(limbsFor(1n << 40n));
    m.setWeight(0, 1, capacity);
    expect(() => m.setWeight(0, 2, capacity + 1n)).toThrow(/wider/);
  });
});
