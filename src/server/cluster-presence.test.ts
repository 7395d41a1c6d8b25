import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClusterPresence, Sightings } from './cluster-presence.ts';
import { Presence } from './presence.ts';
import { startRedis, type TestRedis } from './redis.testing.ts';

/** Presence across instances through Redis (cluster-presence.ts), each beat asked for by the test. */
let redis: TestRedis;
let raw: Redis;
const opened: ClusterPresence[] = [];

beforeAll(async () => {
  redis = await startRedis();
  raw = new Redis(redis.url);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
  await raw.flushall();
});
afterAll(async () => {
  raw.disconnect();
  await redis?.stop();
});

/** An instance: its own presence, kept in step through Redis; beats only when the test asks (beatMs of an hour). */
function instance(ttlMs = 60_000): { presence: Presence; cluster: ClusterPresence } {
  const presence = new Presence();
  const cluster = new ClusterPresence(redis.url, presence, { beatMs: 3_600_000, ttlMs });
  opened.push(cluster);
  return { presence, cluster };
}

describe('presence across instances', () => {
  it('an account online on one instance is online on the other after a beat of each, and offline once its last socket closes', async () => {
    const a = instance();
    const b = instance();
    const leave = a.presence.enter('ann');
    const again = a.presence.enter('ann');
    expect(b.presence.isOnline('ann')).toBe(false);
    // A's write goes before its beat on its connection; B reads after.
    await a.cluster.beat();
    await b.cluster.beat();
    expect(b.presence.isOnline('ann')).toBe(true);
    expect(b.presence.isOnline('bob')).toBe(false);
    expect(a.presence.here()).toEqual(['ann']);
    expect(b.presence.here()).toEqual([]);
    leave();
    await a.cluster.beat();
    await b.cluster.beat();
    // One socket of two closed: still online.
    expect(b.presence.isOnline('ann')).toBe(true);
    again();
    await a.cluster.beat();
    await b.cluster.beat();
    expect(b.presence.isOnline('ann')).toBe(false);
    expect(a.presence.isOnline('ann')).toBe(false);
  });

  it("a dead instance's players go offline elsewhere once its set expires; a live one that stalled past it writes its set again", async () => {
    const a = instance(200);
    const b = instance();
    a.presence.enter('cat');
    await a.cluster.beat();
    await b.cluster.beat();
    expect(b.presence.isOnline('cat')).toBe(true);
    // A says nothing more (its beat is an hour away, as a killed instance's never comes): its set expires.
    const key = `presence:on:${a.cluster.id}`;
    for (let tries = 0; (await raw.exists(key)) === 1; tries++) {
      if (tries > 200) throw new Error('the set never expired');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await b.cluster.beat();
    expect(b.presence.isOnline('cat')).toBe(false);
    // Taken off the registry by B's read.
    expect(await raw.smembers('presence:instances')).toEqual([]);
    // A was only slow: its next beat finds its set gone and writes it whole, with itself in the registry.
    await a.cluster.beat();
    await b.cluster.beat();
    expect(b.presence.isOnline('cat')).toBe(true);
    expect(await raw.smembers('presence:instances')).toEqual([a.cluster.id]);
  });

  it('a set that lost a write is mended by the next beat; a closed instance takes its players away at once', async () => {
    const a = instance();
    const b = instance();
    a.presence.enter('dan');
    a.presence.enter('eve');
    await a.cluster.beat();
    // A write lost (Redis restarted between, say): the set no longer says what A holds.
    await raw.srem(`presence:on:${a.cluster.id}`, 'eve');
    await a.cluster.beat();
    await b.cluster.beat();
    expect(['dan', 'eve'].map((x) => b.presence.isOnline(x))).toEqual([true, true]);
    await a.cluster.close();
    await b.cluster.beat();
    expect(['dan', 'eve'].map((x) => b.presence.isOnline(x))).toEqual([false, false]);
    expect(await raw.keys('presence:*')).toEqual([]);
  });

  it('a coming and a going are known on the other instances at once, without a beat; so is a closing', async () => {
    const a = instance();
    const b = instance();
    const c = instance();
    await Promise.all([b.cluster.listening, c.cluster.listening]);
    // The beats are an hour apart: only the channel can tell B and C.
    const leave = a.presence.enter('gus');
    await expect.poll(() => b.presence.isOnline('gus')).toBe(true);
    await expect.poll(() => c.presence.isOnline('gus')).toBe(true);
    // On A and on C at once: leaving A leaves him online (on C) for B.
    const onC = c.presence.enter('gus');
    c.presence.enter('hal');
    await expect.poll(() => b.presence.isOnline('hal')).toBe(true);
    leave();
    await expect.poll(() => a.presence.isOnline('gus')).toBe(true);
    expect(b.presence.isOnline('gus')).toBe(true);
    onC();
    await expect.poll(() => b.presence.isOnline('gus')).toBe(false);
    expect(a.presence.isOnline('gus')).toBe(false);
    // C closes: its players are gone for A and B at once.
    await c.cluster.close();
    await expect.poll(() => b.presence.isOnline('hal')).toBe(false);
    await expect.poll(() => a.presence.isOnline('hal')).toBe(false);
  });

  it('a read answered with the sets as they were before a coming heard on the channel does not undo it', () => {
    // Two connections, no order between them: the channel can tell of a coming before the answer of
    // a read that Redis made before it arrives. Each step here in the order the instance meets them.
    const seen = new Sightings();
    seen.reading();
    seen.heard({ from: 'A', account: 'ida', online: true });
    seen.heard({ from: 'A', account: 'jon', online: true });
    seen.heard({ from: 'A', account: 'jon', online: false });
    seen.read([['B', ['kim']]]);
    expect(['ida', 'jon', 'kim'].map((x) => seen.isOnline(x))).toEqual([true, false, true]);
    // And a going heard during a read whose answer still has the player.
    seen.reading();
    seen.heard({ from: 'B', account: 'kim', online: false });
    seen.read([
      ['A', ['ida']],
      ['B', ['kim']],
    ]);
    expect(seen.isOnline('kim')).toBe(false);
    // Heard outside a read: applied as it comes; an instance that closed takes its players with it.
    seen.heard({ from: 'C', account: 'lea', online: true });
    expect(seen.isOnline('lea')).toBe(true);
    seen.heard({ from: 'C', account: null, online: false });
    expect(seen.isOnline('lea')).toBe(false);
    // A read's answer is the truth when nothing was heard meanwhile.
    seen.reading();
    seen.read([]);
    expect(seen.isOnline('ida')).toBe(false);
  });

  it('without Redis (SQLite, one instance) presence is this instance’s sockets alone', () => {
    const presence = new Presence();
    const seen: [string, boolean][] = [];
    presence.onChange((account, online) => seen.push([account, online]));
    const leave = presence.enter('fay');
    presence.enter('fay')();
    expect(presence.isOnline('fay')).toBe(true);
    leave();
    leave();
    expect(presence.isOnline('fay')).toBe(false);
    // Told once when the first socket opens and once when the last closes.
    expect(seen).toEqual([
      ['fay', true],
      ['fay', false],
    ]);
  });
});
