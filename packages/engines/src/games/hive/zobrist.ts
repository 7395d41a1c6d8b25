import { Rng } from '../../engine/rng.ts';
import { CELLS, MAX_HEIGHT } from './grid.ts';
import { PIECE_COUNT } from './pieces.ts';

/**
 * Zobrist keys of the Hive position, 64 bits as two 32-bit halves (JavaScript has no fast 64-bit
 * integers), from a fixed seed so that hashes are the same everywhere: a piece at a cell and
 * level, the piece that moved last (it may not move next), and black to move.
 *
 * A piece's key is `piece[2z]` (low half) and `piece[2z + 1]` (high half), z = zIndex(…): the two
 * halves share a cache line, and the table (1.8 MB) is far bigger than the cache, so a move reads
 * two lines, not four. The halves are drawn as before, all low ones first, so hashes are unchanged.
 */
export const zobrist = {
  piece: new Int32Array(0),
  lastLo: new Int32Array(0),
  lastHi: new Int32Array(0),
  blackLo: 0,
  blackHi: 0,
};

/**
 * `zobrist`, its keys drawn on the first call: a process that never plays Hive (a server whose first
 * request is not a Hive game) does not draw half a million keys as it starts. Every position is
 * made from a new one (HivePosition's constructor calls this), so no hash is taken before.
 */
export function drawnZobrist(): typeof zobrist {
  if (zobrist.piece.length > 0) return zobrist;
  const rng = Rng.fromSeed('hexarena/hive/zobrist');
  // Drawn in bulk (Rng.fillInt32): every process that plays Hive (a server, its AI threads, a UHP
  // engine started per move) draws these half-million keys as it starts, before the JIT warms up.
  const fill = (n: number) => {
    const keys = new Int32Array(n);
    rng.fillInt32(keys, 0, 1, n);
    return keys;
  };
  const n = PIECE_COUNT * CELLS * MAX_HEIGHT;
  const piece = new Int32Array(2 * n);
  rng.fillInt32(piece, 0, 2, n);
  rng.fillInt32(piece, 1, 2, n);
  // In this order, as when they were drawn at load: the keys, and so every hash, are unchanged.
  zobrist.lastLo = fill(PIECE_COUNT + 1);
  zobrist.lastHi = fill(PIECE_COUNT + 1);
  zobrist.blackLo = fill(1)[0] as number;
  zobrist.blackHi = fill(1)[0] as number;
  zobrist.piece = piece;
  return zobrist;
}

/** Where a piece's key at a cell and level begins in `zobrist.piece` (its low half; the high one follows). */
export const zIndex = (piece: number, cell: number, level: number): number => ((piece * CELLS + cell) * MAX_HEIGHT + level) * 2;
