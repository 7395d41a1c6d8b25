/**
 * What a rating is kept for: a game, and for a game with a clock its speed, as lichess estimates a
 * game's length — the initial time plus forty increments.
 */

export type Speed = 'ultrabullet' | 'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence';

export interface Timing {
  readonly initialMs: number;
  readonly incrementMs: number;
  readonly perMove?: boolean;
}

export function speedOf(clock: Timing): Speed {
  if (clock.perMove) return 'correspondence';
  const seconds = (clock.initialMs + 40 * clock.incrementMs) / 1000;
  if (seconds < 30) return 'ultrabullet';
  if (seconds < 180) return 'bullet';
  if (seconds < 480) return 'blitz';
  if (seconds < 1500) return 'rapid';
  return 'classical';
}

/** The key of a rating: "hive" for an untimed game, "hive:blitz" for one with a clock. */
export const perfOf = (game: string, clock: Timing | null | undefined): string => (clock ? `${game}:${speedOf(clock)}` : game);
