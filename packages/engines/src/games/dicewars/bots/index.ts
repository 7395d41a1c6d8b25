import type { Agent } from '../../../engine/agent.ts';
import type { Rng } from '../../../engine/rng.ts';
import type { DiceWarsMove, DiceWarsPosition } from '../position.ts';
import { cautiousAgent } from './cautious.ts';
import { gamedesignAgent, gamedesignMove } from './gamedesign.ts';
import { CROWD_WEIGHTS, DUEL_WEIGHTS, hardAgent, STRENGTH_WEIGHTS, weightsFor } from './hard.ts';
import { hexoAgent, hexoMove } from './hexo.ts';

export { gamedesignAgent, hardAgent, hexoAgent };

/** `medium`: hard's judgement without the sense of danger (no exposure terms). */
const mediumAgent: Agent<DiceWarsPosition, DiceWarsMove> = {
  name: 'medium',
  choose(game, pos, context) {
    const w = weightsFor(pos);
    const blind =
      w === STRENGTH_WEIGHTS ? STRENGTH_WEIGHTS : { ...(w === DUEL_WEIGHTS ? DUEL_WEIGHTS : CROWD_WEIGHTS), exposure: 0, groupExposure: 0 };
    return hardAgent('medium', blind).choose(game, pos, context);
  },
};

/**
 * A simulation, played in place: every seat plays the reference bot of the rule set, which is
 * quick and plays the whole game (a random mover would rarely end its turn, and the original bot
 * never expands).
 */
export function playout(pos: DiceWarsPosition, rng: Rng, plies: number): DiceWarsPosition {
  const classic = pos.rules === 'classic';
  for (let i = 0; i < plies && !pos.isOver(); i++) pos.play(classic ? gamedesignMove(pos, rng) : hexoMove(pos));
  return pos;
}

/**
 * DiceWars players by name: the two reference bots and hexarena's levels. `max` is `hard`: looking
 * three attacks ahead instead of two, and rollouts against a model of the opponents, were tried
 * and did not beat it (see the notes of issue 4).
 */
export const DICEWARS_AGENTS: Readonly<Record<string, Agent<DiceWarsPosition, DiceWarsMove>>> = {
  gamedesign: gamedesignAgent,
  hexo: hexoAgent,
  easy: cautiousAgent,
  medium: mediumAgent,
  hard: hardAgent(),
  max: hardAgent('max'),
};
