/** The opening explorer's keys (isomorphic): what the server counts and answers from (docs/explorer.md). */
export * from './openings.ts';
