import type { Agent } from '../../../engine/agent.ts';
import type { DiceWarsMove, DiceWarsPosition } from '../position.ts';
import { gamedesignAgent } from './gamedesign.ts';
import { hardAgent } from './hard.ts';
import { hexoAgent } from './hexo.ts';

export { gamedesignAgent, hardAgent, hexoAgent };

/** DiceWars players by name: the two reference bots and hexarena's own. */
export const DICEWARS_AGENTS: Readonly<Record<string, Agent<DiceWarsPosition, DiceWarsMove>>> = {
  gamedesign: gamedesignAgent,
  hexo: hexoAgent,
  hard: hardAgent(),
};
