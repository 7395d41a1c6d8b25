/** The social pages' addresses, apart from the pages: the top bar links to them without loading them. */
export const CURRENT_GAMES_PAGE = '/games';
export const FOLLOWING_PAGE = '/following';
/** The games database: finished games searched. */
export const GAMES_DATABASE_PAGE = '/games/search';
/** The path of a player's profile (account/profile-page.tsx shows it). */
export const profilePage = (name: string): string => `/u/${encodeURIComponent(name)}`;

/** TV's channel of every game together. */
export const BEST_CHANNEL = 'best';

/** The TV channel a path names (/tv: every game's; /tv/<game>), or null. */
export function tvChannel(pathname: string): string | null {
  if (pathname === '/tv' || pathname === '/tv/') return BEST_CHANNEL;
  const m = /^\/tv\/([a-z0-9-]{1,40})\/?$/.exec(pathname);
  return m ? (m[1] as string) : null;
}

/** Whether a path is one of the social pages (social/pages.tsx): the router asks without loading them. */
export const isSocialPath = (pathname: string): boolean =>
  pathname === CURRENT_GAMES_PAGE || pathname === FOLLOWING_PAGE || pathname === GAMES_DATABASE_PAGE || tvChannel(pathname) !== null;

/** The page of TV's channel (/tv, /tv/hive). */
export const tvPage = (channel: string): string => (channel === BEST_CHANNEL ? '/tv' : `/tv/${encodeURIComponent(channel)}`);

/** A position of the opening explorer, as the games database is asked for the games that reached it. */
export interface AskedPosition {
  readonly game: string;
  /** The explorer's key (its answer's `position`) and variant (its answer's `variant`). */
  readonly key: string;
  readonly variant: string;
  /** The moves that reached it, `;` between them, and the game's options as JSON: only to draw it on the page. */
  readonly line?: readonly string[];
  readonly options?: string;
}

/** The games database's page searching the games that reached `p` (the address keeps the search). */
export function positionSearchPage(p: AskedPosition): string {
  const query = new URLSearchParams({ game: p.game, position: p.key, variant: p.variant });
  if (p.line !== undefined && p.line.length > 0) query.set('line', p.line.join(';'));
  if (p.options !== undefined) query.set('options', p.options);
  return `${GAMES_DATABASE_PAGE}?${query}`;
}
