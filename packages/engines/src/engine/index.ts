export * from './agent.ts';
export * from './game.ts';
export * from './match.ts';
export * from './record.ts';
export * from './refusal.ts';
export * from './result.ts';
export * from './rng.ts';
