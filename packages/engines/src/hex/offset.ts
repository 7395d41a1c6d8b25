import type { Hex } from './coords.ts';

/**
 * "odd-r" offset coordinates: pointy-top rows, odd rows shifted right by half a cell.
 * DiceWars' rectangular grid is laid out this way.
 */
export interface OffsetCell {
  readonly col: number;
  readonly row: number;
}

export function oddRToAxial(c: OffsetCell): Hex {
  // (row & 1) rather than row % 2 so negative rows shift the same way as positive odd ones.
  return { q: c.col - (c.row - (c.row & 1)) / 2, r: c.row };
}

export function axialToOddR(h: Hex): OffsetCell {
  return { col: h.q + (h.r - (h.r & 1)) / 2, row: h.r };
}
