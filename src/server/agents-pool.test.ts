import { afterEach, describe, expect, it } from 'vitest';
import { AgentsPool } from './agents-pool.ts';

let pool: AgentsPool | undefined;
afterEach(() => pool?.close());

describe("the AI's threads", () => {
  it('start with the first job when nothing started them, and answer it', async () => {
    pool = new AgentsPool(1);
    const move = await pool.choose({ game: 'tictactoe', options: {}, seed: 's', moves: ['b2', 'a1'], agent: 'perfect' });
    expect(['a2', 'a3', 'b1', 'b3', 'c1', 'c2', 'c3']).toContain(move);
  });

  it('started once, are not started again; closed, refuse jobs', async () => {
    pool = new AgentsPool(1);
    pool.start();
    pool.start();
    expect(await pool.choose({ game: 'tictactoe', options: {}, seed: 's', moves: [], agent: 'random' })).toMatch(/^[a-c][1-3]$/);
    await pool.close();
    pool.start();
    await expect(pool.choose({ game: 'tictactoe', options: {}, seed: 's', moves: [], agent: 'random' })).rejects.toThrow(/closed/);
  });
});
