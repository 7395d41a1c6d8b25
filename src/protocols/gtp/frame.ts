import { type HexMove, mirrored } from '@hexarena/engines/games/hex/index.ts';

/**
 * Hex programs that speak GTP (MoHex, HexGui) and hexarena agree on the board — `a1` the top-left
 * corner, letters the columns, Black (hexarena's Red, the first player) joining top and bottom —
 * but not on the pie rule. hexarena swaps the stone: the first stone becomes Blue's, reflected
 * across the long diagonal, and Red moves on. MoHex swaps the players: `swap-pieces` leaves the
 * stone where it is, Black's, and the players exchange colours, so White moves next. The two
 * positions are the same game seen in a mirror with the colours exchanged; after a swap every cell
 * and colour is translated between them, before one nothing is.
 */

/** The GTP colours: Black moves first. */
export type GtpColour = 'b' | 'w';

/** The pie rule's move as MoHex and HexGui write it. */
export const GTP_SWAP = 'swap-pieces';

/** The GTP colour that plays hexarena's `side` (0 Red, 1 Blue). */
export function colourOf(side: number, isSwapped: boolean): GtpColour {
  return (side === 0) !== isSwapped ? 'b' : 'w';
}

/** hexarena's side that plays GTP's `colour`. */
export function sideOf(colour: GtpColour, isSwapped: boolean): number {
  return (colour === 'b') !== isSwapped ? 0 : 1;
}

/** A cell in the other frame (the translation is its own inverse). */
export function cellAcross(size: number, cell: number, isSwapped: boolean): number {
  return isSwapped ? mirrored(size, cell) : cell;
}

/** A hexarena move as GTP writes it once `isSwapped` (the pie rule used before it, or not). */
export function toGtpMove(size: number, move: HexMove, isSwapped: boolean, name: (cell: number) => string): string {
  return move.kind === 'swap' ? GTP_SWAP : name(cellAcross(size, move.cell, isSwapped));
}
