import { ringBits } from './grid.ts';
import { type Color, pieceId, QUEEN } from './pieces.ts';
import type { HiveState } from './state.ts';

/** Set bits of a six-bit ring. */
const count = (ring: number): number => {
  let n = 0;
  for (let r = ring; r !== 0; r &= r - 1) n++;
  return n;
};

/**
 * What a Hive game going somewhere changes, for a match's draw adjudication: how many neighbours each
 * queen has (a win is six), and the pieces still in hand (a placement is never undone). Hive has no
 * captures, so a game in which neither has changed for long is two players shuffling pieces.
 */
export function hiveProgress(state: HiveState): string {
  const { pos } = state;
  const ring = (color: Color) => {
    const cell = pos.where[pieceId(color, QUEEN)] as number;
    return cell < 0 ? '-' : String(count(ringBits(pos.height, cell)));
  };
  return `${ring(0)} ${ring(1)} ${pos.inHand}`;
}
