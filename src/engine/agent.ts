import type { GameRules } from './game.ts';
import type { Rng } from './rng.ts';

/** What the caller grants an agent for one decision. */
export interface ChooseContext {
  /** The agent's only source of randomness: the caller owns it, so matches replay exactly. */
  readonly rng: Rng;
  readonly timeMs?: number;
  readonly depth?: number;
  readonly signal?: AbortSignal;
  /** Milliseconds for `timeMs` (the wall clock by default; tests drive a clock of their own). */
  readonly clock?: () => number;
}

/** A player program: random mover, search, solver, a remote bot. */
export interface Agent<S, M> {
  readonly name: string;
  /** A legal move for the side to move; the state is not over. */
  choose(game: GameRules<S, M>, state: S, context: ChooseContext): Promise<M>;
}

/** The clock agents read unless told otherwise, in milliseconds. */
export const wallClock = (): number => performance.now();

/**
 * An agent that could not give a move (an outside program that crashed, stalled, said `err` or
 * answered an illegal move): the match scores that game as lost by its seat, with this reason, and
 * goes on. Any other error is a bug and stops the match.
 */
export class AgentFailure extends Error {
  override readonly name = 'AgentFailure';
}
