/// <reference types="vite/client" />
/**
 * An online game's state asked for as the page starts (app.tsx's loadPage, beside the page's code),
 * not after that code has come in and run: the state, then its game's board module, are on their way
 * while the page's own code is. The first read of the page (api.ts's fetchGame) takes the answer;
 * any later read asks the server again.
 */
const started = new Map<string, Promise<Response>>();

/** Where a game's public state is read (GET). */
export const gameStatePath = (id: string): string => `/api/games/${encodeURIComponent(id)}`;

/**
 * Each game's board module (games/<id>/view.tsx, the module its folder's `view` loads), by its file:
 * asked for by the game's id as soon as the state names it, not once the games' registry and every
 * game's rules have come in and run. The registry's own import of it then finds it loaded.
 */
const boardModules = ((): Record<string, () => Promise<unknown>> => {
  // The build writes the glob out as a table of imports; where nothing did (Node's own tests of the
  // pages' modules) there is no such table, and each board loads with its registry as before.
  try {
    return import.meta.glob('../games/*/view.tsx');
  } catch {
    return {};
  }
})();

/** Starts reading game `id`'s state, and once it is in, loads the board module of its game. */
export function readGameEarly(id: string): void {
  const path = gameStatePath(id);
  if (started.has(path)) return;
  const response = fetch(path);
  started.set(path, response);
  // The board's module by the game the state names; a failure here is fetchGame's to tell.
  response
    .then((r) => (r.ok ? (r.clone().json() as Promise<{ game?: unknown }>) : null))
    .then((state) => {
      const game = typeof state?.game === 'string' ? state.game : null;
      return game && /^[a-z]+$/.test(game) ? boardModules[`../games/${game}/view.tsx`]?.() : undefined;
    })
    .catch(() => undefined);
}

/** The early answer for `path`, once: the caller reads it; the next read of `path` goes to the server. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const response = started.get(path);
  started.delete(path);
  return response;
}
