import { describe, expect, it } from 'vitest';
import { createAgent } from '../../ai/agents.ts';
import { Rng } from '../../engine/rng.ts';
import { nonagaAi } from './ai.ts';
import { type NonagaState, nonaga } from './game.ts';
import type { NonagaTurn } from './notation.ts';

/** The shipped opening book (src/games/nonaga/opening-book.json, built by `hexarena book nonaga`). */
describe('the Nonaga opening book', () => {
  const starts = (['red', 'black'] as const).map((first) => nonaga.newGame({ ...nonaga.defaultOptions, first }, 'book'));
  const covered: NonagaState[] = starts
    .flatMap((s) => [s, ...nonaga.legalMoves(s).map((t) => nonaga.play(s, t))])
    .filter((s) => !nonaga.result(s));

  it('covers the start and every position one turn in, for either first player, with a legal turn each', async () => {
    const entries = await (nonagaAi.openingBook as () => Promise<Readonly<Record<string, string>>>)();
    for (const state of covered) {
      const text = entries[nonagaAi.positionKey(state)];
      expect(text, nonagaAi.positionKey(state)).toBeDefined();
      expect(nonaga.parseMove(state, text as string).ok).toBe(true);
    }
  });

  it('the max level opens with the book move', async () => {
    const entries = await (nonagaAi.openingBook as () => Promise<Readonly<Record<string, string>>>)();
    const max = createAgent(nonaga, 'max');
    if (!max.ok) throw max.error;
    const start = starts[0] as NonagaState;
    const turn = await max.value.choose(nonaga, start, { rng: Rng.fromSeed('b') });
    expect(nonaga.formatMove(start, turn as NonagaTurn)).toBe(entries[nonagaAi.positionKey(start)]);
  });
});
