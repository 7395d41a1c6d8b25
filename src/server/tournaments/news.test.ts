import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fanout } from '../fanout.ts';
import { startRedis, type TestRedis } from '../redis.testing.ts';
import { SqliteStore } from '../sqlite-store.ts';
import { newTournament } from './new-tournament.testing.ts';
import { TournamentNews } from './news.ts';
import { TournamentViews } from './views.ts';

/**
 * A tournament's news: made once a change however many follow it, numbered by the store's version,
 * each event naming the rounds it changed; heard on another instance by Redis, or at its next sweep.
 */
const cup = (id: string) => newTournament(id, { clock: null, startsAt: null, rounds: 2, createdAt: 1 });
const entry = (account: string, rating: number) => ({ account, name: account.toUpperCase(), rating, joinedAt: rating });

interface Heard {
  from: number;
  version: number;
  rounds: number[];
  pairings: { round: number; result: string | null }[];
  standings: { rows: { name: string; score: number }[] };
  entries: { name: string; state: string }[];
}

/** A follower: the texts it heard, and a wait for the next one. */
function follower() {
  const texts: string[] = [];
  let wake: (() => void) | null = null;
  return {
    texts,
    sink: (text: string) => {
      texts.push(text);
      wake?.();
    },
    heard: () => texts.map((t) => JSON.parse(t) as Heard),
    async count(n: number) {
      while (texts.length < n) await new Promise<void>((resolve) => (wake = resolve));
    },
  };
}

let store: SqliteStore;
let redis: TestRedis;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  await store?.close();
});

describe('a tournament’s news', () => {
  it('each change is read once and the same text told to every follower, with the rounds it changed', async () => {
    store = new SqliteStore(':memory:');
    const t = store.tournaments;
    await t.create(cup('c'));
    const views = new TournamentViews(store);
    const news = new TournamentNews(views, null);
    expect(await news.follow('nope', () => undefined)).toBeNull();
    expect(news.size).toBe(0);
    const [a, b] = [follower(), follower()];
    expect((await news.follow('c', a.sink))?.version).toBe(0);
    const stopB = await news.follow('c', b.sink);
    expect(stopB?.version).toBe(0);
    expect(views.made).toBe(1);

    await t.join('c', entry('ann', 1600));
    news.changed('c');
    await Promise.all([a.count(1), b.count(1)]);
    expect(a.texts).toEqual(b.texts);
    expect(views.made).toBe(2);
    expect(a.heard()[0]).toMatchObject({ from: 0, version: 1, rounds: [], entries: [{ name: 'ANN', state: 'active' }] });

    // A read of the page at this version is the one made already.
    expect((await views.view('c'))?.version).toBe(1);
    expect(views.made).toBe(2);

    await t.join('c', entry('bob', 1500));
    await t.start(
      'c',
      10,
      [
        { account: 'ann', seed: 1 },
        { account: 'bob', seed: 2 },
      ],
      2,
      null,
    );
    await t.pairRound('c', 1, [{ board: 1, white: 'ann', black: 'bob', game: null, result: 'white-forfeit' }], 20);
    // Three changes, told at once: one read, one event from 1 to 4.
    for (let i = 0; i < 3; i++) news.changed('c');
    await Promise.all([a.count(2), b.count(2)]);
    news.sweep();
    await t.pairRound('c', 2, [{ board: 1, white: 'bob', black: 'ann', game: null, result: 'draw' }], 30);
    news.changed('c');
    await Promise.all([a.count(3), b.count(3)]);
    expect(a.texts).toEqual(b.texts);
    const [, second, third] = a.heard();
    expect(second).toMatchObject({ from: 1, version: 4, rounds: [1], pairings: [{ round: 1, result: 'white-forfeit' }] });
    expect(second?.standings.rows.map((r) => [r.name, r.score])).toEqual([
      ['ANN', 1],
      ['BOB', 0],
    ]);
    // Round 1 unchanged: only round 2 is sent, the standings whole.
    expect(third).toMatchObject({ from: 4, version: 5, rounds: [2], pairings: [{ round: 2, result: 'draw' }] });
    expect(third?.standings.rows.map((r) => [r.name, r.score])).toEqual([
      ['ANN', 1.5],
      ['BOB', 0.5],
    ]);
    expect(views.made).toBe(4);

    // A follower gone hears nothing more; the last gone, the tournament is followed no more.
    stopB?.stop();
    await t.setEntry('c', 'bob', 'paused');
    news.changed('c');
    await a.count(4);
    expect(b.texts).toHaveLength(3);
    expect(a.heard()[3]).toMatchObject({ from: 5, version: 6, rounds: [] });
  });

  it('a change made on another instance is heard by Redis at once, and without it at the next sweep', async () => {
    store = new SqliteStore(':memory:');
    await store.tournaments.create(cup('x'));
    const [fanoutA, fanoutB] = [new Fanout(redis.url), new Fanout(redis.url)];
    closing.push(
      () => fanoutA.close(),
      () => fanoutB.close(),
    );
    const here = new TournamentNews(new TournamentViews(store), fanoutA);
    const there = new TournamentNews(new TournamentViews(store), fanoutB);
    const f = follower();
    expect((await there.follow('x', f.sink))?.version).toBe(0);
    // Redis has the subscription once a notice on it comes back: told until one does.
    await store.tournaments.join('x', entry('ann', 1500));
    while (f.texts.length === 0) {
      here.changed('x');
      await Promise.race([f.count(1), new Promise((resolve) => setTimeout(resolve, 10))]);
    }
    expect(f.heard()[0]).toMatchObject({ from: 0, version: 1 });

    // Without Redis: the other instance's sweep (its director's tick) finds the change.
    const alone = new TournamentNews(new TournamentViews(store), null);
    const g = follower();
    expect((await alone.follow('x', g.sink))?.version).toBe(1);
    await store.tournaments.join('x', entry('bob', 1400));
    new TournamentNews(new TournamentViews(store), null).changed('x');
    expect(g.texts).toHaveLength(0);
    alone.sweep();
    await g.count(1);
    expect(g.heard()[0]).toMatchObject({ from: 1, version: 2 });
    expect(
      g
        .heard()[0]
        ?.entries.map((e) => e.name)
        .sort(),
    ).toEqual(['ANN', 'BOB']);
  });
});
