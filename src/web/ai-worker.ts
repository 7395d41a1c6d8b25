/// <reference lib="webworker" />
import { createAgent } from '../ai/agents.ts';
import { Rng } from '../engine/rng.ts';
import { findGame } from '../games/index.ts';

/**
 * The AI thinks here, off the page's thread: a request names the game, its options, the moves so
 * far and the agent; the answer is the move as text (or an error message).
 */
export interface AiRequest {
  readonly id: number;
  readonly game: string;
  readonly options: unknown;
  readonly seed: string;
  readonly moves: readonly string[];
  readonly agent: string;
}
export type AiAnswer = { readonly id: number; readonly move: string } | { readonly id: number; readonly error: string };

self.onmessage = async (event: MessageEvent<AiRequest>) => {
  const { id, game: gameId, options, seed, moves, agent: name } = event.data;
  try {
    const game = findGame(gameId);
    if (!game.ok) throw game.error;
    let state = game.value.newGame(options, seed);
    for (const text of moves) {
      const move = game.value.parseMove(state, text);
      if (!move.ok) throw move.error;
      state = game.value.play(state, move.value);
    }
    const agent = createAgent(game.value, name);
    if (!agent.ok) throw agent.error;
    const move = await agent.value.choose(game.value, state, { rng: Rng.fromSeed(`${seed}/${moves.length}`) });
    (self as unknown as Worker).postMessage({ id, move: game.value.formatMove(state, move) } satisfies AiAnswer);
  } catch (e) {
    (self as unknown as Worker).postMessage({ id, error: e instanceof Error ? e.message : String(e) } satisfies AiAnswer);
  }
};
