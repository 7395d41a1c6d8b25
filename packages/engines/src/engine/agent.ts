// The player contract is written beside the game contract it takes (game.ts), so neither imports the other.
export type { Agent, ChooseContext } from './game.ts';

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
