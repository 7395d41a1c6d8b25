import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { evaluateHive } from './evaluate.ts';
import { F_IMMOVABLE, F_MOVABLE, F_RING, FEATURE_COUNT, hiveFeatures } from './features.ts';
import { loadGameString } from './game.ts';
import { legalMoves } from './movegen.ts';
import { ANT, QUEEN } from './pieces.ts';
import { arrangeHive } from './testing.ts';

const features = (pos: Parameters<typeof hiveFeatures>[0]): number[] => {
  const out = new Int32Array(FEATURE_COUNT);
  hiveFeatures(pos, out);
  return Array.from(out);
};

const SPEC = 'wQ 0 0; bQ 1 0; wA1 -1 0; bA1 2 0; wB1 0 1; bS1 1 -1; wG1 -1 1; bP 2 -1';
/** The same cells with every piece's colour swapped. */
const swapped = (spec: string): string => spec.replace(/\b([wb])/g, (c) => (c === 'w' ? 'b' : 'w'));

describe('Hive evaluation features', () => {
  it('are the same when the colours and the side to move are swapped, and negate when only the colours are', () => {
    const pos = arrangeHive(SPEC, { turn: 0 });
    const mirror = arrangeHive(swapped(SPEC), { turn: 1 });
    expect(features(mirror)).toEqual(features(pos));
    expect(evaluateHive(mirror)).toBe(evaluateHive(pos));
    const other = arrangeHive(swapped(SPEC), { turn: 0 });
    expect(features(other)).toEqual(features(pos).map((f) => -f || 0));
    expect(evaluateHive(other)).toBe(-evaluateHive(pos));
  });

  it('count a pinned ant as immovable and a queen by its occupied neighbours', () => {
    // The white ant joins the white queen to the rest: lifting it would split the hive.
    const pos = arrangeHive('wQ 0 0; wA1 1 0; bQ 2 0; bA1 3 0', { turn: 0 });
    const f = features(pos);
    expect(f[F_IMMOVABLE + ANT]).toBe(1);
    expect(f[F_MOVABLE + ANT]).toBe(-1); // black's end ant is free
    expect(f[F_MOVABLE + QUEEN]).toBe(1); // the white queen can crawl round; the black one is pinned
    expect(f[F_RING + 1]).toBe(1); // the white queen has one neighbour
    expect(f[F_RING + 2]).toBe(-1); // the black queen two
  });

  it('score a queen nearly surrounded at several hundred', () => {
    const pos = arrangeHive('wQ 0 0; bA1 1 0; bA2 0 1; bA3 -1 1; wA1 -1 0; wS1 0 -1; bQ 2 -1; bB1 3 -1', { turn: 0 });
    expect(evaluateHive(pos)).toBeLessThan(-200);
  });

  it('is finite and unchanged by a make and unmake', () => {
    const state = unwrap(
      loadGameString(
        'Base+MLP;InProgress;White[11];wA1;bA1 \\wA1;wQ wA1-;bQ bA1/;wA2 /wA1;bA2 -bA1;wA2 -bA2;bP -bQ;wA3 /wA1;bQ \\bP;wA3 bQ/;bA3 bA1/;wA3 bA3/;bQ -bP;wA2 /bA2;bQ \\bP;wP wA1\\;bM /bQ;wM /wA1;bM /wM',
      ),
    );
    const pos = state.pos.clone();
    const before = evaluateHive(pos);
    expect(Number.isFinite(before)).toBe(true);
    for (const move of legalMoves(pos)) {
      pos.make(move);
      expect(Number.isFinite(evaluateHive(pos))).toBe(true);
      pos.unmake();
      expect(evaluateHive(pos)).toBe(before);
    }
  });
});
