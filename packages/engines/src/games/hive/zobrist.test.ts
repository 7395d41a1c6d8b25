import { describe, expect, it } from 'vitest';
import { drawnZobrist } from './zobrist.ts';

/** A 32-bit FNV-1a over the words, in order: one number for half a million keys. */
function checksum(...arrays: ArrayLike<number>[]): number {
  let h = 0x811c9dc5;
  for (const words of arrays)
    for (let i = 0; i < words.length; i++) {
      h ^= (words[i] as number) | 0;
      h = Math.imul(h, 0x01000193);
    }
  return h >>> 0;
}

describe('Hive Zobrist keys', () => {
  // Hashes name positions beyond one process (the explorer's keys, stored with each finished game):
  // the keys must stay the ones drawn before, however they are drawn.
  it('are the keys drawn before, word for word', () => {
    const z = drawnZobrist();
    expect(z.piece.length).toBe(PIECE_WORDS);
    expect([z.piece[0], z.piece[1], z.piece.at(-1), z.lastLo[0], z.lastHi.at(-1), z.blackLo, z.blackHi]).toEqual(FIRST_AND_LAST);
    expect(checksum(z.piece, z.lastLo, z.lastHi, [z.blackLo, z.blackHi])).toBe(CHECKSUM);
  });
});

// Taken from the keys as they were drawn one at a time (Rng.nextUint32), before drawing in bulk.
const PIECE_WORDS = 458_752;
const FIRST_AND_LAST = [-704832598, 1557232396, -1874328741, -1137166875, 303311709, 2116403782, 176542861];
const CHECKSUM = 3668417381;
