import { isEditorAddress } from './editor/address.ts';
import { onlineGameId } from './online/links.ts';
import { isPuzzleAddress } from './puzzles/address.ts';
import { isSocialPath } from './social/addresses.ts';
import { isTournamentsPath, tournamentId } from './tournaments/addresses.ts';

/**
 * Which page an address shows, read without loading any page: main.tsx fetches the page's code
 * beside the language's catalog, so a phone's first screen waits for one round of requests, and the
 * pages it does not show stay on the server.
 */
/** The game a path's ladder is of (/ladder is Hive's, /ladder/hex Hex's), or null for another page. */
export function ladderOf(pathname: string): string | null {
  if (pathname === '/ladder' || pathname === '/ladder/') return 'hive';
  const m = /^\/ladder\/([a-z]{2,20})\/?$/.exec(pathname);
  return m ? (m[1] as string) : null;
}

/** What a path asks for: the index (''), a perf's board, or null for another page. A perf of no rated game is still a perf (the page says so). */
export function leaderboardOf(pathname: string): string | null {
  if (pathname === '/leaderboard' || pathname === '/leaderboard/') return '';
  const m = /^\/leaderboard\/([^/]{1,60})\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1] as string);
  } catch {
    return null;
  }
}

/** The player a path names (/u/<name>), or null. */
export function profileName(pathname: string): string | null {
  const m = /^\/u\/([A-Za-z0-9_-]{1,64})$/.exec(pathname);
  return m ? (m[1] as string) : null;
}

/** Whether a page's fragment (or query) is an analysis rather than a game. */
export const isAnalysisAddress = (address: string): boolean => /^[#?]analysis(&|$)/.test(address);

/** The part of a page's address that holds its game: the fragment, or the query of an older address. */
export function setupPart(location: { readonly hash: string; readonly search: string }): string {
  return location.hash.length > 1 ? location.hash : location.search;
}

/** The game an address (fragment or query) asks to play, or null: the home page. */
export function addressGame(address: string): string | null {
  return new URLSearchParams(address.replace(/^[^#?]*[#?]/, '')).get('game');
}

/** A page of the app, and what it is given. */
export type Route =
  | { readonly page: 'account' }
  | { readonly page: 'moderation' }
  | { readonly page: 'ladder'; readonly game: string }
  | { readonly page: 'leaderboard'; readonly perf: string }
  | { readonly page: 'profile'; readonly name: string }
  | { readonly page: 'online'; readonly id: string }
  | { readonly page: 'analysis' | 'puzzle' | 'editor' | 'local'; readonly address: string }
  | { readonly page: 'social'; readonly pathname: string }
  | { readonly page: 'tournaments' }
  | { readonly page: 'tournament'; readonly id: string }
  | { readonly page: 'home' };

/** The page of a path and its address (setupPart: the fragment, else the query). */
export function routeOf(pathname: string, address: string): Route {
  if (pathname === '/account') return { page: 'account' };
  if (pathname === '/mod') return { page: 'moderation' };
  if (isSocialPath(pathname)) return { page: 'social', pathname };
  if (isTournamentsPath(pathname)) return { page: 'tournaments' };
  const tournament = tournamentId(pathname);
  if (tournament) return { page: 'tournament', id: tournament };
  const ladder = ladderOf(pathname);
  if (ladder !== null) return { page: 'ladder', game: ladder };
  const leaderboard = leaderboardOf(pathname);
  if (leaderboard !== null) return { page: 'leaderboard', perf: leaderboard };
  const profile = profileName(pathname);
  if (profile) return { page: 'profile', name: profile };
  const online = onlineGameId(pathname);
  if (online) return { page: 'online', id: online };
  if (isAnalysisAddress(address)) return { page: 'analysis', address };
  if (isPuzzleAddress(address)) return { page: 'puzzle', address };
  if (isEditorAddress(address)) return { page: 'editor', address };
  if (addressGame(address)) return { page: 'local', address };
  return { page: 'home' };
}
