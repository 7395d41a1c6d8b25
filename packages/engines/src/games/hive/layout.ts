import { DIRECTIONS, type Hex } from '../../hex/coords.ts';
import { NEIGHBORS, wrappedHex } from './grid.ts';
import { PIECE_COUNT } from './pieces.ts';
import type { HivePosition } from './position.ts';

/**
 * Axial coordinates for showing the hive: the engine's torus cells unwrapped by walking the hive
 * from one piece, so a hive that drifted across the torus's seam still comes out in one piece.
 * Covers every occupied cell and every empty cell next to one.
 */
export function displayCoordinates(pos: HivePosition): Map<number, Hex> {
  const coords = new Map<number, Hex>();
  let anchor = -1;
  for (let p = 0; p < PIECE_COUNT && anchor < 0; p++) if ((pos.where[p] as number) >= 0) anchor = pos.where[p] as number;
  if (anchor < 0) return coords;
  coords.set(anchor, wrappedHex(anchor));
  const queue = [anchor];
  while (queue.length > 0) {
    const cell = queue.shift() as number;
    const h = coords.get(cell) as Hex;
    for (let d = 0; d < 6; d++) {
      const next = NEIGHBORS[cell * 6 + d] as number;
      if (coords.has(next)) continue;
      const dir = DIRECTIONS[d] as Hex;
      coords.set(next, { q: h.q + dir.q, r: h.r + dir.r });
      if ((pos.height[next] as number) > 0) queue.push(next);
    }
  }
  return coords;
}
