import { describe, expect, it } from 'vitest';
import type { GameStore } from '../store.ts';

/** The tournaments' chat part of the store contract (stores/tournament-chat.ts), run on every store by gameStoreContract. */
export function tournamentChatContract(name: string, withStore: (body: (store: GameStore) => Promise<void>) => () => Promise<void>): void {
  describe(`TournamentChatStore contract: ${name}`, () => {
    const line = (text: string, at: number) => ({ author: 'Ann', account: 'a1', text, at });

    it(
      "numbers each tournament's lines in order, keeps its last ones, and reads the last page or those past a number",
      withStore(async (store) => {
        expect(await store.tournamentChat.read('t1', 10)).toEqual([]);
        for (let i = 0; i < 5; i++) expect((await store.tournamentChat.add('t1', line(`l${i}`, 100 + i), 3)).n).toBe(i);
        await store.tournamentChat.add('t2', { author: 'Bob', account: 'b1', text: 'elsewhere', at: 7 }, 3);
        // The last three kept, oldest first; the other tournament's apart.
        expect(await store.tournamentChat.read('t1', 10)).toEqual([
          { n: 2, author: 'Ann', account: 'a1', text: 'l2', at: 102 },
          { n: 3, author: 'Ann', account: 'a1', text: 'l3', at: 103 },
          { n: 4, author: 'Ann', account: 'a1', text: 'l4', at: 104 },
        ]);
        expect((await store.tournamentChat.read('t1', 2)).map((l) => l.n)).toEqual([3, 4]);
        expect((await store.tournamentChat.since('t1', 3, 10)).map((l) => ('text' in l ? l.text : null))).toEqual(['l4']);
        expect(await store.tournamentChat.since('t1', 4, 10)).toEqual([]);
        expect(await store.tournamentChat.read('t2', 10)).toEqual([{ n: 0, author: 'Bob', account: 'b1', text: 'elsewhere', at: 7 }]);
      }),
    );

    it(
      'removes a line: gone from the page, the removal numbered after the last line (read past a number), each line once',
      withStore(async (store) => {
        const chat = store.tournamentChat;
        for (let i = 0; i < 3; i++) await chat.add('t', line(`l${i}`, 100 + i), 10);
        const mod = { author: 'Mo', account: 'm1', at: 200 };
        expect(await chat.remove('t', 1, mod, 10)).toEqual({ n: 1, author: 'Ann', account: 'a1', text: 'l1', at: 101 });
        expect((await chat.read('t', 10)).map((l) => l.text)).toEqual(['l0', 'l2']);
        // The removal comes after line 2, as a new line would; the next line after it.
        expect(await chat.since('t', 2, 10)).toEqual([{ n: 3, removes: 1, author: 'Mo', account: 'm1', at: 200 }]);
        expect((await chat.add('t', line('l4', 300), 10)).n).toBe(4);
        expect((await chat.since('t', -1, 1)).map((e) => e.n)).toEqual([4]);
        // Gone already, never written, a removal's own number, another tournament's: nothing removed, nothing numbered.
        for (const [t, n] of [
          ['t', 1],
          ['t', 9],
          ['t', 3],
          ['u', 0],
        ] as const)
          expect(await chat.remove(t, n, mod, 10)).toBeNull();
        expect((await chat.since('t', -1, 10)).map((e) => e.n)).toEqual([0, 2, 3, 4]);
        // The last line removed: the removal still takes the next number, not the line's.
        expect(await chat.remove('t', 4, mod, 10)).not.toBeNull();
        expect(await chat.since('t', 4, 10)).toEqual([{ n: 5, removes: 4, author: 'Mo', account: 'm1', at: 200 }]);
      }),
    );

    it(
      'numbers lines written at once each its own, none lost',
      withStore(async (store) => {
        const said = await Promise.all([0, 1, 2, 3].map((i) => store.tournamentChat.add('t', line(`at once ${i}`, i), 50)));
        expect(said.map((l) => l.n).sort()).toEqual([0, 1, 2, 3]);
        expect((await store.tournamentChat.read('t', 10)).map((l) => l.text).sort()).toEqual([
          'at once 0',
          'at once 1',
          'at once 2',
          'at once 3',
        ]);
      }),
    );
  });
}
