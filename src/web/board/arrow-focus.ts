import type { Point } from './viewport.ts';

export type Direction = 'left' | 'right' | 'up' | 'down';

/** The arrow keys and the way each goes on the screen. */
export const ARROWS: Readonly<Record<string, Direction>> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

const UNIT: Record<Direction, Point> = { left: { x: -1, y: 0 }, right: { x: 1, y: 0 }, up: { x: 0, y: -1 }, down: { x: 0, y: 1 } };

/**
 * The target an arrow key moves to from `from`: the nearest of `targets` lying that way (within
 * 60° of the arrow, so a hexagonal grid's diagonal neighbours are reached by ↑ and ↓), one
 * straight along preferred to one as near but aside. Only where the targets are drawn counts: which of them
 * may be chosen is the caller's to say (the legal moves), never this function's.
 */
export function targetToward<K>(from: Point, targets: readonly { readonly key: K; readonly at: Point }[], direction: Direction): K | null {
  const u = UNIT[direction];
  let best: K | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const { key, at } of targets) {
    const dx = at.x - from.x;
    const dy = at.y - from.y;
    const along = dx * u.x + dy * u.y;
    const aside = Math.abs(dx * u.y - dy * u.x);
    // Ahead, and inside the cone of ±60° (tan 60° = √3).
    if (along <= 1e-6 || aside > along * Math.sqrt(3)) continue;
    // Nearness first, straightness breaking ties: a neighbour half a cell aside beats one two rows on.
    const score = Math.hypot(dx, dy) * (1 + aside / along);
    if (score < bestScore) {
      bestScore = score;
      best = key;
    }
  }
  return best;
}
