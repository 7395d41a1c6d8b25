import type { Agent } from '../../../engine/agent.ts';
import { ATTACK_ODDS, fractionValue, strengthWinProbability } from '../odds.ts';
import type { DiceWarsMove, DiceWarsPosition } from '../position.ts';

/**
 * The beginner's rule, for the `easy` level: expand anywhere, attack only at even odds or better,
 * best odds first, and stop when nothing is left.
 */
export const cautiousAgent: Agent<DiceWarsPosition, DiceWarsMove> = {
  name: 'easy',
  async choose(_game, pos) {
    let best: DiceWarsMove = { type: 'end' };
    let bestOdds = 0.5;
    for (const move of pos.legalMoves()) {
      if (move.type === 'end') continue;
      const a = pos.dice[move.from] as number;
      const d = pos.dice[move.to] as number;
      const p =
        move.type === 'expand'
          ? 1
          : pos.rules === 'classic'
            ? (ATTACK_ODDS[a]?.[d] as number)
            : fractionValue(strengthWinProbability(a, d));
      if (p >= bestOdds) {
        bestOdds = p;
        best = move;
      }
    }
    return best;
  },
};
