import type { NonagaPosition, NonagaRules, Side } from './position.ts';

/** The options of a game: the rules' variants, and who moves first. */
export interface NonagaOptions extends NonagaRules {
  readonly first: 'red' | 'black' | 'random';
}

/** A game of Nonaga as the contract holds it: the mutable position, and what its record needs. */
export interface NonagaState {
  readonly pos: NonagaPosition;
  readonly options: NonagaOptions;
  /** The turns so far as text, for records and fromJSON. */
  readonly turns: readonly string[];
  /** The seed decides the first player when it is random. */
  readonly seed: string;
  /** Who moved first (drawn from the seed when the options say random). */
  readonly first: Side;
  /**
   * The position the game was set up from (position notation), when it did not begin at the start:
   * `turns` follow on from it.
   */
  readonly position?: string;
}

export const DEFAULT_NONAGA_OPTIONS: NonagaOptions = {
  first: 'red',
  connectivity: 'strict',
  placementCap: false,
  triangleOnly: false,
  stuckPasses: false,
  maxTurns: 200,
};
