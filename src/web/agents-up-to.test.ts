import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { describe, expect, it } from 'vitest';
import { agentsUpTo } from './agents-up-to.ts';

describe("the browser's AI levels under a test's depth limit", () => {
  it('holds "max" to the depth, leaves the other levels their budgets, and changes nothing without a limit', async () => {
    const game = hive as never;
    const state = hive.newGame(hive.defaultOptions, 'limit');
    const asked: { name: string; depth: number | undefined }[] = [];
    const create = (_: unknown, name: string) =>
      ({
        ok: true,
        value: {
          name,
          choose: async (_g: unknown, s: unknown, context: { depth?: number }) => {
            asked.push({ name, depth: context.depth });
            return hive.legalMoves(s as typeof state)[0];
          },
        },
      }) as const;
    const context = { rng: Rng.fromSeed('limit') };
    for (const name of ['max', 'hard', 'medium', 'easy']) await unwrap(agentsUpTo(3, create)(game, name)).choose(game, state, context);
    await unwrap(agentsUpTo(undefined, create)(game, 'max')).choose(game, state, context);
    expect(asked).toEqual([
      { name: 'max', depth: 3 },
      { name: 'hard', depth: undefined },
      { name: 'medium', depth: undefined },
      { name: 'easy', depth: undefined },
      { name: 'max', depth: undefined },
    ]);
    // The real agents: an unknown name is refused as before.
    expect(agentsUpTo(3)(game, 'nobody').ok).toBe(false);
  });
});
