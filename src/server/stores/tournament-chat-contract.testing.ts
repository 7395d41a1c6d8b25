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
        expect((await store.tournamentChat.read('t1', 10, 3)).map((l) => l.text)).toEqual(['l4']);
        expect(await store.tournamentChat.read('t1', 10, 4)).toEqual([]);
        expect(await store.tournamentChat.read('t2', 10)).toEqual([{ n: 0, author: 'Bob', account: 'b1', text: 'elsewhere', at: 7 }]);
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
