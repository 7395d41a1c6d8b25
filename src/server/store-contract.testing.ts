import { PUZZLE_RATING, rateFirstTry } from '@hexarena/engines/ratings/puzzle-rating.ts';
import { describe, expect, it } from 'vitest';
import { moderationContract } from './moderation/store-contract.testing.ts';
import { socialContract } from './social/store-contract.testing.ts';
import {
  type AfterMove,
  type Challenge,
  type GameStore,
  type NewGame,
  type NewRating,
  type OpeningLine,
  RATINGS_CHANGED,
  type RatingChange,
} from './store.ts';
import { berserksContract } from './stores/berserks-contract.testing.ts';
import { gameChatContract } from './stores/chat-contract.testing.ts';
import { forecastsContract } from './stores/forecasts-contract.testing.ts';
import { gamesDbContract } from './stores/games-db-contract.testing.ts';
import { tournamentChatContract } from './stores/tournament-chat-contract.testing.ts';
import { tournamentsContract } from './tournaments/store-contract.testing.ts';

/** After a move: no clock, nothing for the server to do. */
const NOTHING_DUE: AfterMove = { deadline: null, due: null };

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
      'a move keeps the id its client gave it (so a retry is known after a restart); a move without one has none',
      withStore(async (store) => {
        await store.games.create(game('ids'));
        expect(await store.games.append('ids', { ply: 0, move: 'b2', at: 10, clientId: 'm-1' }, NOTHING_DUE)).toBeNull();
        expect(await store.games.append('ids', { ply: 1, move: 'a1', at: 20 }, NOTHING_DUE)).toBeNull();
        expect((await store.games.read('ids'))?.moves).toEqual([
          { ply: 0, move: 'b2', at: 10, clientId: 'm-1' },
          { ply: 1, move: 'a1', at: 20 },
        ]);
      }),
    );

    it(
      'the server acts in a game for one claimant at a time: a claim holds until it lapses, a move releases it, a stale one fails',
      withStore(async (store) => {
        await store.games.create(game('g'));
        expect(await store.games.claim('g', 0, 'one', 1_000, 10)).toBe(true);
        expect(await store.games.claim('g', 0, 'two', 1_000, 10)).toBe(false);
        // Its holder may renew it; once lapsed, anyone may take it.
        expect(await store.games.claim('g', 0, 'one', 2_000, 20)).toBe(true);
        expect(await store.games.claim('g', 0, 'two', 3_000, 2_001)).toBe(true);
        // A claim made on a position that is gone fails.
        expect(await store.games.append('g', { ply: 0, move: 'b2', at: 30 }, NOTHING_DUE)).toBeNull();
        expect(await store.games.claim('g', 0, 'one', 5_000, 40)).toBe(false);
        // The move released the claim: another may claim at once.
        expect(await store.games.claim('g', 1, 'one', 5_000, 40)).toBe(true);
        // A move may hand the game to its writer's claim in the same write (an AI's turn next).
        expect(
          await store.games.append('g', { ply: 1, move: 'a1', at: 50 }, { deadline: null, due: 50, claim: { owner: 'two', until: 9_000 } }),
        ).toBeNull();
        expect(await store.games.claim('g', 2, 'one', 9_500, 60)).toBe(false);
        expect(await store.games.claimDue('three', 9_500, 60, 10)).toEqual([]);
        expect(await store.games.claim('g', 2, 'two', 9_500, 60)).toBe(true);
        await store.games.end('g', { result: { kind: 'draw' }, termination: 'rules', plies: 2 });
        expect(await store.games.claim('g', 2, 'one', 10_000, 9_600)).toBe(false);
      }),
    );

    it(
      'sweeps claim the live games that are due and unclaimed, each for one sweeper; settling sets the next due time',
      withStore(async (store) => {
        await store.games.create({ ...game('ai', ['easy', 'open'], 1), due: 100 });
        await store.games.create({ ...game('later', ['open', 'open'], 2), due: 5_000 });
        await store.games.create({ ...game('never', ['open', 'open'], 3), due: null });
        await store.games.create({ ...game('held', ['open', 'open'], 4), due: 50 });
        await store.games.create({ ...game('ended', ['open', 'open'], 5), due: 10 });
        await store.games.end('ended', { result: { kind: 'draw' }, termination: 'rules', plies: 0 });
        expect(await store.games.claim('held', 0, 'other', 10_000, 0)).toBe(true);
        // Two sweepers at the same moment: the due games, shared out, each once.
        const [a, b] = await Promise.all([store.games.claimDue('a', 1_000, 200, 10), store.games.claimDue('b', 1_000, 200, 10)]);
        expect([...a, ...b]).toEqual(['ai']);
        // Claimed, it is not swept again until the claim lapses.
        expect(await store.games.claimDue('c', 2_000, 500, 10)).toEqual([]);
        expect(await store.games.claimDue('c', 3_000, 1_001, 10)).toEqual(['ai']);
        // Looked at with nothing to do: released, due again later.
        await store.games.settle('ai', 0, 'c', 8_000);
        expect((await store.games.read('ai'))?.due).toBe(8_000);
        expect(await store.games.claimDue('d', 20_000, 6_000, 10)).toEqual(['later']);
        expect(await store.games.claimDue('e', 30_000, 11_000, 10)).toEqual(['held', 'ai']);
      }),
    );

    it(
      'a created game reads back whole, with no moves, no ending, no claimed seats',
      withStore(async (store) => {
        await store.games.create(game('g1'));
        const read = await store.games.read('g1');
        expect(read).toMatchObject({
          ...game('g1'),
          moves: [],
          ending: null,
          seatTokens: [null, null],
          seatNames: [null, null],
          deadline: null,
        });
        expect(await store.games.read('nope')).toBeNull();
      }),
    );

    it(
      'bots: registered once by name, known by their token; the live games a token sits in, oldest first',
      withStore(async (store) => {
        expect(await store.bots.register('h1', 'randy', 1)).toBe(true);
        expect(await store.bots.register('h2', 'randy', 2)).toBe(false);
        // A name is one whatever its case: "Randy" would pass for "randy".
        expect(await store.bots.register('h3', 'Randy', 3)).toBe(false);
        expect(await store.bots.nameOf('h3')).toBeNull();
        expect(await store.bots.nameOf('h1')).toBe('randy');
        expect(await store.bots.nameOf('h2')).toBeNull();
        await store.games.create(game('a', ['open', 'open'], 1));
        await store.games.create(game('b', ['open', 'easy'], 2));
        await store.games.create(game('c', ['open', 'open'], 3));
        await store.games.claimSeat('b', 0, 'h1', 'randy');
        await store.games.claimSeat('a', 1, 'h1', 'randy');
        await store.games.claimSeat('a', 0, 'h1', 'randy');
        await store.games.claimSeat('c', 0, 'other', null);
        expect(await store.bots.seatedIn('h1')).toEqual(['a', 'b']);
        await store.games.end('a', { result: { kind: 'draw' }, termination: 'rules', plies: 0 });
        expect(await store.bots.seatedIn('h1')).toEqual(['b']);
      }),
    );

    it(
      'writes made at the same moment stand or fall alone: a second game under a taken id is refused, the others land',
      withStore(async (store) => {
        await store.games.create(game('g1'));
        const [again, other, claim] = await Promise.allSettled([
          store.games.create(game('g1', ['open', 'easy'])),
          store.games.create(game('g2')),
          store.games.claimSeat('g1', 0, 'hash', 'Ann'),
        ]);
        expect(again.status).toBe('rejected');
        expect(other.status).toBe('fulfilled');
        expect(claim).toEqual({ status: 'fulfilled', value: true });
        expect((await store.games.read('g1'))?.seats).toEqual(['open', 'open']);
        expect(await store.games.read('g2')).not.toBeNull();
      }),
    );

    it(
      'moves append ply by ply with their deadline; a ply taken twice is refused, and the first stays',
      withStore(async (store) => {
        await store.games.create(game('g1'));
        expect(await store.games.append('g1', { ply: 0, move: 'b2', at: 10 }, { deadline: 1_000, due: 1_000 })).toBeNull();
        expect(await store.games.append('g1', { ply: 1, move: 'a1', at: 11 }, { deadline: 2_000, due: 500 })).toBeNull();
        expect(await store.games.append('g1', { ply: 1, move: 'c3', at: 12 }, { deadline: 3_000, due: 3_000 })).toBe('ply-taken');
        // A move further on than the next is refused too: the writer has not seen the moves before it.
        expect(await store.games.append('g1', { ply: 5, move: 'c3', at: 12 }, { deadline: 3_000, due: 3_000 })).toBe('ply-taken');
        const read = await store.games.read('g1');
        expect(read?.moves).toEqual([
          { ply: 0, move: 'b2', at: 10 },
          { ply: 1, move: 'a1', at: 11 },
        ]);
        expect(read?.deadline).toBe(2_000);
        expect(read?.due).toBe(500);
        expect(await store.games.append('nope', { ply: 0, move: 'b2', at: 1 }, NOTHING_DUE)).toBe('no-such-game');
      }),
    );

    it(
      'an untimed move keeps the due time stored while it is ahead and the new one only later; a timed move writes its own',
      withStore(async (store) => {
        await store.games.create({ ...game('u'), clock: null, due: 5_000 });
        const dueNow = async () => (await store.games.read('u'))?.due;
        // A week on from each move, as an untimed game is due: the stored time, still ahead, is kept.
        expect(await store.games.append('u', { ply: 0, move: 'b2', at: 10 }, { deadline: null, due: 9_000 })).toBeNull();
        expect(await dueNow()).toBe(5_000);
        // An earlier one (an AI to move, a player gone) is written.
        expect(await store.games.append('u', { ply: 1, move: 'a1', at: 20 }, { deadline: null, due: 3_000 })).toBeNull();
        expect(await dueNow()).toBe(3_000);
        // One stored that has passed is written over, however late the new one.
        expect(await store.games.append('u', { ply: 2, move: 'c3', at: 4_000 }, { deadline: null, due: 12_000 })).toBeNull();
        expect(await dueNow()).toBe(12_000);
        // A clock's deadline is written as it comes, later or not.
        expect(await store.games.append('u', { ply: 3, move: 'a3', at: 4_100 }, { deadline: 20_000, due: 20_000 })).toBeNull();
        expect(await dueNow()).toBe(20_000);
        // Nothing due: nothing stored.
        expect(await store.games.append('u', { ply: 4, move: 'a2', at: 4_200 }, { deadline: null, due: null })).toBeNull();
        expect(await dueNow()).toBeNull();
        expect((await store.games.read('u'))?.moves).toHaveLength(5);
      }),
    );

    it(
      'of many writers racing for the same ply, exactly one wins',
      withStore(async (store) => {
        await store.games.create(game('race'));
        const answers = await Promise.all(
          ['a1', 'a2', 'a3', 'b1', 'b2'].map((m, i) => store.games.append('race', { ply: 0, move: m, at: i }, NOTHING_DUE)),
        );
        expect(answers.filter((a) => a === null)).toHaveLength(1);
        expect(answers.filter((a) => a === 'ply-taken')).toHaveLength(4);
        expect((await store.games.read('race'))?.moves).toHaveLength(1);
      }),
    );

    it(
      'a game ends once: later endings and moves are refused',
      withStore(async (store) => {
        await store.games.create(game('a', ['open', 'open'], 1));
        expect(await store.games.append('a', { ply: 0, move: 'b2', at: 1 }, NOTHING_DUE)).toBeNull();
        // An ending decided before the last move is refused: the position it judged is gone.
        expect(await store.games.end('a', { result: { kind: 'win', winner: 1 }, termination: 'time', plies: 0 })).toBe(false);
        expect(await store.games.end('a', { result: { kind: 'draw' }, termination: 'rules', plies: 1 })).toBe(true);
        expect(await store.games.end('a', { result: { kind: 'win', winner: 0 }, termination: 'resignation', plies: 1 })).toBe(false);
        expect((await store.games.read('a'))?.ending).toEqual({ result: { kind: 'draw' }, termination: 'rules' });
        expect((await store.games.read('a'))?.due).toBeNull();
        expect(await store.games.append('a', { ply: 1, move: 'a1', at: 2 }, NOTHING_DUE)).toBe('game-over');
      }),
    );

    it(
      'a seat is claimed once; the lobby lists games with a seat still open for a person, newest first',
      withStore(async (store) => {
        await store.games.create(game('full', ['open', 'hard'], 1));
        await store.games.create(game('two', ['open', 'open'], 2));
        await store.games.create(game('ai', ['hard', 'max'], 3));
        expect(await store.games.claimSeat('full', 0, 'hash-a', 'Ann')).toBe(true);
        expect(await store.games.claimSeat('full', 0, 'hash-b', 'Bob')).toBe(false);
        expect(await store.games.claimSeat('two', 1, 'hash-c', null)).toBe(true);
        const full = await store.games.read('full');
        expect(full?.seatTokens).toEqual(['hash-a', null]);
        expect(full?.seatNames).toEqual(['Ann', null]);
        expect((await store.lobby.open()).map((g) => g.id)).toEqual(['two']);
        // Under way: every seat taken (or an AI's), not over; newest first.
        expect((await store.lobby.playing(10)).map((g) => g.id)).toEqual(['ai', 'full']);
        expect((await store.lobby.playing(1)).map((g) => g.id)).toEqual(['ai']);
        // An ended game's seats stay as they were played: its record's players do not change after.
        expect(await store.games.end('two', { result: { kind: 'draw' }, termination: 'resignation', plies: 0 })).toBe(true);
        expect(await store.games.claimSeat('two', 0, 'hash-late', 'Late')).toBe(false);
        expect((await store.games.read('two'))?.seatTokens).toEqual([null, 'hash-c']);
        await store.games.end('ai', { result: { kind: 'draw' }, termination: 'rules', plies: 0 });
        expect((await store.lobby.playing(10)).map((g) => g.id)).toEqual(['full']);
      }),
    );

    it(
      'a seat claimed with a due time makes the game due then, in the same write; without one, or refused, the due time stays',
      withStore(async (store) => {
        await store.games.create({ ...game('waits', ['easy', 'open', 'open']), due: 90_000 });
        expect(await store.games.claimSeat('waits', 1, 'h1', null)).toBe(true);
        expect((await store.games.read('waits'))?.due).toBe(90_000);
        expect(await store.games.claimSeat('waits', 2, 'h2', null, 50)).toBe(true);
        expect((await store.games.read('waits'))?.due).toBe(50);
        expect(await store.games.claimDue('me', 1_000, 60, 10)).toEqual(['waits']);
        expect(await store.games.claimSeat('waits', 2, 'h3', null, 5)).toBe(false);
        expect((await store.games.read('waits'))?.due).toBe(50);
      }),
    );

    it(
      'the lobby shows each creator once, its newest game; open games are counted by creator; the site secret stays',
      withStore(async (store) => {
        for (let i = 0; i < 3; i++) await store.games.create({ ...game(`flood-${i}`, ['open', 'open'], 10 + i), creator: 'address:x' });
        await store.games.create({ ...game('other', ['open', 'open'], 5), creator: 'bot:randy' });
        await store.games.create({ ...game('anonymous', ['open', 'open'], 4) });
        await store.games.create({ ...game('full', ['open', 'hard'], 20), creator: 'address:x' });
        expect((await store.lobby.open()).map((g) => g.id)).toEqual(['full', 'other', 'anonymous']);
        expect(await store.lobby.openBy('address:x')).toBe(4);
        // Games of AIs alone are counted apart, while they go on.
        await store.games.create({ ...game('ais', ['easy', 'max'], 30), creator: 'address:x' });
        await store.games.create({ ...game('ais-over', ['easy', 'max'], 31), creator: 'address:x' });
        await store.games.end('ais-over', { result: { kind: 'draw' }, termination: 'rules', plies: 0 });
        expect(await store.lobby.aiOnlyBy('address:x')).toBe(1);
        expect(await store.lobby.aiOnlyBy('bot:randy')).toBe(0);
        await store.games.claimSeat('full', 0, 'h', null);
        expect(await store.lobby.openBy('address:x')).toBe(3);
        expect((await store.lobby.open()).map((g) => g.id)).toEqual(['flood-2', 'other', 'anonymous']);
        expect((await store.games.read('other'))?.creator).toBe('bot:randy');
        // A rematch's seats are kept for the players of the game it follows: never in the lobby, even once one is taken.
        await store.games.create({ ...game('rematch', ['open', 'open'], 40), creator: 'rematch:two' });
        expect(await store.games.claimSeat('rematch', 1, 'h-two', null)).toBe(true);
        expect((await store.lobby.open()).map((g) => g.id)).toEqual(['flood-2', 'other', 'anonymous']);
        expect(await store.games.claimSeat('rematch', 0, 'h-one', null)).toBe(true);
        expect((await store.games.read('rematch'))?.seatTokens).toEqual(['h-one', 'h-two']);
        const secret = await store.accounts.siteSecret();
        expect(secret).toMatch(/^[0-9a-f]{64}$/);
        expect(await store.accounts.siteSecret()).toBe(secret);
      }),
    );

    it(
      'a game keeps the version of the rules it is played under; one stored without any reads back without',
      withStore(async (store) => {
        await store.games.create({ ...game('versioned'), rulesVersion: 2 });
        await store.games.create(game('unversioned'));
        expect((await store.games.read('versioned'))?.rulesVersion).toBe(2);
        expect((await store.games.read('unversioned'))?.rulesVersion).toBeUndefined();
      }),
    );

    it(
      'a player leaves a game that goes on: once a seat, at the move and departure counts the writer saw; later moves and the ending check the count',
      withStore(async (store) => {
        await store.games.create(game('three', ['open', 'open', 'open']));
        expect(await store.games.append('three', { ply: 0, move: 'end', at: 10 }, NOTHING_DUE)).toBeNull();
        const leaves = { seat: 2, plies: 1, at: 20, termination: 'resignation' };
        // At a move count that is gone, or after a departure count that is not the game's: refused.
        expect(await store.games.depart('three', { ...leaves, plies: 0 }, 0)).toBe(false);
        expect(await store.games.depart('three', leaves, 1)).toBe(false);
        // Their turn: the server is due to pass it at once, in the same write.
        expect(await store.games.depart('three', leaves, 0, 20)).toBe(true);
        expect((await store.games.read('three'))?.due).toBe(20);
        expect(await store.games.claimDue('me', 1_000, 30, 10)).toEqual(['three']);
        expect(await store.games.depart('three', { ...leaves, at: 25 }, 1)).toBe(false);
        // A move made without knowing of it is refused as a move made after another is.
        expect(await store.games.append('three', { ply: 1, move: 'end', at: 30 }, { ...NOTHING_DUE, departed: 0 })).toBe('ply-taken');
        expect(await store.games.append('three', { ply: 1, move: 'end', at: 30 }, { ...NOTHING_DUE, departed: 1 })).toBeNull();
        const second = { seat: 0, plies: 2, at: 40, termination: 'time' };
        expect(await store.games.depart('three', second, 1)).toBe(true);
        expect((await store.games.read('three'))?.departures).toEqual([leaves, second]);
        expect(await store.games.end('three', { result: { kind: 'win', winner: 1 }, termination: 'time', plies: 2, departed: 1 })).toBe(
          false,
        );
        expect(await store.games.end('three', { result: { kind: 'win', winner: 1 }, termination: 'time', plies: 2, departed: 2 })).toBe(
          true,
        );
        expect(await store.games.depart('three', { seat: 1, plies: 2, at: 50, termination: 'resignation' }, 2)).toBe(false);
        expect((await store.games.read('three'))?.departures).toHaveLength(2);
      }),
    );

    it(
      'accounts: a guest becomes a player keeping its id; names are unique in any case and a deleted one is never taken again',
      withStore(async (store) => {
        await store.accounts.createGuest('g1', 'Guest-ab12', 10);
        expect(await store.accounts.read('g1')).toEqual({ id: 'g1', name: 'Guest-ab12', kind: 'guest', createdAt: 10, passwordHash: null });
        await store.games.create(game('as-guest'));
        expect(await store.games.claimSeat('as-guest', 1, 'tok-g', 'Guest-ab12', undefined, 'g1')).toBe(true);
        expect(await store.accounts.register('g1', 'Zoe', 'zoe', 'hash-zoe', '$argon2id$zoe', 20)).toBe(true);
        expect((await store.games.read('as-guest'))?.seatNames).toEqual([null, 'Zoe']);
        expect(await store.accounts.read('g1')).toEqual({
          id: 'g1',
          name: 'Zoe',
          kind: 'player',
          createdAt: 10,
          passwordHash: '$argon2id$zoe',
        });
        expect(await store.accounts.byKey('zoe')).toMatchObject({ id: 'g1' });
        // The same name in another case, by a new account or another guest: taken.
        expect(await store.accounts.register('p2', 'ZOE', 'zoe', 'hash-zoe', '$argon2id$x', 30)).toBe(false);
        await store.accounts.createGuest('g2', 'Guest-cd34', 30);
        expect(await store.accounts.register('g2', 'zoe', 'zoe', 'hash-zoe', '$argon2id$x', 30)).toBe(false);
        expect(await store.accounts.read('g2')).toMatchObject({ kind: 'guest', name: 'Guest-cd34' });
        // A new account under a new id.
        expect(await store.accounts.register('p3', 'Ann', 'ann', 'hash-ann', '$argon2id$ann', 40)).toBe(true);
        expect(await store.accounts.read('p3')).toMatchObject({ name: 'Ann', kind: 'player', createdAt: 40 });
        await store.accounts.setPassword('p3', '$argon2id$new');
        expect((await store.accounts.read('p3'))?.passwordHash).toBe('$argon2id$new');
        // The language chosen for the site: kept, read with the account (by name too), forgotten on null.
        expect((await store.accounts.read('p3'))?.language).toBeUndefined();
        await store.accounts.setLanguage('p3', 'ru');
        expect(await store.accounts.read('p3')).toMatchObject({ name: 'Ann', language: 'ru' });
        expect(await store.accounts.byKey('ann')).toMatchObject({ language: 'ru' });
        await store.accounts.setLanguage('p3', null);
        expect((await store.accounts.read('p3'))?.language).toBeUndefined();

        await store.games.create(game('played'));
        expect(await store.games.claimSeat('played', 0, 'tok', 'Ann', undefined, 'p3')).toBe(true);
        expect(await store.accounts.seatsOf('p3')).toEqual([{ game: 'played', seat: 0 }]);
        await store.accounts.createSession('s1', 'p3', 50);
        await store.accounts.delete('p3', 'deleted-1', 'hash-ann');
        expect(await store.accounts.read('p3')).toEqual({
          id: 'p3',
          name: 'deleted-1',
          kind: 'deleted',
          createdAt: 40,
          passwordHash: null,
        });
        expect(await store.accounts.byKey('ann')).toBeNull();
        expect(await store.accounts.session('s1')).toBeNull();
        // Its games stay, under the placeholder.
        expect((await store.games.read('played'))?.seatNames).toEqual(['deleted-1', null]);
        expect(await store.accounts.register('p4', 'ann', 'ann', 'hash-ann', '$argon2id$y', 60)).toBe(false);
      }),
    );

    it(
      'an engine’s account is made once and kept; of two registering one name at once, one gets it',
      withStore(async (store) => {
        await store.accounts.ensureEngine('engine-max', 'Max', 'max', 5);
        await store.accounts.ensureEngine('engine-max', 'Other', 'other', 6);
        expect(await store.accounts.read('engine-max')).toEqual({
          id: 'engine-max',
          name: 'Max',
          kind: 'bot',
          createdAt: 5,
          passwordHash: null,
        });
        expect(await store.bots.ownerOf('engine-max')).toBe('engine-max');
        expect(await store.bots.ownedBy('engine-max')).toEqual([]);
        expect(await store.accounts.register('p1', 'MAX', 'max', 'h-max', '$argon2id$m', 7)).toBe(false);
        const raced = await Promise.all([
          store.accounts.register('q1', 'Quinn', 'quinn', 'h-quinn', '$argon2id$1', 8),
          store.accounts.register('q2', 'QUINN', 'quinn', 'h-quinn', '$argon2id$2', 8),
        ]);
        expect(raced.filter(Boolean)).toHaveLength(1);
        expect(await store.accounts.byKey('quinn')).toMatchObject({ id: raced[0] ? 'q1' : 'q2', kind: 'player' });
      }),
    );

    it(
      'closing an account: its live seats and its bots’, its challenges and pool places withdrawn; deletion scrubs its name and its bots’ everywhere',
      withStore(async (store) => {
        await store.accounts.register('o1', 'Wren', 'wren', 'hash-wren', '$argon2id$w', 1);
        await store.accounts.register('p2', 'Yara', 'yara', 'hash-yara', '$argon2id$y', 1);
        expect(await store.bots.registerOwned('b1', 'o1', 'WrenBot', 'wrenbot', 'hash-wrenbot', 'tok-bot', 2)).toBe(true);
        await store.games.create(game('two', ['open', 'open'], 10));
        await store.games.claimSeat('two', 0, 'tok-o', 'Wren', undefined, 'o1');
        await store.games.claimSeat('two', 1, 'tok-y', 'Yara', undefined, 'p2');
        await store.games.create({ ...game('bots', ['open', 'open'], 20), creator: 'bot:wrenbot' });
        await store.games.claimSeat('bots', 0, 'tok-bot', 'WrenBot');
        await store.games.create(game('over', ['open', 'open'], 30));
        await store.games.claimSeat('over', 0, 'tok-o2', 'Wren', undefined, 'o1');
        await store.games.end('over', { result: { kind: 'draw' }, termination: 'agreement', plies: 0 });
        // A bot's requests are counted under its name.
        await store.reviews.request({ gameId: 'over', requester: 'bot:wrenbot', requestedAt: 31, total: 1 });
        await store.games.create(game('left', ['open', 'open', 'open'], 40));
        await store.games.claimSeat('left', 2, 'tok-o3', 'Wren', undefined, 'o1');
        expect(await store.games.depart('left', { seat: 2, plies: 0, at: 41, termination: 'resignation' }, 0)).toBe(true);
        // Games still on, not left: its own seat and its bot's (held by the bot's token).
        expect(await store.accounts.liveSeatsOf('o1')).toEqual([
          { game: 'two', seat: 0 },
          { game: 'bots', seat: 0 },
        ]);
        expect(await store.accounts.liveSeatsOf('p2')).toEqual([{ game: 'two', seat: 1 }]);

        const challenge = (id: string, from: [string, string], to: [string, string]): Challenge => ({
          id,
          from: { account: from[0], name: from[1] },
          to: { account: to[0], name: to[1] },
          game: 'tictactoe',
          options: {},
          clock: null,
          rated: false,
          seat: null,
          createdAt: 50,
          expiresAt: 10_000,
          status: 'open',
          gameId: null,
        });
        await store.challenges.create(challenge('c1', ['o1', 'Wren'], ['p2', 'Yara']));
        await store.challenges.create(challenge('c2', ['p2', 'Yara'], ['b1', 'WrenBot']));
        await store.lobby.joinPool({ pool: 'hex-5+3', account: 'o1', name: 'Wren', rating: 1500, since: 50, misses: 0 }, 10_000);
        expect(await store.challenges.withdraw('o1', 60)).toEqual(['p2']);
        expect((await store.challenges.read('c1'))?.status).toBe('cancelled');
        expect((await store.challenges.read('c2'))?.status).toBe('cancelled');
        expect(await store.lobby.waiting('hex-5+3', 60)).toEqual([]);

        // Made again meanwhile: the deletion cancels them too, in its own write.
        await store.challenges.create(challenge('c3', ['o1', 'Wren'], ['p2', 'Yara']));
        await store.lobby.joinPool({ pool: 'hex-5+3', account: 'o1', name: 'Wren', rating: 1500, since: 70, misses: 0 }, 10_000);
        await store.chat.add('two', { room: 'players', author: 'Wren', account: 'o1', text: 'hi', at: 71 }, 100);
        await store.chat.add('two', { room: 'players', author: 'WrenBot', account: null, text: 'beep', at: 72 }, 100);
        await store.chat.add('two', { room: 'players', author: 'Yara', account: 'p2', text: 'hello', at: 73 }, 100);
        await store.accounts.delete('o1', 'Deleted-o', 'hash-wren', {
          at: 80,
          retireBot: (key) => ({ placeholder: 'Deleted-b', keyHash: `hash-${key}` }),
        });
        expect(await store.accounts.read('o1')).toMatchObject({ name: 'Deleted-o', kind: 'deleted' });
        expect(await store.accounts.read('b1')).toMatchObject({ name: 'Deleted-b', kind: 'deleted' });
        expect(await store.accounts.byKey('wrenbot')).toBeNull();
        expect(await store.bots.nameOf('tok-bot')).toBeNull();
        expect(await store.challenges.read('c3')).toMatchObject({ status: 'cancelled', from: { name: 'Deleted-o' } });
        expect(await store.challenges.read('c2')).toMatchObject({ to: { name: 'Deleted-b' } });
        expect(await store.lobby.waiting('hex-5+3', 80)).toEqual([]);
        expect((await store.chat.read('two')).map((l) => l.author)).toEqual(['Yara']);
        const two = await store.games.read('two');
        expect(two?.seatNames).toEqual(['Deleted-o', 'Yara']);
        // Its seat tokens open nothing any more.
        expect(two?.seatTokens[0]).not.toBe('tok-o');
        expect(two?.seatTokens[0]).not.toBeNull();
        const bots = await store.games.read('bots');
        expect(bots).toMatchObject({ seatNames: ['Deleted-b', null], seatAccounts: ['b1', null], creator: 'bot:deleted-b' });
        expect((await store.games.read('over'))?.seatNames[0]).toBe('Deleted-o');
        expect((await store.reviews.read('over'))?.requester).toBe('bot:deleted-b');
        // Nobody takes the bot's name again; what is left to end, a restart finds.
        expect(await store.bots.registerOwned('b9', 'p2', 'wrenbot', 'wrenbot', 'hash-wrenbot', 'tok-9', 90)).toBe(false);
        expect((await store.accounts.closedInPlay()).sort()).toEqual(['b1', 'o1']);
        expect(await store.accounts.liveSeatsOf('o1')).toEqual([
          { game: 'two', seat: 0 },
          { game: 'bots', seat: 0 },
        ]);
        await store.games.end('two', { result: { kind: 'win', winner: 1 }, termination: 'closed', plies: 0 });
        await store.games.end('bots', { result: { kind: 'draw' }, termination: 'aborted', plies: 0 });
        expect(await store.accounts.closedInPlay()).toEqual([]);
        expect(await store.accounts.liveSeatsOf('o1')).toEqual([]);
      }),
    );

    it(
      'sessions: found by their hash, touched, ended one at a time or all but one',
      withStore(async (store) => {
        await store.accounts.createGuest('a', 'Guest-a', 1);
        await store.accounts.createGuest('b', 'Guest-b', 1);
        await store.accounts.createSession('s1', 'a', 100);
        await store.accounts.createSession('s2', 'a', 110);
        await store.accounts.createSession('s3', 'a', 120);
        await store.accounts.createSession('t1', 'b', 130);
        expect(await store.accounts.session('s1')).toEqual({ accountId: 'a', createdAt: 100, seenAt: 100 });
        expect(await store.accounts.session('nope')).toBeNull();
        await store.accounts.touchSession('s1', 500);
        expect(await store.accounts.session('s1')).toEqual({ accountId: 'a', createdAt: 100, seenAt: 500 });
        await store.accounts.endSession('s2');
        expect(await store.accounts.session('s2')).toBeNull();
        expect(await store.accounts.endSessions('a', 's3')).toBe(1);
        expect(await store.accounts.sessionsOf('a')).toEqual([{ accountId: 'a', createdAt: 120, seenAt: 120 }]);
        expect(await store.accounts.endSessions('a', null)).toBe(1);
        expect(await store.accounts.sessionsOf('a')).toEqual([]);
        expect(await store.accounts.session('t1')).toMatchObject({ accountId: 'b' });
      }),
    );

    it(
      'an account’s games, newest first, live or all, paged by time; its results as its seats’ records say',
      withStore(async (store) => {
        await store.accounts.register('p', 'Pat', 'pat', 'h-pat', '$argon2id$p', 1);
        for (const [i, id] of ['g1', 'g2', 'g3', 'g4'].entries()) {
          await store.games.create(game(id, ['open', 'open'], 10 * (i + 1)));
          expect(await store.games.claimSeat(id, i % 2, `t-${id}`, 'Pat', undefined, 'p')).toBe(true);
        }
        await store.games.create(game('other', ['open', 'open'], 50));
        expect(await store.games.end('g1', { result: { kind: 'win', winner: 0 }, termination: 'rules', plies: 0 })).toBe(true);
        expect(await store.games.end('g2', { result: { kind: 'win', winner: 0 }, termination: 'resignation', plies: 0 })).toBe(true);
        expect(await store.games.end('g3', { result: { kind: 'draw' }, termination: 'agreement', plies: 0 })).toBe(true);
        const ids = (games: { id: string }[]) => games.map((g) => g.id);
        expect(ids(await store.archive.gamesOf('p', { limit: 10 }))).toEqual(['g4', 'g3', 'g2', 'g1']);
        expect(ids(await store.archive.gamesOf('p', { limit: 2 }))).toEqual(['g4', 'g3']);
        expect(ids(await store.archive.gamesOf('p', { limit: 2, before: 30 }))).toEqual(['g2', 'g1']);
        expect(ids(await store.archive.gamesOf('p', { limit: 10, live: true }))).toEqual(['g4']);
        expect((await store.archive.gamesOf('p', { limit: 1 }))[0]?.seatAccounts).toEqual([null, 'p']);
        const results = await store.archive.resultsOf('p');
        expect(results.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
          { game: 'tictactoe', seat: 0, result: { kind: 'draw' } },
          { game: 'tictactoe', seat: 0, result: { kind: 'win', winner: 0 } },
          { game: 'tictactoe', seat: 1, result: { kind: 'win', winner: 0 } },
        ]);
      }),
    );

    it(
      'offers stand at a move count and lapse with a move; a takeback drops the moves after it and counts them; chat keeps its last lines',
      withStore(async (store) => {
        await store.games.create(game('t'));
        for (const [ply, move] of ['b2', 'a1', 'c3'].entries())
          expect(await store.games.append('t', { ply, move, at: ply }, NOTHING_DUE)).toBeNull();
        expect(await store.games.setOffer('t', { kind: 'draw', seat: 0, ply: 3 }, 2, 0)).toBe(false);
        expect(await store.games.setOffer('t', { kind: 'draw', seat: 0, ply: 3 }, 3, 0)).toBe(true);
        expect((await store.games.read('t'))?.offer).toEqual({ kind: 'draw', seat: 0, ply: 3 });
        expect(await store.games.append('t', { ply: 3, move: 'a3', at: 4 }, { ...NOTHING_DUE, undone: 0 })).toBeNull();
        expect((await store.games.read('t'))?.offer).toBeNull();
        expect(await store.games.takeBack('t', 1, 3, 0, { deadline: null, due: 99 })).toBe(false);
        expect(await store.games.takeBack('t', 1, 4, 0, { deadline: null, due: 99 })).toBe(true);
        const back = await store.games.read('t');
        expect([back?.moves.map((m) => m.move), back?.undone, back?.undoneAt, back?.due]).toEqual([['b2'], 4, 1, 99]);
        // A move made before the takeback was known lands nowhere.
        expect(await store.games.append('t', { ply: 1, move: 'c1', at: 5 }, { ...NOTHING_DUE, undone: 0 })).toBe('ply-taken');
        expect(await store.games.append('t', { ply: 1, move: 'c1', at: 5 }, { ...NOTHING_DUE, undone: 4 })).toBeNull();
        expect(await store.games.end('t', { result: { kind: 'draw' }, termination: 'agreement', plies: 2, departed: 0, undone: 0 })).toBe(
          false,
        );
        expect(await store.games.end('t', { result: { kind: 'draw' }, termination: 'agreement', plies: 2, departed: 0, undone: 4 })).toBe(
          true,
        );

        for (let i = 0; i < 5; i++)
          await store.chat.add(
            't',
            { room: i % 2 ? 'players' : 'spectators', author: `a${i}`, account: null, text: `line ${i}`, at: i },
            3,
          );
        expect((await store.chat.read('t')).map((l) => [l.room, l.text])).toEqual([
          ['spectators', 'line 2'],
          ['players', 'line 3'],
          ['spectators', 'line 4'],
        ]);
      }),
    );

    it(
      'bots owned by players share the names of accounts; a new token moves the bot’s live seats; personal tokens are listed by id and revoked',
      withStore(async (store) => {
        await store.accounts.register('owner', 'Olga', 'olga', 'h-olga', '$argon2id$o', 1);
        expect(await store.bots.registerOwned('b1', 'owner', 'Robo', 'robo', 'h-robo', 'tok-1', 2)).toBe(true);
        expect(await store.bots.registerOwned('b2', 'owner', 'ROBO', 'robo', 'h-robo', 'tok-2', 3)).toBe(false);
        expect(await store.bots.registerOwned('b3', 'owner', 'olga', 'olga', 'h-olga', 'tok-3', 3)).toBe(false);
        expect(await store.bots.register('legacy-hash', 'oldbot', 4)).toBe(true);
        expect(await store.bots.registerOwned('b4', 'owner', 'OldBot', 'oldbot', 'h-oldbot', 'tok-4', 5)).toBe(false);
        expect(await store.accounts.read('b1')).toMatchObject({ name: 'Robo', kind: 'bot' });
        expect(await store.bots.nameOf('tok-1')).toBe('Robo');
        expect(await store.bots.ownedBy('owner')).toEqual([{ name: 'Robo', createdAt: 2 }]);

        await store.games.create(game('live'));
        await store.games.create(game('done'));
        expect(await store.games.claimSeat('live', 1, 'tok-1', 'Robo')).toBe(true);
        expect(await store.games.claimSeat('done', 1, 'tok-1', 'Robo')).toBe(true);
        expect(await store.games.end('done', { result: { kind: 'draw' }, termination: 'agreement', plies: 0 })).toBe(true);
        expect(await store.bots.rotateToken('someone-else', 'robo', 'tok-new')).toBeNull();
        expect(await store.bots.rotateToken('owner', 'robo', 'tok-new')).toBe('tok-1');
        expect(await store.bots.nameOf('tok-1')).toBeNull();
        expect(await store.bots.nameOf('tok-new')).toBe('Robo');
        expect((await store.games.read('live'))?.seatTokens).toEqual([null, 'tok-new']);
        expect((await store.games.read('done'))?.seatTokens).toEqual([null, 'tok-1']);

        await store.bots.createApiToken('abcdef0123456789', 'owner', 'my script', 'play', 10);
        expect(await store.bots.apiTokensOf('owner')).toEqual([{ id: 'abcdef012345', label: 'my script', scope: 'play', createdAt: 10 }]);
        expect(await store.bots.apiToken('abcdef0123456789')).toEqual({ accountId: 'owner', scope: 'play' });
        expect(await store.bots.revokeApiToken('someone-else', 'abcdef012345')).toBe(false);
        expect(await store.bots.revokeApiToken('owner', 'abcdef012345')).toBe(true);
        expect(await store.bots.apiToken('abcdef0123456789')).toBeNull();
        // All of them at once (a password change, log out everywhere): the bot's token stays.
        await store.bots.createApiToken('0123456789abcdef', 'owner', 'one', 'play', 11);
        await store.bots.createApiToken('fedcba9876543210', 'owner', 'two', 'play', 12);
        await store.accounts.register('other', 'Otto', 'otto', 'h-otto', '$argon2id$x', 12);
        await store.bots.createApiToken('99999999aaaaaaaa', 'other', 'theirs', 'play', 12);
        expect(await store.bots.revokeApiTokens('owner')).toBe(2);
        expect(await store.bots.apiTokensOf('owner')).toEqual([]);
        expect(await store.bots.apiToken('99999999aaaaaaaa')).toEqual({ accountId: 'other', scope: 'play' });
        expect(await store.bots.nameOf('tok-new')).toBe('Robo');
      }),
    );

    it(
      'an owner answers for its bots; a rated seat is refused while its owner holds another, in the write; bots are counted in the write',
      withStore(async (store) => {
        await store.accounts.register('ann', 'Ann', 'ann', 'h-ann', '$argon2id$a', 1);
        await store.accounts.register('bo', 'Bo', 'bo', 'h-bo', '$argon2id$b', 1);
        expect(await store.bots.registerOwned('ann-bot', 'ann', 'AnnBot', 'annbot', 'h-annbot', 'tok-ann', 2, 2)).toBe(true);
        expect(await store.bots.ownerOf('ann')).toBe('ann');
        expect(await store.bots.ownerOf('ann-bot')).toBe('ann');
        expect(await store.bots.ownerOf('nobody')).toBeNull();
        expect(await store.bots.ownerOfBot('tok-ann')).toBe('ann');
        expect(await store.bots.ownerOfBot('tok-none')).toBeNull();
        // A bot of before bot accounts answers for nobody known.
        expect(await store.bots.register('legacy', 'oldie', 3)).toBe(true);
        expect(await store.bots.ownerOfBot('legacy')).toBeNull();

        // The second of two at once is counted with the first: the cap holds.
        const two = await Promise.all([
          store.bots.registerOwned('ann-bot2', 'ann', 'AnnBot2', 'annbot2', 'h-annbot2', 'tok-ann2', 4, 2),
          store.bots.registerOwned('ann-bot3', 'ann', 'AnnBot3', 'annbot3', 'h-annbot3', 'tok-ann3', 4, 2),
        ]);
        expect(two.filter(Boolean)).toHaveLength(1);
        expect(await store.bots.ownedBy('ann')).toHaveLength(2);
        // Without a cap (an operator's tool), as before.
        expect(await store.bots.registerOwned('ann-bot4', 'ann', 'AnnBot4', 'annbot4', 'h-annbot4', 'tok-ann4', 5)).toBe(true);

        await store.games.create({ ...game('rated', ['open', 'open', 'open']), rated: true });
        expect(await store.games.claimSeat('rated', 0, 't0', 'Ann', undefined, 'ann', 'ann')).toBe(true);
        // Ann again, by her account or by her bot's token: refused; Bo: seated.
        expect(await store.games.claimSeat('rated', 1, 't1', 'Ann', undefined, 'ann', 'ann')).toBe(false);
        expect(await store.games.claimSeat('rated', 1, 'tok-ann', 'AnnBot', undefined, undefined, 'ann')).toBe(false);
        expect(await store.games.claimSeat('rated', 1, 't1', 'Bo', undefined, 'bo', 'bo')).toBe(true);
        expect((await store.games.read('rated'))?.seatAccounts).toEqual(['ann', 'bo', null]);

        // Two claims at once by one owner of a game's last two seats: one wins.
        await store.games.create({ ...game('race', ['open', 'open', 'open']), rated: true });
        const raced = await Promise.all([
          store.games.claimSeat('race', 0, 'r0', 'Bo', undefined, 'bo', 'bo'),
          store.games.claimSeat('race', 1, 'r1', 'Bo', undefined, 'bo', 'bo'),
        ]);
        expect(raced.filter(Boolean)).toHaveLength(1);
        // A bot's seat (held by its token) counts as its owner's.
        expect(await store.games.claimSeat('race', 2, 'tok-ann', 'AnnBot')).toBe(true);
        await store.games.create({ ...game('race2', ['open', 'open']), rated: true });
        expect(await store.games.claimSeat('race2', 0, 'tok-ann', 'AnnBot')).toBe(true);
        expect(await store.games.claimSeat('race2', 1, 't2', 'Ann', undefined, 'ann', 'ann')).toBe(false);
        // Without an owner (a casual game), one account may hold every seat.
        await store.games.create(game('casual'));
        expect(await store.games.claimSeat('casual', 0, 'c0', 'Ann', undefined, 'ann')).toBe(true);
        expect(await store.games.claimSeat('casual', 1, 'c1', 'Ann', undefined, 'ann')).toBe(true);
      }),
    );

    it(
      'a rated game’s end rates both players in the same write, from what the store holds; an end that does not land rates nothing',
      withStore(async (store) => {
        await store.games.create({ ...game('r1'), rated: true });
        await store.games.create({ ...game('r2'), rated: true });
        expect((await store.games.read('r1'))?.rated).toBe(true);
        const seen: unknown[] = [];
        // What the room does: read the players' ratings, work out the new ones, write them with the end.
        const rating = async (at: number, record = true): Promise<RatingChange> => {
          const before = await Promise.all(['a', 'b'].map(async (a) => (await store.ratings.of(a)).find((r) => r.perf === 'hive') ?? null));
          if (record) seen.push(before.map((r) => r && [r.rating, r.games]));
          const base = before.map((r) => r?.rating ?? 1500);
          const after = [
            { rating: (base[0] as number) + 10, deviation: 300, volatility: 0.09 },
            { rating: (base[1] as number) - 10, deviation: 300, volatility: 0.09 },
          ];
          const seats = ['a', 'b'].map((account, i) => ({ account, before: before[i] ?? null, after: after[i] as NewRating }));
          return { perf: 'hive', at, seats, diffs: [10, -10] };
        };
        const win = { result: { kind: 'win', winner: 0 }, termination: 'rules', plies: 0 };
        const stale = await rating(200, false);
        expect(await store.games.end('r1', { ...win, ratings: await rating(100) })).toBe(true);
        expect(await store.games.end('r1', { ...win, ratings: await rating(150, false) })).toBe(false);
        // Worked out before r1 ended: written over ratings that are gone, so nothing of it is written.
        expect(await store.games.end('r2', { ...win, ratings: stale })).toBe(RATINGS_CHANGED);
        expect((await store.games.read('r2'))?.ending).toBeNull();
        expect(await store.games.end('r2', { ...win, ratings: await rating(200) })).toBe(true);
        expect(seen).toEqual([
          [null, null],
          [
            [1510, 1],
            [1490, 1],
          ],
        ]);
        expect(await store.ratings.of('a')).toEqual([{ perf: 'hive', rating: 1520, deviation: 300, volatility: 0.09, games: 2, at: 200 }]);
        expect((await store.games.read('r2'))?.ratingDiffs).toEqual([10, -10]);
        expect((await store.games.read('r1'))?.ratingDiffs).toEqual([10, -10]);
        expect(await store.ratings.history('b', 'hive', 10)).toEqual([
          { at: 100, rating: 1490, gameId: 'r1' },
          { at: 200, rating: 1480, gameId: 'r2' },
        ]);
        expect(await store.ratings.history('b', 'hive', 1)).toEqual([{ at: 200, rating: 1480, gameId: 'r2' }]);
        expect(await store.ratings.history('b', 'hex', 10)).toEqual([]);
      }),
    );

    it(
      'pools: joining again keeps the wait; waiting lapses unless seen; a pairing takes only players still waiting, once',
      withStore(async (store) => {
        const who = (account: string, pool = 'hive-5+3', since = 10) => ({
          pool,
          account,
          name: account.toUpperCase(),
          rating: 1500,
          since,
          misses: 0,
        });
        await store.lobby.joinPool(who('a'), 100);
        await store.lobby.joinPool(who('b', 'hive-5+3', 20), 100);
        await store.lobby.joinPool(who('c', 'hex-5+3', 30), 100);
        await store.lobby.addMiss('hive-5+3', ['a']);
        // Joining the same pool again (another tab, another instance): the same wait, the same misses.
        expect(await store.lobby.joinPool(who('a', 'hive-5+3', 50), 100)).toBe(10);
        expect(await store.lobby.waiting('hive-5+3', 90)).toEqual([
          { pool: 'hive-5+3', account: 'a', name: 'A', rating: 1500, since: 10, misses: 1 },
          { pool: 'hive-5+3', account: 'b', name: 'B', rating: 1500, since: 20, misses: 0 },
        ]);
        expect(await store.lobby.poolCounts(90)).toEqual({ 'hive-5+3': 2, 'hex-5+3': 1 });
        // Not seen by any instance since: gone from the pairing (its instance died), back when seen.
        expect(await store.lobby.waiting('hive-5+3', 101)).toEqual([]);
        expect(await store.lobby.renewWaiting(['a', 'b'], 200)).toEqual([]);
        expect((await store.lobby.waiting('hive-5+3', 150)).map((w) => w.account)).toEqual(['a', 'b']);
        // Another pool: waiting there alone, anew.
        await store.lobby.joinPool(who('c', 'hive-5+3', 60), 200);
        expect((await store.lobby.waiting('hex-5+3', 150)).length).toBe(0);

        const made = { ...game('pool1'), creator: 'pool:hive-5+3', rated: true };
        const seats = (x: string, y: string) => [
          { account: x, name: x.toUpperCase(), tokenHash: `t-${x}` },
          { account: y, name: y.toUpperCase(), tokenHash: `t-${y}` },
        ];
        expect(await store.lobby.pairUp('hive-5+3', made, seats('b', 'a'))).toBe(true);
        // Paired already: a second pairing of either fails whole, and makes no game.
        expect(await store.lobby.pairUp('hive-5+3', { ...made, id: 'pool2' }, seats('a', 'c'))).toBe(false);
        expect(await store.games.read('pool2')).toBeNull();
        const g = await store.games.read('pool1');
        expect(g?.seatAccounts).toEqual(['b', 'a']);
        expect(g?.seatNames).toEqual(['B', 'A']);
        expect(g?.rated).toBe(true);
        expect((await store.lobby.open()).map((o) => o.id)).not.toContain('pool1');
        expect((await store.lobby.waiting('hive-5+3', 150)).map((w) => w.account)).toEqual(['c']);
        // Paired players can no longer leave; their instance hears of the game once, then it is forgotten.
        expect(await store.lobby.leavePool('a')).toBe(false);
        expect((await store.lobby.renewWaiting(['a', 'b', 'c'], 300)).sort((x, y) => (x.account < y.account ? -1 : 1))).toEqual([
          { account: 'a', gameId: 'pool1', seat: 1 },
          { account: 'b', gameId: 'pool1', seat: 0 },
        ]);
        expect(await store.lobby.renewWaiting(['a', 'b'], 300)).toEqual([]);
        expect(await store.lobby.leavePool('c')).toBe(true);
        expect(await store.lobby.poolCounts(150)).toEqual({});
      }),
    );

    it(
      'pools: a miss counts only in its pool and for those still waiting; another pool starts the wait anew; kept games hold every seat',
      withStore(async (store) => {
        const who = (account: string, pool: string, since: number) => ({ pool, account, name: account, rating: 1400, since, misses: 0 });
        await store.lobby.joinPool(who('a', 'hex-5+3', 10), 100);
        await store.lobby.joinPool(who('b', 'hex-5+3', 20), 100);
        await store.lobby.addMiss('hive-5+3', ['a']);
        await store.lobby.addMiss('hex-5+3', ['a', 'b']);
        await store.lobby.addMiss('hex-5+3', ['a']);
        await store.lobby.addMiss('hex-5+3', []);
        expect((await store.lobby.waiting('hex-5+3', 50)).map((w) => [w.account, w.misses])).toEqual([
          ['a', 2],
          ['b', 1],
        ]);
        // Another pool: since and misses anew.
        expect(await store.lobby.joinPool(who('a', 'hive-5+3', 30), 100)).toBe(30);
        expect(await store.lobby.waiting('hive-5+3', 50)).toEqual([
          { pool: 'hive-5+3', account: 'a', name: 'a', rating: 1400, since: 30, misses: 0 },
        ]);
        expect(await store.lobby.renewWaiting([], 500)).toEqual([]);
        // Renewed: only the accounts named.
        expect(await store.lobby.renewWaiting(['b'], 500)).toEqual([]);
        expect(await store.lobby.poolCounts(200)).toEqual({ 'hex-5+3': 1 });
        expect(await store.lobby.leavePool('nobody')).toBe(false);
        await store.lobby.createKept({ ...game('ladder1', ['easy', 'max']), creator: 'ladder' }, [
          { account: 'e1', name: 'Easy', tokenHash: 'te1' },
          { account: 'e2', name: 'Max', tokenHash: 'te2' },
        ]);
        const kept = await store.games.read('ladder1');
        expect(kept?.seatAccounts).toEqual(['e1', 'e2']);
        expect(kept?.seatTokens).toEqual(['te1', 'te2']);
        expect(kept?.creator).toBe('ladder');
        expect((await store.lobby.playing(5)).map((g) => g.id)).toEqual(['ladder1']);
        await expect(store.lobby.createKept(game('ladder1'), [])).rejects.toThrow();
      }),
    );

    it(
      'challenges: open until answered or expired; accepting makes the game with its seats in the same write, once',
      withStore(async (store) => {
        const challenge = (id: string, to = 'bo', createdAt = 10): Challenge => ({
          id,
          from: { account: 'ann', name: 'Ann' },
          to: { account: to, name: to.toUpperCase() },
          game: 'hex',
          options: {},
          clock: { initialMs: 300_000, incrementMs: 3000 },
          rated: true,
          seat: 0,
          createdAt,
          expiresAt: createdAt + 100,
          status: 'open',
          gameId: null,
        });
        await store.challenges.create(challenge('c1'));
        await store.challenges.create(challenge('c2', 'cy', 20));
        await store.challenges.create(challenge('c3', 'bo', 30));
        expect(await store.challenges.read('c1')).toEqual(challenge('c1'));
        expect((await store.challenges.of('bo', 50, 50)).map((c) => c.id)).toEqual(['c3', 'c1']);
        expect((await store.challenges.of('ann', 50, 50)).map((c) => c.id)).toEqual(['c3', 'c2', 'c1']);
        // Expired: gone from the lists, and can no longer be answered.
        expect((await store.challenges.of('bo', 115, 115)).map((c) => c.id)).toEqual(['c3']);
        expect(await store.challenges.answer('c1', 'declined', 115)).toBe(false);
        expect(await store.challenges.answer('c3', 'declined', 60)).toBe(true);
        expect(await store.challenges.answer('c3', 'cancelled', 61)).toBe(false);
        // Answered: listed to both while recent (the challenger hears the answer), then not.
        expect((await store.challenges.of('ann', 70, 55)).map((c) => [c.id, c.status])).toEqual([
          ['c3', 'declined'],
          ['c2', 'open'],
          ['c1', 'open'],
        ]);
        expect((await store.challenges.of('ann', 70, 65)).map((c) => c.id)).toEqual(['c2', 'c1']);
        const made = { ...game('ch1'), rated: true, creator: 'challenge:c2' };
        const seats = [
          { account: 'ann', name: 'Ann', tokenHash: 't1' },
          { account: 'cy', name: 'CY', tokenHash: 't2' },
        ];
        expect(await store.challenges.answer('c2', { game: made, seats }, 70)).toBe(true);
        expect(await store.challenges.answer('c2', { game: { ...made, id: 'ch2' }, seats }, 71)).toBe(false);
        expect(await store.games.read('ch2')).toBeNull();
        expect((await store.games.read('ch1'))?.seatAccounts).toEqual(['ann', 'cy']);
        expect(await store.challenges.read('c2')).toMatchObject({ status: 'accepted', gameId: 'ch1' });
      }),
    );

    it(
      'a review is asked for once (a second request gets the first), judged position by position, then kept for good',
      withStore(async (store) => {
        await store.games.create(game('rv'));
        await store.games.create(game('rw'));
        expect(await store.reviews.read('rv')).toBeNull();
        const asked = { gameId: 'rv', requester: 'address:a', requestedAt: 100, total: 3 };
        expect(await store.reviews.request(asked)).toEqual({ ...asked, evaluations: [], review: null });
        // Asked again, by someone else: the first request stands.
        expect(await store.reviews.request({ gameId: 'rv', requester: 'account:b', requestedAt: 200, total: 3 })).toMatchObject(asked);
        await store.reviews.request({ gameId: 'rw', requester: 'address:a', requestedAt: 150, total: 5 });
        expect(await store.reviews.requestedBy('address:a', 0)).toBe(2);
        expect(await store.reviews.requestedBy('address:a', 101)).toBe(1);
        expect(await store.reviews.requestedBy('account:b', 0)).toBe(0);
        // Progress is kept as it comes (a restart takes the review up from there).
        expect(await store.reviews.progress('rv', [{ score: 10, best: 'b2' }])).toBe(true);
        expect((await store.reviews.read('rv'))?.evaluations).toEqual([{ score: 10, best: 'b2' }]);
        expect((await store.reviews.unfinished(10)).map((r) => r.gameId)).toEqual(['rv', 'rw']);
        expect((await store.reviews.unfinished(1)).map((r) => r.gameId)).toEqual(['rv']);
        const done = { moves: [], accuracy: [100, 87.5] };
        expect(await store.reviews.finish('rv', done)).toBe(true);
        expect(await store.reviews.finish('rv', { other: true })).toBe(false);
        expect(await store.reviews.progress('rv', [])).toBe(false);
        expect(await store.reviews.read('rv')).toMatchObject({ review: done, evaluations: [{ score: 10, best: 'b2' }] });
        expect((await store.reviews.unfinished(10)).map((r) => r.gameId)).toEqual(['rw']);
      }),
    );

    it(
      'a lease has one holder at a time, is renewed by it, and is taken over once lapsed',
      withStore(async (store) => {
        expect(await store.lobby.lease('pairing', 'one', 100, 0)).toBe(true);
        expect(await store.lobby.lease('pairing', 'two', 150, 50)).toBe(false);
        expect(await store.lobby.lease('pairing', 'one', 200, 90)).toBe(true);
        expect(await store.lobby.lease('pairing', 'two', 250, 150)).toBe(false);
        expect(await store.lobby.lease('pairing', 'two', 300, 201)).toBe(true);
        expect(await store.lobby.lease('pairing', 'one', 400, 250)).toBe(false);
        expect(await store.lobby.lease('other', 'one', 400, 250)).toBe(true);
      }),
    );

    it(
      'a free-for-all rates every seat in the write that ends it',
      withStore(async (store) => {
        await store.games.create({ ...game('ffa'), seats: ['open', 'open', 'open'], rated: true });
        expect(
          await store.games.end('ffa', {
            result: { kind: 'win', winner: 2 },
            termination: 'rules',
            plies: 0,
            ratings: {
              perf: 'dicewars',
              at: 5,
              seats: ['x', 'y', 'z'].map((account, i) => ({
                account,
                before: null,
                after: { rating: 1500 + 10 * (i - 1), deviation: 400, volatility: 0.09 },
              })),
              diffs: [-10, 0, 10],
            },
          }),
        ).toBe(true);
        expect((await store.games.read('ffa'))?.ratingDiffs).toEqual([-10, 0, 10]);
        expect((await store.ratings.of('z')).map((r) => r.rating)).toEqual([1510]);
      }),
    );

    it(
      'a leaderboard lists established ratings of a perf, highest first, and counts who is above a rating',
      withStore(async (store) => {
        const people: [string, number, number][] = [
          ['p1', 1900, 60],
          ['p2', 2100, 70],
          ['p3', 2000, 200],
          ['p4', 1700, 50],
        ];
        for (const [i, [id]] of people.entries()) await store.accounts.register(id, `Name${i}`, `name${i}`, `h${i}`, '$argon2id$x', 1);
        for (const [i, [id, rating, deviation]] of people.entries()) {
          await store.games.create({ ...game(`lb${i}`), rated: true });
          await store.games.end(`lb${i}`, {
            result: { kind: 'draw' },
            termination: 'agreement',
            plies: 0,
            ratings: {
              perf: 'hex',
              at: i,
              seats: [
                { account: id, before: null, after: { rating, deviation, volatility: 0.06 } },
                { account: `someone${i}`, before: null, after: { rating: 1500, deviation: 500, volatility: 0.09 } },
              ],
              diffs: [0, 0],
            },
          });
        }
        await store.accounts.delete('p4', 'Deleted-x', null);
        expect((await store.ratings.leaderboard('hex', 75, 10)).map((r) => [r.name, r.rating])).toEqual([
          ['Name1', 2100],
          ['Name0', 1900],
        ]);
        expect(await store.ratings.leaderboard('hive', 75, 10)).toEqual([]);
        expect(await store.ratings.ratedAbove('hex', 75, 1900)).toBe(1);
        expect(await store.ratings.ratedAbove('hex', 75, 1000)).toBe(2);
      }),
    );

    it(
      "a player's first try at a puzzle is rated in the write, a later one only counted; standings and puzzle ratings read back",
      withStore(async (store) => {
        // Players start established here (a new player's result would leave the puzzle's rating alone),
        // so each try shows which ratings the store rated it from.
        const settings = { ...PUZZLE_RATING, newPlayer: { rating: 1700, deviation: 80, volatility: 0.06 } };
        const round = (account: string, puzzle: string, win: boolean, at: number) => ({ account, game: 'hive', puzzle, win, at, settings });
        expect(await store.puzzles.standing('ann', 'hive')).toEqual({ rating: null, tried: [] });
        const annA = rateFirstTry(null, null, true, settings);
        expect(await store.puzzles.round(round('ann', 'hive-a', true, 1))).toEqual({ before: null, ...annA });
        // The same puzzle again: not rated, nothing moves.
        expect(await store.puzzles.round(round('ann', 'hive-a', false, 2))).toBeNull();
        // Another player at the same puzzle meets its new rating; ann at another puzzle meets her own.
        const bobA = rateFirstTry(null, annA.puzzle, false, settings);
        const annB = rateFirstTry(annA.player, null, true, settings);
        expect(bobA).not.toEqual(rateFirstTry(null, null, false, settings));
        expect(annB).not.toEqual(rateFirstTry(null, null, true, settings));
        expect(await store.puzzles.round(round('bob', 'hive-a', false, 3))).toEqual({ before: null, ...bobA });
        expect(await store.puzzles.round(round('ann', 'hive-b', true, 4))).toEqual({ before: annA.player, ...annB });
        const ann = await store.puzzles.standing('ann', 'hive');
        expect(ann.rating).toMatchObject({ perf: 'puzzle-hive', rating: annB.player.rating, games: 2, at: 4 });
        expect([...ann.tried].sort()).toEqual(['hive-a', 'hive-b']);
        expect((await store.puzzles.standing('ann', 'hex')).tried).toEqual([]);
        const ratings = (await store.puzzles.ratings('hive')).sort((a, b) => a.id.localeCompare(b.id));
        expect(ratings.map((r) => [r.id, r.rating, r.plays])).toEqual([
          ['hive-a', bobA.puzzle.rating, 2],
          ['hive-b', annB.puzzle.rating, 1],
        ]);
        expect(await store.puzzles.ratings('hex')).toEqual([]);
      }),
    );

    it(
      'the opening explorer: a game’s end counts its opening in the same write, once; games ended without it wait to be explored, once',
      withStore(async (store) => {
        const line = (counted: OpeningLine['counted'], ...moves: string[]): OpeningLine => ({
          variant: 'hive',
          steps: moves.map((move, i) => ({ key: `k${i}`, move })),
          counted,
        });
        const ended = async (id: string, opening: OpeningLine | null | undefined, result: unknown = { kind: 'win', winner: 0 }) => {
          await store.games.create(game(id));
          return store.games.end(id, { result: result as never, termination: 'resignation', plies: 0, opening });
        };
        expect(await ended('a', line('first', 'wS1', 'bS1 wS1-', ''))).toBe(true);
        expect(await ended('b', line('draw', 'wA1', 'bS1 wA1-'), { kind: 'draw' })).toBe(true);
        expect(await ended('c', line('second', 'wS1', 'bS1 -wS1'), { kind: 'win', winner: 1 })).toBe(true);
        // Ended again, or explored again: nothing counts twice.
        expect(
          await store.games.end('a', { result: { kind: 'draw' }, termination: 'agreement', plies: 0, opening: line('draw', 'wS1') }),
        ).toBe(false);
        expect(await store.explorer.explore('a', line('first', 'wS1'))).toBe(false);
        // Most played first, ties by move; '' is the games that ended there.
        expect(await store.explorer.counts('hive', 'k0')).toEqual([
          { move: 'wS1', games: 2, firstWins: 1, draws: 0, secondWins: 1 },
          { move: 'wA1', games: 1, firstWins: 0, draws: 1, secondWins: 0 },
        ]);
        expect(await store.explorer.counts('hive', 'k1')).toEqual([
          { move: 'bS1 -wS1', games: 1, firstWins: 0, draws: 0, secondWins: 1 },
          { move: 'bS1 wA1-', games: 1, firstWins: 0, draws: 1, secondWins: 0 },
          { move: 'bS1 wS1-', games: 1, firstWins: 1, draws: 0, secondWins: 0 },
        ]);
        expect(await store.explorer.counts('hive', 'k2')).toEqual([{ move: '', games: 1, firstWins: 1, draws: 0, secondWins: 0 }]);
        // Another variant's positions are its own.
        expect(await store.explorer.counts('hive:1234abcd', 'k0')).toEqual([]);
        expect(await store.explorer.unexplored(10)).toEqual({ ids: [], left: 0 });

        // Not counted (null): looked at all the same. Ended without a word: it waits.
        expect(await ended('d', null)).toBe(true);
        expect(await ended('e', undefined)).toBe(true);
        expect(await ended('f', undefined)).toBe(true);
        await store.games.create(game('live'));
        expect(await store.explorer.unexplored(1)).toEqual({ ids: ['e'], left: 2 });
        expect(await store.explorer.explore('live', line('first', 'wS1'))).toBe(false);
        // A game that comes back to a position and plays the same move there counts once for it.
        const repeated: OpeningLine = {
          variant: 'hive',
          counted: 'first',
          steps: [
            { key: 'k0', move: 'wS1' },
            { key: 'k0', move: 'wS1' },
          ],
        };
        expect(await Promise.all([store.explorer.explore('e', repeated), store.explorer.explore('e', repeated)])).toEqual([true, false]);
        expect(await store.explorer.explore('f', null)).toBe(true);
        expect(await store.explorer.unexplored(10)).toEqual({ ids: [], left: 0 });
        expect((await store.explorer.counts('hive', 'k0'))[0]).toEqual({ move: 'wS1', games: 3, firstWins: 2, draws: 0, secondWins: 1 });
      }),
    );

    it(
      'games read many at a time are each whole: their own moves, seats and departures, as read one by one',
      withStore(async (store) => {
        for (const id of ['h1', 'h2', 'h3']) await store.games.create(game(id, ['open', 'open', 'open']));
        await store.games.claimSeat('h1', 0, 't10', 'Ann', undefined, 'p');
        await store.games.claimSeat('h2', 1, 't21', 'Ann', undefined, 'p');
        await store.games.claimSeat('h2', 0, 't20', 'Bo', undefined, 'q');
        await store.games.claimSeat('h3', 2, 't32', 'Ann', undefined, 'p');
        await store.games.append('h1', { ply: 0, move: 'a1', at: 10, clientId: 'c1' }, NOTHING_DUE);
        await store.games.append('h1', { ply: 1, move: 'b2', at: 11 }, NOTHING_DUE);
        await store.games.append('h3', { ply: 0, move: 'c3', at: 12 }, NOTHING_DUE);
        expect(await store.games.depart('h3', { seat: 0, plies: 1, at: 13, termination: 'resignation' }, 0)).toBe(true);
        expect(await store.games.depart('h3', { seat: 1, plies: 1, at: 14, termination: 'time' }, 1)).toBe(true);
        expect(await store.games.depart('h2', { seat: 1, plies: 0, at: 15, termination: 'abandoned' }, 0)).toBe(true);
        for (const [id, plies] of [
          ['h1', 2],
          ['h2', 0],
          ['h3', 1],
        ] as const)
          expect(await store.games.end(id, { result: { kind: 'draw' }, termination: 'agreement', plies })).toBe(true);
        const whole = (ids: string[]) => Promise.all(ids.map((id) => store.games.read(id)));
        const finished = await store.archive.finished('tictactoe', null, 10);
        expect(finished).toEqual(await whole(['h1', 'h2', 'h3']));
        expect(finished.map((g) => [g.moves.length, g.departures.length, g.seatNames.filter(Boolean).length])).toEqual([
          [2, 0, 1],
          [0, 1, 2],
          [1, 2, 1],
        ]);
        expect(await store.archive.gamesOf('p', { limit: 10 })).toEqual(await whole(['h3', 'h2', 'h1']));
      }),
    );

    it(
      'finished games of a game, in id order and a page at a time, neither live nor aborted ones',
      withStore(async (store) => {
        for (const id of ['g3', 'g1', 'live', 'gone', 'g2']) await store.games.create(game(id));
        await store.games.create({ ...game('other'), game: 'hex' });
        for (const id of ['g1', 'g2', 'g3', 'other'])
          await store.games.end(id, { result: { kind: 'draw' }, termination: 'agreement', plies: 0 });
        await store.games.end('gone', { result: null as never, termination: 'aborted', plies: 0 });
        expect((await store.archive.finished('tictactoe', null, 10)).map((g) => g.id)).toEqual(['g1', 'g2', 'g3']);
        expect((await store.archive.finished('tictactoe', 'g1', 1)).map((g) => g.id)).toEqual(['g2']);
        expect(await store.archive.finished('tictactoe', 'g3', 10)).toEqual([]);
        expect((await store.archive.finished('hex', null, 10)).map((g) => g.id)).toEqual(['other']);
      }),
    );

    it(
      'heartbeats: a first start credits nothing; a lone instance back after a crash moves every live game on by the time since its last heartbeat, finished ones not',
      withStore(async (store) => {
        expect(await store.heartbeats.resumeClocks('a', 1_000, 5_000)).toBe(0);
        await store.games.create(game('live'));
        expect(await store.games.append('live', { ply: 0, move: 'b2', at: 100 }, { deadline: null, due: 7_000 })).toBeNull();
        expect(await store.games.append('live', { ply: 1, move: 'a1', at: 200 }, { deadline: 60_300, due: 60_300 })).toBeNull();
        await store.games.create({ ...game('waiting', ['open', 'open'], 50), due: 500 });
        await store.games.create(game('done'));
        expect(await store.games.append('done', { ply: 0, move: 'b2', at: 100 }, NOTHING_DUE)).toBeNull();
        expect(await store.games.end('done', { result: { kind: 'draw' }, termination: 'agreement', plies: 1 })).toBe(true);
        await store.heartbeats.beat('a', 2_000);
        // Killed after its heartbeat at 2 000, started again at 12 000: ten seconds of nobody's time.
        expect(await store.heartbeats.resumeClocks('a', 12_000, 5_000)).toBe(10_000);
        const live = await store.games.read('live');
        expect(live?.moves.map((m) => m.at)).toEqual([10_100, 10_200]);
        expect([live?.deadline, live?.due, live?.createdAt]).toEqual([70_300, 70_300, 1]);
        expect(live?.paused).toEqual({ at: 12_000, ms: 10_000 });
        // Before its first move a game's timers count from its making: that moves on too.
        const waiting = await store.games.read('waiting');
        expect([waiting?.createdAt, waiting?.due, waiting?.deadline]).toEqual([10_050, 10_500, null]);
        const done = await store.games.read('done');
        expect([done?.moves[0]?.at, done?.createdAt, done?.paused]).toEqual([100, 1, undefined]);
        // Sweeps see the due time moved on: nothing is due before it.
        expect(await store.games.claimDue('a', 20_000, 10_499, 10)).toEqual([]);
        expect((await store.games.claimDue('a', 20_000, 70_300, 10)).sort()).toEqual(['live', 'waiting']);
      }),
    );

    it(
      'heartbeats: while another instance is alive nothing moves; once it stopped (cleanly or by going silent), the site was down since the newest heartbeat of any',
      withStore(async (store) => {
        await store.heartbeats.resumeClocks('a', 1_000, 5_000);
        await store.games.create(game('g'));
        expect(await store.games.append('g', { ply: 0, move: 'b2', at: 1_000 }, { deadline: null, due: null })).toBeNull();
        await store.heartbeats.beat('b', 1_500);
        // a restarts while b runs: the site never went down.
        expect(await store.heartbeats.resumeClocks('a', 3_000, 5_000)).toBe(0);
        // b stops cleanly at 4 000 and a restarts at 6 000: down since 4 000.
        await store.heartbeats.beat('b', 4_000, true);
        expect(await store.heartbeats.resumeClocks('a', 6_000, 5_000)).toBe(2_000);
        // b runs again, then both die: b's silence since 7 000 is long past the 5 s it may be late.
        await store.heartbeats.beat('b', 7_000);
        expect(await store.heartbeats.resumeClocks('c', 20_000, 5_000)).toBe(13_000);
        expect((await store.games.read('g'))?.moves[0]?.at).toBe(1_000 + 2_000 + 13_000);
      }),
    );

    it(
      'heartbeats: a move made after the last heartbeat shows the site alive until then: only the time since is credited',
      withStore(async (store) => {
        await store.heartbeats.resumeClocks('a', 1_000, 5_000);
        await store.games.create(game('g'));
        expect(await store.games.append('g', { ply: 0, move: 'b2', at: 1_000 }, NOTHING_DUE)).toBeNull();
        expect(await store.games.append('g', { ply: 1, move: 'a1', at: 1_900 }, { deadline: 60_900, due: 60_900 })).toBeNull();
        // A move of a finished game proves nothing more (the site answered, but no clock depends on it).
        await store.games.create(game('over'));
        expect(await store.games.append('over', { ply: 0, move: 'b2', at: 3_000 }, NOTHING_DUE)).toBeNull();
        expect(await store.games.end('over', { result: { kind: 'draw' }, termination: 'agreement', plies: 1 })).toBe(true);
        await store.heartbeats.beat('a', 1_500);
        expect(await store.heartbeats.resumeClocks('a', 11_900, 5_000)).toBe(10_000);
        const g = await store.games.read('g');
        expect([g?.moves.map((m) => m.at), g?.deadline, g?.paused]).toEqual([[11_000, 11_900], 70_900, { at: 11_900, ms: 10_000 }]);
      }),
    );

    it(
      'heartbeats: instances starting at the same moment after an outage move the clocks on once',
      withStore(async (store) => {
        await store.heartbeats.resumeClocks('a', 1_000, 5_000);
        await store.games.create(game('g'));
        expect(await store.games.append('g', { ply: 0, move: 'b2', at: 1_000 }, { deadline: 61_000, due: 61_000 })).toBeNull();
        await store.heartbeats.beat('a', 2_000);
        // Eight at once (on PostgreSQL, over as many connections): one of them credits the outage.
        const names = ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
        // Connections opened beforehand, so the starts overlap rather than queue behind their connecting.
        await Promise.all(names.map(() => store.games.read('g')));
        const credited = await Promise.all(names.map((n) => store.heartbeats.resumeClocks(n, 60_000, 5_000)));
        expect(credited.sort((x, y) => x - y)).toEqual([0, 0, 0, 0, 0, 0, 0, 58_000]);
        const g = await store.games.read('g');
        expect([g?.moves[0]?.at, g?.deadline]).toEqual([59_000, 119_000]);
      }),
    );
  });
  moderationContract(name, withStore);
  socialContract(name, withStore);
  gamesDbContract(name, withStore);
  tournamentsContract(name, withStore);
  forecastsContract(name, withStore);
  berserksContract(name, withStore);
  tournamentChatContract(name, withStore);
  gameChatContract(name, withStore);
}
