import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { AgentsPool } from './agents-pool.ts';
import { DEFAULT_HUB_SETTINGS, Hub } from './hub.ts';
import type { Room } from './room.ts';
import { SqliteStore } from './sqlite-store.ts';

/** The hub in one process, without sockets: which rooms it keeps in memory. */
let hub: Hub | null = null;
afterEach(() => hub?.close());

describe('rooms held in memory', () => {
  it('a room nobody listens to is let go once over, or once idle; asked for again, it comes back from the store as it was', async () => {
    const store = new SqliteStore(':memory:');
    hub = new Hub(store, null, null, { ...DEFAULT_HUB_SETTINGS, idleMs: 60_000 });
    const finished = await hub.create('tictactoe', {}, ['open', 'open'], null);
    const idle = await hub.create('tictactoe', {}, ['open', 'open'], null);
    const watched = await hub.create('tictactoe', {}, ['open', 'open'], null);
    const seat = async (room: Room) => ((await room.claim(0, 'Ann')) as { token: string }).token;
    const x = await seat(finished);
    expect(await finished.submit({ kind: 'move', seat: 0, token: x, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    expect(await finished.submit({ kind: 'resign', seat: 0, token: x })).toMatchObject({ ok: true });
    const stopWatching = watched.subscribe(() => undefined);
    await watched.submit({ kind: 'resign', seat: 0, token: await seat(watched) });
    expect(hub.roomsHeld).toBe(3);

    // Now: the finished game goes; the idle one stays until a minute without events has passed.
    hub.evict(Date.now());
    expect(hub.roomsHeld).toBe(2);
    hub.evict(Date.now() + 60_001);
    expect(hub.roomsHeld).toBe(1);
    // Someone still listens to the third, finished as it is.
    stopWatching();
    hub.evict(Date.now());
    expect(hub.roomsHeld).toBe(0);

    const again = (await hub.room(finished.id)) as Room;
    expect(again).not.toBe(finished);
    expect(again.version).toBe(2);
    expect(again.view(null)).toEqual(finished.view(null));
    expect((await hub.room(idle.id))?.version).toBe(0);
    expect(hub.roomsHeld).toBe(2);
    await store.close();
  });

  it('a room with an intent under way is kept, whatever its age', async () => {
    const store = new SqliteStore(':memory:');
    hub = new Hub(store, null, null, { ...DEFAULT_HUB_SETTINGS, idleMs: 60_000 });
    const room = await hub.create('tictactoe', {}, ['open', 'open'], null);
    const token = ((await room.claim(0, null)) as { token: string }).token;
    const answer = room.submit({ kind: 'move', seat: 0, token, move: 'b2', version: 0 });
    hub.evict(Date.now() + 3_600_000);
    expect(hub.roomsHeld).toBe(1);
    expect(await answer).toMatchObject({ ok: true });
    await store.close();
  });
});

describe('correspondence', () => {
  it('a day a move: the clock is whole again after each move, and a deadline that passed while the server was down is decided at its start', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-correspondence-'));
    const DAY = 86_400_000;
    const clock = { t: Date.UTC(2026, 10, 1) };
    const settings = { ...DEFAULT_HUB_SETTINGS, now: () => clock.t, sweepMs: 3_600_000 };
    let store = SqliteStore.inFolder(dir);
    hub = new Hub(store, null, null, settings);
    const room = await hub.create('tictactoe', {}, ['open', 'open'], { initialMs: DAY, incrementMs: 0, perMove: true });
    const x = ((await room.claim(0, 'Ann')) as { token: string }).token;
    const o = ((await room.claim(1, 'Bob')) as { token: string }).token;
    expect(await room.submit({ kind: 'move', seat: 0, token: x, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    clock.t += 20 * 3_600_000;
    expect(await room.submit({ kind: 'move', seat: 1, token: o, move: 'a1', version: 1 })).toMatchObject({ ok: true });
    // O took 20 hours and has a whole day again for the next; X's day runs now.
    expect(room.clocks()).toMatchObject({ remainingMs: [DAY, DAY], running: 0, deadline: clock.t + DAY });
    const { id } = room;
    hub.close();
    await store.close();

    // The server is down past X's deadline; it comes back, and its first sweep decides the game.
    clock.t += DAY + 1_000;
    store = SqliteStore.inFolder(dir);
    hub = new Hub(store, null, null, settings);
    await hub.sweep();
    // The sweep hands the game to the scheduler, which judges it at once.
    const reopened = store;
    await expect
      .poll(async () => (await reopened.games.read(id))?.ending)
      .toEqual({ result: { kind: 'win', winner: 1, reason: 'X ran out of time' }, termination: 'time' });
    hub.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('an untimed game woken early', () => {
  it('is left as it was when its stored due time comes before the real one, and ends as abandoned at the real one', async () => {
    const DAY = 86_400_000;
    const clock = { t: Date.UTC(2026, 10, 1) };
    const store = new SqliteStore(':memory:');
    hub = new Hub(store, null, null, { ...DEFAULT_HUB_SETTINGS, abandonAfterMs: 7 * DAY, now: () => clock.t, sweepMs: 3_600_000 });
    const room = await hub.create('tictactoe', {}, ['open', 'open'], null);
    const x = ((await room.claim(0, 'Ann')) as { token: string }).token;
    const o = ((await room.claim(1, 'Bob')) as { token: string }).token;
    expect(await room.submit({ kind: 'move', seat: 0, token: x, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    const firstDue = clock.t + 7 * DAY;
    clock.t += 3 * DAY;
    expect(await room.submit({ kind: 'move', seat: 1, token: o, move: 'a1', version: 1 })).toMatchObject({ ok: true });
    const realDue = clock.t + 7 * DAY;
    expect(room.due()).toBe(realDue);
    // The store kept the first move's due time: the second only pushed it later.
    expect((await store.games.read(room.id))?.due).toBe(firstDue);
    // That time comes: a sweep takes the game, finds nothing to do (Ann moved four days ago), and
    // stores the real due time.
    clock.t = firstDue + 1_000;
    await hub.sweep();
    await expect.poll(async () => (await store.games.read(room.id))?.due).toBe(realDue);
    expect(room.version).toBe(2);
    expect((await store.games.read(room.id))?.ending).toBeNull();
    // The real one comes: Ann, to move, has abandoned the game.
    clock.t = realDue + 1_000;
    await hub.sweep();
    await expect
      .poll(async () => (await store.games.read(room.id))?.ending)
      .toMatchObject({ termination: 'abandoned', result: { kind: 'win', winner: 1 } });
    hub.close();
    hub = null;
    await store.close();
  });
});

describe('a game of AIs alone', () => {
  it('opened while the server notes in the store that nobody watches it, is played, not left waiting for ever', async () => {
    const store = new SqliteStore(':memory:');
    const pool = new AgentsPool(1);
    // However the test ends, its AI thread does not outlive it (closing twice is nothing).
    onTestFinished(() => pool.close());
    // The store's note that the game waits unwatched is held until the game has been opened meanwhile.
    let noting: () => void = () => undefined;
    const noted = new Promise<void>((resolve) => {
      noting = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const settle = store.games.settle.bind(store.games);
    store.games.settle = async (...args) => {
      noting();
      await released;
      return settle(...args);
    };
    hub = new Hub(store, pool, null, { ...DEFAULT_HUB_SETTINGS, sweepMs: 3_600_000 });
    const room = await hub.create('tictactoe', {}, ['random', 'random'], null);
    // Nobody watches it: a sweep takes it, and the scheduler notes so in the store.
    await hub.sweep();
    await noted;
    // Opened now, as a socket opens it: the scheduler is still at work on the game.
    let moved: () => void = () => undefined;
    const firstMove = new Promise<void>((resolve) => {
      moved = resolve;
    });
    const stopWatching = room.subscribe((event) => {
      if (event.kind === 'move') moved();
    });
    hub.watch(room);
    release();
    // The AI plays (before the fix, nothing ever moved: the watch had found the game in hand).
    await firstMove;
    expect(room.version).toBeGreaterThan(0);
    stopWatching();
    hub.close();
    hub = null;
    await pool.close();
    await store.close();
  });

  it('found due by a sweep before its making is acknowledged, is acted in through the room made, and played once opened', async () => {
    const store = new SqliteStore(':memory:');
    const pool = new AgentsPool(1);
    onTestFinished(() => pool.close());
    const gate = () => {
      let open: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { open, opened };
    };
    // The game is in the store, but its making is not yet acknowledged (as while SQLite syncs its log).
    const written = gate();
    const acknowledged = gate();
    const create = store.games.create.bind(store.games);
    store.games.create = async (game) => {
      await create(game);
      written.open();
      await acknowledged.opened;
    };
    // The store's note that the game waits unwatched is held until the game has been opened meanwhile.
    const noted = gate();
    const released = gate();
    const settle = store.games.settle.bind(store.games);
    store.games.settle = async (...args) => {
      noted.open();
      await released.opened;
      return settle(...args);
    };
    // A second room of the game would be loaded from the store.
    const loaded: string[] = [];
    const read = store.games.read.bind(store.games);
    store.games.read = (id) => {
      loaded.push(id);
      return read(id);
    };
    hub = new Hub(store, pool, null, { ...DEFAULT_HUB_SETTINGS, sweepMs: 3_600_000 });
    const making = hub.create('tictactoe', {}, ['random', 'random'], null);
    await written.opened;
    // Due, and nobody watches it: a sweep takes it, and the scheduler notes so in the store.
    await hub.sweep();
    await noted.opened;
    acknowledged.open();
    const room = await making;
    // The sweep acted in the room made, not in one of its own (before the fix it loaded a second:
    // the watch below found the game in hand there, and the room opened was never played).
    expect(loaded).toEqual([]);
    expect(await hub.room(room.id)).toBe(room);
    // Opened now, as a socket opens it: the scheduler is still at work on the game.
    const firstMove = gate();
    const stopWatching = room.subscribe((event) => {
      if (event.kind === 'move') firstMove.open();
    });
    hub.watch(room);
    released.open();
    await firstMove.opened;
    expect(room.version).toBeGreaterThan(0);
    stopWatching();
    hub.close();
    hub = null;
    await pool.close();
    await store.close();
  });
});
