import { type Agent, wallClock } from '../engine/agent.ts';
import type { GameRules, Outcome, Playable, Player } from '../engine/game.ts';
import type { Rng } from '../engine/rng.ts';
import { aiOf, playable } from './profiles.ts';

export interface MctsBudget {
  /** Simulations per decision: the budget that makes the agent equally strong on any machine. */
  readonly iterations: number;
  /** UCB1's exploration constant, for rewards in [0, 1]. */
  readonly exploration?: number;
  /** A playout that runs this long stops and is scored as it stands (see `reward`). */
  readonly playoutPlies?: number;
}

/** Statistics of a move sequence from the root, whatever chance did along it (open loop). */
interface Node {
  /** The player who made the move into this node: rewards are kept for them. */
  readonly mover: Player;
  visits: number;
  total: number;
  readonly children: Map<string, Node>;
}

const newNode = (mover: Player): Node => ({ mover, visits: 0, total: 0, children: new Map() });

/**
 * What a finished or cut-off playout is worth to `player`, in [0, 1]: the winner takes 1; a draw
 * is worth ½ to everyone; a playout cut off before the end goes to the leader when the game can
 * name one, else it counts as a draw.
 */
function reward<S>(game: GameRules<S, unknown>, state: S, outcome: Outcome | null): (player: Player) => number {
  if (outcome?.kind === 'win') return (p) => (p === outcome.winner ? 1 : 0);
  if (outcome?.kind === 'draw' || !game.standings) return () => 0.5;
  const leader = game.standings(state)[0];
  return (p) => (p === leader ? 1 : 0);
}

/**
 * Monte Carlo tree search (UCT), for any game of the contract and any number of players: each
 * simulation walks the tree by UCB1, adds one move, plays on with the game's playout policy (random
 * moves when it has none) and credits every move on the way with what the result is worth to the
 * player who made it. Games of chance are searched open loop: every simulation starts from a fresh
 * determinization, so a node gathers its move's results over many rolls of the dice and the search
 * never sees the rolls the game itself will make. The move played is the most visited.
 */
export function mctsAgent(name: string, budget: MctsBudget): Agent<unknown, unknown> {
  const exploration = budget.exploration ?? 0.7;
  const playoutPlies = budget.playoutPlies ?? 300;
  return {
    name,
    async choose(game, state, { rng, signal, timeMs, clock = wallClock }) {
      const moves = game.legalMoves(state);
      if (moves.length === 0) throw new Error(`${game.id}: mcts asked to move in a finished game`);
      if (moves.length === 1) return moves[0];
      const ai = aiOf(game);
      if (game.stochastic && !ai.determinize)
        throw new Error(`${game.id} is a game of chance without determinize: mcts would read the dice`);
      const root = newNode(-1);
      const deadline = timeMs === undefined ? Number.POSITIVE_INFINITY : clock() + timeMs;
      for (let i = 0; i < budget.iterations; i++) {
        if (signal?.aborted || (i > 0 && clock() > deadline)) break;
        simulate(playable(game), ai.determinize ? ai.determinize(state, rng.fork()) : state, root, rng, exploration, playoutPlies);
      }
      let best = moves[0];
      let most = -1;
      for (const move of moves) {
        const visits = root.children.get(game.formatMove(state, move))?.visits ?? 0;
        if (visits > most) {
          most = visits;
          best = move;
        }
      }
      return best;
    },
  };
}

function simulate<S, M>(game: Playable<S, M>, start: S, root: Node, rng: Rng, exploration: number, playoutPlies: number): void {
  let state = start;
  let node = root;
  const path: Node[] = [root];
  let outcome = game.result(state);
  // Selection, then expansion of one untried move.
  while (outcome === null) {
    const mover = game.toMove(state) as Player;
    const moves = game.legalMoves(state);
    const keys = moves.map((m) => game.formatMove(state, m));
    const untried: number[] = [];
    for (let k = 0; k < keys.length; k++) if (!node.children.has(keys[k] as string)) untried.push(k);
    let chosen: number;
    if (untried.length > 0) chosen = rng.pick(untried);
    else {
      // Only the moves legal in this simulation compete: after other rolls, other moves exist.
      const logVisits = Math.log(node.visits);
      let bestScore = Number.NEGATIVE_INFINITY;
      chosen = 0;
      for (let k = 0; k < keys.length; k++) {
        const child = node.children.get(keys[k] as string) as Node;
        const score = child.total / child.visits + exploration * Math.sqrt(logVisits / child.visits);
        if (score > bestScore) {
          bestScore = score;
          chosen = k;
        }
      }
    }
    const key = keys[chosen] as string;
    let child = node.children.get(key);
    const expanded = child === undefined;
    if (!child) {
      child = newNode(mover);
      node.children.set(key, child);
    }
    state = game.play(state, moves[chosen] as M);
    outcome = game.result(state);
    node = child;
    path.push(node);
    if (expanded) break;
  }
  // Playout. The tree walk played at least one move, so `state` is this simulation's own to change.
  if (game.playout) {
    if (outcome === null) {
      state = game.playout(state, rng, playoutPlies);
      outcome = game.result(state);
    }
  } else {
    for (let ply = 0; outcome === null && ply < playoutPlies; ply++) {
      state = game.play(state, rng.pick(game.legalMoves(state)));
      outcome = game.result(state);
    }
  }
  const worth = reward(game, state, outcome);
  for (const n of path) {
    n.visits++;
    if (n !== root) n.total += worth(n.mover);
  }
}
