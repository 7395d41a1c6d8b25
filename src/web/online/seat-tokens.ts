import type { SeatGrant } from './api.ts';

/**
 * The seats this browser holds, per online game, kept in localStorage: a reload, a dropped
 * connection or a closed tab resumes the seat. Read back as untrusted (another tab, an old version).
 */

const key = (gameId: string) => `hexarena.seats.${gameId}`;

export function heldSeats(gameId: string): SeatGrant[] {
  try {
    const saved = JSON.parse(localStorage.getItem(key(gameId)) ?? '[]') as unknown;
    if (!Array.isArray(saved)) return [];
    return saved.filter(
      (g): g is SeatGrant => typeof g === 'object' && g !== null && Number.isInteger(g.seat) && typeof g.token === 'string',
    );
  } catch {
    return [];
  }
}

export function holdSeat(gameId: string, grant: SeatGrant): void {
  try {
    const kept = heldSeats(gameId).filter((g) => g.seat !== grant.seat);
    localStorage.setItem(key(gameId), JSON.stringify([...kept, grant]));
  } catch {
    // Storage off or full: the seat is held for as long as this page stays open.
  }
}
