import type { Agent } from '../engine/agent.ts';

/** Plays a uniformly random legal move: the floor every other agent must beat. */
export const randomAgent: Agent<unknown, unknown> = {
  name: 'random',
  async choose(game, state, { rng }) {
    const moves = game.legalMoves(state);
    if (moves.length === 0) throw new Error(`${game.id}: random agent asked to move in a finished game`);
    return rng.pick(moves);
  },
};
