import type { Mark, Review } from '@hexarena/engines/ai/review.ts';
import { MATE_BOUND } from '@hexarena/engines/ai/score.ts';

/**
 * The evaluation chart's geometry, apart from the page: one point a position, across by the moves
 * played, up by the first player's chance of winning. A judgement never reaches the chart's edge,
 * which is kept for forced results: a forced win is drawn at the top, a forced loss at the bottom,
 * as lichess's chart clamps a mate.
 */

/** Chances drawn at most this far from even, so a forced result stands apart from a judgement. */
export const JUDGED_MAX = 97;

export interface ChartPoint {
  /** Moves played before the position: 0 is the start. */
  readonly ply: number;
  readonly x: number;
  readonly y: number;
  /** The first player's chance as drawn (0 to 100). */
  readonly value: number;
  /** The move that led here, marked, if it was. */
  readonly mark: Mark | null;
}

/** What the chart draws for a position: the first player's chance, clamped; a forced result at the edge. */
export function chartValue(position: { readonly score: number; readonly chance: number }): number {
  if (Math.abs(position.score) >= MATE_BOUND) return position.score > 0 ? 100 : 0;
  return Math.min(JUDGED_MAX, Math.max(100 - JUDGED_MAX, position.chance));
}

/** The points of a review in a `width` × `height` box (SVG units: y grows downwards, the top is the first player's win). */
export function chartPoints(review: Pick<Review, 'positions' | 'moves'>, width: number, height: number): ChartPoint[] {
  const last = Math.max(1, review.positions.length - 1);
  return review.positions.map((p, ply) => {
    const value = chartValue(p);
    return {
      ply,
      x: (ply / last) * width,
      y: ((100 - value) / 100) * height,
      value,
      mark: ply === 0 ? null : (review.moves[ply - 1]?.mark ?? null),
    };
  });
}

/** The area between the even line and the curve, closed along the even line. */
export function areaPath(points: readonly ChartPoint[], height: number): string {
  if (points.length === 0) return '';
  const middle = height / 2;
  const line = points.map((p) => `L${round(p.x)},${round(p.y)}`).join(' ');
  return `M${round(points[0]!.x)},${middle} ${line} L${round(points.at(-1)!.x)},${middle} Z`;
}

/** The position nearest to `x` across a chart `width` wide. */
export function plyAt(x: number, width: number, positions: number): number {
  const last = Math.max(0, positions - 1);
  return Math.min(last, Math.max(0, Math.round((x / Math.max(1, width)) * last)));
}

const round = (n: number) => Math.round(n * 10) / 10;
