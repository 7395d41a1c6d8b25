import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fanout, type Notice } from './fanout.ts';
import { startRedis, type TestRedis } from './redis.testing.ts';

/** Notices between instances, over a real Redis. */
let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

/** The notices `handler` is given, and a way to wait for the next one. */
function listener() {
  const heard: (Notice | null)[] = [];
  let wake: () => void = () => {};
  return {
    heard,
    handler: (n: Notice | null) => {
      heard.push(n);
      wake();
    },
    async until(count: number): Promise<void> {
      while (heard.length < count) await new Promise<void>((resolve) => (wake = resolve));
    },
  };
}

describe('the fanout between instances', () => {
  it('a game followed is told to catch up once its subscription holds; its own notices are not news', async () => {
    const here = new Fanout(redis.url);
    // Another instance, as raw Redis: PUBLISH answers how many subscribers got the notice.
    const there = new Redis(redis.url);
    const tell = (game: string, notice: Notice) => there.publish(`game:${game}`, `there ${JSON.stringify(notice)}`);
    try {
      // Once connected (a first game hears a notice), the next game followed is a subscription alone.
      const first = listener();
      here.follow('g0', first.handler);
      while ((await tell('g0', { kind: 'seats' })) === 0);
      const game = listener();
      here.follow('g1', game.handler);
      // Notices sent before the subscription holds reach nobody (0 subscribers), as one sent between an
      // instance reading the game and subscribing: the follower must be told to catch up.
      while ((await tell('g1', { kind: 'seats' })) === 0);
      // (The reply to SUBSCRIBE and the first notice may come in one packet: either may be heard first.)
      await game.until(2);
      expect(game.heard).toHaveLength(2);
      expect(game.heard).toContainEqual(null);
      expect(game.heard).toContainEqual({ kind: 'seats' });
      here.publish('g1', { kind: 'chat' });
      await tell('g1', { kind: 'presence-ask' });
      await game.until(3);
      expect(game.heard.at(-1)).toEqual({ kind: 'presence-ask' });
    } finally {
      there.disconnect();
      await here.close();
    }
  });

  it('a game let go before its subscription holds is not told anything', async () => {
    const here = new Fanout(redis.url);
    try {
      const warm = listener();
      here.follow('g2', warm.handler);
      await warm.until(1);
      const dropped = listener();
      const kept = listener();
      here.follow('g3', dropped.handler);
      here.unfollow('g3');
      here.follow('g4', kept.handler);
      // Redis answers a connection's commands in order: once g4's subscription holds, g3's was answered.
      await kept.until(1);
      expect(dropped.heard).toEqual([]);
    } finally {
      await here.close();
    }
  });
});
