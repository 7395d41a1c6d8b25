import type { Json } from '@hexarena/engines/engine/game.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import type { FoundGame } from '@hexarena/engines/protocol/games-db.ts';
import type { LiveGame } from '@hexarena/engines/protocol/index.ts';
import { call, unreadable } from '../online/api.ts';

/** The server's calls for players finding each other and games to watch (docs/protocol.md). */

/** A player a search found. */
export interface FoundPlayer {
  readonly name: string;
  readonly online: boolean;
}

/** Players whose name begins with `term` (any case), those online first. */
export async function searchPlayers(term: string, limit = 10): Promise<Result<readonly FoundPlayer[]>> {
  const r = await call(`/api/search/players?${new URLSearchParams({ term, limit: String(limit) })}`);
  if (!r.ok) return r;
  const players = (r.value as { players?: unknown } | null)?.players;
  return Array.isArray(players) ? ok(players as FoundPlayer[]) : fail(unreadable('players'));
}

/** A search's term as the server takes it (letters, digits, _ and -; at most 20), or null. */
export const searchTerm = (typed: string): string | null => {
  const term = typed.trim();
  return /^[A-Za-z0-9_-]{1,20}$/.test(term) ? term : null;
};

/** What the player asking is to a profile's player. */
export interface Relation {
  readonly follows: boolean;
  readonly notify: boolean;
  readonly blocks: boolean;
}

/** Follows, unfollows, blocks or unblocks `name`. */
export async function relate(name: string, how: 'follow' | 'unfollow' | 'block' | 'unblock', notify = false): Promise<Result<unknown>> {
  return call(`/api/rel/${how}/${encodeURIComponent(name)}`, { method: 'POST', ...(how === 'follow' ? { body: { notify } } : {}) });
}

/** A player followed, as the list shows them. */
export interface Followed {
  readonly name: string;
  readonly online: boolean;
  /** The game they are playing now, to watch. */
  readonly playing: string | null;
}

/** The players you follow, those playing now first, then those online; where the next page starts. */
export async function fetchFollowing(after?: string): Promise<Result<{ following: readonly Followed[]; after: string | null }>> {
  const r = await call(`/api/rel/following${after === undefined ? '' : `?${new URLSearchParams({ after })}`}`);
  if (!r.ok) return r;
  const v = r.value as { following?: unknown; after?: unknown } | null;
  return Array.isArray(v?.following)
    ? ok({ following: v.following as Followed[], after: typeof v.after === 'string' ? v.after : null })
    : fail(unreadable('list'));
}

/** A game being played now. */
export interface CurrentGame extends LiveGame {
  readonly speed: string;
  readonly watching: number;
  readonly rating: number | null;
  readonly createdAt: number;
  /** The position now (the game's public view), for its miniature; absent when too large to list. */
  readonly position?: Json;
}

/** The games being played now, highest rated first, of `game` and `speed` when given. */
export async function fetchCurrentGames(filter: { game?: string; speed?: string }): Promise<Result<readonly CurrentGame[]>> {
  const query = new URLSearchParams();
  if (filter.game) query.set('game', filter.game);
  if (filter.speed) query.set('speed', filter.speed);
  const r = await call(`/api/games/current${query.size > 0 ? `?${query}` : ''}`);
  if (!r.ok) return r;
  const games = (r.value as { games?: unknown } | null)?.games;
  return Array.isArray(games) ? ok(games as CurrentGame[]) : fail(unreadable('games'));
}

export { BEST_CHANNEL, tvChannel, tvPage } from './addresses.ts';

/** What each TV channel shows now (`best`, and one per game being played). */
export async function fetchTv(): Promise<Result<Readonly<Record<string, CurrentGame>>>> {
  const r = await call('/api/tv');
  if (!r.ok) return r;
  const channels = (r.value as { channels?: unknown } | null)?.channels;
  return channels !== null && typeof channels === 'object' && !Array.isArray(channels)
    ? ok(channels as Record<string, CurrentGame>)
    : fail(unreadable('channels'));
}

export type { FoundGame };

/** A search of the games database as the server reads it (docs/social.md): its fields, each as text. */
export type GamesSearch = Readonly<Record<string, string>>;

/** The address of a search's page of games, or (`export`) of its records, one JSON a line. */
export const gamesSearchUrl = (search: GamesSearch, exported = false, after?: string): string => {
  const query = new URLSearchParams(Object.entries(search).filter(([, v]) => v !== ''));
  if (after !== undefined) query.set('after', after);
  return `/api/search/games${exported ? '.ndjson' : ''}${query.size > 0 ? `?${query}` : ''}`;
};

/** A page of the finished games `search` finds, newest first, and where the next begins (null: the last). */
export async function searchGames(
  search: GamesSearch,
  after?: string,
): Promise<Result<{ games: readonly FoundGame[]; next: string | null }>> {
  const r = await call(gamesSearchUrl(search, false, after));
  if (!r.ok) return r;
  const v = r.value as { games?: unknown; next?: unknown } | null;
  return Array.isArray(v?.games)
    ? ok({ games: v.games as FoundGame[], next: typeof v.next === 'string' ? v.next : null })
    : fail(unreadable('games'));
}

/** A win over a rated opponent, as a profile lists the best. */
export interface BestWin {
  readonly id: string;
  readonly game: string;
  readonly createdAt: number;
  readonly opponent: string | null;
  /** The opponent's rating before the game. */
  readonly rating: number;
}

/** A player's record over their latest games (`games` of them): winning streaks and best wins. */
export interface PlayerRecord {
  readonly games: number;
  readonly streaks: { readonly current: number; readonly longest: number };
  readonly bestWins: readonly BestWin[];
}

export async function fetchPlayerRecord(name: string): Promise<Result<PlayerRecord>> {
  const r = await call(`/api/players/${encodeURIComponent(name)}/record`);
  if (!r.ok) return r;
  const v = r.value as Partial<PlayerRecord> | null;
  return v && typeof v.games === 'number' && v.streaks && Array.isArray(v.bestWins) ? ok(v as PlayerRecord) : fail(unreadable('record'));
}
