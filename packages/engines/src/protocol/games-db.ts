import type { Json } from '../engine/game.ts';

/** A finished game the games database found, as the server sends it and the app reads it (docs/social.md). */
export interface FoundGame {
  readonly id: string;
  readonly game: string;
  readonly createdAt: number;
  readonly speed: string;
  readonly rated: boolean;
  readonly termination: string;
  /** The seat that won, or null (a draw, or no single winner). */
  readonly winner: number | null;
  readonly draw: boolean;
  /** The players' mean rating before the game (rated games), or null. */
  readonly rating: number | null;
  readonly opening: readonly string[];
  /** Per seat, the name it was played under (null: nobody's name, an AI's seat). */
  readonly players: readonly (string | null)[];
  /**
   * Its last position as a spectator sees it (the game's public view), to draw it small: sent with a
   * search's page (never by the store), left out when it is large (a very long game) or cannot be made.
   */
  readonly position?: Json;
}
