import { WIN } from '@hexarena/engines/ai/score.ts';
import { describe, expect, it } from 'vitest';
import { areaPath, chartPoints, chartValue, JUDGED_MAX, plyAt } from './chart.ts';

const review = {
  positions: [
    { score: 0, chance: 50 },
    { score: 120, chance: 60.9 },
    { score: 3000, chance: 99.998 },
    { score: -(WIN - 3), chance: 0 },
    { score: WIN, chance: 100 },
  ],
  moves: [{ mark: null }, { mark: 'inaccuracy' as const }, { mark: 'blunder' as const }, { mark: null }] as never,
};

describe('the evaluation chart', () => {
  it('draws the first player’s chance, judgements short of the edge and forced results on it', () => {
    expect(chartValue({ score: 0, chance: 50 })).toBe(50);
    expect(chartValue({ score: 3000, chance: 99.998 })).toBe(JUDGED_MAX);
    expect(chartValue({ score: -3000, chance: 0.002 })).toBe(100 - JUDGED_MAX);
    expect(chartValue({ score: WIN - 5, chance: 100 })).toBe(100);
    expect(chartValue({ score: -(WIN - 5), chance: 0 })).toBe(0);
  });

  it('places a point a position, across by moves and up by chance, with the mark of the move that led there', () => {
    const points = chartPoints(review, 400, 100);
    expect(points.map((p) => [p.ply, p.x, p.y])).toEqual([
      [0, 0, 50],
      [1, 100, 39.1],
      [2, 200, 3],
      [3, 300, 100],
      [4, 400, 0],
    ]);
    expect(points.map((p) => p.mark)).toEqual([null, null, 'inaccuracy', 'blunder', null]);
    expect(areaPath(points, 100)).toBe('M0,50 L0,50 L100,39.1 L200,3 L300,100 L400,0 L400,50 Z');
    // A click finds the nearest position; past either end, the end.
    expect(plyAt(160, 400, 5)).toBe(2);
    expect(plyAt(-20, 400, 5)).toBe(0);
    expect(plyAt(900, 400, 5)).toBe(4);
    expect(chartPoints({ positions: [{ score: 0, chance: 50 }], moves: [] }, 400, 100)).toEqual([
      { ply: 0, x: 0, y: 50, value: 50, mark: null },
    ]);
  });
});
