import type { Agent } from '../engine/agent.ts';
import type { GameRules, SearchHooks } from '../engine/game.ts';
import { Searcher, type SearchLimits, type SearchResult } from './search.ts';

export interface SearchBudget {
  readonly depth?: number;
  readonly timeMs?: number;
  readonly nodes?: number;
}

export function searchHooks<S, M>(game: GameRules<S, M>): SearchHooks<S, M> {
  if (!game.search) throw new Error(`${game.id} offers no search hooks, so it has no search agent`);
  return game.search;
}

/**
 * An alpha-beta player with a budget. The caller's limits (a UHP `bestmove time`, say) take
 * precedence over the budget's. Keeps its transposition table from move to move.
 */
export function alphaBetaAgent(name: string, budget: SearchBudget, onResult?: (r: SearchResult) => void): Agent<unknown, unknown> {
  const searcher = new Searcher();
  return {
    name,
    async choose(game, state, context) {
      const hooks = searchHooks(game);
      const limits: SearchLimits = {
        ...budget,
        ...(context.depth === undefined ? {} : { depth: context.depth }),
        ...(context.timeMs === undefined ? {} : { timeMs: context.timeMs }),
        ...(context.signal === undefined ? {} : { signal: context.signal }),
      };
      // Search again while the same player is to move (a turn made of several plies).
      const pos = hooks.open(state);
      const side = pos.turn();
      const plies: number[] = [];
      do {
        const result = searcher.search(pos, hooks.maxMoves, limits, context.rng);
        onResult?.(result);
        plies.push(result.move);
        pos.make(result.move);
      } while (pos.turn() === side && pos.terminal() === null);
      return hooks.toMove(state, plies);
    },
  };
}

/**
 * Looks one move ahead: a win if there is one, else the move after which the game's evaluation
 * is best (ties at random). The classic baseline a search must beat.
 */
export const greedyAgent: Agent<unknown, unknown> = {
  name: 'greedy',
  async choose(game, state, { rng }) {
    const hooks = searchHooks(game);
    const pos = hooks.open(state);
    const buffer = new Int32Array(hooks.maxMoves);
    const side = pos.turn();
    const plies: number[] = [];
    do {
      const n = pos.generate(buffer);
      if (n === 0) throw new Error(`${game.id}: greedy agent asked to move in a finished game`);
      let best: number[] = [];
      let bestScore = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < n; i++) {
        const m = buffer[i] as number;
        pos.make(m);
        const over = pos.terminal();
        // Scores are for the side to move after the move: negate them when that is the opponent.
        const sign = pos.turn() === side ? 1 : -1;
        const score = over !== null ? sign * over * 1e9 : sign * pos.evaluate();
        pos.unmake();
        if (score > bestScore) {
          bestScore = score;
          best = [m];
        } else if (score === bestScore) best.push(m);
      }
      const chosen = rng.pick(best);
      plies.push(chosen);
      pos.make(chosen);
    } while (pos.turn() === side && pos.terminal() === null);
    return hooks.toMove(state, plies);
  },
};
