import { describe, expect, it } from 'vitest';
import { runMatch } from '../engine/match.ts';
import { nonaga } from '../games/nonaga/game.ts';
import { createAgent } from './agents.ts';

describe('Nonaga strength', () => {
  const hard = () => {
    const agent = createAgent(nonaga, 'hard');
    if (!agent.ok) throw agent.error;
    return agent.value;
  };

  it('hard beats seed 001’s bot in at least 95 games of 100, seats alternating', async () => {
    const seed = createAgent(nonaga, 'seed');
    if (!seed.ok) throw seed.error;
    const r = await runMatch({ game: nonaga, agents: [hard(), seed.value], games: 100, seed: 'hard-vs-seed' });
    expect(r.agents[0]?.wins).toBeGreaterThanOrEqual(95);
  }, 300_000);
});
