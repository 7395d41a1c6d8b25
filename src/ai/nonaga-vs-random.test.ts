import { describe, expect, it } from 'vitest';
import { runMatch } from '../engine/match.ts';
import { nonaga } from '../games/nonaga/game.ts';
import { createAgent } from './agents.ts';
import { randomAgent } from './random.ts';

describe('Nonaga strength', () => {
  const hard = () => {
    const agent = createAgent(nonaga, 'hard');
    if (!agent.ok) throw agent.error;
    return agent.value;
  };

  it('hard beats random in 100 games of 100', async () => {
    const r = await runMatch({ game: nonaga, agents: [hard(), randomAgent], games: 100, seed: 'hard-vs-random' });
    expect(r.agents[0]?.wins).toBe(100);
  }, 300_000);
});
