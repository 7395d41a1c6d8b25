import type { Agent } from '../engine/agent.ts';
import type { GameRules, Solvable } from '../engine/game.ts';
import { playable } from './profiles.ts';
import { type Solution, type SolveSettings, solve } from './solver.ts';

/**
 * A solved game knows the value of every position reachable from its start. Positions that the
 * start cannot reach (a set-up position, say) are solved on demand from themselves.
 */
export class PerfectPlay<S, M> {
  private readonly solutions: Solution<S, M>[] = [];

  constructor(
    readonly game: Solvable<S, M>,
    private readonly settings: SolveSettings = {},
  ) {}

  solutionFor(state: S): Solution<S, M> {
    for (const s of this.solutions) if (s.indexOf(state) !== undefined) return s;
    const solution = solve(this.game, state, this.settings);
    this.solutions.push(solution);
    return solution;
  }

  bestMoves(state: S): M[] {
    return this.solutionFor(state).bestMoves(state);
  }
}

const perfectPlays = new WeakMap<object, PerfectPlay<unknown, unknown>>();

/** One solution per game, shared by every perfect agent of the process. */
export function perfectPlayOf<S, M>(game: Solvable<S, M>): PerfectPlay<S, M> {
  let play = perfectPlays.get(game) as PerfectPlay<S, M> | undefined;
  if (!play) {
    play = new PerfectPlay(game);
    perfectPlays.set(game, play as PerfectPlay<unknown, unknown>);
  }
  return play;
}

/** The game with its AI profile, when that profile keys its positions exactly (else null). */
export function solvableOf<S, M>(game: GameRules<S, M>): Solvable<S, M> | null {
  const played = playable(game);
  return typeof played.positionKey === 'function' ? (played as Solvable<S, M>) : null;
}

/**
 * Never loses a position that can be held, wins every position that can be won, by the fastest
 * road, and loses lost ones as slowly as possible. Ties between equal moves are broken at random.
 */
export const perfectAgent: Agent<unknown, unknown> = {
  name: 'perfect',
  async choose(game, state, { rng }) {
    const solvable = solvableOf(game);
    if (!solvable?.solvable) throw new Error(`${game.id} cannot be solved exactly, so it has no perfect agent`);
    return rng.pick(perfectPlayOf(solvable).bestMoves(state));
  },
};

/**
 * A perfect player that slips: with probability `blunder` it plays a random move instead.
 * Gives solvable games the weaker levels a person can beat.
 */
export function fallibleAgent(name: string, blunder: number): Agent<unknown, unknown> {
  return {
    name,
    async choose(game, state, context) {
      if (context.rng.chance(blunder)) return context.rng.pick(game.legalMoves(state));
      return perfectAgent.choose(game, state, context);
    },
  };
}
