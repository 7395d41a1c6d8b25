import type { Outcome, Player } from '@hexarena/engines/engine/game.ts';
import { makeRecord, replay } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { dicewars } from '@hexarena/engines/games/dicewars/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Answer, Room, SERVER_SEAT } from './room.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { GameStore } from './store.ts';
import { RulesChanged } from './store.ts';
import { hashToken, newSeatToken, tokenMatches, verifiedTokens } from './tokens.ts';

async function newRoom(
  game = 'tictactoe',
  seats = ['open', 'open'],
  options = {},
  /** Rated, each seat held by account `acct<seat>`. */
  rated = false,
): Promise<{ store: GameStore; room: Room; tokens: string[] }> {
  const store = new SqliteStore(':memory:');
  await store.games.create({
    id: 'g',
    game,
    options,
    seed: 'secret-seed',
    seats,
    clock: null,
    createdAt: Date.now(),
    ...(rated ? { rated } : {}),
  });
  const room = (await Room.load(store, 'g')) as Room;
  const tokens: string[] = [];
  for (const [i, s] of seats.entries()) {
    if (s !== 'open') continue;
    const claimed = await room.claim(i, `player ${i}`, rated ? `acct${i}` : undefined);
    if (!claimed.ok) throw new Error(claimed.error);
    tokens[i] = claimed.token;
  }
  return { store, room, tokens };
}

const refusal = (a: Answer) => (a.ok ? 'accepted' : a.refusal);

describe('seat tokens', () => {
  it('are 128 random bits, kept as hashes, and checked only against their own hash', () => {
    const token = newSeatToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(newSeatToken()).not.toBe(token);
    expect(tokenMatches(token, hashToken(token))).toBe(true);
    expect(tokenMatches(newSeatToken(), hashToken(token))).toBe(false);
    for (const junk of [undefined, 42, '', 'x'.repeat(1000), { token }]) expect(tokenMatches(junk, hashToken(token))).toBe(false);
    expect(tokenMatches(token, null)).toBe(false);
  });

  it('a token that matched is checked again without hashing, still only against its own hash; made-up ones are not kept', () => {
    const token = newSeatToken();
    const other = newSeatToken();
    expect(tokenMatches(token, hashToken(token))).toBe(true);
    const kept = verifiedTokens();
    // Remembered: matched again, and still refused for another seat's hash.
    expect(tokenMatches(token, hashToken(token))).toBe(true);
    expect(tokenMatches(token, hashToken(other))).toBe(false);
    expect(tokenMatches(other, hashToken(token))).toBe(false);
    // A flood of made-up tokens leaves the memory as it was.
    for (let i = 0; i < 10_000; i++) tokenMatches(newSeatToken(), hashToken(token));
    expect(verifiedTokens()).toBe(kept);
    // Bounded: past its limit it starts again, and a token still matches.
    for (let i = 0; i < 5_000; i++) {
      const t = newSeatToken();
      tokenMatches(t, hashToken(t));
    }
    expect(verifiedTokens()).toBeLessThanOrEqual(4096);
    expect(tokenMatches(token, hashToken(token))).toBe(true);
  });
});

describe('a room', () => {
  it('plays legal moves one version at a time, each committed to the store before it is answered', async () => {
    const { store, room, tokens } = await newRoom();
    const seen: number[] = [];
    room.subscribe((e) => seen.push(e.version));
    const a = await room.submit({ kind: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 });
    expect(a).toMatchObject({ ok: true, version: 1, event: { kind: 'move', ply: 0, seat: 0, move: 'b2' } });
    expect((await store.games.read('g'))?.moves.map((m) => m.move)).toEqual(['b2']);
    await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1 });
    expect(seen).toEqual([1, 2]);
    expect(room.toMove).toBe(0);
  });

  it('refuses, with a reason and no change, stale, out-of-turn, illegal and unauthorised moves', async () => {
    const { store, room, tokens } = await newRoom();
    await room.submit({ kind: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 });
    const answers = [
      await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'a1', version: 0 }),
      await room.submit({ kind: 'move', seat: 0, token: tokens[0], move: 'a1', version: 1 }),
      await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'b2', version: 1 }),
      await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'z9', version: 1 }),
      await room.submit({ kind: 'move', seat: 1, token: tokens[0], move: 'a1', version: 1 }),
      await room.submit({ kind: 'move', seat: 7, token: tokens[1], move: 'a1', version: 1 }),
    ];
    expect(answers.map(refusal)).toEqual(['stale', 'not-your-turn', 'illegal', 'illegal', 'bad-token', 'no-such-seat']);
    for (const a of answers) expect(!a.ok && a.error.length).toBeGreaterThan(5);
    expect(answers[2]).toMatchObject({ error: 'b2 already holds X' });
    expect(room.version).toBe(1);
    expect((await store.games.read('g'))?.moves).toHaveLength(1);
  });

  it('a retried move (same client id) is acknowledged again, not played twice', async () => {
    const { store, room, tokens } = await newRoom();
    const intent = { kind: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0, clientId: 'c-1' } as const;
    const first = await room.submit(intent);
    const again = await room.submit(intent);
    expect(again).toMatchObject({ ok: true, duplicate: true, event: first.ok ? first.event : {} });
    expect((await store.games.read('g'))?.moves).toHaveLength(1);
    expect(room.version).toBe(1);
    // The same id on another move, after the opponent played: refused in words, and nothing is acknowledged.
    await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1 });
    const reused = await room.submit({ ...intent, move: 'c3', version: 2 });
    expect(reused).toMatchObject({
      ok: false,
      refusal: 'illegal',
      error: 'the id "c-1" was given to another move (b2 at version 0): give each move an id of its own',
    });
    expect((await store.games.read('g'))?.moves.map((m) => m.move)).toEqual(['b2', 'a1']);
  });

  it('a retry is known however it is spelled, on a room that read the move from the store, and only from the seat’s holder', async () => {
    const { store, room, tokens } = await newRoom();
    const intent = { kind: 'move', seat: 0, token: tokens[0], move: 'B2', version: 0, clientId: 'c-1' } as const;
    const first = await room.submit(intent);
    expect(first).toMatchObject({ ok: true, event: { move: 'b2' } });
    // Another holder of the game (an instance that caught up from the store, a restart) knows the id.
    const other = (await Room.load(store, 'g')) as Room;
    const caughtUp = (await Room.load(store, 'g')) as Room;
    await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1, clientId: 'c-1' });
    await caughtUp.catchUp();
    for (const r of [room, other, caughtUp]) expect(await r.submit(intent)).toEqual({ ...first, duplicate: true });
    expect(await caughtUp.submit({ ...intent, seat: 1, token: tokens[1], move: 'a1', version: 1 })).toMatchObject({
      ok: true,
      duplicate: true,
      event: { move: 'a1' },
    });
    // Spelled as the store has it, or otherwise again: the same move.
    expect(await other.submit({ ...intent, move: 'b2' })).toMatchObject({ ok: true, duplicate: true });
    // Someone without the seat's token is not answered for it.
    expect(await caughtUp.submit({ ...intent, token: 'nope' })).toMatchObject({ ok: false, refusal: 'bad-token' });
    expect((await store.games.read('g'))?.moves.map((m) => m.move)).toEqual(['b2', 'a1']);
  });

  it('serializes racing intents: of two moves against the same version, one is played and one is stale', async () => {
    const { room, tokens } = await newRoom();
    const answers = await Promise.all([
      room.submit({ kind: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 }),
      room.submit({ kind: 'move', seat: 0, token: tokens[0], move: 'a1', version: 0 }),
    ]);
    expect(answers.map(refusal)).toEqual(['accepted', 'stale']);
  });

  it('ends by the rules or by resignation, once; the game is then over for every intent', async () => {
    const { store, room, tokens } = await newRoom();
    let version = 0;
    for (const [i, move] of ['a1', 'b1', 'a2', 'b2', 'a3'].entries()) {
      const a = await room.submit({ kind: 'move', seat: i % 2, token: tokens[i % 2], move, version });
      version = a.version;
    }
    expect(room.over).toBe(true);
    // The winning move is version 5; its ending is an event of its own.
    expect(version).toBe(5);
    expect(room.version).toBe(6);
    expect(room.eventsSince(5)).toMatchObject([{ kind: 'end', termination: 'rules' }]);
    expect((await store.games.read('g'))?.ending).toMatchObject({ result: { kind: 'win', winner: 0 }, termination: 'rules' });
    expect(refusal(await room.submit({ kind: 'resign', seat: 1, token: tokens[1] }))).toBe('game-over');

    const other = await newRoom();
    const resigned = await other.room.submit({ kind: 'resign', seat: 1, token: other.tokens[1] });
    expect(resigned).toMatchObject({ ok: true, event: { kind: 'end', termination: 'resignation', result: { winner: 0 } } });
  });

  it('a seat is claimed once, and only an open one', async () => {
    const { room } = await newRoom('tictactoe', ['open', 'hard']);
    expect(await room.claim(0, 'again')).toEqual({ ok: false, error: 'X is taken', code: 'games.seatTaken', values: { nameSeat: 'X' } });
    expect(await room.claim(1, 'me')).toEqual({
      ok: false,
      error: "O is played by the server's AI, not open to a person",
      code: 'games.seatPlayedByAI',
      values: { seat: 1, nameSeat: 'O' },
    });
  });

  it('comes back from the store as it was, and a reconnecting client gets exactly the events it missed', async () => {
    const { store, room, tokens } = await newRoom();
    for (const [i, move] of ['b2', 'a1', 'c3'].entries())
      await room.submit({ kind: 'move', seat: i % 2, token: tokens[i % 2], move, version: i });
    expect(room.eventsSince(1)?.map((e) => (e.kind === 'move' ? e.move : e.kind))).toEqual(['a1', 'c3']);
    expect(room.eventsSince(3)).toEqual([]);
    const again = (await Room.load(store, 'g')) as Room;
    expect(again.version).toBe(3);
    expect(again.view(null)).toEqual(room.view(null));
    expect(again.eventsSince(0)?.map((e) => e.version)).toEqual([1, 2, 3]);
    // The tokens still work after a restart: the store kept their hashes.
    expect(refusal(await again.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'a3', version: 3 }))).toBe('accepted');
  });

  it('never shows the dice: a DiceWars view holds no generator, for players and spectators alike', async () => {
    const { room } = await newRoom('dicewars', ['open', 'open', 'open'], { players: 3, map: 'small' });
    for (const seat of [null, 0, 1, 2]) {
      const text = JSON.stringify(room.view(seat));
      expect(text).not.toContain('rng');
      expect(text).not.toContain('secret-seed');
    }
    expect(dicewars.toJSON(dicewars.newGame({ ...dicewars.defaultOptions, players: 3, map: 'small' }, 'x'))).toHaveProperty('rng');
  });
});

describe('when the server must act, and rooms that fell behind', () => {
  it('due: an AI to move at once, a clock at its deadline, an untimed game when it counts as abandoned; never once over', async () => {
    const store = new SqliteStore(':memory:');
    const settings = { abandonAfterMs: 60_000 };
    const createdAt = Date.now();
    const base = { game: 'tictactoe', options: {}, seed: 's', clock: null, createdAt };
    await store.games.create({ ...base, id: 'ai', seats: ['easy', 'open'] });
    await store.games.create({ ...base, id: 'people', seats: ['open', 'open'] });
    await store.games.create({ ...base, id: 'timed', seats: ['open', 'open'], clock: { initialMs: 5_000, incrementMs: 0 } });
    const [ai, people, timed] = await Promise.all(
      ['ai', 'people', 'timed'].map(async (id) => (await Room.load(store, id, settings)) as Room),
    );
    expect(ai?.due()).toBe(createdAt);
    expect(people?.due()).toBe(createdAt + 60_000);
    // The first move is free: until it is made, the wait is the untimed one.
    expect(timed?.due()).toBe(createdAt + 60_000);
    const x = (await timed?.claim(0, null)) as { token: string };
    await timed?.claim(1, null);
    const moved = await timed?.submit({ kind: 'move', seat: 0, token: x.token, move: 'b2', version: 0 });
    const at = moved?.ok && moved.event.kind === 'move' ? moved.event.at : Number.NaN;
    expect(timed?.due()).toBe(at + 5_000);
    // The store has the same due time, for the instance that sweeps.
    expect((await store.games.read('timed'))?.due).toBe(at + 5_000);
    const o = (await people?.claim(1, null)) as { token: string };
    await people?.submit({ kind: 'resign', seat: 1, token: o.token });
    expect(people?.due()).toBeNull();
  });

  it('an untimed game nobody moves in for too long ends as abandoned, lost by the player to move; not before', async () => {
    const store = new SqliteStore(':memory:');
    const base = { game: 'tictactoe', options: {}, seed: 's', seats: ['open', 'open'], clock: null };
    await store.games.create({ ...base, id: 'fresh', createdAt: Date.now() });
    await store.games.create({ ...base, id: 'stale', createdAt: Date.now() - 120_000 });
    await store.games.claimSeat('stale', 0, 'hash-x', 'Xena');
    await store.games.claimSeat('stale', 1, 'hash-o', 'Otto');
    const settings = { abandonAfterMs: 60_000 };
    const fresh = (await Room.load(store, 'fresh', settings)) as Room;
    expect(await fresh.submit({ kind: 'flag' })).toMatchObject({ ok: false, refusal: 'game-over' });
    const stale = (await Room.load(store, 'stale', settings)) as Room;
    expect(await stale.submit({ kind: 'flag' })).toMatchObject({
      ok: true,
      event: { kind: 'end', termination: 'abandoned', result: { kind: 'win', winner: 1, reason: 'X did not move for 1 minute' } },
    });
    expect((await store.games.read('stale'))?.ending?.termination).toBe('abandoned');
    // A game whose open seat nobody took is called off: nobody wins against nobody.
    await store.games.create({ ...base, id: 'empty', createdAt: Date.now() - 120_000 });
    await store.games.claimSeat('empty', 0, 'hash-x', 'Xena');
    const empty = (await Room.load(store, 'empty', settings)) as Room;
    expect(await empty.submit({ kind: 'flag' })).toMatchObject({
      ok: true,
      event: {
        kind: 'end',
        termination: 'aborted',
        result: { kind: 'draw', reason: 'nobody took the open seat in 1 minute: the game is called off' },
      },
    });
  });

  it('a game of AIs alone ends as a draw at its move cap; a game with a person has none', async () => {
    const store = new SqliteStore(':memory:');
    const base = { game: 'nonaga', options: {}, seed: 's', clock: null, createdAt: Date.now() };
    await store.games.create({ ...base, id: 'ais', seats: ['random', 'random'] });
    const room = (await Room.load(store, 'ais', { abandonAfterMs: 60_000, aiGameMoves: 4 })) as Room;
    for (let ply = 0; ply < 4; ply++) {
      const move = room.legalMoves()[0] as string;
      expect(await room.submit({ kind: 'move', seat: room.toMove as Player, token: SERVER_SEAT, move, version: ply })).toMatchObject({
        ok: true,
      });
    }
    expect(room.over).toBe(true);
    expect((await store.games.read('ais'))?.ending).toEqual({
      result: { kind: 'draw', reason: 'a game of AIs alone ends after 4 moves online' },
      termination: 'move-cap',
    });
  });

  it('a timed game waits for every seat: no move (so no clock) until the open seat is taken', async () => {
    const store = new SqliteStore(':memory:');
    await store.games.create({
      id: 't',
      game: 'tictactoe',
      options: {},
      seed: 's',
      seats: ['open', 'open'],
      clock: { initialMs: 60_000, incrementMs: 0 },
      createdAt: Date.now(),
    });
    const room = (await Room.load(store, 't')) as Room;
    const x = await room.claim(0, 'Xena');
    if (!x.ok) throw new Error(x.error);
    const early = await room.submit({ kind: 'move', seat: 0, token: x.token, move: 'b2', version: 0 });
    expect(early).toMatchObject({
      ok: false,
      refusal: 'waiting',
      error: 'the clocks start once every seat is taken: wait for the other players',
    });
    expect(room.clocks()?.running).toBeNull();
    expect((await room.claim(1, 'Otto')).ok).toBe(true);
    expect(await room.submit({ kind: 'move', seat: 0, token: x.token, move: 'b2', version: 0 })).toMatchObject({ ok: true });
  });

  it('a timed game whose AI moves first: the AI is not due while a seat is open, and is due at once (in the store too) when it is taken', async () => {
    const store = new SqliteStore(':memory:');
    const createdAt = Date.now();
    const clock = { initialMs: 60_000, incrementMs: 0 };
    await store.games.create({ id: 't', game: 'tictactoe', options: {}, seed: 's', seats: ['easy', 'open'], clock, createdAt });
    const room = (await Room.load(store, 't', { abandonAfterMs: 60_000 })) as Room;
    // Nothing to do but call it off if nobody comes: an AI that moved now would only be refused.
    expect(room.due()).toBe(createdAt + 60_000);
    expect((await room.claim(1, 'Otto')).ok).toBe(true);
    expect(room.due()).toBe(createdAt);
    const due = (await store.games.read('t'))?.due as number;
    expect(due).toBeGreaterThanOrEqual(createdAt);
    expect(due).toBeLessThan(createdAt + 60_000);
  });

  it('a room behind the store (another instance moved): its resignation lands after the move it missed, its stale move is refused', async () => {
    const { store, room, tokens } = await newRoom();
    const behind = (await Room.load(store, 'g')) as Room;
    expect(refusal(await room.submit({ kind: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 }))).toBe('accepted');
    // Its view is of version 0: a move made from it loses the race in the store.
    expect(await behind.submit({ kind: 'move', seat: 0, token: tokens[0], move: 'a1', version: 0 })).toMatchObject({
      ok: false,
      refusal: 'stale',
    });
    const other = (await Room.load(store, 'g')) as Room;
    expect(refusal(await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1 }))).toBe('accepted');
    // `other` last saw version 1: X's resignation from it ends the game after move 2, not in place of it.
    expect(await other.submit({ kind: 'resign', seat: 0, token: tokens[0] })).toMatchObject({
      ok: true,
      event: { kind: 'end', version: 3, termination: 'resignation' },
    });
    expect((await store.games.read('g'))?.moves.map((m) => m.move)).toEqual(['b2', 'a1']);
    expect(other.eventsSince(1)?.map((e) => e.kind)).toEqual(['move', 'end']);
  });
});

describe('time, as the room’s settings give it', () => {
  it('a clock falls at its deadline exactly, not a millisecond before, on a clock the test moves', async () => {
    let now = 1_000_000;
    const settings = { abandonAfterMs: 7 * 24 * 3600 * 1000, now: () => now };
    const store = new SqliteStore(':memory:');
    const clock = { initialMs: 60_000, incrementMs: 0 };
    await store.games.create({ id: 't', game: 'tictactoe', options: {}, seed: 's', seats: ['open', 'open'], clock, createdAt: now });
    const room = (await Room.load(store, 't', settings)) as Room;
    const [x, o] = [await room.claim(0, 'X'), await room.claim(1, 'O')];
    if (!x.ok || !o.ok) throw new Error('seats');
    // X's first move is free; O answers ten seconds later, and X's minute runs from then.
    expect(await room.submit({ kind: 'move', seat: 0, token: x.token, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    now += 10_000;
    expect(await room.submit({ kind: 'move', seat: 1, token: o.token, move: 'a1', version: 1 })).toMatchObject({
      ok: true,
      event: { clock: { running: 0, deadline: now + 60_000 } },
    });
    expect(room.due()).toBe(now + 60_000);
    now += 59_999;
    expect(await room.submit({ kind: 'flag' })).toMatchObject({ ok: false, refusal: 'game-over', error: 'no clock has run out' });
    now += 1;
    expect(await room.submit({ kind: 'flag' })).toMatchObject({
      ok: true,
      event: { kind: 'end', termination: 'time', result: { kind: 'win', winner: 1, reason: 'X ran out of time' } },
    });
  });
});

describe('a game stored under other rules', () => {
  it('is not replayed under today’s: loading it says so in words', async () => {
    const store = new SqliteStore(':memory:');
    const base = { game: 'dicewars', options: { players: 2, map: 'small' }, seed: 's', seats: ['open', 'open'], clock: null, createdAt: 1 };
    await store.games.create({ ...base, id: 'old', rulesVersion: 1 });
    await store.games.create({ ...base, id: 'now', rulesVersion: dicewars.rulesVersion });
    await store.games.create({ ...base, id: 'unversioned' });
    await expect(Room.load(store, 'old')).rejects.toThrow(
      `game old was played under DiceWars rules version 1, and this server plays version ${dicewars.rulesVersion}: it cannot be played on here, only read as a record`,
    );
    await expect(Room.load(store, 'old')).rejects.toBeInstanceOf(RulesChanged);
    expect(await Room.load(store, 'now')).toBeInstanceOf(Room);
    // Stored before versions were kept: taken as today's, as until now.
    expect(await Room.load(store, 'unversioned')).toBeInstanceOf(Room);
  });
});

describe('a player who leaves a game of three or more', () => {
  const threeOf = (seats = ['open', 'open', 'open']) => newRoom('dicewars', seats, { players: 3, map: 'small' });
  const kinds = (room: Room, since: number) =>
    (room.eventsSince(since) ?? []).map((e) =>
      e.kind === 'move' ? `${e.seat}:${e.move}` : e.kind === 'leave' ? `leave:${e.seat}` : e.kind,
    );

  it('resigns and the others play on: the server passes their turns, and the last resignation ends it, resigners last in order of leaving', async () => {
    const { store, room, tokens } = await threeOf();
    const first = room.toMove as Player;
    const names = ['A', 'B', 'C'];
    const resigned = await room.submit({ kind: 'resign', seat: first, token: tokens[first] });
    expect(resigned).toMatchObject({
      ok: true,
      version: 1,
      event: { kind: 'leave', seat: first, termination: 'resignation', reason: `${names[first]} resigned` },
    });
    // It was their turn: passed at once, by the game's own pass.
    expect(kinds(room, 0)).toEqual([`leave:${first}`, `${first}:end`]);
    const order = [first, room.toMove as Player];
    await room.submit({ kind: 'move', seat: order[1] as Player, token: tokens[order[1] as Player], move: 'end', version: room.version });
    order.push(room.toMove as Player);
    expect(new Set(order).size).toBe(3);
    const [, b, c] = order as [Player, Player, Player];
    await room.submit({ kind: 'move', seat: c, token: tokens[c], move: 'end', version: room.version });
    // The one who left is passed again, without anyone asking; they cannot play nor resign again.
    expect(kinds(room, 3)).toEqual([`${c}:end`, `${first}:end`]);
    expect(room.toMove).toBe(b);
    expect(await room.submit({ kind: 'move', seat: first, token: tokens[first], move: 'end', version: room.version })).toMatchObject({
      ok: false,
      refusal: 'game-over',
      error: `${names[first]} left this game: it goes on without them`,
    });
    expect(refusal(await room.submit({ kind: 'resign', seat: first, token: tokens[first] }))).toBe('game-over');
    // A restart keeps who left: the same events, and their turns are passed still.
    const again = (await Room.load(store, 'g')) as Room;
    expect(again.version).toBe(room.version);
    expect(again.eventsSince(0)).toEqual(room.eventsSince(0));
    expect(again.due()).not.toBeNull();
    await again.submit({ kind: 'move', seat: b, token: tokens[b], move: 'end', version: again.version });
    await again.submit({ kind: 'move', seat: c, token: tokens[c], move: 'end', version: again.version });
    expect(again.toMove).toBe(b);
    // The last but one resigns: the last player still playing wins, the first to leave is last.
    const ended = await again.submit({ kind: 'resign', seat: b, token: tokens[b] });
    expect(ended).toMatchObject({
      ok: true,
      event: {
        kind: 'end',
        termination: 'resignation',
        result: { kind: 'win', winner: c, ranking: [c, b, first], reason: `${names[b]} resigned` },
      },
    });
    const stored = await store.games.read('g');
    expect(stored?.departures.map((d) => [d.seat, d.plies, d.termination])).toEqual([[first, 0, 'resignation']]);
    // The record replays exactly from options, seed and moves: the passes are moves like any other.
    const moves = stored?.moves.map((m) => m.move) ?? [];
    // first's pass, b, c, first's pass; after the restart b, c, first's pass.
    expect(moves).toEqual(Array(7).fill('end'));
    const options = unwrap(dicewars.parseOptions({ players: 3, map: 'small' }));
    const record = makeRecord(dicewars, options, 'secret-seed', moves, stored?.ending?.result as unknown as Outcome, {
      termination: 'resignation',
    });
    expect(replay(dicewars, record).ok).toBe(true);
  });

  it('an AI plays on beside them, and a player who left out of turn is passed when their turn comes', async () => {
    const { store, room, tokens } = await threeOf(['open', 'open', 'random']);
    // Whoever of the people is not to move first leaves now, out of turn: nothing is passed yet.
    const leaver = room.toMove === 0 ? 1 : 0;
    const start = room.version;
    await room.submit({ kind: 'resign', seat: leaver, token: tokens[leaver] });
    expect(kinds(room, start)).toEqual([`leave:${leaver}`]);
    // Everyone else ends their turns (the AI by the server's hand) until the one who left was passed.
    for (let moves = 0; !kinds(room, start).includes(`${leaver}:end`); moves++) {
      const seat = room.toMove as Player;
      const token = seat === 2 ? SERVER_SEAT : tokens[seat];
      expect(await room.submit({ kind: 'move', seat, token, move: 'end', version: room.version })).toMatchObject({ ok: true });
      expect(moves).toBeLessThan(3);
    }
    expect(room.aiToMove()?.seat ?? room.toMove).not.toBe(leaver);
    expect((await store.games.read('g'))?.departures).toHaveLength(1);
  });

  it('a rated free-for-all rates every seat by where it finished: the winner gains most, the first to leave loses most', async () => {
    const { store, room, tokens } = await newRoom('dicewars', ['open', 'open', 'open'], { players: 3, map: 'small' }, true);
    const first = room.toMove as Player;
    await room.submit({ kind: 'resign', seat: first, token: tokens[first] });
    const second = room.toMove as Player;
    const ended = await room.submit({ kind: 'resign', seat: second, token: tokens[second] });
    const winner = [0, 1, 2].find((s) => s !== first && s !== second) as Player;
    expect(ended).toMatchObject({ ok: true, event: { kind: 'end', result: { ranking: [winner, second, first] } } });
    if (!ended.ok || ended.event?.kind !== 'end') throw new Error('the game did not end');
    const diffs = ended.event.ratingDiffs as number[];
    expect(diffs[winner]).toBeGreaterThan(0);
    expect(diffs[first]).toBeLessThan(diffs[second] as number);
    expect(diffs[first]).toBeLessThan(0);
    for (const seat of [0, 1, 2])
      expect((await store.ratings.of(`acct${seat}`)).map((r) => [r.perf, Math.round(r.rating) - 1500])).toEqual([
        ['dicewars', diffs[seat]],
      ]);
  });

  it('ends when the last person still playing leaves: the server’s AIs do not play on alone', async () => {
    const { room, tokens } = await threeOf(['random', 'open', 'random']);
    const ended = await room.submit({ kind: 'resign', seat: 1, token: tokens[1] });
    expect(ended).toMatchObject({
      ok: true,
      event: { kind: 'end', termination: 'resignation', result: { kind: 'win', reason: 'B resigned' } },
    });
    const result = (ended.ok && ended.event.kind === 'end' ? ended.event.result : null) as unknown as Outcome;
    expect(result.kind === 'win' && result.ranking?.at(-1)).toBe(1);
    expect(result.kind === 'win' && [...(result.ranking ?? [])].sort()).toEqual([0, 1, 2]);
  });

  it('runs out of time, or stays away, and the others play on; in a game of two the same ends it', async () => {
    const now = Date.now();
    const settings = { abandonAfterMs: 60_000 };
    const store = new SqliteStore(':memory:');
    const base = { game: 'dicewars', options: { players: 3, map: 'small' }, seed: 's', seats: ['open', 'open', 'open'] };
    await store.games.create({ ...base, id: 'timed', clock: { initialMs: 60_000, incrementMs: 0 }, createdAt: now - 600_000 });
    await store.games.create({ ...base, id: 'untimed', clock: null, createdAt: now - 600_000 });
    await store.games.create({
      ...base,
      id: 'duel',
      options: { players: 2, map: 'small' },
      seats: ['open', 'open'],
      clock: null,
      createdAt: now - 600_000,
    });
    for (const id of ['timed', 'untimed', 'duel'])
      for (let seat = 0; seat < (id === 'duel' ? 2 : 3); seat++) await store.games.claimSeat(id, seat, `hash-${seat}`, null);
    // The first move, free, five minutes ago: the next player's minute ran out long since.
    await store.games.append('timed', { ply: 0, move: 'end', at: now - 300_000 }, { deadline: null, due: null });
    const timed = (await Room.load(store, 'timed', settings)) as Room;
    const late = timed.toMove as Player;
    expect(await timed.submit({ kind: 'flag' })).toMatchObject({
      ok: true,
      event: { kind: 'leave', seat: late, termination: 'time', reason: `${'ABC'[late]} ran out of time` },
    });
    // Passed at once; the next player's clock runs from that pass, and the game goes on.
    expect(timed.over).toBe(false);
    expect(kinds(timed, 1)).toEqual([`leave:${late}`, `${late}:end`]);
    expect(timed.clocks()?.running).toBe(timed.toMove);
    expect(await timed.submit({ kind: 'flag' })).toMatchObject({ ok: false, refusal: 'game-over' });

    const untimed = (await Room.load(store, 'untimed', settings)) as Room;
    const away = untimed.toMove as Player;
    expect(await untimed.submit({ kind: 'flag' })).toMatchObject({
      ok: true,
      event: { kind: 'leave', seat: away, termination: 'abandoned', reason: `${'ABC'[away]} did not move for 1 minute` },
    });
    expect(untimed.over).toBe(false);
    expect(untimed.toMove).not.toBe(away);

    const duel = (await Room.load(store, 'duel', settings)) as Room;
    const gone = duel.toMove as Player;
    expect(await duel.submit({ kind: 'flag' })).toMatchObject({
      ok: true,
      event: { kind: 'end', termination: 'abandoned', result: { kind: 'win', winner: 1 - gone } },
    });
  });

  it('races another instance in the store: a move made without knowing of a departure is refused, and nothing diverges', async () => {
    const { store, room, tokens } = await threeOf();
    const behind = (await Room.load(store, 'g')) as Room;
    const mover = room.toMove as Player;
    const other = ([0, 1, 2] as Player[]).find((s) => s !== mover) as Player;
    // One leaves out of turn on one instance; the other instance has not heard of it.
    expect(await room.submit({ kind: 'resign', seat: other, token: tokens[other] })).toMatchObject({ ok: true });
    expect(await behind.submit({ kind: 'move', seat: mover, token: tokens[mover], move: 'end', version: 0 })).toMatchObject({
      ok: false,
      refusal: 'stale',
    });
    // Caught up, it has the departure as the first event, and the move goes on from there.
    expect(behind.eventsSince(0)).toEqual(room.eventsSince(0));
    expect(await behind.submit({ kind: 'move', seat: mover, token: tokens[mover], move: 'end', version: 1 })).toMatchObject({
      ok: true,
      version: 2,
    });
    await room.catchUp();
    expect(room.eventsSince(0)).toEqual(behind.eventsSince(0));
  });
});

describe('events told by another instance', () => {
  it('are replayed without the store: the same events, dice and all; a gap or a move that does not fit reads the store', async () => {
    const { store, room, tokens } = await newRoom('dicewars', ['open', 'open', 'open'], { players: 3, map: 'small' });
    const other = (await Room.load(store, 'g')) as Room;
    const heard: unknown[] = [];
    other.subscribe((event, local) => heard.push({ event, local }));
    let replayed = 0;
    for (let i = 0; i < 6; i++) {
      const seat = room.toMove as number;
      const move = i % 3 === 2 ? 'end' : (room.legalMoves().find((m) => m !== 'end') ?? 'end');
      const answer = await room.submit({ kind: 'move', seat, token: tokens[seat], move, version: room.version });
      if (!answer.ok || answer.event.kind !== 'move') throw new Error(JSON.stringify(answer));
      const e = answer.event;
      if (await other.applyRemote({ version: e.version, move: { ply: e.ply, move: e.move, at: e.at } })) replayed++;
    }
    expect(replayed).toBe(6);
    expect(other.eventsSince(0)).toEqual(room.eventsSince(0));
    expect(other.view(null)).toEqual(room.view(null));
    expect(heard.every((h) => (h as { local: boolean }).local === false)).toBe(true);
    // Told twice: nothing happens. A gap: the store is read, and the room has everything.
    expect(await other.applyRemote({ version: 6 })).toBe(true);
    for (let i = 0; i < 2; i++) {
      const seat = room.toMove as number;
      await room.submit({ kind: 'move', seat, token: tokens[seat], move: 'end', version: room.version });
    }
    expect(await other.applyRemote({ version: 8 })).toBe(false);
    expect(other.eventsSince(0)).toEqual(room.eventsSince(0));
    // A move that does not fit the position (a corrupt notice): the store decides.
    const seat = room.toMove as number;
    const made = await room.submit({ kind: 'move', seat, token: tokens[seat], move: 'end', version: 8 });
    expect(made.ok).toBe(true);
    expect(await other.applyRemote({ version: 9, move: { ply: 8, move: 'nonsense', at: 1 } })).toBe(false);
    expect(other.eventsSince(0)).toEqual(room.eventsSince(0));
    // A player who left is read from the store (the notice carries no move): the same events.
    expect(await room.submit({ kind: 'resign', seat: 0, token: tokens[0] })).toMatchObject({ ok: true, event: { kind: 'leave' } });
    expect(await other.applyRemote({ version: 10 })).toBe(false);
    expect(other.eventsSince(0)).toEqual(room.eventsSince(0));
    // An ending told is an ending here.
    const before = room.version;
    expect(await room.submit({ kind: 'resign', seat: 1, token: tokens[1] })).toMatchObject({ ok: true });
    const [end] = room.eventsSince(before) ?? [];
    if (end?.kind !== 'end') throw new Error('no end');
    expect(await other.applyRemote({ version: before + 1, ending: { result: end.result, termination: end.termination } })).toBe(true);
    expect(other.over).toBe(true);
    expect(other.eventsSince(0)).toEqual(room.eventsSince(0));
  });
});

describe('a room under any sequence of intents', () => {
  it('refusals change nothing, acceptances move the version on (a winning move ends the game too), and the store always agrees', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom('move', 'move', 'move', 'resign', 'flag'),
            seat: fc.integer({ min: -1, max: 2 }),
            tokenOk: fc.boolean(),
            cell: fc.constantFrom('a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3', 'd4', '', 'pass'),
            versionShift: fc.constantFrom(0, 0, 0, -1, 1),
            clientId: fc.option(fc.constantFrom('x', 'y', 'z'), { nil: undefined }),
          }),
          { maxLength: 25 },
        ),
        async (intents) => {
          const { store, room, tokens } = await newRoom();
          for (const i of intents) {
            const before = room.version;
            const token = i.tokenOk ? tokens[i.seat] : 'nope';
            const answer = await room.submit(
              i.kind === 'flag'
                ? { kind: 'flag' }
                : i.kind === 'resign'
                  ? { kind: 'resign', seat: i.seat, token }
                  : {
                      kind: 'move',
                      seat: i.seat,
                      token,
                      move: i.cell,
                      version: room.version + i.versionShift,
                      ...(i.clientId ? { clientId: i.clientId } : {}),
                    },
            );
            if (!answer.ok) expect(room.version, JSON.stringify(i)).toBe(before);
            else if (!answer.duplicate) expect(room.version - before).toBeGreaterThanOrEqual(1);
            const stored = await store.games.read('g');
            expect(room.version).toBe((stored?.moves.length ?? 0) + (stored?.ending ? 1 : 0));
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('a room behind the store', () => {
  it('catches up before judging a move made against a version it has not seen (a notice lost between instances)', async () => {
    const { store, room, tokens } = await newRoom();
    // Another instance's room on the same store moves the game on; this one hears nothing of it.
    const other = (await Room.load(store, 'g')) as Room;
    expect(await other.submit({ kind: 'move', seat: 0, token: tokens[0], move: 'b2', version: 0 })).toMatchObject({ ok: true });
    expect(room.version).toBe(0);
    expect(await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'a1', version: 1 })).toMatchObject({ ok: true, version: 2 });
    expect((await store.games.read('g'))?.moves.map((m) => m.move)).toEqual(['b2', 'a1']);
  });
});

describe('a seat whose player is gone from the site (account closed, or banned)', () => {
  it('a game of two: aborted before two moves, else won by the other and rated; once only', async () => {
    const early = await newRoom('tictactoe', ['open', 'open'], {}, true);
    await early.room.submit({ kind: 'move', seat: 0, token: early.tokens[0], move: 'a1', version: 0 });
    expect(await early.room.closeSeat(0, 'closed')).toMatchObject({ kind: 'end', termination: 'aborted', result: { kind: 'draw' } });
    expect(await early.store.ratings.of('acct0')).toEqual([]);

    const { store, room, tokens } = await newRoom('tictactoe', ['open', 'open'], {}, true);
    await room.submit({ kind: 'move', seat: 0, token: tokens[0], move: 'a1', version: 0 });
    await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'b2', version: 1 });
    const ended = await room.closeSeat(1, 'banned');
    expect(ended).toMatchObject({ kind: 'end', termination: 'banned', result: { kind: 'win', winner: 0, reason: 'O: banned' } });
    expect((await store.games.read('g'))?.ending).toMatchObject({ termination: 'banned' });
    expect((await store.ratings.of('acct0'))[0]?.rating).toBeGreaterThan(1500);
    // Again (a sweep after a crash, another instance): nothing more.
    expect(await room.closeSeat(1, 'banned')).toBeNull();
    expect(await room.closeSeat(0, 'closed')).toBeNull();
  });

  it('a game still waiting for a player is called off; a game of three goes on without them, their turn passed', async () => {
    const store = new SqliteStore(':memory:');
    await store.games.create({
      id: 'seek',
      game: 'tictactoe',
      options: {},
      seed: 's',
      seats: ['open', 'open'],
      clock: null,
      createdAt: Date.now(),
    });
    const seek = (await Room.load(store, 'seek')) as Room;
    await seek.claim(0, 'her');
    expect(await seek.closeSeat(0, 'closed')).toMatchObject({ kind: 'end', termination: 'aborted' });

    const { room } = await newRoom('dicewars', ['open', 'open', 'open'], { players: 3, map: 'small' });
    const first = room.toMove as Player;
    expect(await room.closeSeat(first, 'closed')).toMatchObject({ kind: 'leave', seat: first, termination: 'closed' });
    expect(room.over).toBe(false);
    expect(room.toMove).not.toBe(first);
    expect(room.leftBecause(first)).toMatch(/: account closed$/);
    expect(await room.closeSeat(first, 'closed')).toBeNull();
  });
});
