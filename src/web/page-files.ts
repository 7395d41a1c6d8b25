/**
 * Each page's module, as app.tsx loads it (`import('./<file>')`), and what else a page starts loading
 * at once beside it: the build names each page's files from these (scripts/vite-page-preloads.ts),
 * so the server can ask the browser for them with the page itself.
 */
export const PAGE_FILES = {
  home: 'home.tsx',
  local: 'local-page.tsx',
  online: 'online/page.tsx',
  analysis: 'analysis/page.tsx',
  puzzle: 'puzzles/page.tsx',
  editor: 'editor/page.tsx',
  account: 'account/account-page.tsx',
  moderation: 'moderation/moderation-page.tsx',
  ladder: 'account/ladder-page.tsx',
  leaderboard: 'account/leaderboard-page.tsx',
  profile: 'account/profile-page.tsx',
  social: 'social/pages.tsx',
  tournaments: 'tournaments/list-page.tsx',
  tournament: 'tournaments/tournament-page.tsx',
} as const;

export type PageKind = keyof typeof PAGE_FILES;

/** A game's page loads its board's session and shell, and reads the game, beside its own module (app.tsx). */
export const PAGE_ALSO: Partial<Record<PageKind, readonly string[]>> = {
  online: ['games/sessions.tsx', 'shell.tsx', 'online/api.ts'],
};

/**
 * The pages the site's root address shows: the fragment (`/#analysis…`, `/#game=hex…`) says which,
 * and it never reaches the server, so the root names only what all of them load.
 */
export const AT_ROOT: readonly PageKind[] = ['home', 'local', 'analysis', 'puzzle', 'editor'];

/** What the server serves a page as: one of the pages, or the root (any of AT_ROOT's). */
export type ServedPage = PageKind | 'root';
