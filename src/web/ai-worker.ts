/// <reference lib="webworker" />
import { type Decision, decide } from '@hexarena/engines/ai/decide.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { agentsUpTo } from './agents-up-to.ts';
import { type EngineFailure, failureOf } from './worker-failure.ts';

/**
 * The AI thinks here, off the page's thread: a request names the game, its options, the moves so
 * far and the agent; the answer is the move as text, or the failure with its code (worker-failure.ts).
 */
export interface AiRequest extends Decision {
  readonly id: number;
  /**
   * The deepest the level that thinks for a time ("max") searches: a test's limit
   * (analysis/search-limit.ts), so that its move does not hang on the machine's speed. The other
   * levels have budgets of their own and keep them.
   */
  readonly maxDepth?: number;
}

export type AiAnswer = { readonly id: number; readonly move: string } | { readonly id: number; readonly failure: EngineFailure };

self.onmessage = async (event: MessageEvent<AiRequest>) => {
  const { id, seed, moves } = event.data;
  try {
    const move = await decide(event.data, Rng.fromSeed(`${seed}/${moves.length}`), agentsUpTo(event.data.maxDepth));
    (self as unknown as Worker).postMessage(
      (move.ok ? { id, move: move.value } : { id, failure: failureOf(move.error) }) satisfies AiAnswer,
    );
  } catch (e) {
    (self as unknown as Worker).postMessage({ id, failure: failureOf(e) } satisfies AiAnswer);
  }
};
