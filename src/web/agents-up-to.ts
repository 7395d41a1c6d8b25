import { createAgent } from '@hexarena/engines/ai/agents.ts';
import type { Agent } from '@hexarena/engines/engine/agent.ts';
import type { GameRules } from '@hexarena/engines/engine/game.ts';
import { ok, type Result } from '@hexarena/engines/engine/result.ts';

type Resolve = (game: GameRules<unknown, unknown>, name: string) => Result<Agent<unknown, unknown>>;

/**
 * The agents by name as the AI worker makes them, the level that thinks for a time ("max") held to
 * `maxDepth` plies when a test has set a limit (analysis/search-limit.ts). The other levels have
 * budgets of their own (depth and nodes) and keep them: a depth given to them would replace theirs.
 */
export function agentsUpTo(maxDepth: number | undefined, create: Resolve = createAgent): Resolve {
  return (game, name) => {
    const agent = create(game, name);
    if (maxDepth === undefined || name !== 'max' || !agent.ok) return agent;
    const held = agent.value;
    return ok({ name: held.name, choose: (g, state, context) => held.choose(g, state, { ...context, depth: maxDepth }) });
  };
}
