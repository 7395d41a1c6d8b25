import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RatedGame, ratingsAfter } from '@hexarena/engines/ratings/game-end.ts';
import { type Glicko, LICHESS, NEW_PLAYER, rateGame } from '@hexarena/engines/ratings/index.ts';
import { SqliteStore } from '../src/server/sqlite-store.ts';
import type { RatingChange } from '../src/server/store.ts';

/**
 * What rating costs: the Glicko-2 update of one game alone (µs), and a rated game's end in the
 * embedded store against an unrated one's (the anchor), each a committed write.
 */
export async function benchRatings(): Promise<void> {
  console.log('\nratings');
  const runs = 200_000;
  let r = NEW_PLAYER;
  let t = performance.now();
  for (let i = 0; i < runs; i++) [r] = rateGame(r, NEW_PLAYER, i % 3 === 0 ? 0 : 1, LICHESS);
  console.log(`  Glicko-2, one game: ${(((performance.now() - t) * 1000) / runs).toFixed(2)} µs`);

  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-ratings-'));
  const store = SqliteStore.inFolder(dir);
  try {
    const games = 2000;
    for (let i = 0; i < 2 * games; i++)
      await store.games.create({
        id: `g${i}`,
        game: 'hex',
        options: {},
        seed: 's',
        seats: ['open', 'open'],
        clock: null,
        createdAt: i,
        rated: true,
      });
    // What the room does: the players' ratings read, the new ones worked out (a pure step), both written with the end.
    const rating = async (i: number): Promise<RatingChange> => {
      const game: RatedGame = { perf: 'hex', accounts: [`a${i % 50}`, `b${i % 50}`], at: i, firstMoveAdvantage: 0, score: { first: 1 } };
      const before = await Promise.all(game.accounts.map(async (a) => (await store.ratings.of(a)).find((r) => r.perf === 'hex') ?? null));
      const { after, diffs } = ratingsAfter(game, before);
      const seats = game.accounts.map((account, k) => ({ account, before: before[k] ?? null, after: after[k] as Glicko }));
      return { perf: 'hex', at: i, seats, diffs };
    };
    // One at a time, each its own committed write: what a single game's end costs.
    t = performance.now();
    for (let i = 0; i < games; i++) await store.games.end(`g${i}`, { result: { kind: 'win', winner: 0 }, termination: 'rules', plies: 0 });
    const plain = ((performance.now() - t) * 1000) / games;
    t = performance.now();
    for (let i = games; i < 2 * games; i++)
      await store.games.end(`g${i}`, { result: { kind: 'win', winner: 0 }, termination: 'rules', plies: 0, ratings: await rating(i) });
    const rated = ((performance.now() - t) * 1000) / games;
    console.log(
      `  a game's end in SQLite, committed: rated ${rated.toFixed(0)} µs, unrated ${plain.toFixed(0)} µs (anchor) — the rating adds ${(rated - plain).toFixed(0)} µs (${(rated / plain).toFixed(2)}×)`,
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
