import { describe, expect, it } from 'vitest';
import type { GameStore, NewGame } from './store.ts';

/**
 * The GameStore contract, one suite for every implementation (SQLite now, PostgreSQL later):
 * `fresh` gives an empty store, closed by the suite.
 */
export function gameStoreContract(name: string, fresh: () => Promise<GameStore>): void {
  const game = (id: string, seats: string[] = ['open', 'open'], createdAt = 1): NewGame => ({
    id,
    game: 'tictactoe',
    options: {},
    seed: `seed-${id}`,
    seats,
    clock: { initialMs: 60_000, incrementMs: 1_000 },
    createdAt,
  });
  const withStore = (body: (store: GameStore) => Promise<void>) => async () => {
    const store = await fresh();
    try {
      await body(store);
    } finally {
      await store.close();
    }
  };

  describe(`GameStore contract: ${name}`, () => {
    it(
      'a created game reads back whole, with no moves, no ending, no claimed seats',
      withStore(async (store) => {
        await store.create(game('g1'));
        const read = await store.read('g1');
        expect(read).toMatchObject({
          ...game('g1'),
          moves: [],
          ending: null,
          seatTokens: [null, null],
          seatNames: [null, null],
          deadline: null,
        });
        expect(await store.read('nope')).toBeNull();
      }),
    );

    it(
      'bots: registered once by name, known by their token; the live games a token sits in, oldest first',
      withStore(async (store) => {
        expect(await store.registerBot('h1', 'randy', 1)).toBe(true);
        expect(await store.registerBot('h2', 'randy', 2)).toBe(false);
        expect(await store.botName('h1')).toBe('randy');
        expect(await store.botName('h2')).toBeNull();
        await store.create(game('a', ['open', 'open'], 1));
        await store.create(game('b', ['open', 'easy'], 2));
        await store.create(game('c', ['open', 'open'], 3));
        await store.claimSeat('b', 0, 'h1', 'randy');
        await store.claimSeat('a', 1, 'h1', 'randy');
        await store.claimSeat('a', 0, 'h1', 'randy');
        await store.claimSeat('c', 0, 'other', null);
        expect(await store.seatedIn('h1')).toEqual(['a', 'b']);
        await store.end('a', { kind: 'draw' }, 'rules');
        expect(await store.seatedIn('h1')).toEqual(['b']);
      }),
    );

    it(
      'writes made at the same moment stand or fall alone: a second game under a taken id is refused, the others land',
      withStore(async (store) => {
        await store.create(game('g1'));
        const [again, other, claim] = await Promise.allSettled([
          store.create(game('g1', ['open', 'easy'])),
          store.create(game('g2')),
          store.claimSeat('g1', 0, 'hash', 'Ann'),
        ]);
        expect(again.status).toBe('rejected');
        expect(other.status).toBe('fulfilled');
        expect(claim).toEqual({ status: 'fulfilled', value: true });
        expect((await store.read('g1'))?.seats).toEqual(['open', 'open']);
        expect(await store.read('g2')).not.toBeNull();
      }),
    );

    it(
      'moves append ply by ply with their deadline; a ply taken twice is refused, and the first stays',
      withStore(async (store) => {
        await store.create(game('g1'));
        expect(await store.append('g1', { ply: 0, move: 'b2', at: 10 }, 1_000)).toBeNull();
        expect(await store.append('g1', { ply: 1, move: 'a1', at: 11 }, 2_000)).toBeNull();
        expect(await store.append('g1', { ply: 1, move: 'c3', at: 12 }, 3_000)).toBe('ply-taken');
        const read = await store.read('g1');
        expect(read?.moves).toEqual([
          { ply: 0, move: 'b2', at: 10 },
          { ply: 1, move: 'a1', at: 11 },
        ]);
        expect(read?.deadline).toBe(2_000);
        expect(await store.append('nope', { ply: 0, move: 'b2', at: 1 }, null)).toBe('no-such-game');
      }),
    );

    it(
      'of many writers racing for the same ply, exactly one wins',
      withStore(async (store) => {
        await store.create(game('race'));
        const answers = await Promise.all(
          ['a1', 'a2', 'a3', 'b1', 'b2'].map((m, i) => store.append('race', { ply: 0, move: m, at: i }, null)),
        );
        expect(answers.filter((a) => a === null)).toHaveLength(1);
        expect(answers.filter((a) => a === 'ply-taken')).toHaveLength(4);
        expect((await store.read('race'))?.moves).toHaveLength(1);
      }),
    );

    it(
      'a game ends once: later endings and moves are refused, and it leaves the live list',
      withStore(async (store) => {
        await store.create(game('a', ['open', 'open'], 1));
        await store.create(game('b', ['open', 'open'], 2));
        expect(await store.end('a', { kind: 'draw' }, 'rules')).toBe(true);
        expect(await store.end('a', { kind: 'win', winner: 0 }, 'resignation')).toBe(false);
        expect((await store.read('a'))?.ending).toEqual({ result: { kind: 'draw' }, termination: 'rules' });
        expect(await store.append('a', { ply: 0, move: 'b2', at: 1 }, null)).toBe('game-over');
        expect((await store.live()).map((g) => g.id)).toEqual(['b']);
      }),
    );

    it(
      'a seat is claimed once; the lobby lists games with a seat still open for a person, newest first',
      withStore(async (store) => {
        await store.create(game('full', ['open', 'hard'], 1));
        await store.create(game('two', ['open', 'open'], 2));
        await store.create(game('ai', ['hard', 'max'], 3));
        expect(await store.claimSeat('full', 0, 'hash-a', 'Ann')).toBe(true);
        expect(await store.claimSeat('full', 0, 'hash-b', 'Bob')).toBe(false);
        expect(await store.claimSeat('two', 1, 'hash-c', null)).toBe(true);
        const full = await store.read('full');
        expect(full?.seatTokens).toEqual(['hash-a', null]);
        expect(full?.seatNames).toEqual(['Ann', null]);
        expect((await store.open()).map((g) => g.id)).toEqual(['two']);
      }),
    );
  });
}
