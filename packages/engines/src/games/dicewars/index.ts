/**
 * DiceWars for the layers above the rules: the game, its options, maps and positions, the odds of an
 * attack, the reference bots, and its board interaction.
 */

export * from './ai.ts';
export * from './board.ts';
export * from './bots/index.ts';
export * from './classic-map.ts';
export * from './game.ts';
export * from './interaction.ts';
export * from './odds.ts';
export * from './position.ts';
export * from './setup.ts';
export * from './strength-map.ts';
