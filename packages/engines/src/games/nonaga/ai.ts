import type { GameAi } from '../../engine/game.ts';
import { seedAgent } from './bots.ts';
import { type NonagaState, nonagaSearchPosition } from './game.ts';
import { MAX_PLY_MOVES } from './moves.ts';
import type { NonagaTurn } from './notation.ts';

/** What Nonaga gives the AIs: exact position keys, its opening book, the one-ply bot, the in-place search. */
export const nonagaAi: GameAi<NonagaState, NonagaTurn> & { positionKey(state: NonagaState): string } = {
  positionKey: (state) => state.pos.key(),
  // Built by `hexarena book nonaga`; shipped as data and loaded only when the top level plays.
  openingBook: async () =>
    ((await import('./opening-book.json', { with: { type: 'json' } })).default as { entries: Record<string, string> }).entries,
  agents: { seed: seedAgent },
  search: {
    open: nonagaSearchPosition,
    // The search works ply by ply; the slide and (unless it won) the disc move make the turn.
    toMove: (_state, plies) => ({ slide: plies[0] as number, disc: plies[1] ?? null }),
    maxMoves: MAX_PLY_MOVES,
  },
};
