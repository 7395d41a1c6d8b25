import { type ClosingRooms, endGamesOf } from '../account-closing.ts';
import type { GameStore } from '../store.ts';

/**
 * A ban ends the player's games after the write that bans them: a crash in between would leave them
 * playing. The games of banned players still seated are ended at start and every `everyMs` (instances
 * sweeping together end each game once, through its room). Stops with the returned function.
 */
export function sweepBannedAccounts(
  store: GameStore,
  rooms: ClosingRooms,
  everyMs: number,
): { readonly done: Promise<void>; stop(): void } {
  let running: Promise<void> = Promise.resolve();
  const run = (): Promise<void> => {
    running = running
      .then(async () => {
        for (const account of await store.bannedInPlay()) await endGamesOf(account, 'banned', store, rooms);
      })
      .catch(() => undefined);
    return running;
  };
  const done = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { done, stop: () => clearInterval(timer) };
}
