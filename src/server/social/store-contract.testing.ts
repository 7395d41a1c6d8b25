import { describe, expect, it } from 'vitest';
import type { GameStore } from '../store.ts';
import { standingsOf } from '../tournaments/standings.ts';
import { TournamentViews } from '../tournaments/views.ts';
import { tournamentsOf } from './player-tournaments.ts';

/** The social part of the store contract (social/store.ts), run on every store by gameStoreContract. */
export function socialContract(name: string, withStore: (body: (store: GameStore) => Promise<void>) => () => Promise<void>): void {
  const players = async (store: GameStore, ...names: string[]) => {
    for (const [i, n] of names.entries()) await store.accounts.register(n, n, n.toLowerCase(), `hash-${n}`, `$argon2id$${n}`, i + 1);
  };

  describe(`SocialStore contract: ${name}`, () => {
    it(
      'a block is private to its blocker, is made once, undoes both follows and the open challenges between the two, and is lifted',
      withStore(async (store) => {
        await players(store, 'Ann', 'Bob', 'Cid');
        expect(await store.social.follow('Ann', 'Bob', false, 1, 10)).toBe('followed');
        expect(await store.social.follow('Bob', 'Ann', true, 2, 10)).toBe('followed');
        expect(await store.social.follow('Cid', 'Ann', false, 3, 10)).toBe('followed');
        const challenge = (id: string, from: string, to: string) => ({
          id,
          from: { account: from, name: from },
          to: { account: to, name: to },
          game: 'hex',
          options: {},
          clock: null,
          rated: false,
          seat: null,
          createdAt: 5,
          expiresAt: 1_000,
          status: 'open' as const,
          gameId: null,
        });
        await store.challenges.create(challenge('c1', 'Bob', 'Ann'));
        await store.challenges.create(challenge('c2', 'Cid', 'Ann'));
        expect(await store.social.block('Ann', 'Bob', 10, 2)).toBe('blocked');
        expect(await store.social.block('Ann', 'Bob', 11, 2)).toBe('already');
        expect(await store.social.block('Ann', 'Cid', 12, 2)).toBe('blocked');
        // The cap counts the blocker's blocks in the same write; one already made is still 'already'.
        expect(await store.social.block('Ann', 'Dee', 13, 2)).toBe('too-many');
        expect(await store.social.block('Ann', 'Cid', 13, 2)).toBe('already');
        expect(await store.social.eitherBlocks('Ann', 'Dee')).toBe(false);
        // Ann cannot follow whom she blocks: her block stays until she lifts it.
        expect(await store.social.follow('Ann', 'Bob', false, 14, 10)).toBe('blocking');
        expect(await store.social.relation('Ann', 'Bob')).toEqual({ follows: false, notify: false, blocks: true });
        expect(await store.social.blocks('Ann', 10)).toEqual([
          { account: 'Cid', name: 'Cid', at: 12 },
          { account: 'Bob', name: 'Bob', at: 10 },
        ]);
        expect(await store.social.blocks('Ann', 10, 12)).toEqual([{ account: 'Bob', name: 'Bob', at: 10 }]);
        expect(await store.social.blocks('Bob', 10)).toEqual([]);
        expect((await store.social.blockedBy('Ann')).sort()).toEqual(['Bob', 'Cid']);
        expect(await store.social.eitherBlocks('Bob', 'Ann')).toBe(true);
        expect(await store.social.relation('Ann', 'Bob')).toEqual({ follows: false, notify: false, blocks: true });
        expect(await store.social.relation('Bob', 'Ann')).toEqual({ follows: false, notify: false, blocks: false });
        expect(await store.social.eitherBlocks('Bob', 'Cid')).toBe(false);
        expect((await store.social.blocksAmong(['Bob', 'Ann', 'Cid'])).sort()).toEqual([
          ['Ann', 'Bob'],
          ['Ann', 'Cid'],
        ]);
        expect(await store.social.following('Ann', 10)).toEqual([]);
        expect(await store.social.following('Bob', 10)).toEqual([]);
        expect(await store.social.counts('Ann')).toEqual({ followers: 0, following: 0 });
        expect((await store.challenges.read('c1'))?.status).toBe('declined');
        expect((await store.challenges.read('c2'))?.status).toBe('declined');
        // A follow of the blocker is answered as any follow is, and nothing is written.
        expect(await store.social.follow('Bob', 'Ann', true, 20, 10)).toBe('followed');
        expect(await store.social.notified('Ann')).toEqual([]);
        expect(await store.social.unblock('Ann', 'Bob')).toBe(true);
        expect(await store.social.unblock('Ann', 'Bob')).toBe(false);
        expect(await store.social.eitherBlocks('Bob', 'Ann')).toBe(false);
        await store.social.forget('Ann');
        expect(await store.social.blocks('Ann', 10)).toEqual([]);
      }),
    );

    it(
      'follows are capped per follower, listed by name with the notice asked for, counted both ways, and show who is playing',
      withStore(async (store) => {
        await players(store, 'Ann', 'bob', 'Cid', 'Dee');
        expect(await store.social.follow('Ann', 'Cid', true, 1, 2)).toBe('followed');
        expect(await store.social.follow('Ann', 'bob', false, 2, 2)).toBe('followed');
        expect(await store.social.follow('Ann', 'Dee', false, 3, 2)).toBe('too-many');
        // Asked again, a follow changes only whether its notice is wanted.
        expect(await store.social.follow('Ann', 'bob', true, 4, 2)).toBe('already');
        expect(await store.social.following('Ann', 10)).toEqual([
          { account: 'bob', name: 'bob', at: 2, notify: true },
          { account: 'Cid', name: 'Cid', at: 1, notify: true },
        ]);
        expect((await store.social.following('Ann', 10, 'bob')).map((f) => f.name)).toEqual(['Cid']);
        expect(await store.social.follow('Dee', 'Cid', false, 5, 2)).toBe('followed');
        expect(await store.social.counts('Cid')).toEqual({ followers: 2, following: 0 });
        expect(await store.social.counts('Ann')).toEqual({ followers: 0, following: 2 });
        expect(await store.social.notified('Cid')).toEqual(['Ann']);
        expect(await store.social.relation('Ann', 'bob')).toEqual({ follows: true, notify: true, blocks: false });
        expect(await store.social.relation('bob', 'Ann')).toEqual({ follows: false, notify: false, blocks: false });
        expect(await store.social.unfollow('Ann', 'Cid')).toBe(true);
        expect(await store.social.unfollow('Ann', 'Cid')).toBe(false);
        expect(await store.social.follow('Ann', 'Dee', false, 6, 2)).toBe('followed');

        // Playing: a game with every seat taken and not over; an open seek is not a game being played.
        const game = (id: string, createdAt: number) => ({
          id,
          game: 'tictactoe',
          options: {},
          seed: 's',
          seats: ['open', 'open'],
          clock: null,
          createdAt,
        });
        await store.games.create(game('seek', 1));
        await store.games.claimSeat('seek', 0, 't0', 'bob', undefined, 'bob');
        await store.games.create(game('live', 2));
        await store.games.claimSeat('live', 0, 't1', 'Cid', undefined, 'Cid');
        await store.games.claimSeat('live', 1, 't2', 'Dee', undefined, 'Dee');
        await store.games.create(game('over', 3));
        await store.games.claimSeat('over', 0, 't3', 'bob', undefined, 'bob');
        await store.games.claimSeat('over', 1, 't4', 'Cid', undefined, 'Cid');
        await store.games.end('over', { result: { kind: 'draw' }, termination: 'agreement', plies: 0 });
        expect([...(await store.social.playing(['bob', 'Cid', 'Dee', 'Ann']))].sort()).toEqual([
          ['Cid', 'live'],
          ['Dee', 'live'],
        ]);
      }),
    );

    it(
      'follows sent at once are counted one at a time: no more than the cap is written',
      withStore(async (store) => {
        const names = ['Ann', 'P1', 'P2', 'P3', 'P4', 'P5'];
        await players(store, ...names);
        await Promise.all(names.map((n) => store.social.counts(n)));
        const made = await Promise.all(names.slice(1).map((n, i) => store.social.follow('Ann', n, false, i, 2)));
        expect(made.filter((m) => m === 'followed')).toHaveLength(2);
        expect((await store.social.counts('Ann')).following).toBe(2);
      }),
    );

    it(
      "the search index's names: players and bots by key, paged; guests and deleted accounts left out",
      withStore(async (store) => {
        await players(store, 'Zed', 'amy', 'Bea', 'Zed2');
        await store.accounts.createGuest('g1', 'Guest-1', 9);
        await store.accounts.delete('Zed2', 'Deleted-1', null);
        const first = await store.social.names(null, 2);
        expect(first).toEqual([
          { id: 'amy', name: 'amy', key: 'amy' },
          { id: 'Bea', name: 'Bea', key: 'bea' },
        ]);
        expect(await store.social.names('bea', 10)).toEqual([{ id: 'Zed', name: 'Zed', key: 'zed' }]);
      }),
    );
    it(
      'a profile’s tournaments: each entered, latest first, with the place taken once finished and the standing now while it runs',
      withStore(async (store) => {
        await players(store, 'Ann', 'Bob', 'Cid');
        const t = store.tournaments;
        const cup = (id: string, createdAt: number) =>
          t.create({
            id,
            kind: 'swiss',
            name: `Cup ${id}`,
            game: 'hive',
            options: {},
            clock: null,
            rated: false,
            organiser: 'Cid',
            organiserName: 'Cid',
            startsAt: null,
            rounds: 3,
            durationMs: null,
            settings: {},
            createdAt,
          });
        await cup('done', 1);
        await cup('live', 2);
        await cup('soon', 3);
        await cup('other', 4);
        for (const id of ['done', 'live', 'soon'])
          for (const [i, who] of ['Ann', 'Bob'].entries())
            expect(await t.join(id, { account: who, name: who, rating: 1500 + i, joinedAt: 5 })).toBe('joined');
        // Round one of each begun: Bob wins by forfeit (Ann, White, withdrew), decided without a game.
        for (const id of ['done', 'live']) {
          expect(
            await t.start(
              id,
              10,
              [
                { account: 'Bob', seed: 1 },
                { account: 'Ann', seed: 2 },
              ],
              3,
              null,
            ),
          ).toBe(true);
          expect(await t.pairRound(id, 1, [{ board: 1, white: 'Ann', black: 'Bob', game: null, result: 'black-forfeit' }], 11)).toBe(true);
        }
        const done = await t.read('done');
        if (!done) throw new Error('no tournament done');
        const standings = standingsOf(done, await t.entries('done'), await t.pairings('done'));
        expect(await t.finish('done', standings as unknown as Parameters<typeof t.finish>[1], 20)).toBe(true);
        const views = new TournamentViews(store);
        const listed = async (who: string) =>
          ((await tournamentsOf(store, views, { id: who, name: who }, 10)) as { id: string; place: unknown; standing?: unknown }[]).map(
            ({ id, place, standing }) => ({ id, place, ...(standing !== undefined ? { standing } : {}) }),
          );
        expect(await listed('Ann')).toEqual([
          { id: 'soon', place: null },
          { id: 'live', place: null, standing: 2 },
          { id: 'done', place: 2 },
        ]);
        expect(await listed('Bob')).toEqual([
          { id: 'soon', place: null },
          { id: 'live', place: null, standing: 1 },
          { id: 'done', place: 1 },
        ]);
        expect(await listed('Cid')).toEqual([]);
      }),
    );
  });
}
