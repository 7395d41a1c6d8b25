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
  // A game's own agents, named once by their id everywhere (the strips, a live game's seats).
  gamedesign: 'create.agent.gamedesign',
  hexo: 'create.agent.hexo',
  seed: 'create.agent.seed',
};

/**
 * An agent (an AI level, or "human") in the player's language; a game's own agents by its words
 * (`own`: Nonaga's "seed" is no seed); a name neither knows (mcts, an outside engine) as it is.
 */
export function agentWord(agent: string, own?: Readonly<Record<string, MessageKey>>): string {
  const key = own?.[agent] ?? AGENT_LABELS[agent];
  return key ? t(key) : agent;
}

/** A game's own agents: named in a strip by their names, as an engine is (their words in a seat list are long). */
const OWN_AGENTS = new Set(['gamedesign', 'hexo', 'seed']);

/** A seat's agent as a player's strip names it, short: a level in the player's language, a game's own agent by its name. */
export function stripWord(agent: string): string {
  return OWN_AGENTS.has(agent) ? agent : agentWord(agent);
}

/**
 * A live game's player as the page names them: a person by their name, an AI seat by its level in
 * the player's language (the server's `name` for it is the API's English, "AI (random)").
 */
export function livePlayerName(player: { readonly name: string; readonly ai?: string }): string {
  return player.ai === undefined ? player.name : t('players.aiLevel', { level: agentWord(player.ai) });
}
