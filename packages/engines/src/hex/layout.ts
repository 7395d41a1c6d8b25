import { type Hex, round } from './coords.ts';

/** Pointy-top: a vertex points up, rows are horizontal. Flat-top: an edge is on top, columns are vertical. */
export type Orientation = 'pointy' | 'flat';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Layout {
  readonly orientation: Orientation;
  /** Distance from a cell's centre to any of its corners. */
  readonly size: number;
  /** Pixel position of the centre of cell (0, 0). */
  readonly origin: Point;
}

const SQRT3 = Math.sqrt(3);

export function hexToPixel(layout: Layout, h: Hex): Point {
  const { size, origin } = layout;
  if (layout.orientation === 'pointy') {
    return { x: origin.x + size * SQRT3 * (h.q + h.r / 2), y: origin.y + size * 1.5 * h.r };
  }
  return { x: origin.x + size * 1.5 * h.q, y: origin.y + size * SQRT3 * (h.r + h.q / 2) };
}

/** The cell under a pixel: the inverse of hexToPixel, rounded to the containing cell. */
export function pixelToHex(layout: Layout, p: Point): Hex {
  const x = (p.x - layout.origin.x) / layout.size;
  const y = (p.y - layout.origin.y) / layout.size;
  if (layout.orientation === 'pointy') {
    const r = (2 / 3) * y;
    return round(x / SQRT3 - r / 2, r);
  }
  const q = (2 / 3) * x;
  return round(q, y / SQRT3 - q / 2);
}

/** The six corners of a cell, clockwise, for drawing an SVG polygon. */
export function hexCorners(layout: Layout, h: Hex): Point[] {
  const c = hexToPixel(layout, h);
  const start = layout.orientation === 'pointy' ? -90 : 0;
  const corners: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const a = ((start + 60 * i) * Math.PI) / 180;
    corners.push({ x: c.x + layout.size * Math.cos(a), y: c.y + layout.size * Math.sin(a) });
  }
  return corners;
}

/** Width and height of one cell's bounding box. */
export function cellExtent(layout: Layout): { width: number; height: number } {
  return layout.orientation === 'pointy'
    ? { width: SQRT3 * layout.size, height: 2 * layout.size }
    : { width: 2 * layout.size, height: SQRT3 * layout.size };
}
