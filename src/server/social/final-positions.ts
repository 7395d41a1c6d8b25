import type { Json } from '@hexarena/engines/engine/game.ts';
import { POSITION_MAX } from '../current-games.ts';
import { Room } from '../room.ts';
import type { GameStore } from '../store.ts';

/**
 * The last position of finished games, as the games database's results draw them small: each the
 * game's public view (what a spectator sees, its replay's last position), made once from the stored
 * moves and kept — a finished game never changes — for the most recently shown games. A position
 * larger than POSITION_MAX as JSON is left out, as in the list of games being played, so a page of
 * results stays small however long its games.
 */

/** Positions kept (each at most POSITION_MAX characters: a few megabytes at worst). */
export const FINAL_POSITIONS_KEPT = 1000;

export class FinalPositions {
  /** In the order last used, oldest first; null: none to show (too large, or the game cannot be replayed). */
  private readonly kept = new Map<string, Promise<Json | null>>();

  constructor(
    private readonly store: GameStore,
    private readonly keep = FINAL_POSITIONS_KEPT,
    private readonly largest = POSITION_MAX,
  ) {}

  /** Each game's last position, or null; read together. */
  of(ids: readonly string[]): Promise<(Json | null)[]> {
    return Promise.all(ids.map((id) => this.one(id)));
  }

  private one(id: string): Promise<Json | null> {
    let position = this.kept.get(id);
    if (position) this.kept.delete(id);
    else position = this.make(id);
    this.kept.set(id, position);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.keep) break;
      this.kept.delete(oldest);
    }
    return position;
  }

  private async make(id: string): Promise<Json | null> {
    try {
      const stored = await this.store.games.read(id);
      if (!stored || stored.ending === null) {
        // Not finished (not one of the database's): nothing kept, it may still move.
        this.kept.delete(id);
        return null;
      }
      const view = Room.of(this.store, stored).view(null);
      return JSON.stringify(view).length <= this.largest ? view : null;
    } catch {
      // A store that did not answer is asked again next time; a game under other rules is not drawn.
      this.kept.delete(id);
      return null;
    }
  }
}
