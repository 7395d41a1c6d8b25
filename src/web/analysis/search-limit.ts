/**
 * The deepest the analysis board's engine searches when a test has said so: localStorage key
 * `hexarena.search-depth`, a whole number of plies from 1 to 40. Unset, as for every player, the
 * engine searches deeper and deeper until every line is forced, depth 40 or 30 seconds. The browser
 * tests set it (src/web/headless-chromium.ts, `launchTestChromium`): a test about the page needs the
 * engine's lines, not their depth, and thirty seconds of search a page would be most of the suite's
 * CPU. A depth rather than a time, so that what a test sees does not hang on the machine's speed.
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
