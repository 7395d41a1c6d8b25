import { describe, expect, it } from 'vitest';
import type { GameStore, NewGame } from '../store.ts';
import type { ChatLine } from './chat.ts';

/** A game's chat part of the store contract (stores/chat.ts), run on every store by gameStoreContract. */
export function gameChatContract(name: string, withStore: (body: (store: GameStore) => Promise<void>) => () => Promise<void>): void {
  const game = (id: string): NewGame => ({
    id,
    game: 'tictactoe',
    options: {},
    seed: `seed-${id}`,
    seats: ['open', 'open'],
    clock: null,
    createdAt: 1,
  });
  const line = (text: string, at: number, room: ChatLine['room'] = 'spectators'): ChatLine => ({
    room,
    author: 'Ann',
    account: 'a1',
    text,
    at,
  });

  describe(`GameChatStore contract: ${name}`, () => {
    it(
      "numbers each game's lines in order, keeps its last ones, and reads them all or those past a number",
      withStore(async (store) => {
        await store.games.create(game('g'));
        await store.games.create(game('h'));
        expect(await store.chat.read('g')).toEqual([]);
        for (let i = 0; i < 5; i++)
          expect((await store.chat.add('g', line(`l${i}`, 100 + i, i % 2 ? 'players' : 'spectators'), 3)).n).toBe(i);
        expect(await store.chat.add('h', line('elsewhere', 7), 3)).toEqual({ n: 0, ...line('elsewhere', 7) });
        expect(await store.chat.read('g')).toEqual([
          { n: 2, ...line('l2', 102) },
          { n: 3, ...line('l3', 103, 'players') },
          { n: 4, ...line('l4', 104) },
        ]);
        expect((await store.chat.since('g', 3)).map((e) => e.n)).toEqual([4]);
        expect(await store.chat.since('g', 4)).toEqual([]);
        expect((await store.chat.since('h', -1)).map((e) => e.n)).toEqual([0]);
      }),
    );

    it(
      'removes a line: gone from every read, the removal numbered after the last line in its room (read past a number), each line once',
      withStore(async (store) => {
        await store.games.create(game('g'));
        await store.games.create(game('h'));
        const chat = store.chat;
        await chat.add('g', line('l0', 100), 10);
        await chat.add('g', line('l1', 101, 'players'), 10);
        await chat.add('g', line('l2', 102), 10);
        await chat.add('h', line('h0', 50), 10);
        expect(await chat.remove('g', 1, 200, 10)).toEqual({ line: { n: 1, ...line('l1', 101, 'players') }, n: 3 });
        expect((await chat.read('g')).map((l) => l.text)).toEqual(['l0', 'l2']);
        // The removal comes after line 2, as a new line would, in the removed line's room; the next line after it.
        expect(await chat.since('g', 2)).toEqual([{ n: 3, removes: 1, room: 'players', at: 200 }]);
        expect((await chat.add('g', line('l4', 300), 10)).n).toBe(4);
        // Gone already, never written, a removal's own number, another game's line by its number, a game that is none.
        for (const [g, n] of [
          ['g', 1],
          ['g', 9],
          ['g', 3],
          ['h', 2],
          ['nowhere', 0],
        ] as const)
          expect(await chat.remove(g, n, 250, 10)).toBeNull();
        expect((await chat.since('g', -1)).map((e) => e.n)).toEqual([0, 2, 3, 4]);
        expect((await chat.read('h')).map((l) => l.text)).toEqual(['h0']);
        // The last line removed: the removal still takes the next number, not the line's; a later line the one after.
        expect((await chat.remove('g', 4, 400, 10))?.n).toBe(5);
        expect(await chat.since('g', 4)).toEqual([{ n: 5, removes: 4, room: 'spectators', at: 400 }]);
        expect((await chat.add('g', line('l6', 500), 10)).n).toBe(6);
        expect((await chat.read('g')).map((l) => [l.n, l.text])).toEqual([
          [0, 'l0'],
          [2, 'l2'],
          [6, 'l6'],
        ]);
      }),
    );

    it(
      'a removal names no one: deleting the removed line’s author or anyone else leaves its number in place',
      withStore(async (store) => {
        await store.games.create(game('g'));
        expect(await store.accounts.register('a1', 'Ann', 'ann', 'hash-ann', 'pw', 1)).toBe(true);
        await store.chat.add('g', line('rude', 100), 10);
        await store.chat.remove('g', 0, 200, 10);
        await store.accounts.delete('a1', 'Deleted-a', 'hash-ann');
        expect(await store.chat.since('g', -1)).toEqual([{ n: 1, removes: 0, room: 'spectators', at: 200 }]);
        expect((await store.chat.add('g', line('next', 400), 10)).n).toBe(2);
      }),
    );
  });
}
