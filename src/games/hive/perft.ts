import { generateMoves, MAX_MOVES } from './movegen.ts';
import type { HivePosition } from './position.ts';

/**
 * Counts the leaves of the legal-move tree to `depth`. With `bulk`, the last ply is counted from
 * the length of the move list instead of being played: the usual way to measure move generation.
 */
export function perft(pos: HivePosition, depth: number, bulk = true): number {
  const buffers = Array.from({ length: depth + 1 }, () => new Int32Array(MAX_MOVES));
  const walk = (d: number): number => {
    if (d === 0) return 1;
    const moves = buffers[d] as Int32Array;
    const count = generateMoves(pos, moves);
    if (d === 1 && bulk) return count;
    let nodes = 0;
    for (let i = 0; i < count; i++) {
      pos.make(moves[i] as number);
      nodes += walk(d - 1);
      pos.unmake();
    }
    return nodes;
  };
  return walk(depth);
}
