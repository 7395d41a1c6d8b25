import { describe, expect, it } from 'vitest';
import type { GameStore, NewGame, NewRating, StoredRating } from '../store.ts';
import type { ModAction } from './store.ts';

/** The moderation part of the store contract (moderation/store.ts), run on every store by gameStoreContract. */
export function moderationContract(name: string, withStore: (body: (store: GameStore) => Promise<void>) => () => Promise<void>): void {
  const players = async (store: GameStore, ...names: string[]) => {
    for (const [i, n] of names.entries()) await store.accounts.register(n, n, n.toLowerCase(), `hash-${n}`, `$argon2id$${n}`, i + 1);
  };
  const action = (at: number, what: string, target: string | null, moderator: string | null = 'Mod'): ModAction => ({
    at,
    moderator,
    action: what,
    target,
    note: `${what} note`,
  });

  describe(`ModerationStore contract: ${name}`, () => {
    it(
      'roles are granted and revoked once each, and every change is in the audit log with who, what, whom, when and why',
      withStore(async (store) => {
        await players(store, 'Mod', 'Ann');
        expect(await store.moderation.hasRole('Mod', 'moderator')).toBe(false);
        expect(await store.moderation.setRole('Mod', 'moderator', true, action(10, 'grant-moderator', 'Mod', null))).toBe(true);
        expect(await store.moderation.setRole('Mod', 'moderator', true, action(11, 'grant-moderator', 'Mod', null))).toBe(false);
        expect(await store.moderation.hasRole('Mod', 'moderator')).toBe(true);
        expect(await store.moderation.hasRole('Ann', 'moderator')).toBe(false);
        expect(await store.moderation.withRole('moderator')).toEqual([{ name: 'Mod', since: 10 }]);
        expect(await store.moderation.setRole('Ann', 'moderator', false, action(12, 'revoke-moderator', 'Ann', null))).toBe(false);
        expect(await store.moderation.log(10)).toEqual([
          {
            n: expect.any(Number),
            at: 10,
            moderator: null,
            action: 'grant-moderator',
            target: 'Mod',
            note: 'grant-moderator note',
            details: null,
          },
        ]);
        expect(await store.moderation.setRole('Mod', 'moderator', false, action(13, 'revoke-moderator', 'Mod', null))).toBe(true);
        expect(await store.moderation.withRole('moderator')).toEqual([]);
        const log = await store.moderation.log(10);
        expect(log.map((e) => [e.at, e.action])).toEqual([
          [13, 'revoke-moderator'],
          [10, 'grant-moderator'],
        ]);
        expect(await store.moderation.log(10, log[0]?.n)).toEqual([log[1]]);
        // An act done elsewhere (a tournament's disqualification) is written in the same log.
        await store.moderation.record({ ...action(14, 'tournament-disqualify', 'Ann'), details: { tournament: 'T1' } });
        expect((await store.moderation.log(1))[0]).toMatchObject({
          at: 14,
          moderator: 'Mod',
          action: 'tournament-disqualify',
          target: 'Ann',
          details: { tournament: 'T1' },
        });
      }),
    );

    it(
      'a report is filed unless its reporter has one open about that player or has spent the allowance; moderators read and close them',
      withStore(async (store) => {
        await players(store, 'Mod', 'Ann', 'Bob', 'Cid');
        const report = (id: string, reported: string, at: number) => ({
          id,
          reporter: 'Ann',
          reported,
          reason: 'abuse',
          gameId: null,
          text: 'rude',
          at,
        });
        expect(await store.moderation.fileReport(report('r1', 'Bob', 100), 0, 2)).toBeNull();
        expect(await store.moderation.fileReport(report('r2', 'Bob', 110), 0, 2)).toBe('duplicate');
        expect(await store.moderation.fileReport({ ...report('r3', 'Cid', 120), gameId: 'g1', reason: 'cheat' }, 0, 2)).toBeNull();
        expect(await store.moderation.fileReport(report('r4', 'Mod', 130), 0, 2)).toBe('too-many');
        // The allowance counts from `since`: older reports no longer count.
        expect(await store.moderation.fileReport(report('r4', 'Mod', 130), 101, 2)).toBeNull();
        const open = await store.moderation.reports(true, 10);
        expect(open.map((r) => r.id)).toEqual(['r4', 'r3', 'r1']);
        expect(open[1]).toEqual({
          id: 'r3',
          reporter: 'Ann',
          reported: 'Cid',
          reporterName: 'Ann',
          reportedName: 'Cid',
          reason: 'cheat',
          gameId: 'g1',
          text: 'rude',
          at: 120,
          closedAt: null,
          closedByName: null,
        });
        expect((await store.moderation.reports(true, 10, 120)).map((r) => r.id)).toEqual(['r1']);
        expect(await store.moderation.report('r3')).toEqual(open[1]);
        expect(await store.moderation.report('nope')).toBeNull();
        expect(await store.moderation.closeReport('r1', { ...action(200, 'close-report', 'Bob'), details: { report: 'r1' } })).toBe(true);
        expect(await store.moderation.closeReport('r1', action(201, 'close-report', 'Bob'))).toBe(false);
        expect(await store.moderation.closeReport('nope', action(202, 'close-report', null))).toBe(false);
        expect((await store.moderation.reports(true, 10)).map((r) => r.id)).toEqual(['r4', 'r3']);
        expect(await store.moderation.reports(false, 10)).toMatchObject([{ id: 'r1', closedAt: 200, closedByName: 'Mod' }]);
        // Closed, a report about Bob no longer stands in the way of another.
        expect(await store.moderation.fileReport(report('r5', 'Bob', 300), 250, 2)).toBeNull();
        expect(await store.moderation.log(10)).toMatchObject([
          { action: 'close-report', moderator: 'Mod', target: 'Bob', details: { report: 'r1' } },
        ]);
      }),
    );

    it(
      'reports sent at once are counted one at a time: no more than the allowance is filed',
      withStore(async (store) => {
        const names = ['Ann', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6'];
        await players(store, ...names);
        // Connections opened first (PostgreSQL), so that the reports below do run at once.
        await Promise.all(names.map((n) => store.moderation.hasRole(n, 'moderator')));
        const filed = await Promise.all(
          names
            .slice(1)
            .map((reported, i) =>
              store.moderation.fileReport(
                { id: `r${i}`, reporter: 'Ann', reported, reason: 'abuse', gameId: null, text: '', at: 100 + i },
                0,
                2,
              ),
            ),
        );
        expect(filed.filter((r) => r === null)).toHaveLength(2);
        expect(filed.filter((r) => r === 'too-many')).toHaveLength(4);
        expect(await store.moderation.reports(true, 10)).toHaveLength(2);
      }),
    );

    it(
      'a mute lasts until its end or for good; a ban ends every session and personal token in its write; both are lifted',
      withStore(async (store) => {
        await players(store, 'Mod', 'Ann');
        await store.accounts.createSession('s1', 'Ann', 5);
        await store.accounts.createSession('s2', 'Ann', 6);
        await store.bots.createApiToken('tok', 'Ann', 'script', 'play', 7);
        expect(await store.bots.registerOwned('AnnBot', 'Ann', 'AnnBot', 'annbot', 'hash-annbot', 'bot-token', 8)).toBe(true);
        expect(await store.bots.nameOf('bot-token')).toBe('AnnBot');
        await store.moderation.sanction('Ann', 'mute', 1_000, action(100, 'mute', 'Ann'));
        expect(await store.moderation.sanctionsOf('Ann', 999)).toEqual([{ kind: 'mute', until: 1_000, at: 100 }]);
        expect(await store.moderation.sanctionsOf('Ann', 1_000)).toEqual([]);
        // A second mute replaces the first: for good.
        await store.moderation.sanction('Ann', 'mute', null, action(200, 'mute', 'Ann'));
        expect(await store.moderation.sanctionsOf('Ann', 5_000)).toEqual([{ kind: 'mute', until: null, at: 200 }]);
        expect(await store.accounts.session('s1')).not.toBeNull();
        await store.moderation.sanction('Ann', 'ban', null, action(300, 'ban', 'Ann'));
        expect(await store.moderation.sanctionsOf('Ann', 5_000)).toEqual([
          { kind: 'ban', until: null, at: 300 },
          { kind: 'mute', until: null, at: 200 },
        ]);
        expect(await store.accounts.session('s1')).toBeNull();
        expect(await store.accounts.session('s2')).toBeNull();
        expect(await store.bots.apiToken('tok')).toBeNull();
        expect(await store.bots.nameOf('bot-token')).toBeNull();
        // A new token, which its owner gives it from the account page once unbanned, plays again.
        expect(await store.bots.rotateToken('Ann', 'annbot', 'new-bot-token')).not.toBeNull();
        expect(await store.bots.nameOf('new-bot-token')).toBe('AnnBot');
        // Banned while seated in a game going on: found until the game ends.
        await store.games.create({
          id: 'g',
          game: 'tictactoe',
          options: {},
          seed: 's',
          seats: ['open', 'open'],
          clock: null,
          createdAt: 1,
        });
        await store.games.claimSeat('g', 0, 'ann-token', 'Ann', undefined, 'Ann');
        await store.games.claimSeat('g', 1, 'mod-token', 'Mod', undefined, 'Mod');
        expect(await store.moderation.bannedInPlay()).toEqual(['Ann']);
        expect(await store.games.end('g', { result: { kind: 'win', winner: 1 }, termination: 'banned', plies: 0 })).toBe(true);
        expect(await store.moderation.bannedInPlay()).toEqual([]);
        expect(await store.moderation.lift('Ann', 'ban', action(400, 'unban', 'Ann'))).toBe(true);
        expect(await store.moderation.lift('Ann', 'ban', action(401, 'unban', 'Ann'))).toBe(false);
        expect(await store.moderation.sanctionsOf('Ann', 5_000)).toEqual([{ kind: 'mute', until: null, at: 200 }]);
        expect((await store.moderation.log(10)).map((e) => e.action)).toEqual(['unban', 'ban', 'mute', 'mute']);
      }),
    );

    it(
      'a ban voids the seats of the account and of its bots, names the games they are in, and a bot seated by its token passes to its account',
      withStore(async (store) => {
        await players(store, 'Mod', 'Ann', 'Bob');
        expect(await store.bots.registerOwned('AnnBot', 'Ann', 'AnnBot', 'annbot', 'hash-annbot', 'bot-token', 8)).toBe(true);
        const game = (id: string) => ({
          id,
          game: 'tictactoe',
          options: {},
          seed: 's',
          seats: ['open', 'open'],
          clock: null,
          createdAt: 1,
        });
        for (const id of ['own', 'bot', 'other']) await store.games.create(game(id));
        await store.games.claimSeat('own', 0, 'ann-token', 'Ann', undefined, 'Ann');
        await store.games.claimSeat('own', 1, 'bob-token', 'Bob', undefined, 'Bob');
        // The bot sits by its token alone, as a bot does.
        await store.games.claimSeat('bot', 0, 'bot-token', 'AnnBot');
        await store.games.claimSeat('other', 0, 'bob-token-2', 'Bob', undefined, 'Bob');
        expect(await store.moderation.sanction('Ann', 'mute', null, action(50, 'mute', 'Ann'))).toEqual([]);
        expect((await store.moderation.sanction('Ann', 'ban', null, action(100, 'ban', 'Ann'))).sort()).toEqual(['bot', 'own']);
        const own = await store.games.read('own');
        expect(own?.seatTokens).toEqual(['closed', 'bob-token']);
        const bot = await store.games.read('bot');
        expect(bot?.seatTokens).toEqual(['closed', null]);
        expect(bot?.seatAccounts[0]).toBe('AnnBot');
        expect((await store.games.read('other'))?.seatTokens).toEqual(['bob-token-2', null]);
        expect((await store.moderation.bannedInPlay()).sort()).toEqual(['Ann']);
        expect(await store.bots.nameOf('bot-token')).toBeNull();
        // A second ban finds the bot's token revoked already and revokes nothing twice.
        expect((await store.moderation.sanction('Ann', 'ban', null, action(200, 'ban', 'Ann'))).sort()).toEqual(['bot', 'own']);
        expect(await store.bots.rotateToken('Ann', 'annbot', 'new-bot-token')).toBe('revoked:bot-token');
      }),
    );

    it(
      'a rating reset gives every opponent back exactly what each game against the booster changed, and makes the booster new again, once',
      withStore(async (store) => {
        await players(store, 'Mod', 'Boo', 'Vic', 'Oth');
        const game = (id: string, at: number): NewGame => ({
          id,
          game: 'hex',
          options: {},
          seed: `seed-${id}`,
          seats: ['open', 'open'],
          clock: null,
          createdAt: at,
          rated: true,
        });
        // A winner-takes-some rating: the first seat wins 10% of the distance to 2000 from the second.
        const play = async (id: string, winner: string, loser: string, at: number) => {
          await store.games.create(game(id, at));
          await store.games.claimSeat(id, 0, `${id}-0`, winner, undefined, winner);
          await store.games.claimSeat(id, 1, `${id}-1`, loser, undefined, loser);
          const before = await Promise.all([winner, loser].map(async (a) => (await store.ratings.of(a))[0] ?? null));
          const [w, l] = before.map((r) => r?.rating ?? 1500) as [number, number];
          const gain = (2000 - w) / 10 + 0.123;
          const after = [
            { rating: w + gain, deviation: 200, volatility: 0.06 },
            { rating: l - gain, deviation: 200, volatility: 0.06 },
          ];
          const seats = [winner, loser].map((account, i) => ({ account, before: before[i] ?? null, after: after[i] as NewRating }));
          const diffs = after.map((r, i) => Math.round(r.rating) - Math.round(before[i]?.rating ?? 1500));
          expect(
            await store.games.end(id, {
              result: { kind: 'win', winner: 0 },
              termination: 'resignation',
              plies: 0,
              ratings: { perf: 'hex', at, seats, diffs },
            }),
          ).toBe(true);
        };
        await play('v1', 'Vic', 'Oth', 10);
        const vicBefore = (await store.ratings.of('Vic'))[0] as StoredRating;
        const othBefore = (await store.ratings.of('Oth'))[0] as StoredRating;
        await play('b1', 'Boo', 'Vic', 20);
        await play('b2', 'Boo', 'Vic', 30);
        await play('b3', 'Oth', 'Boo', 40);
        await play('v2', 'Oth', 'Vic', 50);
        const vicAfter = (await store.ratings.of('Vic'))[0] as StoredRating;
        const v2Change = vicAfter.rating - ((await store.ratings.history('Vic', 'hex', 10))[2]?.rating as number);
        expect(vicAfter.games).toBe(4);
        const othHistory = await store.ratings.history('Oth', 'hex', 10);
        const othV2Change = (othHistory[2]?.rating as number) - (othHistory[1]?.rating as number);

        expect(await store.moderation.resetRatings('Boo', action(100, 'rating-reset', 'Boo'))).toEqual({ games: 3, refunded: 2 });
        const vic = (await store.ratings.of('Vic'))[0] as StoredRating;
        // What the two losses to Boo took is back; the later game against Oth stands.
        expect(vic.rating).toBeCloseTo(vicBefore.rating + v2Change, 9);
        expect(vic.games).toBe(2);
        expect(((await store.ratings.of('Oth'))[0] as StoredRating).rating).toBeCloseTo(othBefore.rating + othV2Change, 9);
        expect(await store.ratings.of('Boo')).toEqual([]);
        expect(await store.ratings.history('Boo', 'hex', 10)).toEqual([]);
        expect((await store.ratings.history('Vic', 'hex', 10)).map((p) => p.gameId)).toEqual(['v1', 'v2']);
        expect((await store.games.read('b1'))?.ratingDiffs).toBeNull();
        expect((await store.games.read('v2'))?.ratingDiffs).not.toBeNull();
        // Nothing is given back twice.
        expect(await store.moderation.resetRatings('Boo', action(200, 'rating-reset', 'Boo'))).toEqual({ games: 0, refunded: 0 });
        expect(((await store.ratings.of('Vic'))[0] as StoredRating).rating).toBe(vic.rating);
        expect((await store.moderation.log(10)).map((e) => [e.action, e.target, e.details])).toEqual([
          ['rating-reset', 'Boo', { games: 0, refunded: 0 }],
          ['rating-reset', 'Boo', { games: 3, refunded: 2 }],
        ]);
      }),
    );
  });
}
