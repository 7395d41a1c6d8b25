import { createHash } from 'node:crypto';
import type { Room } from './room.ts';
import type { GamesStore, StoredGame } from './store.ts';

/**
 * Rematches: the next game of a finished one, made once across instances. Its id follows from the
 * finished game's secret seed, so instances asked at once make one game between them, whoever asks
 * next gets the same one, and an instance that hears of a rematch late finds it in the store.
 */
/** What a rematch needs of a game's room. */
export type Finished = Pick<Room, 'id' | 'stored' | 'over'>;

export class Rematches {
  /** The rematch of each finished game that has one, as far as this instance knows. */
  private readonly made = new Map<string, Promise<string>>();
  private readonly listeners = new Map<string, Set<(id: string) => void>>();

  constructor(
    private readonly games: Pick<GamesStore, 'read'>,
    /** Makes the rematch of `finished` under `id` (its room loaded); rejects if the store has that id. */
    private readonly create: (finished: StoredGame, id: string) => Promise<unknown>,
    /** Tells the other instances that game `of` has its rematch `id`. */
    private readonly publish: (of: string, id: string) => void,
  ) {}

  /** The rematch of a finished game, made if nobody has made it yet. */
  of(room: Finished): Promise<string> {
    let made = this.made.get(room.id);
    if (!made) {
      const id = rematchId(room.stored.seed);
      made = this.create(room.stored, id).then(
        () => id,
        // Made already, by another instance: that one is the rematch.
        async (e: unknown) => {
          if (await this.games.read(id)) return id;
          throw e;
        },
      );
      made.then(
        (next) => this.publish(room.id, next),
        () => this.made.delete(room.id),
      );
      this.remember(room.id, made);
    }
    return made;
  }

  /** Another instance made the rematch `next` of game `of`. */
  heard(of: string, next: string): void {
    this.remember(of, Promise.resolve(next));
  }

  /** Calls `listener` with the id of the game's rematch once there is one (made here or on another instance). */
  follow(room: Finished, listener: (rematch: string) => void): () => void {
    const id = room.id;
    const listeners = this.listeners.get(id) ?? new Set();
    this.listeners.set(id, listeners);
    listeners.add(listener);
    const known = this.made.get(id);
    if (known) void known.then(listener, () => undefined);
    else if (room.over) {
      // Made before this instance followed the game: the store has it under the id the seed gives.
      const next = rematchId(room.stored.seed);
      void this.games.read(next).then(
        (found) => {
          if (found && !this.made.has(id)) this.heard(id, next);
        },
        () => undefined,
      );
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(id);
    };
  }

  /** Records the rematch of game `of` and tells whoever waits for it. */
  private remember(of: string, made: Promise<string>): void {
    this.made.set(of, made);
    made.then(
      (next) => {
        for (const listener of this.listeners.get(of) ?? []) listener(next);
      },
      () => undefined,
    );
  }
}

/** The seats of a rematch: everyone one seat on (colours swap in a two-player game). */
export function rematchSeats<T>(seats: readonly T[]): T[] {
  return seats.map((_, i) => seats[(i - 1 + seats.length) % seats.length] as T);
}

/** The rematch's id: unguessable without the finished game's seed, the same on every instance. */
export function rematchId(seed: string): string {
  return createHash('sha256').update(`rematch/${seed}`).digest().subarray(0, 9).toString('base64url');
}
