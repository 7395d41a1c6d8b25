import { describe, expect, it } from 'vitest';
import { runMatch } from '../engine/match.ts';
import { hive } from '../games/hive/game.ts';
import { createAgent } from './agents.ts';
import { randomAgent } from './random.ts';

describe('Hive strength', () => {
  it('hard beats random in 100 games of 100 (Base+MLP, seats alternating)', async () => {
    const hard = createAgent(hive, 'hard');
    if (!hard.ok) throw hard.error;
    const r = await runMatch({ game: hive, agents: [hard.value, randomAgent], games: 100, seed: 'hard-vs-random', maxMoves: 400 });
    expect(r.agents[0]?.wins).toBe(100);
  }, 300_000);
});
