import { useEffect, useState } from 'preact/hooks';

/** Whether the page has painted once since it loaded (the first page drawn; later ones draw at once). */
let painted = false;

/**
 * False until the page's first paint, then true. A page's first render is its longest task: every
 * component's code runs for the first time (a game's page: the board, the strips, the move list, the
 * panels and menus). What can come a frame later is drawn in a task of its own once the first frame
 * has painted, so neither task holds the main thread long; after that everything draws at once.
 */
export function usePaintedOnce(): boolean {
  const [now, setNow] = useState(painted);
  useEffect(() => {
    // Preact runs effects once the frame they were rendered for has painted.
    painted = true;
    if (!now) setNow(true);
  }, [now]);
  return now;
}
