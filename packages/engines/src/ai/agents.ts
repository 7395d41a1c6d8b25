import type { Agent } from '../engine/agent.ts';
import type { GameRules } from '../engine/game.ts';
import { fail, ok, type Result } from '../engine/result.ts';
import { alphaBetaAgent, greedyAgent, type SearchBudget } from './alphabeta.ts';
import { bookAgent } from './book.ts';
import { mctsAgent } from './mcts.ts';
import { fallibleAgent, perfectAgent } from './perfect.ts';
import { aiOf } from './profiles.ts';
import { randomAgent } from './random.ts';

/** The named levels every game offers, weakest first. */
export const LEVELS = ['random', 'easy', 'medium', 'hard', 'max'] as const;
export type Level = (typeof LEVELS)[number];

/** For games small enough to solve, the levels are a perfect player that blunders less and less. */
const SOLVED_LEVELS: Record<Exclude<Level, 'random'>, number> = { easy: 0.5, medium: 0.25, hard: 0.08, max: 0 };

/**
 * For searched games: a budget per level. Node budgets make the lower levels deterministic and
 * equally strong on any machine; the top level thinks for a fixed time.
 */
const SEARCH_LEVELS: Record<Exclude<Level, 'random'>, SearchBudget> = {
  easy: { depth: 1 },
  medium: { depth: 2, nodes: 20_000 },
  hard: { depth: 3, nodes: 60_000 },
  max: { timeMs: 5_000 },
};

/** Simulations a decision for the tree search: a quarter to half a second for a DiceWars attack. */
export const MCTS_BUDGET = { iterations: 1000 };

/** A game's own player that hands the positions its game names (`treeSearchAt`) to the tree search. */
function withTreeSearch(own: Agent<unknown, unknown>): Agent<unknown, unknown> {
  const search = mctsAgent(own.name, MCTS_BUDGET);
  return {
    name: own.name,
    choose: (game, state, context) => (aiOf(game).treeSearchAt?.(state) ? search : own).choose(game, state, context),
  };
}

/** The agent names a game accepts: the levels and the agents specific to its kind. */
export function agentNames(game: GameRules<unknown, unknown>): string[] {
  const ai = aiOf(game);
  const own = Object.keys(ai.agents ?? {});
  if (ai.solvable) return [...LEVELS, 'perfect', 'mcts', ...own];
  // Where a game gives alpha-beta its mutable position, that search is the stronger and the faster.
  if (ai.search) return [...LEVELS, 'greedy', ...own];
  return [...new Set(['random', ...own, 'mcts'])];
}

export function createAgent(game: GameRules<unknown, unknown>, name: string): Result<Agent<unknown, unknown>> {
  const known = agentNames(game);
  if (!known.includes(name)) return fail(`unknown agent "${name}" for ${game.id} (known: ${known.join(', ')})`);
  const ai = aiOf(game);
  const own = ai.agents?.[name];
  if (own) return ok(ai.treeSearchAt && (name === 'hard' || name === 'max') ? withTreeSearch(own) : own);
  if (name === 'random') return ok(randomAgent);
  if (name === 'perfect') return ok(perfectAgent);
  if (name === 'greedy') return ok(greedyAgent);
  if (name === 'mcts') return ok(mctsAgent(name, MCTS_BUDGET));
  const level = name as Exclude<Level, 'random'>;
  if (ai.solvable) {
    const blunder = SOLVED_LEVELS[level];
    return ok(blunder === 0 ? { ...perfectAgent, name } : fallibleAgent(name, blunder));
  }
  const searcher = alphaBetaAgent(name, ai.levels?.[level] ?? SEARCH_LEVELS[level]);
  // The top level opens from the game's book when it has one.
  const openingBook = ai.openingBook?.bind(ai);
  if (level === 'max' && openingBook) return ok(bookAgent(name, searcher, openingBook));
  return ok(searcher);
}
