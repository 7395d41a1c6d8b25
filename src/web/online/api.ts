import type { Json } from '../../engine/game.ts';
import { fail, ok, type Result } from '../../engine/result.ts';
import type { NewGameRequest } from '../../protocols/wire/index.ts';
import { type PublicGame, readPublicGame } from './protocol.ts';

/**
 * The server's REST calls as the browser makes them (docs/protocol.md). Every failure is a Result
 * with the server's own words, or says that the server could not be reached.
 */

/** A new game, as POST /api/games takes it. */
export type NewGame = NewGameRequest;

export interface SeatGrant {
  readonly seat: number;
  readonly token: string;
}

export interface LobbyGame {
  readonly id: string;
  readonly game: string;
  readonly options: Json;
  readonly seats: readonly ('open' | 'taken' | 'ai')[];
  /** Its time control, or null for a game without one. */
  readonly clock?: { readonly initialMs: number; readonly incrementMs: number } | null;
  readonly createdAt: number;
}

async function call(path: string, init?: { method: 'POST'; body: Json }): Promise<Result<unknown>> {
  let response: Response;
  try {
    response = await fetch(
      path,
      init && { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) },
    );
  } catch {
    return fail('the server cannot be reached');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // An answer that is not JSON (a proxy's error page): its status says enough.
  }
  if (response.ok) return ok(body);
  const error = (body as { error?: unknown } | null)?.error;
  return fail(typeof error === 'string' ? error : `the server answered ${response.status}`);
}

const gamePath = (id: string) => `/api/games/${encodeURIComponent(id)}`;

export async function fetchGame(id: string): Promise<Result<PublicGame>> {
  const r = await call(gamePath(id));
  if (!r.ok) return r;
  const game = readPublicGame(r.value);
  return game ? ok(game) : fail('the server sent a game this page cannot read');
}

export async function createGame(request: NewGame): Promise<Result<{ id: string; grant: SeatGrant | null }>> {
  const r = await call('/api/games', { method: 'POST', body: request });
  if (!r.ok) return r;
  const { id, seat, token } = r.value as { id?: unknown; seat?: unknown; token?: unknown };
  if (typeof id !== 'string') return fail('the server did not say which game it made');
  return ok({ id, grant: typeof seat === 'number' && typeof token === 'string' ? { seat, token } : null });
}

export async function claimSeat(id: string, seat: number, name: string | null): Promise<Result<SeatGrant>> {
  const r = await call(`${gamePath(id)}/seats/${seat}`, { method: 'POST', body: name ? { name } : {} });
  if (!r.ok) return r;
  const { token } = r.value as { token?: unknown };
  return typeof token === 'string' ? ok({ seat, token }) : fail('the server gave no seat token');
}

/** Games with a seat still open, newest first. */
export async function openGames(): Promise<Result<readonly LobbyGame[]>> {
  const r = await call('/api/games');
  if (!r.ok) return r;
  const games = (r.value as { games?: unknown } | null)?.games;
  return Array.isArray(games) ? ok(games as LobbyGame[]) : fail('the server sent a lobby this page cannot read');
}

/** The rematch of a finished game (made by whoever asks first) and this player's seat in it. */
export async function requestRematch(id: string, held: SeatGrant): Promise<Result<{ id: string; grant: SeatGrant }>> {
  const r = await call(`${gamePath(id)}/rematch`, { method: 'POST', body: { seat: held.seat, token: held.token } });
  if (!r.ok) return r;
  const { id: next, seat, token } = r.value as { id?: unknown; seat?: unknown; token?: unknown };
  if (typeof next !== 'string' || typeof seat !== 'number' || typeof token !== 'string') return fail('the server sent no rematch');
  return ok({ id: next, grant: { seat, token } });
}
