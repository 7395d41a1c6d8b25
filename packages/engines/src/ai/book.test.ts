import { describe, expect, it } from 'vitest';
import type { Agent } from '../engine/agent.ts';
import { Rng } from '../engine/rng.ts';
import { type NonagaState, nonaga, nonagaAi } from '../games/nonaga/index.ts';
import { tictactoe, tictactoeAi } from '../games/tictactoe/index.ts';
import { bookAgent, buildBook } from './book.ts';
import { perfectAgent } from './perfect.ts';
import { playable } from './profiles.ts';

/** Nonaga with its AI profile: the book keys positions by it. */
const keyedNonaga = playable(nonaga) as typeof nonaga & { positionKey(state: NonagaState): string };

describe('opening books', () => {
  it('cover every position within the turns asked, each with a legal move', async () => {
    const start = nonaga.newGame(nonaga.defaultOptions, 'b');
    const book = await buildBook(keyedNonaga, [start], { depth: 1, turns: 0 });
    expect(Object.keys(book.entries)).toEqual([nonagaAi.positionKey(start)]);
    const move = Object.values(book.entries)[0] as string;
    expect(nonaga.parseMove(start, move).ok).toBe(true);
    // One turn deeper: the start and every position one turn from it.
    const deeper = await buildBook(keyedNonaga, [start], { depth: 1, turns: 1 });
    expect(Object.keys(deeper.entries)).toHaveLength(
      1 + new Set(nonaga.legalMoves(start).map((t) => nonagaAi.positionKey(nonaga.play(start, t)))).size,
    );
  });

  it('the book agent plays the book move, and hands over when the position is not in it', async () => {
    const start = tictactoe.newGame({}, 'b');
    const fallback: Agent<unknown, unknown> = { name: 'inner', choose: async () => ({ cell: 8 }) };
    const agent = bookAgent('max', fallback, async () => ({ [tictactoeAi.positionKey(start)]: 'b2' }));
    const rng = Rng.fromSeed('x');
    expect(await agent.choose(tictactoe, start, { rng })).toEqual({ cell: 4 });
    const later = tictactoe.play(start, { cell: 0 });
    expect(await agent.choose(tictactoe, later, { rng })).toEqual({ cell: 8 });
    // An entry that does not parse as legal is ignored, not played.
    const bad = bookAgent('max', perfectAgent, async () => ({ [tictactoeAi.positionKey(start)]: 'z9' }));
    expect((await bad.choose(tictactoe, start, { rng })) as { cell: number }).toHaveProperty('cell');
  });
});
