/**
 * Integers a few hundred bits wide as fixed runs of float64 limbs, for the weighted matching's
 * weights, duals and slacks: each value is `limbs` numbers in a Float64Array from an offset, limb i
 * worth 2^(48·i), the lower limbs in [0, 2^48) and the top one signed, so every value has one
 * representation and two compare limb by limb from the top. A sum of a few limbs stays far under
 * 2^53, so every step is exact; and nothing is allocated, where each BigInt sum or difference made
 * a new object (a Dutch round of 500 players spent a fifth of its time in the garbage collector).
 */

export const LIMB_BITS = 48;
const RADIX = 2 ** LIMB_BITS;
const INVERSE = 2 ** -LIMB_BITS;
const LIMB_BITS_N = BigInt(LIMB_BITS);
const LIMB_MASK = (1n << LIMB_BITS_N) - 1n;

/**
 * Limbs enough for values up to `bound` in magnitude and sums of a few of them: the duals and
 * slacks of a matching reach four times its largest weight, so four bits of headroom; the top
 * limb, exact to 2^53, holds five more and the sign.
 */
export function limbsFor(bound: bigint): number {
  const magnitude = bound < 0n ? -bound : bound;
  return Math.max(1, Math.ceil((magnitude.toString(2).length + 4) / LIMB_BITS));
}

/** The largest magnitude `limbs` limbs are trusted with (what `limbsFor` gives those limbs for). */
export function capacityOf(limbs: number): bigint {
  return (1n << BigInt(limbs * LIMB_BITS - 4)) - 1n;
}

/** Writes `x` at `out[at …]`. */
export function fromBigInt(x: bigint, out: Float64Array, at: number, limbs: number): void {
  if (x === 0n) {
    out.fill(0, at, at + limbs);
    return;
  }
  let rest = x;
  for (let i = 0; i < limbs - 1; i++) {
    // & and >> on a negative BigInt act on its two's complement: the low limbs come out in [0, 2^48) and the rest floors.
    out[at + i] = Number(rest & LIMB_MASK);
    rest >>= LIMB_BITS_N;
  }
  out[at + limbs - 1] = Number(rest);
}

/** The value at `a[at …]` as a BigInt. */
export function toBigInt(a: Float64Array, at: number, limbs: number): bigint {
  let x = BigInt(a[at + limbs - 1] as number);
  for (let i = limbs - 2; i >= 0; i--) x = (x << LIMB_BITS_N) + BigInt(a[at + i] as number);
  return x;
}

/** −1, 0 or 1 as `a[ai …]` is below, equal to or above `b[bi …]`. */
export function compare(a: Float64Array, ai: number, b: Float64Array, bi: number, limbs: number): number {
  for (let i = limbs - 1; i >= 0; i--) {
    const x = a[ai + i] as number;
    const y = b[bi + i] as number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** −1, 0 or 1: the sign of `a[ai …]` (the top limb's, or the first non-zero one's below it, which is positive). */
export function sign(a: Float64Array, ai: number, limbs: number): number {
  for (let i = limbs - 1; i >= 0; i--) {
    const x = a[ai + i] as number;
    if (x !== 0) return x < 0 ? -1 : 1;
  }
  return 0;
}

export function isZero(a: Float64Array, ai: number, limbs: number): boolean {
  for (let i = 0; i < limbs; i++) if (a[ai + i] !== 0) return false;
  return true;
}

export function copy(from: Float64Array, fi: number, to: Float64Array, ti: number, limbs: number): void {
  for (let i = 0; i < limbs; i++) to[ti + i] = from[fi + i] as number;
}

/**
 * `out[oi …] = a[ai …] + b[bi …] − c[ci …]`: a slack (two duals less a weight), a dual raised to
 * cover an edge, a pair's tightness; returns the result's sign (−1, 0 or 1), known on the way.
 * `out` may be one of the operands (each limb is read before it is written).
 */
export function addSub(
  a: Float64Array,
  ai: number,
  b: Float64Array,
  bi: number,
  c: Float64Array,
  ci: number,
  out: Float64Array,
  oi: number,
  limbs: number,
): number {
  let carry = 0;
  let lower = 0;
  const top = limbs - 1;
  for (let i = 0; i < top; i++) {
    const x = (a[ai + i] as number) + (b[bi + i] as number) - (c[ci + i] as number) + carry;
    carry = Math.floor(x * INVERSE);
    const limb = x - carry * RADIX;
    out[oi + i] = limb;
    if (limb !== 0) lower = 1;
  }
  const high = (a[ai + top] as number) + (b[bi + top] as number) - (c[ci + top] as number) + carry;
  out[oi + top] = high;
  // The lower limbs are ≥ 0: the top one's sign is the value's, or theirs when it is 0.
  return high < 0 ? -1 : high > 0 ? 1 : lower;
}

/** `a[ai …] += sign · b[bi …]`, `sign` 1 or −1. */
export function addTo(a: Float64Array, ai: number, b: Float64Array, bi: number, signOfB: 1 | -1, limbs: number): void {
  let carry = 0;
  const top = limbs - 1;
  for (let i = 0; i < top; i++) {
    const x = (a[ai + i] as number) + signOfB * (b[bi + i] as number) + carry;
    carry = Math.floor(x * INVERSE);
    a[ai + i] = x - carry * RADIX;
  }
  a[ai + top] = (a[ai + top] as number) + signOfB * (b[bi + top] as number) + carry;
}

/** `out[oi …] = a[ai …] / 2`, rounded toward zero as BigInt division is. */
export function halve(a: Float64Array, ai: number, out: Float64Array, oi: number, limbs: number): void {
  const negative = sign(a, ai, limbs) < 0;
  // floor(x / 2), limb by limb from the top: each limb takes the remainder of the one above.
  let remainder = 0;
  for (let i = limbs - 1; i >= 0; i--) {
    const x = (a[ai + i] as number) + remainder * RADIX;
    const q = Math.floor(x / 2);
    remainder = x - 2 * q;
    out[oi + i] = q;
  }
  // floor rounds an odd negative value down; toward zero is one more.
  if (negative && remainder !== 0) {
    let i = 0;
    for (; i < limbs - 1 && out[oi + i] === RADIX - 1; i++) out[oi + i] = 0;
    out[oi + i] = (out[oi + i] as number) + 1;
  }
}
