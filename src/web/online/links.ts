/** Where an online game lives: /g/<id>, an address to share (the server answers it with the app). */
export const gamePage = (id: string): string => `/g/${encodeURIComponent(id)}`;

/** The online game of a page's path, or null for any other page. */
export function onlineGameId(pathname: string): string | null {
  const match = /^\/g\/([A-Za-z0-9_-]{1,20})\/?$/.exec(pathname);
  return match ? (match[1] as string) : null;
}
