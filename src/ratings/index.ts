/** Ratings: Glicko-2 as lichess runs it, and what each rating is kept for. */
export * from './glicko2.ts';
export * from './perf.ts';
