import type { GameType } from './pieces.ts';
import type { HivePosition } from './position.ts';

export interface HiveOptions {
  readonly type: GameType;
  /** No queen on a player's first turn. */
  readonly tournament: boolean;
  /** The third occurrence of a position (same side to move, same last-moved piece) is a draw. */
  readonly repetitionDraw: boolean;
}

export const DEFAULT_HIVE_OPTIONS: HiveOptions = { type: 'Base+MLP', tournament: true, repetitionDraw: false };

/** The pure contract's state: a position nobody mutates (play works on a clone). */
export interface HiveState {
  readonly pos: HivePosition;
  readonly options: HiveOptions;
}
