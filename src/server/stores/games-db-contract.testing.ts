import { describe, expect, it } from 'vitest';
import type { GameStore, NewGame } from '../store.ts';

/** The games database's part of the store contract (stores/games-db.ts), run on every store by gameStoreContract. */
export function gamesDbContract(name: string, withStore: (body: (store: GameStore) => Promise<void>) => () => Promise<void>): void {
  const blitz = { initialMs: 300_000, incrementMs: 3_000 };
  /** A game of two accounts, played (its moves) and ended as the room ends one. */
  const play = async (
    store: GameStore,
    g: {
      id: string;
      game?: string;
      at: number;
      /** The accounts seated, one a seat (two but for a game of more, or one account in two seats). */
      seats: readonly string[];
      moves: string[];
      result: unknown;
      termination: string;
      rated?: boolean;
      clock?: typeof blitz;
      /** A rated game's players' ratings after it (1500 each unless given). */
      after?: [number, number];
      /** Its positions as the explorer keys them, as the room's end gives them. */
      positions?: { variant: string; keys: string[] };
    },
  ) => {
    const made: NewGame = {
      id: g.id,
      game: g.game ?? 'hex',
      options: {},
      seed: 's',
      seats: g.seats.map(() => 'open'),
      clock: g.clock ?? null,
      createdAt: g.at,
      ...(g.rated ? { rated: true } : {}),
    };
    await store.games.create(made);
    for (const [seat, account] of g.seats.entries())
      await store.games.claimSeat(g.id, seat, `${g.id}-${seat}`, account, undefined, account);
    for (const [ply, move] of g.moves.entries())
      await store.games.append(g.id, { ply, move, at: g.at + ply }, { deadline: null, due: null });
    const after = { rating: 1500, deviation: 300, volatility: 0.06 };
    // Each player's rating as it stands: the end writes the new one over it (as a room's end reads it first).
    const befores = await Promise.all(g.seats.map(async (a) => (await store.ratings.of(a)).find((r) => r.perf === 'hex:blitz') ?? null));
    const ratings = g.rated
      ? {
          perf: 'hex:blitz',
          at: g.at + 50,
          seats: g.seats.map((account, i) => ({ account, before: befores[i] ?? null, after: { ...after, rating: g.after?.[i] ?? 1500 } })),
          diffs: g.seats.map(() => 0),
        }
      : undefined;
    expect(
      await store.games.end(g.id, {
        result: g.result as never,
        termination: g.termination,
        plies: g.moves.length,
        ...(ratings ? { ratings } : {}),
        ...(g.positions ? { positions: g.positions } : {}),
      }),
    ).toBe(true);
  };
  const ids = (found: { id: string }[]) => found.map((g) => g.id);

  describe(`GamesDbStore contract: ${name}`, () => {
    it(
      'finds finished games by player, opponent, outcome, game, result, termination, rating, speed, dates, rating and opening, newest first, a page after another',
      withStore(async (store) => {
        for (const [i, n] of ['Ann', 'Bob', 'Cid'].entries()) await store.accounts.register(n, n, n.toLowerCase(), `h-${n}`, `$a$${n}`, i);
        const win = (winner: number) => ({ kind: 'win', winner });
        await play(store, {
          id: 'g1',
          at: 100,
          seats: ['Ann', 'Bob'],
          moves: ['a1', 'b2', 'c3'],
          result: win(0),
          termination: 'rules',
          rated: true,
          clock: blitz,
        });
        await play(store, {
          id: 'g2',
          at: 200,
          seats: ['Bob', 'Cid'],
          moves: ['a1', 'b2', 'd4'],
          result: { kind: 'draw' },
          termination: 'agreement',
        });
        await play(store, {
          id: 'g3',
          at: 300,
          game: 'nonaga',
          seats: ['Ann', 'Cid'],
          moves: [],
          result: win(1),
          termination: 'resignation',
        });
        await play(store, { id: 'g4', at: 400, seats: ['Ann', 'Bob'], moves: [], result: { kind: 'draw' }, termination: 'aborted' });
        await store.games.create({ id: 'live', game: 'hex', options: {}, seed: 's', seats: ['open', 'open'], clock: null, createdAt: 500 });

        const all = await store.gamesDb.search({ limit: 10 });
        expect(ids(all)).toEqual(['g3', 'g2', 'g1']);
        expect(all[2]).toEqual({
          id: 'g1',
          game: 'hex',
          createdAt: 100,
          speed: 'blitz',
          rated: true,
          termination: 'rules',
          winner: 0,
          draw: false,
          rating: 1500,
          opening: ['a1', 'b2', 'c3'],
          players: ['Ann', 'Bob'],
        });
        const page = await store.gamesDb.search({ limit: 2 });
        expect(ids(page)).toEqual(['g3', 'g2']);
        expect(ids(await store.gamesDb.search({ limit: 2, after: { createdAt: 200, id: 'g2' } }))).toEqual(['g1']);
        const q = async (query: Omit<Parameters<GameStore['gamesDb']['search']>[0], 'limit'>) =>
          ids(await store.gamesDb.search({ ...query, limit: 10 }));
        expect(await q({ players: ['Ann'] })).toEqual(['g3', 'g1']);
        expect(await q({ players: ['Ann'], after: { createdAt: 300, id: 'g3' } })).toEqual(['g1']);
        expect(await q({ players: ['Ann', 'Bob'] })).toEqual(['g1']);
        expect(await q({ players: ['Ann'], outcome: 'win' })).toEqual(['g1']);
        expect(await q({ players: ['Ann'], outcome: 'loss' })).toEqual(['g3']);
        expect(await q({ players: ['Cid'], outcome: 'draw' })).toEqual(['g2']);
        expect(await q({ game: 'hex' })).toEqual(['g2', 'g1']);
        expect(await q({ result: 'draw' })).toEqual(['g2']);
        expect(await q({ result: 'win' })).toEqual(['g3', 'g1']);
        expect(await q({ termination: 'resignation' })).toEqual(['g3']);
        expect(await q({ rated: true })).toEqual(['g1']);
        expect(await q({ rated: false })).toEqual(['g3', 'g2']);
        expect(await q({ speed: 'blitz' })).toEqual(['g1']);
        expect(await q({ speed: 'unlimited' })).toEqual(['g3', 'g2']);
        expect(await q({ from: 150, to: 300 })).toEqual(['g2']);
        expect(await q({ players: ['Ann'], from: 50, to: 301 })).toEqual(['g3', 'g1']);
        expect(await q({ minRating: 1500, maxRating: 1500 })).toEqual(['g1']);
        expect(await q({ minRating: 1501 })).toEqual([]);
        expect(await q({ game: 'hex', opening: ['a1', 'b2'] })).toEqual(['g2', 'g1']);
        expect(await q({ game: 'hex', opening: ['a1', 'b2', 'c3'] })).toEqual(['g1']);
        // A prefix is of whole moves: "b" is not "b2".
        expect(await q({ game: 'hex', opening: ['a1', 'b'] })).toEqual([]);
      }),
    );

    it(
      'finds finished games by a position they reached, in any order of moves, under its variant, newest first, a page after another',
      withStore(async (store) => {
        for (const [i, n] of ['Pia', 'Quo', 'Rex'].entries()) await store.accounts.register(n, n, n.toLowerCase(), `h-${n}`, `$a$${n}`, i);
        const win = { kind: 'win', winner: 0 };
        // Keys as the explorer makes them: the start, then after each move; p1 and p2 transpose to pAB.
        const start = '0000000000000000:0';
        const pAB = 'aaaaaaaaaaaaaaaa:0';
        const ended = { result: win, termination: 'resignation' } as const;
        await play(store, {
          id: 'p1',
          at: 100,
          seats: ['Pia', 'Quo'],
          moves: ['a1', 'b2'],
          ...ended,
          positions: { variant: 'hex', keys: [start, '1111111111111111:1', pAB] },
        });
        await play(store, {
          id: 'p2',
          at: 200,
          seats: ['Quo', 'Rex'],
          moves: ['b2', 'a1', 'c3'],
          ...ended,
          // A position met twice in one game counts it once.
          positions: { variant: 'hex', keys: [start, '2222222222222222:1', pAB, 'cccccccccccccccc:1', pAB] },
        });
        // The same key under another variant (Hex on another board) is another position.
        await play(store, {
          id: 'p3',
          at: 300,
          seats: ['Pia', 'Rex'],
          moves: ['a1', 'b2'],
          ...ended,
          positions: { variant: 'hex:0badcafe', keys: [start, pAB] },
        });
        // An aborted game is not in the database, its positions neither; a game without keys is found by none.
        await play(store, {
          id: 'p4',
          at: 400,
          seats: ['Pia', 'Quo'],
          moves: [],
          result: win,
          termination: 'aborted',
          positions: { variant: 'hex', keys: [start] },
        });
        await play(store, { id: 'p5', at: 500, seats: ['Pia', 'Quo'], moves: ['a1', 'b2'], ...ended });
        const q = async (query: Omit<Parameters<GameStore['gamesDb']['search']>[0], 'limit'>, limit = 10) =>
          ids(await store.gamesDb.search({ ...query, limit }));
        const at = (key: string, variant = 'hex') => ({ position: { variant, key } });
        expect(await q(at(pAB))).toEqual(['p2', 'p1']);
        expect(await q(at(start))).toEqual(['p2', 'p1']);
        expect(await q(at(pAB, 'hex:0badcafe'))).toEqual(['p3']);
        expect(await q(at('1111111111111111:1'))).toEqual(['p1']);
        expect(await q(at('ffffffffffffffff:0'))).toEqual([]);
        // A page, then the one after it.
        expect(await q(at(pAB), 1)).toEqual(['p2']);
        expect(await q({ ...at(pAB), after: { createdAt: 200, id: 'p2' } })).toEqual(['p1']);
        // With the other filters: a player, two, an outcome, dates, a move prefix.
        expect(await q({ ...at(pAB), players: ['Pia'] })).toEqual(['p1']);
        expect(await q({ ...at(pAB), players: ['Quo'], outcome: 'win' })).toEqual(['p2']);
        expect(await q({ ...at(pAB), players: ['Rex', 'Quo'] })).toEqual(['p2']);
        expect(await q({ ...at(pAB), players: ['Quo'], after: { createdAt: 200, id: 'p2' } })).toEqual(['p1']);
        expect(await q({ ...at(pAB), from: 150 })).toEqual(['p2']);
        expect(await q({ ...at(pAB), game: 'hex', opening: ['b2'] })).toEqual(['p2']);
        expect(await q({ ...at(pAB), game: 'nonaga' })).toEqual([]);
      }),
    );

    it(
      'finds an opening within its variant: the first moves in order, among the games that reached their position under the variant’s key',
      withStore(async (store) => {
        for (const [i, n] of ['Vic', 'Wen'].entries()) await store.accounts.register(n, n, n.toLowerCase(), `h-${n}`, `$a$${n}`, i);
        const ended = { result: { kind: 'win', winner: 0 }, termination: 'resignation' } as const;
        // Keys as the explorer makes them; Hive with its expansions ('hive') and without ('hive:0000base').
        const start = '0000000000000000:0';
        const afterOne = '1111111111111111:1';
        const afterTwo = '2222222222222222:0';
        const seats: [string, string] = ['Vic', 'Wen'];
        const hive = (id: string, at: number, moves: string[], variant: string, keys: string[]) =>
          play(store, { id, game: 'hive', at, seats, moves, ...ended, positions: { variant, keys } });
        await hive('v1', 100, ['wG1', 'bG1 wG1-'], 'hive:0000base', [start, afterOne, afterTwo]);
        await hive('v2', 200, ['wG1', 'bG1 wG1-', 'wQ -wG1'], 'hive', [start, afterOne, afterTwo, 'eeeeeeeeeeeeeeee:1']);
        await hive('v3', 300, ['wG1', 'bG1 wG1-', 'wA1 -wG1'], 'hive:0000base', [start, afterOne, afterTwo, 'dddddddddddddddd:1']);
        // The same position by another order (a transposition): the variant's, but not this opening.
        await hive('v4', 400, ['wG1', 'bA1 wG1-'], 'hive:0000base', [start, afterOne, afterTwo]);
        const q = async (query: Omit<Parameters<GameStore['gamesDb']['search']>[0], 'limit'>, limit = 10) =>
          ids(await store.gamesDb.search({ ...query, limit }));
        const opening = ['wG1', 'bG1 wG1-'];
        // In every variant; in each alone.
        expect(await q({ game: 'hive', opening })).toEqual(['v3', 'v2', 'v1']);
        expect(await q({ game: 'hive', opening, position: { variant: 'hive:0000base', key: afterTwo } })).toEqual(['v3', 'v1']);
        expect(await q({ game: 'hive', opening, position: { variant: 'hive', key: afterTwo } })).toEqual(['v2']);
        // No moves: the variant's start, every game of it.
        expect(await q({ game: 'hive', opening: [], position: { variant: 'hive:0000base', key: start } })).toEqual(['v4', 'v3', 'v1']);
        // A page, then the one after it; with a player and an outcome.
        const base = { game: 'hive', opening, position: { variant: 'hive:0000base', key: afterTwo } };
        expect(await q(base, 1)).toEqual(['v3']);
        expect(await q({ ...base, after: { createdAt: 300, id: 'v3' } })).toEqual(['v1']);
        expect(await q({ ...base, players: ['Wen'], outcome: 'loss' })).toEqual(['v3', 'v1']);
        expect(await q({ ...base, players: ['Wen'], outcome: 'win' })).toEqual([]);
        // A longer opening, within the variant.
        expect(
          await q({ ...base, opening: ['wG1', 'bG1 wG1-', 'wA1 -wG1'], position: { variant: 'hive:0000base', key: 'dddddddddddddddd:1' } }),
        ).toEqual(['v3']);
      }),
    );

    it(
      'keys the positions of the games finished before it kept them, a batch at a time, from where it stopped, once each',
      withStore(async (store) => {
        for (const [i, n] of ['Sal', 'Tom'].entries()) await store.accounts.register(n, n, n.toLowerCase(), `h-${n}`, `$a$${n}`, i);
        const draw = { result: { kind: 'draw' }, termination: 'agreement', seats: ['Sal', 'Tom'] as [string, string] };
        for (let i = 0; i < 3; i++) await play(store, { id: `k${i}`, at: 10 + i, moves: ['a1'], ...draw });
        await play(store, { id: 'k-nonaga', at: 5, game: 'nonaga', moves: [], ...draw });
        await play(store, { id: 'k-aborted', at: 6, moves: [], ...draw, termination: 'aborted' });
        const key = '3333333333333333:1';
        const keyed = (games: { id: string; createdAt: number }[]) =>
          games.map((g) => ({ ...g, positions: { variant: 'hex', keys: [key] } }));
        // Only the games asked for (those the explorer keys), finished, not aborted, oldest first.
        const first = await store.gamesDb.positionsWaiting(['hex'], 2);
        expect(first).toEqual([
          { id: 'k0', createdAt: 10 },
          { id: 'k1', createdAt: 11 },
        ]);
        // Asked again before the batch is added: the same games (nothing is lost to a stop midway).
        expect(await store.gamesDb.positionsWaiting(['hex'], 2)).toEqual(first);
        await store.gamesDb.addPositions(keyed(first), false);
        const rest = await store.gamesDb.positionsWaiting(['hex'], 2);
        expect(rest).toEqual([{ id: 'k2', createdAt: 12 }]);
        // k1 again (its end wrote it meanwhile): kept once.
        await store.gamesDb.addPositions([...keyed(rest), ...keyed([{ id: 'k1', createdAt: 11 }])], true);
        expect(await store.gamesDb.positionsWaiting(['hex'], 2)).toEqual([]);
        expect(await store.gamesDb.positionsWaiting(['hex', 'nonaga'], 2)).toEqual([]);
        expect(ids(await store.gamesDb.search({ position: { variant: 'hex', key }, limit: 10 }))).toEqual(['k2', 'k1', 'k0']);
      }),
    );

    it(
      'gives a player’s record: their latest outcomes, newest first, and their rated wins in them, the opponent rated highest first',
      withStore(async (store) => {
        for (const [i, n] of ['Hal', 'Ivo', 'Jan', 'Kim'].entries())
          await store.accounts.register(n, n, n.toLowerCase(), `h-${n}`, `$a$${n}`, i);
        const win = (winner: number) => ({ kind: 'win', winner });
        const rated = { rated: true, clock: blitz, moves: ['a1'], termination: 'rules' };
        await play(store, { id: 'r1', at: 100, seats: ['Ivo', 'Jan'], result: win(0), ...rated, after: [1800, 1300] });
        await play(store, { id: 'r2', at: 200, seats: ['Hal', 'Ivo'], result: win(0), ...rated, after: [1600, 1700] });
        await play(store, { id: 'r3', at: 300, seats: ['Jan', 'Hal'], result: win(1), ...rated, after: [1250, 1650] });
        const casual = { moves: ['a1'], termination: 'resignation' };
        await play(store, { id: 'r4', at: 400, seats: ['Hal', 'Kim'], result: win(0), ...casual });
        await play(store, { id: 'r5', at: 500, seats: ['Kim', 'Hal'], result: { kind: 'draw' }, ...casual, termination: 'agreement' });
        await play(store, { id: 'r6', at: 600, seats: ['Hal', 'Kim'], result: win(0), ...casual });
        const all = await store.gamesDb.record('Hal', 100, 5);
        expect(all.outcomes).toEqual(['win', 'draw', 'win', 'win', 'win']);
        // The opponents' ratings before each game: Ivo's 1800, Jan's 1300.
        expect(all.bestWins).toEqual([
          { id: 'r2', game: 'hex', createdAt: 200, opponent: 'Ivo', rating: 1800 },
          { id: 'r3', game: 'hex', createdAt: 300, opponent: 'Jan', rating: 1300 },
        ]);
        // Only the window's games: the latest four hold one rated win; the latest three, none.
        expect(await store.gamesDb.record('Hal', 4, 5)).toEqual({
          outcomes: ['win', 'draw', 'win', 'win'],
          bestWins: [{ id: 'r3', game: 'hex', createdAt: 300, opponent: 'Jan', rating: 1300 }],
        });
        expect((await store.gamesDb.record('Hal', 3, 5)).bestWins).toEqual([]);
        expect((await store.gamesDb.record('Hal', 100, 1)).bestWins.map((w) => w.id)).toEqual(['r2']);
        expect(await store.gamesDb.record('Nobody', 100, 5)).toEqual({ outcomes: [], bestWins: [] });
      }),
    );

    it(
      'takes in the games finished before it existed, a batch at a time, once each',
      withStore(async (store) => {
        for (const [i, n] of ['Ann', 'Bob'].entries()) await store.accounts.register(n, n, n.toLowerCase(), `h-${n}`, `$a$${n}`, i);
        for (let i = 0; i < 5; i++)
          await play(store, {
            id: `b${i}`,
            at: 10 + i,
            seats: ['Ann', 'Bob'],
            moves: ['a1'],
            result: { kind: 'draw' },
            termination: 'agreement',
          });
        const added: number[] = [];
        for (let n = await store.gamesDb.backfill(2); n > 0; n = await store.gamesDb.backfill(2)) added.push(n);
        expect(added).toEqual([2, 2, 1]);
        expect(await store.gamesDb.backfill(2)).toBe(0);
        expect(ids(await store.gamesDb.search({ players: ['Bob'], limit: 10 }))).toEqual(['b4', 'b3', 'b2', 'b1', 'b0']);
      }),
    );

    it(
      'finds a player against another: every game both sat in, either colour, newest first, paged, with the first player’s outcome, a position and dates; a player against themself only in a game they sat twice; one player alone finds such a game once',
      withStore(async (store) => {
        // Ids of mixed case: in bytes "Bob" < "Dee" < "ann" < "cid", not so in a collation of words.
        const people = ['ann', 'Bob', 'cid', 'Dee'];
        for (const [i, n] of people.entries()) await store.accounts.register(n, n, n, `h-${n}`, `$a$${n}`, i);
        const key = '4444444444444444:1';
        /** The games as played: the model the answers are checked against. */
        const games: { id: string; at: number; seats: readonly string[]; result: { kind: string; winner?: number }; keyed: boolean }[] = [];
        const seatings: (readonly string[])[] = [
          ['ann', 'Bob'],
          ['Bob', 'ann'],
          ['cid', 'ann'],
          ['Dee', 'Bob'],
          ['ann', 'Bob', 'cid'],
          ['ann', 'ann'],
          ['Bob', 'ann', 'ann'],
          ['cid', 'Dee'],
        ];
        const results = [{ kind: 'win', winner: 0 }, { kind: 'win', winner: 1 }, { kind: 'draw' }];
        for (let i = 0; i < 24; i++) {
          // Two games a date now and then: the page's order within a date is by id.
          const g = {
            id: `q${String(i).padStart(2, '0')}`,
            at: 1000 + Math.floor(i / 3) * 10 + (i % 3 === 2 ? 0 : i % 3),
            seats: seatings[i % seatings.length] as readonly string[],
            result: results[i % results.length] as { kind: string; winner?: number },
            keyed: i % 2 === 0,
          };
          games.push(g);
          await play(store, {
            id: g.id,
            at: g.at,
            seats: g.seats,
            moves: ['a1'],
            result: g.result,
            termination: g.result.kind === 'draw' ? 'agreement' : 'resignation',
            ...(g.keyed ? { positions: { variant: 'hex', keys: [key] } } : {}),
          });
        }
        const newestFirst = (a: { at: number; id: string }, b: { at: number; id: string }) =>
          b.at - a.at || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
        const outcomesOf = (g: (typeof games)[number], account: string) =>
          g.seats.flatMap((a, seat) =>
            a !== account ? [] : [g.result.kind === 'draw' ? 'draw' : g.result.winner === seat ? 'win' : 'loss'],
          );
        /** What the search by two players answers: the games where both sat (one account: in two seats). */
        const expected = (first: string, second: string, outcome?: string, keyed?: boolean, from?: number, to?: number) =>
          games
            .filter((g) =>
              first === second ? g.seats.filter((a) => a === first).length >= 2 : g.seats.includes(first) && g.seats.includes(second),
            )
            .filter((g) => outcome === undefined || outcomesOf(g, first).includes(outcome))
            .filter((g) => keyed === undefined || g.keyed)
            .filter((g) => (from === undefined || g.at >= from) && (to === undefined || g.at < to))
            .sort(newestFirst)
            .map((g) => g.id);
        type Query = Omit<Parameters<GameStore['gamesDb']['search']>[0], 'limit'>;
        /** Every page of `limit` games, each after the last of the one before, until a short one. */
        const paged = async (query: Query, limit: number) => {
          const found: string[] = [];
          let after: { createdAt: number; id: string } | undefined;
          for (let pages = 0; pages < 30; pages++) {
            const page = await store.gamesDb.search({ ...query, limit, ...(after ? { after } : {}) });
            found.push(...ids(page));
            const last = page[page.length - 1];
            if (page.length < limit || !last) return found;
            after = { createdAt: last.createdAt, id: last.id };
          }
          throw new Error('the pages did not end');
        };
        // One player: each game they sat in once, however many of its seats they held.
        const alone = (player: string, outcome?: string) =>
          games
            .filter((g) => g.seats.includes(player) && (outcome === undefined || outcomesOf(g, player).includes(outcome)))
            .sort(newestFirst)
            .map((g) => g.id);
        for (const player of people) {
          expect(await paged({ players: [player] }, 2), `${player} alone`).toEqual(alone(player));
          for (const outcome of ['win', 'loss', 'draw'] as const)
            expect(await paged({ players: [player], outcome }, 3), `${player} alone, ${outcome}`).toEqual(alone(player, outcome));
        }
        let met = 0;
        for (const first of people)
          for (const second of people) {
            const players = [first, second];
            const all = expected(first, second);
            if (first !== second && all.length > 0) met++;
            expect(ids(await store.gamesDb.search({ players, limit: 50 })), `${first} against ${second}`).toEqual(all);
            expect(await paged({ players }, 2), `${first} against ${second}, two a page`).toEqual(all);
            for (const outcome of ['win', 'loss', 'draw'] as const)
              expect(await paged({ players, outcome }, 3), `${first} against ${second}, ${outcome}`).toEqual(
                expected(first, second, outcome),
              );
            expect(await paged({ players, position: { variant: 'hex', key } }, 2), `${first} against ${second}, a position`).toEqual(
              expected(first, second, undefined, true),
            );
            expect(await paged({ players, from: 1010, to: 1050 }, 2), `${first} against ${second}, dates`).toEqual(
              expected(first, second, undefined, undefined, 1010, 1050),
            );
          }
        // The model is not empty where it matters: pairs met, in both colours, and a game of one account twice.
        expect(met).toBeGreaterThanOrEqual(8);
        expect(expected('ann', 'Bob').length).toBeGreaterThanOrEqual(6);
        expect(expected('ann', 'ann').length).toBeGreaterThanOrEqual(4);
        expect(expected('Bob', 'cid').length).toBeGreaterThan(0);
        // A game is found once, whoever sat twice in it, and named by its seats as played.
        const both = await store.gamesDb.search({ players: ['Bob', 'ann'], limit: 50 });
        expect(new Set(ids(both)).size).toBe(both.length);
        expect(both.find((g) => g.id === 'q06')?.players).toEqual(['Bob', 'ann', 'ann']);
        expect(ids(await store.gamesDb.search({ players: ['ann', 'nobody'], limit: 50 }))).toEqual([]);
      }),
    );
  });
}
