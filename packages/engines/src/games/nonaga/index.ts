/** Nonaga for the layers above the rules: the game, its turns and positions, its board interaction. */

export * from './ai.ts';
export * from './game.ts';
export * from './interaction.ts';
export * from './notation.ts';
export * from './position.ts';
export * from './position-notation.ts';
