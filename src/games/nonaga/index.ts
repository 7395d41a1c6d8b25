/** Nonaga for the layers above the rules: the game, its options and state, its turns. */
export { DEFAULT_NONAGA_OPTIONS, legalTurns, type NonagaOptions, type NonagaState, nonaga } from './game.ts';
export type { NonagaTurn } from './notation.ts';
