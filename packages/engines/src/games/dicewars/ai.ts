import type { GameAi } from '../../engine/game.ts';
import { DICEWARS_AGENTS, playout } from './bots/index.ts';
import type { DiceWarsState } from './game.ts';
import type { DiceWarsMove } from './position.ts';

/** Rounds of a classic duel that the strong levels play by tree search. */
export const TREE_SEARCH_ROUNDS = 3;

/** What DiceWars gives the AIs: its chance for searches to play ahead in, its playouts, its bots. */
export const dicewarsAi: GameAi<DiceWarsState, DiceWarsMove> = {
  // A search plays ahead with dice of its own: the game's are secret.
  determinize: (pos, rng) => pos.clone(rng),
  playout,
  // The first rounds decide most duels (the first mover takes about 7 of some 30 territories before
  // the other moves). There, searching simulations of the reference bot beats hard's own judgement:
  // on the same duels, moving second 43% of 480 instead of 37%, moving first 93% of 200 instead of 91%.
  treeSearchAt: (pos) => pos.rules === 'classic' && pos.seatsLeft() === 2 && pos.round < TREE_SEARCH_ROUNDS,
  agents: DICEWARS_AGENTS,
};
