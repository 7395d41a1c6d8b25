import { Rng } from '../../engine/rng.ts';
import { CELLS, MAX_HEIGHT } from './grid.ts';
import { PIECE_COUNT } from './pieces.ts';

/**
 * Zobrist keys of the Hive position, 64 bits as two 32-bit halves (JavaScript has no fast 64-bit
 * integers), from a fixed seed so that hashes are the same everywhere: a piece at a cell and
 * level, the piece that moved last (it may not move next), and black to move.
 */
export const zobrist = (() => {
  const rng = Rng.fromSeed('hexarena/hive/zobrist');
  const fill = (n: number) => Int32Array.from({ length: n }, () => rng.nextUint32() | 0);
  const n = PIECE_COUNT * CELLS * MAX_HEIGHT;
  return {
    pieceLo: fill(n),
    pieceHi: fill(n),
    lastLo: fill(PIECE_COUNT + 1),
    lastHi: fill(PIECE_COUNT + 1),
    blackLo: fill(1)[0] as number,
    blackHi: fill(1)[0] as number,
  };
})();

export const zIndex = (piece: number, cell: number, level: number): number => (piece * CELLS + cell) * MAX_HEIGHT + level;
