/** DiceWars for the layers above the rules: the game, its options, state and moves. */
export { type DiceWarsState, dicewars } from './game.ts';
export type { DiceWarsMove } from './position.ts';
export type { DiceWarsOptions } from './setup.ts';
