import { type MessageKey, t } from './index.ts';

/** Who may sit in a seat, as a seat list names them: "max" is the agents' word, not a player's. */
const AGENT_LABELS: Readonly<Record<string, MessageKey>> = {
  human: 'create.agent.human',
  random: 'create.agent.random',
  easy: 'create.agent.easy',
  medium: 'create.agent.medium',
  hard: 'create.agent.hard',
  max: 'create.agent.max',
  perfect: 'create.agent.perfect',
  greedy: 'create.agent.greedy',
};

/**
 * An agent (an AI level, or "human") in the player's language; a game's own agents by its words
 * (`own`: Nonaga's "seed" is no seed); a name neither knows (mcts, an outside engine) as it is.
 */
export function agentWord(agent: string, own?: Readonly<Record<string, MessageKey>>): string {
  const key = own?.[agent] ?? AGENT_LABELS[agent];
  return key ? t(key) : agent;
}
