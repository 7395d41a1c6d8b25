/**
 * Hive for the layers above the rules: the game and its GameStrings, pieces, notation, the layout of
 * the board for drawing it, and its board interaction (what may be picked and where it may go).
 */

export * from './ai.ts';
export * from './game.ts';
export * from './interaction.ts';
export * from './layout.ts';
export * from './notation.ts';
export * from './pieces.ts';
export * from './position.ts';
export * from './position-check.ts';
export * from './position-notation.ts';
export * from './progress.ts';
