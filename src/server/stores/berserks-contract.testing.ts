import { describe, expect, it } from 'vitest';
import type { GameStore, NewGame } from '../store.ts';

/** The berserk marks part of the store contract (stores/berserks.ts), run on every store by gameStoreContract. */
export function berserksContract(name: string, withStore: (body: (store: GameStore) => Promise<void>) => () => Promise<void>): void {
  const arena = (id: string, berserk = true): NewGame => ({
    id,
    game: 'tictactoe',
    options: {},
    seed: `seed-${id}`,
    seats: ['open', 'open'],
    clock: { initialMs: 60_000, incrementMs: 1_000 },
    createdAt: 1,
    creator: 'tournament:a1',
    ...(berserk ? { berserk: [] } : {}),
  });
  const red = { seat: 0, plies: 0, at: 5 };
  const blue = { seat: 1, plies: 1, at: 15 };

  describe(`Berserk marks contract: ${name}`, () => {
    it(
      'a mark is written at the move count and marks it was decided on, with the deadline and due time; only on a berserkable game still on',
      withStore(async (store) => {
        await store.games.create(arena('b'));
        await store.games.create(arena('plain', false));
        expect((await store.games.read('b'))?.berserk).toEqual([]);
        expect((await store.games.read('plain'))?.berserk).toBeUndefined();
        // A game where nobody may berserk takes no mark.
        expect(await store.games.berserk('plain', [red], 0, [], { deadline: null, due: 7 })).toBe(false);
        expect(await store.games.berserk('b', [red], 0, [], { deadline: null, due: 7 })).toBe(true);
        // The same mark again, decided on the marks before it: another writer was first.
        expect(await store.games.berserk('b', [red], 0, [], { deadline: null, due: 7 })).toBe(false);
        expect(await store.games.read('b')).toMatchObject({ berserk: [red], due: 7, deadline: null });
        expect(
          await store.games.append('b', { ply: 0, move: 'b2', at: 10 }, { deadline: 70_010, due: 70_010, berserked: [red] }),
        ).toBeNull();
        // At a move count that is gone: refused.
        expect(await store.games.berserk('b', [red, blue], 0, [red], { deadline: 40_010, due: 40_010 })).toBe(false);
        expect(await store.games.berserk('b', [red, blue], 1, [red], { deadline: 40_010, due: 40_010 })).toBe(true);
        expect(await store.games.read('b')).toMatchObject({ berserk: [red, blue], deadline: 40_010, due: 40_010 });
        await store.games.end('b', { result: { kind: 'draw' }, termination: 'rules', plies: 1 });
        expect(await store.games.berserk('b', [red, blue, { ...red, seat: 2 }], 1, [red, blue], { deadline: null, due: null })).toBe(false);
      }),
    );

    it(
      'a move or an end decided before a berserk written meanwhile is refused: the clocks it was judged on are gone',
      withStore(async (store) => {
        await store.games.create(arena('race'));
        expect(await store.games.berserk('race', [red], 0, [], { deadline: null, due: 7 })).toBe(true);
        expect(await store.games.append('race', { ply: 0, move: 'b2', at: 10 }, { deadline: 1, due: 1, berserked: [] })).toBe('ply-taken');
        expect(await store.games.end('race', { result: { kind: 'draw' }, termination: 'rules', plies: 0, berserked: [] })).toBe(false);
        expect(await store.games.append('race', { ply: 0, move: 'b2', at: 10 }, { deadline: 1, due: 1, berserked: [red] })).toBeNull();
        expect(await store.games.end('race', { result: { kind: 'draw' }, termination: 'rules', plies: 1, berserked: [red] })).toBe(true);
      }),
    );
  });
}
