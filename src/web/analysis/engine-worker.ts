/// <reference lib="webworker" />
import { type AnalysisStep, analysePosition, type ChanceStep, canSearch, simulateChances } from '@hexarena/engines/ai/analysis.ts';
import { decide } from '@hexarena/engines/ai/decide.ts';
import type { Json } from '@hexarena/engines/engine/game.ts';
import { replayFrom } from '@hexarena/engines/engine/replay.ts';
import { fail } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { type EngineFailure, failureOf } from '../worker-failure.ts';
import { MAX_SEARCH_DEPTH } from './search-limit.ts';

/**
 * The analysis board's engine, off the page's thread. One request is one position, searched deeper
 * and deeper (or simulated, for a game of chance) until the work is done or the page ends the
 * worker: a search cannot be interrupted from inside, so a new position means a new worker.
 */
export interface EngineRequest {
  readonly game: string;
  readonly options: Json;
  readonly seed: string;
  /** A position set up to start from (the game's position notation), in place of the game's start. */
  readonly position?: string;
  readonly moves: readonly string[];
  readonly lines: number;
  /** The deepest to search (a test's limit, search-limit.ts); depth 40 when absent. */
  readonly maxDepth?: number;
}

export type EngineAnswer =
  | { readonly kind: 'step'; readonly step: AnalysisStep }
  | { readonly kind: 'chances'; readonly chances: ChanceStep }
  | { readonly kind: 'best'; readonly move: string }
  | { readonly kind: 'done' }
  | { readonly kind: 'error'; readonly failure: EngineFailure };

/** How long one position is thought about before the engine rests (a phone's battery counts too). */
export const THINKING_MS = 30_000;
const post = (answer: EngineAnswer) => (self as unknown as Worker).postMessage(answer);

self.onmessage = async (event: MessageEvent<EngineRequest>) => {
  const request = event.data;
  try {
    const game = findGame(request.game);
    // Errors are thrown as they came, codes and causes with them (failureOf keeps them for the page).
    if (!game.ok) throw game.error;
    const options = game.value.parseOptions(request.options);
    if (!options.ok) throw options.error;
    let start = game.value.newGame(options.value, request.seed);
    if (request.position !== undefined) {
      const set = game.value.parsePosition?.(request.position) ?? fail(`${game.value.title} has no position notation`);
      if (!set.ok) throw set.error;
      start = set.value;
    }
    const played = replayFrom(game.value, start, request.moves);
    if (played.refusal !== null) throw played.refusal;
    const state = played.states.at(-1);
    const started = performance.now();
    if (canSearch(game.value)) {
      for (const step of analysePosition(game.value, state, {
        lines: request.lines,
        maxDepth: Math.min(MAX_SEARCH_DEPTH, request.maxDepth ?? MAX_SEARCH_DEPTH),
      })) {
        post({ kind: 'step', step });
        if (performance.now() - started > THINKING_MS) break;
      }
    } else {
      const seats = game.value.seatNames(options.value).length;
      const rng = Rng.fromSeed(`analysis/${request.seed}/${request.moves.length}`);
      let first = true;
      for (const chances of simulateChances(game.value, state, seats, rng)) {
        post({ kind: 'chances', chances });
        if (first) {
          first = false;
          const best = await decide({ ...request, agent: 'hard' }, rng);
          if (best.ok) post({ kind: 'best', move: best.value });
        }
        if (performance.now() - started > THINKING_MS) break;
      }
    }
    post({ kind: 'done' });
  } catch (e) {
    post({ kind: 'error', failure: failureOf(e) });
  }
};
