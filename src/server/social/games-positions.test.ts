import { findGame } from '@hexarena/engines/games/index.ts';
import { describe, expect, it } from 'vitest';
import { openingOf } from '../../explorer/index.ts';
import { SqliteStore } from '../sqlite-store.ts';
import type { GameStore } from '../store.ts';
import { indexFinishedPositions } from './games-positions.ts';

/** A game of `game` between no accounts, its moves played and ended as a store before migration 28 ended it: no positions. */
async function finished(store: GameStore, id: string, game: string, at: number, moves: readonly string[], termination = 'resignation') {
  await store.games.create({ id, game, options: {}, seed: id, seats: ['open', 'open'], clock: null, createdAt: at });
  for (const [ply, move] of moves.entries()) await store.games.append(id, { ply, move, at: at + ply }, { deadline: null, due: null });
  expect(await store.games.end(id, { result: { kind: 'win', winner: 0 }, termination, plies: moves.length })).toBe(true);
}

/** The explorer's key of the position `moves` reach in a game of Hex, as its answers name it. */
function hexKey(moves: readonly string[]): string {
  const hex = findGame('hex');
  if (!hex.ok) throw hex.error;
  const opening = openingOf(hex.value, {}, 'explorer', moves);
  if (!opening.ok || opening.value.key === null) throw new Error('no key');
  return opening.value.key;
}

describe('the positions of games finished before the games database kept them', () => {
  it('are keyed as the explorer keys them, a batch at a time, the explorer’s games only, and once: a second start finds nothing to do', async () => {
    const store = new SqliteStore(':memory:');
    try {
      await finished(store, 'h1', 'hex', 10, ['b2', 'a1', 'c3']);
      await finished(store, 'h2', 'hex', 20, ['c3', 'a1', 'b2', 'd4']);
      await finished(store, 'h3', 'hex', 30, ['a1']);
      await finished(store, 'h4', 'hex', 40, [], 'aborted');
      await finished(store, 't1', 'tictactoe', 50, ['b2']);
      for (let n = await store.gamesDb.backfill(100); n > 0; n = await store.gamesDb.backfill(100));
      const search = async (moves: string[]) =>
        (await store.gamesDb.search({ position: { variant: 'hex', key: hexKey(moves) }, limit: 10 })).map((g) => g.id);
      expect(await search(['b2', 'a1', 'c3'])).toEqual([]);
      // Two at a time: h1 and h2, then h3 (the aborted game and tic-tac-toe, which the explorer does not key, are left).
      expect(await indexFinishedPositions(store, () => false, 2)).toBe(3);
      expect(await search(['b2', 'a1', 'c3'])).toEqual(['h2', 'h1']);
      expect(await search(['c3', 'a1', 'b2', 'd4'])).toEqual(['h2']);
      expect(await search([])).toEqual(['h3', 'h2', 'h1']);
      expect(await indexFinishedPositions(store, () => false, 2)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('stops between batches when asked, and goes on from there at the next start', async () => {
    const store = new SqliteStore(':memory:');
    try {
      for (let i = 0; i < 5; i++) await finished(store, `s${i}`, 'hex', 10 + i, ['a1']);
      let batches = 0;
      expect(await indexFinishedPositions(store, () => batches++ >= 1, 2)).toBe(2);
      expect(await indexFinishedPositions(store, () => false, 2)).toBe(3);
    } finally {
      await store.close();
    }
  });
});
