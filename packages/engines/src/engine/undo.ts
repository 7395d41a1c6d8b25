import type { Player } from './game.ts';

/**
 * How many moves to keep on undo: back to the last position before now where a human was to move
 * (in hotseat, one move; against an AI, the human's move and the replies to it). Null: nothing to undo.
 */
export function undoLength(toMoveAt: readonly (Player | null)[], seats: readonly string[]): number | null {
  for (let i = toMoveAt.length - 2; i >= 0; i--) {
    const seat = toMoveAt[i];
    if (seat !== null && seat !== undefined && seats[seat] === 'human') return i;
  }
  return null;
}
