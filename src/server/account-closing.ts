import type { Room } from './room.ts';
import type { GameStore } from './store.ts';

/**
 * A player gone from the site — their account deleted, or banned by a moderator — leaves nothing
 * going: their challenges (sent and received) are cancelled, their places in pools given up, and
 * each of their games (their bots' too) ended as lichess ends a closed account's games: a game
 * still waiting for players is called off, a game of two with fewer than two moves aborted, any other
 * game of two won by the opponent, and a game of more goes on without them as after a resignation
 * (docs/protocol.md, "Delete the account"). The account is marked first (deleted, or banned) and
 * its games ended after, one by one, each through its room, so a crash in between is finished by
 * the sweep (a restart's, or another instance's) and a game ended twice is ended once.
 */

/** How the games end: the termination their records and the web app show ("account closed", "banned"). */
export type Closing = 'closed' | 'banned';

/** Where games are played: the rooms of this instance (loaded on demand; other instances hear of each ending). */
export interface ClosingRooms {
  room(id: string): Promise<Room | null>;
}

/** Who hears that their challenges changed (ChallengeNews). */
export interface ChallengeListeners {
  changed(accounts: readonly string[]): void;
}

/**
 * Ends every game `account` (or a bot it owns) is still playing, as `termination` says; how many it
 * ended. A game it cannot end now (the store away, a game under other rules) is left for the next
 * sweep and said in the log by its id; ending one already ended does nothing.
 */
export async function endGamesOf(account: string, termination: Closing, store: GameStore, rooms: ClosingRooms): Promise<number> {
  let ended = 0;
  for (const { game, seat } of await store.accounts.liveSeatsOf(account)) {
    try {
      const room = await rooms.room(game);
      if (!room) continue;
      // A seat taken through another instance a moment ago makes the game begun, not waiting: read it first.
      await room.catchUp();
      if (await room.closeSeat(seat, termination)) ended++;
    } catch (e) {
      process.stderr.write(
        `hexarena: game ${game}: a closed account's seat is left for the next sweep: ${e instanceof Error ? e.message : String(e)}\n`,
      );
    }
  }
  return ended;
}

/**
 * Takes `account` and its bots out of pairing: open challenges sent and received cancelled (the
 * other players told at once), places in pools given up.
 */
export async function withdrawFromPlay(account: string, store: GameStore, now: number, news?: ChallengeListeners): Promise<void> {
  const others = await store.challenges.withdraw(account, now);
  news?.changed(others);
}

/**
 * Ends the games `termination` is about that a crash (or a store away) left going after the write
 * that closed their accounts — deleted ones (closedInPlay), banned ones (bannedInPlay) —: run at
 * start and every `everyMs`, one sweep at a time (instances sweeping together end each game once,
 * through its room). Stops with the returned function.
 */
export function sweepClosedAccounts(store: GameStore, rooms: ClosingRooms, termination: Closing, everyMs: number): { stop(): void } {
  const inPlay = () => (termination === 'closed' ? store.accounts.closedInPlay() : store.moderation.bannedInPlay());
  let running: Promise<void> = Promise.resolve();
  const run = (): void => {
    running = running
      .then(async () => {
        for (const account of await inPlay()) await endGamesOf(account, termination, store, rooms);
      })
      .catch(() => undefined);
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
