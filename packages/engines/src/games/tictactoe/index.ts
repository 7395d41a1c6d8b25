/** Tic-tac-toe for the layers above the rules: the game, its board and cells, its board interaction. */

export * from './ai.ts';
export * from './board.ts';
export * from './game.ts';
export * from './interaction.ts';
export * from './symmetry.ts';
