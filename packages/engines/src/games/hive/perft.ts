import { countMoves, generateMoves, MAX_MOVES } from './movegen.ts';
import type { HivePosition } from './position.ts';

/**
 * Counts the leaves of the legal-move tree to `depth`. With `bulk`, the last ply is counted from
 * the length of the move list instead of being played: the usual way to measure move generation.
 * The last ply's placements are counted, not listed (countMoves): the size of each set of cells
 * times the pieces that may go there. Its movements are listed, since only the list tells apart
 * two ways to reach one cell.
 */
export function perft(pos: HivePosition, depth: number, bulk = true): number {
  const buffers = Array.from({ length: depth + 1 }, () => new Int32Array(MAX_MOVES));
  return walk(pos, buffers, depth, bulk);
}

function walk(pos: HivePosition, buffers: Int32Array[], d: number, bulk: boolean): number {
  if (d === 0) return 1;
  const moves = buffers[d] as Int32Array;
  const count = generateMoves(pos, moves);
  if (d === 1 && bulk) return count;
  let nodes = 0;
  if (d === 2 && bulk) {
    // The ply above the leaves, where most of the time goes: its children counted here, without a call each.
    const next = buffers[1] as Int32Array;
    for (let i = 0; i < count; i++) {
      pos.make(moves[i] as number);
      nodes += countMoves(pos, next);
      pos.unmake();
    }
    return nodes;
  }
  for (let i = 0; i < count; i++) {
    pos.make(moves[i] as number);
    nodes += walk(pos, buffers, d - 1, bulk);
    pos.unmake();
  }
  return nodes;
}
