import type { Agent } from '../../engine/agent.ts';
import { seedEvaluation } from './evaluate.ts';
import type { NonagaTurn } from './notation.ts';
import type { NonagaState } from './state.ts';
import { legalTurns } from './turns.ts';

/**
 * Seed 001's computer player: one turn ahead, it plays a winning slide when there is one and
 * otherwise the turn after which its evaluation (opponent's token spread − 2 × its own) is best;
 * the disc move does not change that score, so among equal turns it picks at random.
 */
export const seedAgent: Agent<NonagaState, NonagaTurn> = {
  name: 'seed',
  async choose(_game, state, { rng }) {
    const pos = state.pos;
    const me = pos.turn;
    let best: NonagaTurn[] = [];
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const turn of legalTurns(pos)) {
      pos.make(turn.slide);
      const score = pos.result === me ? Number.POSITIVE_INFINITY : seedEvaluation(pos, me);
      pos.unmake();
      if (score > bestScore) {
        bestScore = score;
        best = [turn];
      } else if (score === bestScore) best.push(turn);
    }
    return rng.pick(best);
  },
};
