import { readdirSync } from 'node:fs';
import path from 'node:path';

/** What a grouping step sees of the module graph (rolldown's chunking context). */
export interface ModuleGraph {
  getModuleInfo(id: string): { readonly importedIds: readonly string[] } | null;
}

/** The modules `roots` import, themselves and on down, statically (the code that runs with them). */
export function staticallyReached(graph: ModuleGraph, roots: Iterable<string>): Set<string> {
  const reached = new Set<string>();
  const next = [...roots];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) next.push(imported);
  }
  return reached;
}

/** The app's modules that start each kind of page (absolute ids, as the bundler names modules). */
export interface PageRoots {
  /** The first script, on every page. */
  readonly entry: string;
  /** The home page's module. */
  readonly home: string;
  /** What a game's page loads at once: its page, the board's session and the shell. */
  readonly game: readonly string[];
  /** Each game's board module (a game page loads its game's). */
  readonly boards: readonly string[];
  /** What the home page loads after its first paint (its TV card): kept out of `play`, which it must not bring. */
  readonly homeLater?: readonly string[];
}

export function pageRoots(webDir: string): PageRoots {
  const games = readdirSync(path.join(webDir, 'games'), { withFileTypes: true }).filter((d) => d.isDirectory());
  return {
    entry: path.join(webDir, 'main.tsx'),
    home: path.join(webDir, 'home.tsx'),
    game: ['online/page.tsx', 'shell.tsx', 'games/sessions.tsx'].map((f) => path.join(webDir, f)),
    boards: games.map((d) => path.join(webDir, 'games', d.name, 'view.tsx')),
    homeLater: [path.join(webDir, 'social', 'home-tv.tsx')],
  };
}

export type PageChunk = 'site' | 'play';

/**
 * The two chunks the busiest pages share out of the modules their pages import, instead of the
 * dozens the bundler would cut by which pages use each module (a game's page asked for 45 files of
 * about a kilobyte, six at a time over HTTP/1.1, each a round trip):
 * - `site`: what the home page and a game's page both run (the games' registry and rules, the API
 *   client, the account bar…);
 * - `play`: what a game's page runs and the home page does not (the shell, the board's session and
 *   what every board draws with).
 * The first script's own modules stay in it; everything else (other pages, each game's own board, the
 * catalogs) is cut as the bundler cuts it. One chunk each: a page that uses one module of `play` loads
 * the whole of it, which the pages that show a board do anyway.
 */
export function pageChunks(graph: ModuleGraph, roots: PageRoots): Map<string, PageChunk> {
  const first = staticallyReached(graph, [roots.entry]);

  const home = staticallyReached(graph, [roots.home]);
  const game = staticallyReached(graph, roots.game);
  // What two or more boards draw with: every game's page needs it, whichever game it shows.
  const seen = new Map<string, number>();
  for (const board of roots.boards)
    for (const id of staticallyReached(graph, [board])) if (id !== board) seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const [id, boards] of seen) if (boards >= 2) game.add(id);
  // A module the home page's later code shares with the game pages is left to the bundler's own
  // shared chunks: in `play` it would bring the game pages' code to the home page.
  const later = staticallyReached(graph, roots.homeLater ?? []);
  const chunks = new Map<string, PageChunk>();
  for (const id of game) if (!first.has(id) && !(later.has(id) && !home.has(id))) chunks.set(id, home.has(id) ? 'site' : 'play');
  return chunks;
}
