import type { JSX } from 'preact';
import { tvChannel } from './api.ts';
import { CURRENT_GAMES_PAGE, CurrentGamesPage } from './current-games-page.tsx';
import { FOLLOWING_PAGE, FollowingPage } from './following-page.tsx';
import { GAMES_DATABASE_PAGE, GamesDatabasePage } from './games-database-page.tsx';
import { TvPage } from './tv-page.tsx';

/** The page of a path that is one of players finding each other and games to watch, or null. */
export function socialPage(pathname: string): JSX.Element | null {
  if (pathname === FOLLOWING_PAGE) return <FollowingPage />;
  if (pathname === CURRENT_GAMES_PAGE) return <CurrentGamesPage />;
  if (pathname === GAMES_DATABASE_PAGE) return <GamesDatabasePage />;
  const channel = tvChannel(pathname);
  return channel === null ? null : <TvPage key={channel} channel={channel} />;
}

/** The social page of a path (the router's SocialPath routes only those it has), or nothing. */
export function SocialPage({ pathname }: { pathname: string }) {
  return socialPage(pathname);
}
