import { type Agent, wallClock } from '../engine/agent.ts';
import type { GameRules, SearchHooks, SearchPosition } from '../engine/game.ts';
import type { Rng } from '../engine/rng.ts';
import { aiOf } from './profiles.ts';
import { Searcher, type SearchLimits, type SearchResult } from './search.ts';

export interface SearchBudget {
  readonly depth?: number;
  readonly timeMs?: number;
  readonly nodes?: number;
  /** Think until the time is up (an engine told its time), as SearchLimits.useAllTime. */
  readonly useAllTime?: boolean;
}

export function searchHooks<S, M>(game: GameRules<S, M>): SearchHooks<S, M> {
  const { search } = aiOf(game);
  if (!search) throw new Error(`${game.id} offers no search hooks, so it has no search agent`);
  return search;
}

/**
 * An alpha-beta player with a budget. The caller's limits (a UHP `bestmove time`, say) take
 * precedence over the budget's. Keeps its transposition table from move to move.
 */
export function alphaBetaAgent(
  name: string,
  budget: SearchBudget,
  onResult?: (r: SearchResult) => void,
  /** The transposition table holds 2^ttBits entries (about 14 bytes each). */
  ttBits?: number,
): Agent<unknown, unknown> {
  const searcher = new Searcher(ttBits);
  return {
    name,
    async choose(game, state, context) {
      const hooks = searchHooks(game);
      // A timed search of a position the game calls trivial stops at the depth it names.
      const shallow =
        context.depth === undefined && (context.timeMs ?? budget.timeMs) !== undefined ? hooks.shallowDepth?.(state) : undefined;
      const limits: SearchLimits = {
        ...budget,
        ...(shallow === undefined ? {} : { depth: shallow }),
        ...(context.depth === undefined ? {} : { depth: context.depth }),
        ...(context.timeMs === undefined ? {} : { timeMs: context.timeMs }),
        ...(context.signal === undefined ? {} : { signal: context.signal }),
        ...(context.clock === undefined ? {} : { clock: context.clock }),
      };
      return hooks.toMove(state, searchTurn(searcher, hooks.open(state), hooks.maxMoves, limits, context.rng, onResult));
    },
  };
}

/**
 * The plies of one turn (Nonaga's slide and disc are two plies of one player). The budget is for
 * the whole decision: the first search already looked through the rest of the turn, so its
 * principal variation gives the later plies; only where that line stops short is the rest searched,
 * with what is left of the time and nodes.
 */
export function searchTurn(
  searcher: Searcher,
  pos: SearchPosition,
  maxMoves: number,
  limits: SearchLimits,
  rng?: Rng,
  onResult?: (r: SearchResult) => void,
): number[] {
  const clock = limits.clock ?? wallClock;
  const started = clock();
  const side = pos.turn();
  const plies: number[] = [];
  let nodes = 0;
  let line: readonly number[] = [];
  do {
    let move = line[plies.length];
    if (move === undefined) {
      const left: SearchLimits = {
        ...limits,
        ...(limits.timeMs === undefined ? {} : { timeMs: Math.max(0, limits.timeMs - (clock() - started)) }),
        ...(limits.nodes === undefined ? {} : { nodes: Math.max(1, limits.nodes - nodes) }),
      };
      const result = searcher.search(pos, maxMoves, left, rng);
      onResult?.(result);
      nodes += result.nodes;
      move = result.move;
      line = [...plies, ...result.pv];
    }
    plies.push(move);
    pos.make(move);
  } while (pos.turn() === side && pos.terminal() === null);
  return plies;
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
