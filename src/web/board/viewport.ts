/**
 * The part of a board's plane on screen (an SVG viewBox), without a DOM: fitted around what must
 * be seen, zoomed about a point, panned. Boards that grow (Hive) keep one of these.
 */
export interface ViewBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The smallest box holding every point with `margin` all round (a unit box about the origin when empty). */
export function fitBox(points: readonly Point[], margin: number): ViewBox {
  if (points.length === 0) return { x: -margin, y: -margin, w: 2 * margin, h: 2 * margin };
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x: x0 - margin, y: y0 - margin, w: x1 - x0 + 2 * margin, h: y1 - y0 + 2 * margin };
}

/** Zooms by `factor` (above 1 shows less, larger) keeping `about` where it is on screen. */
export function zoomBox(box: ViewBox, factor: number, about: Point = { x: box.x + box.w / 2, y: box.y + box.h / 2 }): ViewBox {
  const w = box.w / factor;
  const h = box.h / factor;
  return { x: about.x - (about.x - box.x) / factor, y: about.y - (about.y - box.y) / factor, w, h };
}

/** Moves the view so that the plane shifts by (dx, dy) board units under it. */
export function panBox(box: ViewBox, dx: number, dy: number): ViewBox {
  return { ...box, x: box.x - dx, y: box.y - dy };
}

/**
 * Two fingers moved apart (or together) and across: the view of `start` zoomed by `factor` about the
 * board point that was under their midpoint, then shifted by (dx, dy) pixels at `unitsPerPixel` of
 * `start`, so the board follows the fingers.
 */
export function pinchBox(start: ViewBox, about: Point, factor: number, dx: number, dy: number, unitsPerPixel: number): ViewBox {
  const k = unitsPerPixel / factor;
  return panBox(zoomBox(start, factor, about), dx * k, dy * k);
}

export function containsBox(outer: ViewBox, inner: ViewBox): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

export const formatViewBox = (b: ViewBox): string => `${b.x.toFixed(3)} ${b.y.toFixed(3)} ${b.w.toFixed(3)} ${b.h.toFixed(3)}`;
