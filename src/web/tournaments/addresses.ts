/** The tournaments' addresses, apart from the pages: the home card and the game page link to them without loading them. */
export const TOURNAMENTS_PAGE = '/tournaments';

/** A tournament's page. */
export const tournamentPage = (id: string): string => `/tournament/${encodeURIComponent(id)}`;

/** The tournament a path names (/tournament/<id>), or null. */
export function tournamentId(pathname: string): string | null {
  const m = /^\/tournament\/([A-Za-z0-9_-]{1,20})\/?$/.exec(pathname);
  return m ? (m[1] as string) : null;
}

/** Whether a path is the list of tournaments. */
export const isTournamentsPath = (pathname: string): boolean => pathname === TOURNAMENTS_PAGE || pathname === `${TOURNAMENTS_PAGE}/`;
