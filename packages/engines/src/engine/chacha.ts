/**
 * The ChaCha20 block function (RFC 8439): 16 words of key stream from a 256-bit key, a block
 * counter and a 96-bit nonce. A keyed stream cannot be predicted from what it produced without the
 * key, unlike a small generator whose whole state a few dozen observed dice give away: the server's
 * secret games roll their dice from it.
 */

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];

function quarterRound(x: Uint32Array, a: number, b: number, c: number, d: number): void {
  let xa = x[a] as number;
  let xb = x[b] as number;
  let xc = x[c] as number;
  let xd = x[d] as number;
  xa = (xa + xb) | 0;
  xd ^= xa;
  xd = (xd << 16) | (xd >>> 16);
  xc = (xc + xd) | 0;
  xb ^= xc;
  xb = (xb << 12) | (xb >>> 20);
  xa = (xa + xb) | 0;
  xd ^= xa;
  xd = (xd << 8) | (xd >>> 24);
  xc = (xc + xd) | 0;
  xb ^= xc;
  xb = (xb << 7) | (xb >>> 25);
  x[a] = xa;
  x[b] = xb;
  x[c] = xc;
  x[d] = xd;
}

/** Writes the key stream block for (`key`, `counter`, `nonce`) into `out` (16 words, little-endian as the RFC reads them). */
export function chachaBlock(key: ArrayLike<number>, counter: number, nonce: ArrayLike<number>, out: Uint32Array): void {
  const input = new Uint32Array(16);
  input.set(SIGMA, 0);
  for (let i = 0; i < 8; i++) input[4 + i] = key[i] as number;
  input[12] = counter;
  for (let i = 0; i < 3; i++) input[13 + i] = nonce[i] as number;
  out.set(input);
  for (let round = 0; round < 10; round++) {
    quarterRound(out, 0, 4, 8, 12);
    quarterRound(out, 1, 5, 9, 13);
    quarterRound(out, 2, 6, 10, 14);
    quarterRound(out, 3, 7, 11, 15);
    quarterRound(out, 0, 5, 10, 15);
    quarterRound(out, 1, 6, 11, 12);
    quarterRound(out, 2, 7, 8, 13);
    quarterRound(out, 3, 4, 9, 14);
  }
  for (let i = 0; i < 16; i++) out[i] = ((out[i] as number) + (input[i] as number)) | 0;
}

/** A 256-bit key from 64 hex digits, as 8 little-endian words (the RFC's byte order). */
export function keyWords(hex: string): number[] {
  const words: number[] = [];
  for (let i = 0; i < 8; i++) {
    const bytes = hex.slice(i * 8, i * 8 + 8);
    const b = [0, 2, 4, 6].map((j) => Number.parseInt(bytes.slice(j, j + 2), 16));
    words.push(((b[0] as number) | ((b[1] as number) << 8) | ((b[2] as number) << 16) | ((b[3] as number) << 24)) >>> 0);
  }
  return words;
}
