import { describe, expect, it } from 'vitest';
import type { GameStore, NewGame } from '../store.ts';
import { newTournament } from './new-tournament.testing.ts';
import type { NewPairing } from './store.ts';

/** The tournaments part of the store contract (tournaments/store.ts), run on every store by gameStoreContract. */
export function tournamentsContract(name: string, withStore: (body: (store: GameStore) => Promise<void>) => () => Promise<void>): void {
  const tournament = newTournament;
  const game = (id: string): NewGame => ({
    id,
    game: 'tictactoe',
    options: {},
    seed: `seed-${id}`,
    seats: ['open', 'open'],
    clock: null,
    createdAt: 2_000,
    creator: `tournament:${id}`,
  });
  const seat = (account: string) => ({ account, name: account, tokenHash: `hash-${account}` });
  const paired = (board: number, white: string, black: string | null, gameId?: string): NewPairing => ({
    board,
    white,
    black,
    game: gameId && black ? { game: game(gameId), seats: [seat(white), seat(black)] } : null,
    result: black === null ? 'bye' : null,
  });
  const entry = (account: string, rating: number, joinedAt: number) => ({ account, name: account.toUpperCase(), rating, joinedAt });

  describe(`TournamentsStore contract: ${name}`, () => {
    it(
      'a tournament is made, joined before and after its start (a late entry seeded last), listed by state and started once',
      withStore(async (store) => {
        const t = store.tournaments;
        await t.create(tournament('s1'));
        await t.create(tournament('r1', { kind: 'round-robin', rounds: null, settings: { cycles: 1 }, startsAt: null }));
        expect(await t.read('nope')).toBeNull();
        expect(await t.read('s1')).toMatchObject({
          kind: 'swiss',
          state: 'created',
          round: 0,
          players: 0,
          rounds: 3,
          clock: { initialMs: 60_000 },
        });
        expect(await t.join('s1', entry('ann', 1600, 20))).toBe('joined');
        expect(await t.join('s1', entry('ann', 1600, 21))).toBe('already');
        expect(await t.join('s1', entry('bob', 1500, 22))).toBe('joined');
        expect(await t.join('nope', entry('bob', 1500, 22))).toBe('unknown');
        expect((await t.list('created', 10)).map((x) => x.id)).toEqual(['s1', 'r1']);
        expect(await t.unfinishedBy('org')).toBe(2);
        expect(await t.unfinishedBy('someone-else')).toBe(0);
        // Due: the one whose start time has come; the round robin starts when its organiser says.
        expect((await t.due(999)).map((x) => x.id)).toEqual([]);
        expect((await t.due(1_000)).map((x) => x.id)).toEqual(['s1']);
        expect(
          await t.start(
            's1',
            1_000,
            [
              { account: 'ann', seed: 1 },
              { account: 'bob', seed: 2 },
            ],
            null,
            null,
          ),
        ).toBe(true);
        expect(await t.start('s1', 1_001, [], null, null)).toBe(false);
        expect(await t.read('s1')).toMatchObject({ state: 'running', startedAt: 1_000, players: 2 });
        expect(await t.join('s1', entry('cid', 1900, 30))).toBe('joined');
        expect((await t.entries('s1')).map((e) => [e.account, e.seed])).toEqual([
          ['ann', 1],
          ['bob', 2],
          ['cid', 3],
        ]);
        // Withdrawn, it counts no more; rejoining keeps the seed.
        expect(await t.setEntry('s1', 'bob', 'withdrawn')).toBe(true);
        expect(await t.setEntry('s1', 'zed', 'withdrawn')).toBe(false);
        expect((await t.read('s1'))?.players).toBe(2);
        expect(await t.join('s1', entry('bob', 1500, 40))).toBe('joined');
        expect((await t.entries('s1')).find((e) => e.account === 'bob')).toMatchObject({ seed: 2, state: 'active' });
        // A round robin takes nobody once it runs; its rounds are known at its start.
        expect(await t.startAt('r1', 500)).toBe(true);
        expect(await t.start('r1', 500, [], 5, null)).toBe(true);
        expect(await t.startAt('r1', 600)).toBe(false);
        expect(await t.read('r1')).toMatchObject({ rounds: 5, startsAt: 500 });
        expect(await t.join('r1', entry('dan', 1500, 50))).toBe('closed');
        expect((await t.list('running', 10)).map((x) => x.id)).toEqual(['r1', 's1']);
        expect(await t.endAt('r1', 700)).toBe(true);
        expect(await t.finish('r1', { places: [] }, 800)).toBe(true);
        expect(await t.finish('r1', { places: [] }, 900)).toBe(false);
        expect(await t.read('r1')).toMatchObject({ state: 'finished', finishedAt: 800, endsAt: 700, standings: { places: [] } });
        expect(await t.join('r1', entry('dan', 1500, 50))).toBe('closed');
        expect(await t.setEntry('r1', 'dan', 'active')).toBe(false);
        expect((await t.list('finished', 10)).map((x) => x.id)).toEqual(['r1']);
      }),
    );

    it(
      'each round is paired exactly once, with its games, even when paired at the same moment; results are recorded once',
      withStore(async (store) => {
        const t = store.tournaments;
        await t.create(tournament('s'));
        for (const [i, a] of ['ann', 'bob', 'cid'].entries()) await t.join('s', entry(a, 1500 - i, i));
        // Not running yet: nothing is paired.
        expect(await t.pairRound('s', 1, [paired(1, 'ann', 'bob', 'g1')], 2_000)).toBe(false);
        await t.start('s', 1_000, [], null, null);
        // Round 2 before round 1: refused.
        expect(await t.pairRound('s', 2, [paired(1, 'ann', 'bob', 'g0')], 2_000)).toBe(false);
        // Four directors pair round 1 at once, each with its own games: one pairing stands, its games alone are made.
        const tries = await Promise.all(
          [1, 2, 3, 4].map((k) => t.pairRound('s', 1, [paired(1, 'ann', 'bob', `g1-${k}`), paired(2, 'cid', null)], 2_000)),
        );
        expect(tries.filter(Boolean)).toHaveLength(1);
        const k = tries.indexOf(true) + 1;
        for (const other of [1, 2, 3, 4])
          expect(await store.games.read(`g1-${other}`), `g1-${other}`).toEqual(other === k ? expect.anything() : null);
        expect((await store.games.read(`g1-${k}`))?.seatAccounts).toEqual(['ann', 'bob']);
        // Its seats are its players': nothing of it is open to the lobby.
        expect((await store.lobby.open()).map((g) => g.id)).not.toContain(`g1-${k}`);
        expect((await t.read('s'))?.round).toBe(1);
        expect(await t.pairings('s')).toEqual([
          { round: 1, board: 1, white: 'ann', black: 'bob', gameId: `g1-${k}`, result: null, plies: null, endedAt: null },
          { round: 1, board: 2, white: 'cid', black: null, gameId: null, result: 'bye', plies: 0, endedAt: 2_000 },
        ]);
        expect(await t.ofGame(`g1-${k}`)).toEqual({ tournament: 's', round: 1 });
        expect(await t.ofGame('g-none')).toBeNull();
        expect(await t.liveGamesOf(['hash-bob', 'hash-cid'])).toEqual([{ id: `g1-${k}`, tokenHash: 'hash-bob' }]);
        expect(await t.liveGamesOf([])).toEqual([]);
        // The game ends: it is found among those ended, recorded once, then no longer found.
        expect(await t.ended('s')).toEqual([]);
        expect(await store.games.end(`g1-${k}`, { result: { kind: 'win', winner: 1 }, termination: 'resignation', plies: 0 })).toBe(true);
        expect(await t.ended('s')).toEqual([
          { round: 1, board: 1, gameId: `g1-${k}`, result: { kind: 'win', winner: 1 }, termination: 'resignation', plies: 0 },
        ]);
        expect(await t.record('s', 1, 1, { result: 'black' }, 0, 3_000)).toBe(true);
        expect(await t.record('s', 1, 1, { result: 'white' }, 0, 3_001)).toBe(false);
        expect(await t.ended('s')).toEqual([]);
        expect(await t.liveGamesOf(['hash-bob'])).toEqual([]);
        expect((await t.pairings('s'))[0]).toMatchObject({ result: 'black', endedAt: 3_000 });
        expect(await t.pairRound('s', 2, [paired(1, 'bob', 'cid', 'g2')], 4_000)).toBe(true);
        expect(await t.pairRound('s', 2, [paired(1, 'bob', 'cid', 'g2b')], 4_000)).toBe(false);
        expect(await store.games.read('g2b')).toBeNull();
      }),
    );

    it(
      'an arena’s table of more than two keeps its seats in order and the seat that won it; its game seats all of them',
      withStore(async (store) => {
        const t = store.tournaments;
        await t.create(tournament('d', { kind: 'arena', game: 'dicewars', options: { players: 4 }, rounds: null, durationMs: 60_000 }));
        for (const [i, a] of ['ann', 'bob', 'cid', 'dee'].entries()) await t.join('d', entry(a, 1500 - i, i));
        await t.start('d', 1_000, [], null, 61_000);
        const seats = ['cid', 'ann', 'dee', 'bob'];
        const table: NewPairing = {
          board: 1,
          white: 'cid',
          black: 'ann',
          others: ['dee', 'bob'],
          game: {
            game: { ...game('gd'), game: 'dicewars', options: { players: 4 }, seats: ['open', 'open', 'open', 'open'] },
            seats: seats.map(seat),
          },
          result: null,
        };
        expect(await t.pairRound('d', 1, [table], 2_000)).toBe(true);
        expect((await store.games.read('gd'))?.seatAccounts).toEqual(seats);
        expect(await t.pairings('d')).toEqual([
          {
            round: 1,
            board: 1,
            white: 'cid',
            black: 'ann',
            others: ['dee', 'bob'],
            gameId: 'gd',
            result: null,
            plies: null,
            endedAt: null,
          },
        ]);
        expect(await store.games.end('gd', { result: { kind: 'win', winner: 2 }, termination: 'rules', plies: 0 })).toBe(true);
        expect(await t.ended('d')).toEqual([
          { round: 1, board: 1, gameId: 'gd', result: { kind: 'win', winner: 2 }, termination: 'rules', plies: 0, table: true },
        ]);
        expect(await t.record('d', 1, 1, { result: 'table', winner: 2 }, 0, 3_000)).toBe(true);
        expect(await t.record('d', 1, 1, { result: 'table', winner: 0 }, 0, 3_001)).toBe(false);
        expect((await t.pairings('d'))[0]).toMatchObject({ result: 'table', winner: 2, others: ['dee', 'bob'], endedAt: 3_000 });
      }),
    );

    it(
      'a tournament not started is cancelled with its entries; a running one is not; a player’s tournaments listed, the latest made first',
      withStore(async (store) => {
        const t = store.tournaments;
        await t.create(tournament('old', { createdAt: 1 }));
        await t.create(tournament('new', { createdAt: 2 }));
        await t.create(tournament('other', { createdAt: 3 }));
        await t.join('old', entry('ann', 1500, 10));
        await t.join('new', entry('ann', 1500, 11));
        await t.join('other', entry('bob', 1500, 12));
        await t.setEntry('old', 'ann', 'withdrawn');
        expect((await t.ofPlayer('ann', 10)).map((x) => x.id)).toEqual(['new', 'old']);
        expect((await t.ofPlayer('ann', 1)).map((x) => x.id)).toEqual(['new']);
        expect(await t.ofPlayer('nobody', 10)).toEqual([]);
        expect(await t.cancel('new')).toBe(true);
        expect(await t.cancel('new')).toBe(false);
        expect(await t.read('new')).toBeNull();
        expect(await t.entries('new')).toEqual([]);
        expect((await t.ofPlayer('ann', 10)).map((x) => x.id)).toEqual(['old']);
        await t.start('other', 1_000, [{ account: 'bob', seed: 1 }], null, null);
        expect(await t.cancel('other')).toBe(false);
        expect(await t.read('other')).toMatchObject({ state: 'running' });
        expect(await t.cancel('nope')).toBe(false);
      }),
    );

    it(
      'a tournament’s entry conditions and invitation are kept with it',
      withStore(async (store) => {
        const conditions = { minRatedGames: 10, minRating: 1400, maxRating: 1900, inviteOnly: true };
        await store.tournaments.create(tournament('inv', { settings: { byePoints: 0.5, conditions, invite: 'code-123' } }));
        expect((await store.tournaments.read('inv'))?.settings).toEqual({ byePoints: 0.5, conditions, invite: 'code-123' });
        await store.tournaments.create(tournament('open'));
        expect((await store.tournaments.read('open'))?.settings).toEqual({ byePoints: 1 });
      }),
    );

    it(
      'its organiser edits it before it starts (its entries’ ratings with it), in one write that counts a version; not once it runs',
      withStore(async (store) => {
        const t = store.tournaments;
        await t.create(tournament('e', { settings: { byePoints: 1, conditions: { inviteOnly: true }, invite: 'c' } }));
        await t.join('e', entry('ann', 1500, 1));
        await t.join('e', entry('bob', 1600, 2));
        const invited = [{ account: 'cid', name: 'Cid' }];
        const edit = {
          name: 'Renamed',
          clock: { initialMs: 300_000, incrementMs: 3_000 },
          rated: true,
          startsAt: 5_000,
          rounds: 7,
          durationMs: null,
          settings: { byePoints: 0.5, conditions: { inviteOnly: true, minRating: 1000 }, invite: 'c', invited },
        };
        const before = (await t.read('e'))?.version ?? -1;
        expect(await t.edit('e', edit, new Map([['ann', 1712.5]]))).toBe(true);
        expect(await t.read('e')).toMatchObject({ ...edit, version: before + 1, state: 'created', kind: 'swiss', game: 'tictactoe' });
        expect((await t.entries('e')).map((e) => [e.account, e.rating])).toEqual([
          ['ann', 1712.5],
          ['bob', 1600],
        ]);
        expect(await t.edit('nope', edit, new Map())).toBe(false);
        await t.start('e', 5_000, [], null, null);
        const running = await t.read('e');
        expect(await t.edit('e', { ...edit, name: 'Too late', rounds: 2 }, new Map([['bob', 1]]))).toBe(false);
        expect(await t.read('e')).toEqual(running);
        expect((await t.entries('e')).find((e) => e.account === 'bob')?.rating).toBe(1600);
      }),
    );

    it(
      'a running tournament is paused and resumed once each way, counting a version; not one that has not started or is over',
      withStore(async (store) => {
        const t = store.tournaments;
        await t.create(tournament('h'));
        expect(await t.halt('h', true)).toBe(false);
        await t.start('h', 1_000, [], null, null);
        const version = async () => (await t.read('h'))?.version ?? -1;
        const v = await version();
        expect(await t.halt('h', false)).toBe(false);
        expect(await t.halt('h', true)).toBe(true);
        expect(await t.halt('h', true)).toBe(false);
        expect(await t.read('h')).toMatchObject({ settings: { byePoints: 1, halted: true }, version: v + 1 });
        expect(await t.halt('h', false)).toBe(true);
        expect((await t.read('h'))?.settings).toEqual({ byePoints: 1 });
        expect(await version()).toBe(v + 2);
        await t.finish('h', { rows: [] }, 2_000);
        expect(await t.halt('h', true)).toBe(false);
        expect(await t.halt('nope', true)).toBe(false);
      }),
    );

    it(
      'a disqualified player counts no more, is not let back in, and neither pauses nor withdraws out of it',
      withStore(async (store) => {
        const t = store.tournaments;
        await t.create(tournament('dq'));
        await t.join('dq', entry('ann', 1500, 1));
        await t.join('dq', entry('bob', 1400, 2));
        expect(await t.setEntry('dq', 'bob', 'disqualified')).toBe(true);
        expect((await t.read('dq'))?.players).toBe(1);
        for (const state of ['active', 'paused', 'withdrawn', 'disqualified'] as const)
          expect(await t.setEntry('dq', 'bob', state), state).toBe(false);
        expect(await t.join('dq', entry('bob', 1400, 3))).toBe('disqualified');
        expect((await t.entries('dq')).find((e) => e.account === 'bob')?.state).toBe('disqualified');
        // A withdrawn player may be disqualified too.
        expect(await t.setEntry('dq', 'ann', 'withdrawn')).toBe(true);
        expect(await t.setEntry('dq', 'ann', 'disqualified')).toBe(true);
        expect((await t.read('dq'))?.players).toBe(0);
      }),
    );

    it(
      'every change a viewer sees counts one more version; a refused write counts none',
      withStore(async (store) => {
        const t = store.tournaments;
        const version = async () => (await t.read('v'))?.version;
        await t.create(tournament('v', { startsAt: null }));
        expect(await version()).toBe(0);
        const steps: [string, () => Promise<unknown>, boolean][] = [
          ['joined', () => t.join('v', entry('ann', 1500, 1)), true],
          ['joined again', () => t.join('v', entry('ann', 1500, 2)), false],
          ['bob joined', () => t.join('v', entry('bob', 1400, 3)), true],
          ['paused', () => t.setEntry('v', 'bob', 'paused'), true],
          ['no such entry', () => t.setEntry('v', 'zed', 'paused'), false],
          ['back', () => t.join('v', entry('bob', 1400, 4)), true],
          ['start time', () => t.startAt('v', 1_000), true],
          ['started', () => t.start('v', 1_000, [], null, null), true],
          ['started again', () => t.start('v', 1_001, [], null, null), false],
          ['paired', () => t.pairRound('v', 1, [paired(1, 'ann', 'bob', 'gv1')], 2_000), true],
          ['paired again', () => t.pairRound('v', 1, [paired(1, 'ann', 'bob', 'gv2')], 2_000), false],
          ['recorded', () => t.record('v', 1, 1, { result: 'white' }, 5, 3_000), true],
          ['recorded again', () => t.record('v', 1, 1, { result: 'black' }, 5, 3_001), false],
          ['ends', () => t.endAt('v', 4_000), true],
          ['finished', () => t.finish('v', { rows: [] }, 5_000), true],
          ['finished again', () => t.finish('v', { rows: [] }, 5_001), false],
        ];
        let expected = 0;
        for (const [what, step, counts] of steps) {
          await step();
          if (counts) expected++;
          expect(await version(), what).toBe(expected);
        }
      }),
    );

    it(
      'a bot entrant is known by its token’s hash, and its seats are taken with it',
      withStore(async (store) => {
        await store.accounts.register('owner', 'Owner', 'owner', 'hash-owner', '$argon2id$x', 1);
        expect(await store.bots.registerOwned('bot-acc', 'owner', 'Botty', 'botty', 'hash-botty', 'bot-token-hash', 2)).toBe(true);
        expect(await store.tournaments.botAccount('bot-token-hash')).toBe('bot-acc');
        expect(await store.tournaments.botAccount('other')).toBeNull();
        expect(await store.tournaments.botTokens(['bot-acc', 'owner'])).toEqual(new Map([['bot-acc', 'bot-token-hash']]));
        expect(await store.tournaments.botTokens([])).toEqual(new Map());
      }),
    );
  });
}
