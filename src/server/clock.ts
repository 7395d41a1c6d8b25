/**
 * Chess-style clocks kept by the server, worked out from the moves' times alone, so a restart
 * loses nothing: a player's clock runs from the move before theirs to their own; it starts with the
 * first move (which is free); a player gets the increment each time the turn passes from them — or,
 * in a correspondence game (`perMove`), the whole budget again: so many days for each move.
 */
export interface ClockSettings {
  readonly initialMs: number;
  readonly incrementMs: number;
  /** Correspondence: each move has `initialMs` of its own (days per move), nothing carried over. */
  readonly perMove?: boolean;
}

export interface Clocks {
  /** Per seat, the time left at `since` (the running seat's keeps falling after it). */
  readonly remainingMs: readonly number[];
  /** The seat whose clock runs, or null (before the first move, or once the game is over). */
  readonly running: number | null;
  /** When the running clock started: the time of the last move. */
  readonly since: number | null;
  /** When the running seat runs out of time, or null. */
  readonly deadline: number | null;
}

/**
 * A seat's own time control: a seat that berserked (an arena's, before its first move) plays on half
 * the initial time and no increment, as lichess's berserk.
 */
export function seatClock(settings: ClockSettings, berserk: boolean): ClockSettings {
  return berserk ? { ...settings, initialMs: Math.floor(settings.initialMs / 2), incrementMs: 0 } : settings;
}

/**
 * The clocks after `moves` (who moved, and when), with `toMove` to move next (null: over); the
 * seats in `berserk` on their halved clock (a berserk comes before the seat's first move, so it
 * holds from the start).
 */
export function clocksAfter(
  settings: ClockSettings,
  seats: number,
  moves: readonly { seat: number; at: number }[],
  toMove: number | null,
  berserk: readonly number[] = [],
): Clocks {
  const own = Array.from({ length: seats }, (_, seat) => seatClock(settings, berserk.includes(seat)));
  const remaining = own.map((c) => c.initialMs);
  for (const [i, move] of moves.entries()) {
    if (i > 0) remaining[move.seat] = (remaining[move.seat] as number) - (move.at - (moves[i - 1] as { at: number }).at);
    const next = moves[i + 1]?.seat ?? toMove;
    const mine = own[move.seat] as ClockSettings;
    if (next !== move.seat) remaining[move.seat] = mine.perMove ? mine.initialMs : (remaining[move.seat] as number) + mine.incrementMs;
  }
  const last = moves.at(-1);
  if (!last || toMove === null) return { remainingMs: remaining, running: null, since: last?.at ?? null, deadline: null };
  return { remainingMs: remaining, running: toMove, since: last.at, deadline: last.at + (remaining[toMove] as number) };
}
