import type { Json } from '@hexarena/engines/engine/game.ts';

/**
 * The options and seats last played of each game, kept in localStorage, so that "New game" on the
 * home page starts from them instead of the defaults. Untrusted when read back: the card checks them.
 */
export interface LastSetup {
  readonly options: Record<string, Json>;
  readonly seats: readonly string[];
  /** The clock last chosen for an online game (as the form names it), and whether it was rated. */
  readonly clock?: string;
  readonly rated?: boolean;
}

const key = (gameId: string) => `hexarena.last.${gameId}`;

/** Keeps what was chosen; what it does not say (a local game says no clock) stays as it was. */
export function rememberSetup(gameId: string, last: LastSetup): void {
  try {
    localStorage.setItem(key(gameId), JSON.stringify({ ...lastSetup(gameId), ...last }));
  } catch {
    // Storage may be off (private mode) or full: the home page then shows the defaults.
  }
}

export function lastSetup(gameId: string): LastSetup | null {
  try {
    const saved = JSON.parse(localStorage.getItem(key(gameId)) ?? 'null') as Partial<LastSetup> | null;
    if (!saved || typeof saved.options !== 'object' || saved.options === null || Array.isArray(saved.options)) return null;
    if (!Array.isArray(saved.seats) || !saved.seats.every((s) => typeof s === 'string')) return null;
    return {
      options: saved.options,
      seats: saved.seats,
      ...(typeof saved.clock === 'string' ? { clock: saved.clock } : {}),
      ...(typeof saved.rated === 'boolean' ? { rated: saved.rated } : {}),
    };
  } catch {
    return null;
  }
}
