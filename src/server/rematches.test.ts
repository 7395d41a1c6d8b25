import { describe, expect, it } from 'vitest';
import { type Finished, Rematches, rematchId, rematchSeats } from './rematches.ts';
import { newStoredGame, type StoredGame } from './store.ts';

/** Rematches with a store of plain ids: what was created, and what was told to other instances. */
function setUp(existing: string[] = []) {
  const ids = new Set(existing);
  const created: string[] = [];
  const published: [string, string][] = [];
  let failNext = false;
  const rematches = new Rematches(
    { read: async (id: string) => (ids.has(id) ? ({ id } as StoredGame) : null) },
    async (_finished, id) => {
      if (failNext) {
        failNext = false;
        throw new Error('the store is down');
      }
      if (ids.has(id)) throw new Error(`game ${id} exists`);
      ids.add(id);
      created.push(id);
    },
    (of, id) => published.push([of, id]),
  );
  return { rematches, created, published, failOnce: () => (failNext = true) };
}

const finished = (id: string, seed: string): Finished => ({
  id,
  over: true,
  stored: newStoredGame({ id, game: 'tictactoe', options: {}, seed, seats: ['open', 'open'], clock: null, createdAt: 0 }),
});

describe('rematches', () => {
  it('are made once, under an id the finished game’s seed gives, and told to the other instances', async () => {
    const { rematches, created, published } = setUp();
    const game = finished('g', 'seed-1');
    const [a, b] = await Promise.all([rematches.of(game), rematches.of(game)]);
    expect(a).toBe(rematchId('seed-1'));
    expect(b).toBe(a);
    expect(created).toEqual([a]);
    expect(published).toEqual([['g', a]]);
    expect(rematchId('seed-2')).not.toBe(a);
  });

  it('made already by another instance is that one; a failure is forgotten, so the next ask tries again', async () => {
    const elsewhere = setUp([rematchId('s')]);
    expect(await elsewhere.rematches.of(finished('g', 's'))).toBe(rematchId('s'));
    expect(elsewhere.created).toEqual([]);

    const failing = setUp();
    failing.failOnce();
    await expect(failing.rematches.of(finished('g', 's'))).rejects.toThrow('the store is down');
    expect(await failing.rematches.of(finished('g', 's'))).toBe(rematchId('s'));
  });

  it('reach who follows the game: made here, heard of, or found in the store when followed late', async () => {
    const { rematches } = setUp([rematchId('late')]);
    const heard: string[] = [];
    const stop = rematches.follow(finished('h', 'heard'), (id) => heard.push(id));
    rematches.heard('h', 'next-of-h');
    await Promise.resolve();
    expect(heard).toEqual(['next-of-h']);
    stop();
    rematches.heard('h', 'again');
    await Promise.resolve();
    expect(heard).toEqual(['next-of-h']);

    const found = await new Promise<string>((resolve) => rematches.follow(finished('l', 'late'), resolve));
    expect(found).toBe(rematchId('late'));
  });

  it('seat everyone one seat on', () => {
    expect(rematchSeats(['a', 'b'])).toEqual(['b', 'a']);
    expect(rematchSeats(['a', 'b', 'c'])).toEqual(['c', 'a', 'b']);
  });
});
