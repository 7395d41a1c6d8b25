/** Ratings: Glicko-2 as lichess runs it, and what each rating is kept for. */

export * from './free-for-all.ts';
export * from './glicko2.ts';
export * from './matching.ts';
export * from './pairing.ts';
export * from './perf.ts';
export * from './pools.ts';
