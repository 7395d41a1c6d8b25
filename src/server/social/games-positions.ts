import { GAMES } from '@hexarena/engines/games/index.ts';
import { explorable } from '../../explorer/index.ts';
import { gamePositionsOf } from '../explorer.ts';
import type { GameStore } from '../store.ts';

/**
 * The positions of the games finished before the games database kept them (migration 28), keyed as
 * the explorer keys them and added to its index a batch at a time, oldest first, from where the last
 * start stopped (the place is moved in the write that adds a batch): a process stopped midway goes on
 * at its next start, and a game whose end wrote its positions meanwhile is kept once. The number of
 * games keyed; `stopped` asks it to stop between batches.
 */
export async function indexFinishedPositions(store: GameStore, stopped: () => boolean = () => false, batch = 100): Promise<number> {
  const keyed = GAMES.filter((g) => explorable(g)).map((g) => g.id);
  let added = 0;
  while (!stopped()) {
    const waiting = await store.gamesDb.positionsWaiting(keyed, batch);
    const games = await Promise.all(
      waiting.map(async ({ id, createdAt }) => {
        const stored = await store.games.read(id);
        const moves = stored?.moves.map((m) => m.move) ?? [];
        return { id, createdAt, positions: stored ? gamePositionsOf(stored, moves, null) : null };
      }),
    );
    await store.gamesDb.addPositions(games, waiting.length < batch);
    added += games.filter((g) => g.positions !== null).length;
    if (waiting.length < batch) break;
    // What arrived meanwhile (requests, moves) goes first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return added;
}
