/** The social pages' addresses, apart from the pages: the top bar links to them without loading them. */
export const CURRENT_GAMES_PAGE = '/games';
export const FOLLOWING_PAGE = '/following';
/** The path of a player's profile (account/profile-page.tsx shows it). */
export const profilePage = (name: string): string => `/u/${encodeURIComponent(name)}`;
