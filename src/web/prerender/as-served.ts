import { LANGUAGE_KEY, SETTINGS_KEY } from '../storage-keys.ts';

/**
 * What the home page's markup (drawn at build time for a visitor nothing is known of) assumes of the
 * device: the storage keys the app's first draw of that page reads. Where one of them holds something
 * (a setting, a language chosen here), that draw is not the markup, whatever the server sent.
 * `src/web/prerender.e2e.test.ts` watches the first draw's reads and fails on a key missing here.
 */
export const FIRST_DRAW_KEYS: readonly string[] = [SETTINGS_KEY, LANGUAGE_KEY];

/** Whether this device keeps nothing the first draw reads (storage turned off counts as kept). */
export function keepsNothingDrawn(): boolean {
  try {
    return FIRST_DRAW_KEYS.every((key) => localStorage.getItem(key) === null);
  } catch {
    return false;
  }
}
