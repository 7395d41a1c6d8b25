import { describe, expect, it } from 'vitest';
import { chooseLiveGame, hostOf } from './live-game.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { AfterMove, GameStore, NewGame } from './store.ts';

const NOTHING_DUE: AfterMove = { deadline: null, due: null };
const hive = (id: string, createdAt: number, extra: Partial<NewGame> = {}): NewGame => ({
  id,
  game: 'hive',
  options: {},
  seed: id,
  seats: ['open', 'open'],
  createdAt,
  ...extra,
});

/** Two accounts rated at Hive (untimed) as a finished rated game leaves them. */
async function rate(store: GameStore, accounts: readonly [string, string], ratings: readonly [number, number]): Promise<void> {
  const id = `rated-${accounts.join('-')}`;
  await store.games.create(hive(id, 0, { rated: true }));
  const seats = accounts.map((account, i) => ({
    account,
    before: null,
    after: { rating: ratings[i] as number, deviation: 60, volatility: 0.06 },
  }));
  await store.games.end(id, {
    result: { kind: 'draw' },
    termination: 'agreement',
    plies: 0,
    ratings: { perf: 'hive', at: 1, seats, diffs: [0, 0] },
  });
}

async function seat(store: GameStore, id: string, names: readonly [string, string], accounts: readonly [string, string] | null) {
  for (const i of [0, 1] as const) await store.games.claimSeat(id, i, `token-${id}-${i}`, names[i], undefined, accounts?.[i]);
}

describe('the live game the home page offers to watch', () => {
  it('is none until a game with every seat taken has begun; then the newest; a rated pair outranks newer casual games', async () => {
    const store = new SqliteStore(':memory:');
    try {
      expect(await chooseLiveGame(store)).toBeNull();
      // Seats taken but no move yet: nothing to watch. A seat still open: a seek, not a game.
      await store.games.create(hive('quiet', 10));
      await seat(store, 'quiet', ['Ann', 'Bob'], null);
      await store.games.create(hive('seek', 11));
      await store.games.claimSeat('seek', 0, 'token-seek', 'Cy');
      await store.games.append('seek', { ply: 0, move: 'wS1', at: 12 }, NOTHING_DUE);
      expect(await chooseLiveGame(store)).toBeNull();
      await store.games.append('quiet', { ply: 0, move: 'wS1', at: 13 }, NOTHING_DUE);
      expect(await chooseLiveGame(store)).toEqual({
        id: 'quiet',
        game: 'hive',
        options: {},
        clock: null,
        plies: 1,
        players: [{ name: 'Ann' }, { name: 'Bob' }],
      });
      // Against the server's AI: the AI's seat is named by its level.
      await store.games.create(hive('ai', 20, { seats: ['open', 'hard'] }));
      await store.games.claimSeat('ai', 0, 'token-ai', 'Dee');
      await store.games.append('ai', { ply: 0, move: 'wS1', at: 21 }, NOTHING_DUE);
      expect((await chooseLiveGame(store))?.players).toEqual([{ name: 'Dee' }, { name: 'AI (hard)', ai: 'hard' }]);
      // Two rated players, in an older game, come first; between two rated games, the stronger pair.
      await rate(store, ['acc-eve', 'acc-fay'], [1700, 1800]);
      await rate(store, ['acc-gus', 'acc-hal'], [1500, 1600]);
      await store.games.create(hive('strong', 5, { rated: true }));
      await seat(store, 'strong', ['Eve', 'Fay'], ['acc-eve', 'acc-fay']);
      await store.games.append('strong', { ply: 0, move: 'wS1', at: 22 }, NOTHING_DUE);
      await store.games.create(hive('weaker', 6, { rated: true }));
      await seat(store, 'weaker', ['Gus', 'Hal'], ['acc-gus', 'acc-hal']);
      await store.games.append('weaker', { ply: 0, move: 'wS1', at: 23 }, NOTHING_DUE);
      const live = await chooseLiveGame(store);
      expect(live?.id).toBe('strong');
      expect(live?.rated).toBe(true);
      expect(live?.players).toEqual([
        { name: 'Eve', rating: 1700 },
        { name: 'Fay', rating: 1800 },
      ]);
      // Once it ends, the next strongest.
      await store.games.end('strong', { result: { kind: 'draw' }, termination: 'agreement', plies: 1 });
      expect((await chooseLiveGame(store))?.id).toBe('weaker');
    } finally {
      await store.close();
    }
  });

  it('a lobby row names who waits, with their rating only for a rated seek', async () => {
    const store = new SqliteStore(':memory:');
    try {
      await rate(store, ['acc-ivy', 'acc-jo'], [1650, 1500]);
      await store.games.create(hive('casual', 1));
      await store.games.claimSeat('casual', 1, 'token-c', 'Ivy', undefined, 'acc-ivy');
      await store.games.create(hive('rated', 2, { rated: true }));
      await store.games.claimSeat('rated', 0, 'token-r', 'Ivy', undefined, 'acc-ivy');
      await store.games.create(hive('empty', 3));
      const host = async (id: string) =>
        hostOf(store, (await store.games.read(id)) as NonNullable<Awaited<ReturnType<GameStore['games']['read']>>>);
      expect(await host('casual')).toEqual({ name: 'Ivy' });
      expect(await host('rated')).toEqual({ name: 'Ivy', rating: 1650 });
      expect(await host('empty')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
