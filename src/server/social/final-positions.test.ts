import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POSITION_MAX } from '../current-games.ts';
import { SqliteStore } from '../sqlite-store.ts';
import { FinalPositions } from './final-positions.ts';

/** The games database's miniatures: each finished game's last position, made once and kept, bounded. */
let store: SqliteStore;
beforeAll(async () => {
  store = new SqliteStore(':memory:');
  const finished = async (id: string, game: string, moves: readonly string[]) => {
    await store.games.create({ id, game, options: {}, seed: id, seats: ['open', 'open'], clock: null, createdAt: 1 });
    for (const [ply, move] of moves.entries()) await store.games.append(id, { ply, move, at: 1 }, { deadline: null, due: null });
    await store.games.end(id, { result: { kind: 'draw' }, termination: 'agreement', plies: moves.length });
  };
  await finished('noughts', 'tictactoe', ['b2', 'a1']);
  await store.games.create({
    id: 'going',
    game: 'tictactoe',
    options: {},
    seed: 'going',
    seats: ['open', 'open'],
    clock: null,
    createdAt: 1,
  });
});
afterAll(async () => {
  await store?.close();
});

describe('final positions', () => {
  it('are made once a game and kept; a game still being played has none, and is read again next time', async () => {
    const reads = vi.spyOn(store.games, 'read');
    const positions = new FinalPositions(store);
    expect(await positions.of(['noughts', 'going', 'nowhere'])).toEqual([{ board: '----x-o--' }, null, null]);
    expect(await positions.of(['noughts', 'going'])).toEqual([{ board: '----x-o--' }, null]);
    expect(reads.mock.calls.map(([id]) => id)).toEqual(['noughts', 'going', 'nowhere', 'going']);
    reads.mockRestore();
  });

  it('keep the most recently shown games only', async () => {
    const reads = vi.spyOn(store.games, 'read');
    const positions = new FinalPositions(store, 1);
    await positions.of(['noughts']);
    await positions.of(['noughts']);
    expect(reads).toHaveBeenCalledTimes(1);
    await positions.of(['nowhere']);
    await positions.of(['noughts']);
    expect(reads).toHaveBeenCalledTimes(3);
    reads.mockRestore();
  });

  it('leave out a position larger than a list carries', async () => {
    const view = JSON.stringify({ board: '----x-o--' });
    expect(await new FinalPositions(store, 10, view.length).of(['noughts'])).toEqual([{ board: '----x-o--' }]);
    expect(await new FinalPositions(store, 10, view.length - 1).of(['noughts'])).toEqual([null]);
    expect(POSITION_MAX).toBeGreaterThan(view.length);
  });
});
