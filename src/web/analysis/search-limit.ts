/**
 * The deepest the browser's searches go when a test has said so: localStorage key
 * `hexarena.search-depth`, a whole number of plies from 1 to 40. Unset, as for every player, the
 * analysis board's engine searches deeper and deeper until every line is forced, depth 40 or 30
 * seconds, and the "max" level thinks for its 5 seconds; set, both stop at that depth (the other
 * levels keep their own budgets). The browser tests set it (src/web/headless-chromium.ts,
 * `launchTestChromium`): a test about the page needs the engine's lines and an AI's move, not their
 * depth, and the searches would otherwise take a core for seconds on every page. A depth rather than
 * a time, so that what a test sees does not hang on the machine's speed.
 */
export const SEARCH_DEPTH_KEY = 'hexarena.search-depth';
export const MAX_SEARCH_DEPTH = 40;

/** The limit a stored text names: a whole number of plies from 1 to 40, else none (junk counts as unset). */
export function parseSearchDepth(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text.trim())) return undefined;
  const depth = Number(text.trim());
  return depth >= 1 && depth <= MAX_SEARCH_DEPTH ? depth : undefined;
}

/** The limit this browser's storage holds (none where storage is off, as in private mode). */
export function storedSearchDepth(): number | undefined {
  try {
    return parseSearchDepth(localStorage.getItem(SEARCH_DEPTH_KEY));
  } catch {
    return undefined;
  }
}
