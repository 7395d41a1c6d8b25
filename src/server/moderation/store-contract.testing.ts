import { describe, expect, it } from 'vitest';
import type { GameStore, NewGame, NewRating, StoredRating } from '../store.ts';
import type { ModAction } from './store.ts';

/** The moderation part of the store contract (moderation/store.ts), run on every store by gameStoreContract. */
export function moderationContract(name: string, withStore: (body: (store: GameStore) => Promise<void>) => () => Promise<void>): void {
  const players = async (store: GameStore, ...names: string[]) => {
    for (const [i, n] of names.entries()) await store.register(n, n, n.toLowerCase(), `hash-${n}`, `$argon2id$${n}`, i + 1);
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
        expect(await store.hasRole('Mod', 'moderator')).toBe(false);
        expect(await store.setRole('Mod', 'moderator', true, action(10, 'grant-moderator', 'Mod', null))).toBe(true);
        expect(await store.setRole('Mod', 'moderator', true, action(11, 'grant-moderator', 'Mod', null))).toBe(false);
        expect(await store.hasRole('Mod', 'moderator')).toBe(true);
        expect(await store.hasRole('Ann', 'moderator')).toBe(false);
        expect(await store.withRole('moderator')).toEqual([{ name: 'Mod', since: 10 }]);
        expect(await store.setRole('Ann', 'moderator', false, action(12, 'revoke-moderator', 'Ann', null))).toBe(false);
        expect(await store.modLog(10)).toEqual([
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
        expect(await store.setRole('Mod', 'moderator', false, action(13, 'revoke-moderator', 'Mod', null))).toBe(true);
        expect(await store.withRole('moderator')).toEqual([]);
        const log = await store.modLog(10);
        expect(log.map((e) => [e.at, e.action])).toEqual([
          [13, 'revoke-moderator'],
          [10, 'grant-moderator'],
        ]);
        expect(await store.modLog(10, log[0]?.n)).toEqual([log[1]]);
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
        expect(await store.fileReport(report('r1', 'Bob', 100), 0, 2)).toBeNull();
        expect(await store.fileReport(report('r2', 'Bob', 110), 0, 2)).toBe('duplicate');
        expect(await store.fileReport({ ...report('r3', 'Cid', 120), gameId: 'g1', reason: 'cheat' }, 0, 2)).toBeNull();
        expect(await store.fileReport(report('r4', 'Mod', 130), 0, 2)).toBe('too-many');
        // The allowance counts from `since`: older reports no longer count.
        expect(await store.fileReport(report('r4', 'Mod', 130), 101, 2)).toBeNull();
        const open = await store.reports(true, 10);
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
        expect((await store.reports(true, 10, 120)).map((r) => r.id)).toEqual(['r1']);
        expect(await store.report('r3')).toEqual(open[1]);
        expect(await store.report('nope')).toBeNull();
        expect(await store.closeReport('r1', { ...action(200, 'close-report', 'Bob'), details: { report: 'r1' } })).toBe(true);
        expect(await store.closeReport('r1', action(201, 'close-report', 'Bob'))).toBe(false);
        expect(await store.closeReport('nope', action(202, 'close-report', null))).toBe(false);
        expect((await store.reports(true, 10)).map((r) => r.id)).toEqual(['r4', 'r3']);
        expect(await store.reports(false, 10)).toMatchObject([{ id: 'r1', closedAt: 200, closedByName: 'Mod' }]);
        // Closed, a report about Bob no longer stands in the way of another.
        expect(await store.fileReport(report('r5', 'Bob', 300), 250, 2)).toBeNull();
        expect(await store.modLog(10)).toMatchObject([
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
        await Promise.all(names.map((n) => store.hasRole(n, 'moderator')));
        const filed = await Promise.all(
          names
            .slice(1)
            .map((reported, i) =>
              store.fileReport({ id: `r${i}`, reporter: 'Ann', reported, reason: 'abuse', gameId: null, text: '', at: 100 + i }, 0, 2),
            ),
        );
        expect(filed.filter((r) => r === null)).toHaveLength(2);
        expect(filed.filter((r) => r === 'too-many')).toHaveLength(4);
        expect(await store.reports(true, 10)).toHaveLength(2);
      }),
    );

    it(
      'a mute lasts until its end or for good; a ban ends every session and personal token in its write; both are lifted',
      withStore(async (store) => {
        await players(store, 'Mod', 'Ann');
        await store.createSession('s1', 'Ann', 5);
        await store.createSession('s2', 'Ann', 6);
        await store.createApiToken('tok', 'Ann', 'script', 'play', 7);
        expect(await store.registerOwnedBot('AnnBot', 'Ann', 'AnnBot', 'annbot', 'hash-annbot', 'bot-token', 8)).toBe(true);
        expect(await store.botName('bot-token')).toBe('AnnBot');
        await store.sanction('Ann', 'mute', 1_000, action(100, 'mute', 'Ann'));
        expect(await store.sanctionsOf('Ann', 999)).toEqual([{ kind: 'mute', until: 1_000, at: 100 }]);
        expect(await store.sanctionsOf('Ann', 1_000)).toEqual([]);
        // A second mute replaces the first: for good.
        await store.sanction('Ann', 'mute', null, action(200, 'mute', 'Ann'));
        expect(await store.sanctionsOf('Ann', 5_000)).toEqual([{ kind: 'mute', until: null, at: 200 }]);
        expect(await store.session('s1')).not.toBeNull();
        await store.sanction('Ann', 'ban', null, action(300, 'ban', 'Ann'));
        expect(await store.sanctionsOf('Ann', 5_000)).toEqual([
          { kind: 'ban', until: null, at: 300 },
          { kind: 'mute', until: null, at: 200 },
        ]);
        expect(await store.session('s1')).toBeNull();
        expect(await store.session('s2')).toBeNull();
        expect(await store.apiToken('tok')).toBeNull();
        expect(await store.botName('bot-token')).toBeNull();
        // A new token, which its owner gives it from the account page once unbanned, plays again.
        expect(await store.rotateBotToken('Ann', 'annbot', 'new-bot-token')).not.toBeNull();
        expect(await store.botName('new-bot-token')).toBe('AnnBot');
        // Banned while seated in a game going on: found until the game ends.
        await store.create({ id: 'g', game: 'tictactoe', options: {}, seed: 's', seats: ['open', 'open'], clock: null, createdAt: 1 });
        await store.claimSeat('g', 0, 'ann-token', 'Ann', undefined, 'Ann');
        await store.claimSeat('g', 1, 'mod-token', 'Mod', undefined, 'Mod');
        expect(await store.bannedInPlay()).toEqual(['Ann']);
        expect(await store.end('g', { result: { kind: 'win', winner: 1 }, termination: 'banned', plies: 0 })).toBe(true);
        expect(await store.bannedInPlay()).toEqual([]);
        expect(await store.lift('Ann', 'ban', action(400, 'unban', 'Ann'))).toBe(true);
        expect(await store.lift('Ann', 'ban', action(401, 'unban', 'Ann'))).toBe(false);
        expect(await store.sanctionsOf('Ann', 5_000)).toEqual([{ kind: 'mute', until: null, at: 200 }]);
        expect((await store.modLog(10)).map((e) => e.action)).toEqual(['unban', 'ban', 'mute', 'mute']);
      }),
    );

    it(
      'a ban voids the seats of the account and of its bots, names the games they are in, and a bot seated by its token passes to its account',
      withStore(async (store) => {
        await players(store, 'Mod', 'Ann', 'Bob');
        expect(await store.registerOwnedBot('AnnBot', 'Ann', 'AnnBot', 'annbot', 'hash-annbot', 'bot-token', 8)).toBe(true);
        const game = (id: string) => ({
          id,
          game: 'tictactoe',
          options: {},
          seed: 's',
          seats: ['open', 'open'],
          clock: null,
          createdAt: 1,
        });
        for (const id of ['own', 'bot', 'other']) await store.create(game(id));
        await store.claimSeat('own', 0, 'ann-token', 'Ann', undefined, 'Ann');
        await store.claimSeat('own', 1, 'bob-token', 'Bob', undefined, 'Bob');
        // The bot sits by its token alone, as a bot does.
        await store.claimSeat('bot', 0, 'bot-token', 'AnnBot');
        await store.claimSeat('other', 0, 'bob-token-2', 'Bob', undefined, 'Bob');
        expect(await store.sanction('Ann', 'mute', null, action(50, 'mute', 'Ann'))).toEqual([]);
        expect((await store.sanction('Ann', 'ban', null, action(100, 'ban', 'Ann'))).sort()).toEqual(['bot', 'own']);
        const own = await store.read('own');
        expect(own?.seatTokens).toEqual(['closed', 'bob-token']);
        const bot = await store.read('bot');
        expect(bot?.seatTokens).toEqual(['closed', null]);
        expect(bot?.seatAccounts[0]).toBe('AnnBot');
        expect((await store.read('other'))?.seatTokens).toEqual(['bob-token-2', null]);
        expect((await store.bannedInPlay()).sort()).toEqual(['Ann']);
        expect(await store.botName('bot-token')).toBeNull();
        // A second ban finds the bot's token revoked already and revokes nothing twice.
        expect((await store.sanction('Ann', 'ban', null, action(200, 'ban', 'Ann'))).sort()).toEqual(['bot', 'own']);
        expect(await store.rotateBotToken('Ann', 'annbot', 'new-bot-token')).toBe('revoked:bot-token');
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
          await store.create(game(id, at));
          await store.claimSeat(id, 0, `${id}-0`, winner, undefined, winner);
          await store.claimSeat(id, 1, `${id}-1`, loser, undefined, loser);
          const before = await Promise.all([winner, loser].map(async (a) => (await store.ratingsOf(a))[0] ?? null));
          const [w, l] = before.map((r) => r?.rating ?? 1500) as [number, number];
          const gain = (2000 - w) / 10 + 0.123;
          const after = [
            { rating: w + gain, deviation: 200, volatility: 0.06 },
            { rating: l - gain, deviation: 200, volatility: 0.06 },
          ];
          const seats = [winner, loser].map((account, i) => ({ account, before: before[i] ?? null, after: after[i] as NewRating }));
          const diffs = after.map((r, i) => Math.round(r.rating) - Math.round(before[i]?.rating ?? 1500));
          expect(
            await store.end(id, {
              result: { kind: 'win', winner: 0 },
              termination: 'resignation',
              plies: 0,
              ratings: { perf: 'hex', at, seats, diffs },
            }),
          ).toBe(true);
        };
        await play('v1', 'Vic', 'Oth', 10);
        const vicBefore = (await store.ratingsOf('Vic'))[0] as StoredRating;
        const othBefore = (await store.ratingsOf('Oth'))[0] as StoredRating;
        await play('b1', 'Boo', 'Vic', 20);
        await play('b2', 'Boo', 'Vic', 30);
        await play('b3', 'Oth', 'Boo', 40);
        await play('v2', 'Oth', 'Vic', 50);
        const vicAfter = (await store.ratingsOf('Vic'))[0] as StoredRating;
        const v2Change = vicAfter.rating - ((await store.ratingHistory('Vic', 'hex', 10))[2]?.rating as number);
        expect(vicAfter.games).toBe(4);
        const othHistory = await store.ratingHistory('Oth', 'hex', 10);
        const othV2Change = (othHistory[2]?.rating as number) - (othHistory[1]?.rating as number);

        expect(await store.resetRatings('Boo', action(100, 'rating-reset', 'Boo'))).toEqual({ games: 3, refunded: 2 });
        const vic = (await store.ratingsOf('Vic'))[0] as StoredRating;
        // What the two losses to Boo took is back; the later game against Oth stands.
        expect(vic.rating).toBeCloseTo(vicBefore.rating + v2Change, 9);
        expect(vic.games).toBe(2);
        expect(((await store.ratingsOf('Oth'))[0] as StoredRating).rating).toBeCloseTo(othBefore.rating + othV2Change, 9);
        expect(await store.ratingsOf('Boo')).toEqual([]);
        expect(await store.ratingHistory('Boo', 'hex', 10)).toEqual([]);
        expect((await store.ratingHistory('Vic', 'hex', 10)).map((p) => p.gameId)).toEqual(['v1', 'v2']);
        expect((await store.read('b1'))?.ratingDiffs).toBeNull();
        expect((await store.read('v2'))?.ratingDiffs).not.toBeNull();
        // Nothing is given back twice.
        expect(await store.resetRatings('Boo', action(200, 'rating-reset', 'Boo'))).toEqual({ games: 0, refunded: 0 });
        expect(((await store.ratingsOf('Vic'))[0] as StoredRating).rating).toBe(vic.rating);
        expect((await store.modLog(10)).map((e) => [e.action, e.target, e.details])).toEqual([
          ['rating-reset', 'Boo', { games: 0, refunded: 0 }],
          ['rating-reset', 'Boo', { games: 3, refunded: 2 }],
        ]);
      }),
    );
  });
}
