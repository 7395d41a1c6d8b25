export * from './board.ts';
export * from './game.ts';
export * from './symmetry.ts';
