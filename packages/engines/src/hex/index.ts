export * from './coords.ts';
export * from './layout.ts';
export * from './offset.ts';
