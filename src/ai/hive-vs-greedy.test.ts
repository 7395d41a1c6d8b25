import { describe, expect, it } from 'vitest';
import { runMatch } from '../engine/match.ts';
import { hive } from '../games/hive/game.ts';
import { createAgent } from './agents.ts';
import { greedyAgent } from './alphabeta.ts';

describe('Hive strength', () => {
  it('hard beats a one-ply greedy player in at least 90 games of 100', async () => {
    const hard = createAgent(hive, 'hard');
    if (!hard.ok) throw hard.error;
    const r = await runMatch({ game: hive, agents: [hard.value, greedyAgent], games: 100, seed: 'hard-vs-greedy', maxMoves: 400 });
    expect(r.agents[0]?.wins).toBeGreaterThanOrEqual(90);
  }, 300_000);
});
