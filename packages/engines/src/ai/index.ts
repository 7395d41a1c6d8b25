/** The AIs for any game of the contract, as a library: agents by level, search, tree search, the solver. */
export { agentNames, createAgent, LEVELS, type Level } from './agents.ts';
export { alphaBetaAgent, greedyAgent, type SearchBudget } from './alphabeta.ts';
export { bookAgent, buildBook, type OpeningBook } from './book.ts';
export { type MctsBudget, mctsAgent } from './mcts.ts';
export { perfectAgent, perfectPlayOf, solvableOf } from './perfect.ts';
export { aiOf, playable } from './profiles.ts';
export { randomAgent } from './random.ts';
export { describeScore, Searcher, type SearchLimits, type SearchResult } from './search.ts';
export { type GameCounts, Solution, solve, type Verdict } from './solver.ts';
