export * from './game.ts';
export * from './grid.ts';
export * from './movegen.ts';
export * from './notation.ts';
export * from './perft.ts';
export * from './pieces.ts';
export * from './position.ts';
