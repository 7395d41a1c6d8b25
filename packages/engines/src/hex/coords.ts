/**
 * Axial hex coordinates (q, r); the third cube coordinate is s = -q - r.
 * Pointy-top orientation: q grows to the east, r to the south-east.
 */
export interface Hex {
  readonly q: number;
  readonly r: number;
}

/** The six directions in the order of the Universal Hive Protocol. */
export const DIRECTION_NAMES = ['NW', 'NE', 'E', 'SE', 'SW', 'W'] as const;
export type DirectionName = (typeof DIRECTION_NAMES)[number];
/** Index into DIRECTIONS (0 = NW … 5 = W). */
export type Direction = 0 | 1 | 2 | 3 | 4 | 5;

export const DIRECTIONS: readonly Hex[] = [
  { q: 0, r: -1 }, // NW
  { q: 1, r: -1 }, // NE
  { q: 1, r: 0 }, // E
  { q: 0, r: 1 }, // SE
  { q: -1, r: 1 }, // SW
  { q: -1, r: 0 }, // W
];

export const ORIGIN: Hex = { q: 0, r: 0 };

export const hex = (q: number, r: number): Hex => ({ q, r });

export const add = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });

export const subtract = (a: Hex, b: Hex): Hex => ({ q: a.q - b.q, r: a.r - b.r });

export const scale = (a: Hex, k: number): Hex => ({ q: a.q * k, r: a.r * k });

export const equals = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;

/** Directions are laid out so that the opposite of d is d + 3. */
export const opposite = (d: Direction): Direction => ((d + 3) % 6) as Direction;

export const neighbor = (h: Hex, d: Direction): Hex => add(h, DIRECTIONS[d] as Hex);

export const neighbors = (h: Hex): Hex[] => DIRECTIONS.map((d) => add(h, d));

/** The direction from a to b when they are adjacent, else undefined. */
export function directionBetween(a: Hex, b: Hex): Direction | undefined {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  const i = DIRECTIONS.findIndex((d) => d.q === dq && d.r === dr);
  return i < 0 ? undefined : (i as Direction);
}

export const distance = (a: Hex, b: Hex): number => {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
};

/** The cells at exactly `radius` steps from center, clockwise (on screen) from the south-west corner. */
export function ring(center: Hex, radius: number): Hex[] {
  if (radius === 0) return [center];
  const cells: Hex[] = [];
  // Start at the SW corner so that walking NW, NE, E, SE, SW, W traces the ring clockwise.
  let h = add(center, scale(DIRECTIONS[4] as Hex, radius));
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < radius; step++) {
      cells.push(h);
      h = neighbor(h, side as Direction);
    }
  }
  return cells;
}

/** All cells within `radius` of center, innermost ring first. */
export function spiral(center: Hex, radius: number): Hex[] {
  const cells: Hex[] = [];
  for (let k = 0; k <= radius; k++) cells.push(...ring(center, k));
  return cells;
}

/** Walks from `from` (exclusive) in direction d, for as long as the caller iterates. */
export function* walk(from: Hex, d: Direction): Generator<Hex, never> {
  let h = from;
  for (;;) {
    h = neighbor(h, d);
    yield h;
  }
}

/** Rounds fractional cube coordinates to the cell that contains them. */
export function round(q: number, r: number): Hex {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  // -0 would make equal cells compare unequal under Object.is and in keys.
  return { q: rq + 0, r: rr + 0 };
}

/** The cells of the straight line from a to b, both ends included (the usual lerp-and-round). */
export function lineBetween(a: Hex, b: Hex): Hex[] {
  const n = distance(a, b);
  if (n === 0) return [a];
  const cells: Hex[] = [];
  // The tiny nudge keeps points that fall exactly on an edge from rounding inconsistently.
  const eps = 1e-6;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    cells.push(round(a.q + eps + (b.q - a.q) * t, a.r + eps + (b.r - a.r) * t));
  }
  return cells;
}

/** A stable string key, for Maps and Sets keyed by cell. */
export const hexKey = (h: Hex): string => `${h.q},${h.r}`;

export function parseHexKey(key: string): Hex | undefined {
  const m = /^(-?\d+),(-?\d+)$/.exec(key);
  return m ? { q: Number(m[1]), r: Number(m[2]) } : undefined;
}
