import { describe, expect, it } from 'vitest';
import { Room, type RoomSettings } from './room.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { GameStore } from './store.ts';

/**
 * Table manners in a room over a real (in-memory) SQLite store, with a clock the test moves: draw
 * offers, takebacks, aborts, and claims against a player away on their own clock.
 */
async function table(
  options: { game?: string; seats?: string[]; clock?: { initialMs: number; incrementMs: number } | null; unclaimed?: number[] } = {},
): Promise<{ store: GameStore; room: Room; tokens: string[]; clock: { t: number }; settings: RoomSettings }> {
  const store = new SqliteStore(':memory:');
  const clock = { t: 1_000_000 };
  const seats = options.seats ?? ['open', 'open'];
  await store.games.create({
    id: 'g',
    game: options.game ?? 'tictactoe',
    options: {},
    seed: 's',
    seats,
    clock: options.clock ?? null,
    createdAt: clock.t,
  });
  const settings: RoomSettings = { abandonAfterMs: 7 * 86_400_000, now: () => clock.t };
  const room = (await Room.load(store, 'g', settings)) as Room;
  const tokens: string[] = [];
  for (const [i, s] of seats.entries()) {
    if (s !== 'open' || options.unclaimed?.includes(i)) continue;
    const claimed = await room.claim(i, `p${i}`);
    if (!claimed.ok) throw new Error(claimed.error);
    tokens[i] = claimed.token;
  }
  return { store, room, tokens, clock, settings };
}

async function play(room: Room, tokens: string[], moves: string[]): Promise<void> {
  for (const move of moves) {
    const seat = room.toMove as number;
    const a = await room.submit({ kind: 'move', seat, token: tokens[seat], move, version: room.version });
    if (!a.ok) throw new Error(a.error);
  }
}

describe('table manners', () => {
  it('a draw offered and accepted ends the game drawn by agreement; offering back is accepting; a move lapses an offer', async () => {
    const { store, room, tokens } = await table();
    await play(room, tokens, ['b2']);
    const offers: unknown[] = [];
    room.onOffer(() => offers.push(room.offer));
    expect(await room.act({ kind: 'offer', seat: 0, token: tokens[0], offer: 'draw' })).toMatchObject({ ok: true, done: true });
    expect(room.offer).toEqual({ kind: 'draw', seat: 0 });
    expect((await store.games.read('g'))?.offer).toEqual({ kind: 'draw', seat: 0, ply: 1 });
    expect(await room.act({ kind: 'offer', seat: 0, token: tokens[0], offer: 'draw' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/already/),
    });
    // O moves instead: the offer lapses, in the store too.
    await play(room, tokens, ['a1']);
    expect(room.offer).toBeNull();
    expect((await store.games.read('g'))?.offer).toBeNull();
    expect(await room.act({ kind: 'reply', seat: 1, token: tokens[1], offer: 'draw', accept: true })).toMatchObject({
      ok: false,
      refusal: 'illegal',
    });
    // O offers; X offers back: agreed.
    await room.act({ kind: 'offer', seat: 1, token: tokens[1], offer: 'draw' });
    const agreed = await room.act({ kind: 'offer', seat: 0, token: tokens[0], offer: 'draw' });
    expect(agreed).toMatchObject({ ok: true, event: { kind: 'end', termination: 'agreement', result: { kind: 'draw' } } });
    expect((await store.games.read('g'))?.ending).toEqual({ result: { kind: 'draw', reason: 'agreed' }, termination: 'agreement' });
    expect(offers).toEqual([{ kind: 'draw', seat: 0 }, null, { kind: 'draw', seat: 1 }, null]);
  });

  it('no offer before the opponent has joined (the rule the page shows its buttons by); an abort is', async () => {
    const { room, tokens } = await table({ unclaimed: [1] });
    for (const offer of ['draw', 'takeback'] as const)
      expect(await room.act({ kind: 'offer', seat: 0, token: tokens[0], offer })).toMatchObject({
        ok: false,
        refusal: 'illegal',
        error: expect.stringMatching(/^nobody has taken the other seat yet: there is no one to /),
      });
    const claimed = await room.claim(1, 'p1');
    if (!claimed.ok) throw new Error(claimed.error);
    expect(await room.act({ kind: 'offer', seat: 0, token: tokens[0], offer: 'draw' })).toMatchObject({ ok: true, done: true });
    expect(await room.act({ kind: 'abort', seat: 1, token: claimed.token })).toMatchObject({
      ok: true,
      event: { kind: 'end', termination: 'aborted' },
    });
  });

  it('a takeback asked and declined changes nothing; accepted, the asker’s last move and what followed are gone, and a new room sees the same', async () => {
    const { store, room, tokens, settings } = await table();
    await play(room, tokens, ['b2', 'a1', 'c3']);
    expect(await room.act({ kind: 'offer', seat: 1, token: tokens[1], offer: 'takeback' })).toMatchObject({ done: true });
    expect(await room.act({ kind: 'reply', seat: 1, token: tokens[1], offer: 'takeback', accept: false })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/your own/),
    });
    expect(await room.act({ kind: 'reply', seat: 0, token: tokens[0], offer: 'takeback', accept: false })).toMatchObject({ done: true });
    expect(room.offer).toBeNull();
    expect(room.stored.moves).toHaveLength(3);
    // O asks again, X accepts: O's a1 and X's c3 are taken back, O to move.
    await room.act({ kind: 'offer', seat: 1, token: tokens[1], offer: 'takeback' });
    const back = await room.act({ kind: 'reply', seat: 0, token: tokens[0], offer: 'takeback', accept: true });
    expect(back).toMatchObject({ ok: true, version: 4, event: { kind: 'takeback', ply: 1 } });
    expect(room.toMove).toBe(1);
    expect(room.stored.moves.map((m) => m.move)).toEqual(['b2']);
    const fresh = (await Room.load(store, 'g', settings)) as Room;
    expect([fresh.version, fresh.stored.moves.length, fresh.toMove]).toEqual([4, 1, 1]);
    expect(fresh.eventsSince(3)).toEqual([{ version: 4, kind: 'takeback', ply: 1 }]);
    expect(fresh.eventsSince(1)).toBeNull();
    // Play goes on from there, versions counting on; a move made against the old version is stale.
    expect(await room.submit({ kind: 'move', seat: 1, token: tokens[1], move: 'c1', version: 3 })).toMatchObject({
      ok: false,
      refusal: 'stale',
    });
    await play(room, tokens, ['c1']);
    expect(room.version).toBe(5);
    expect(((await Room.load(store, 'g', settings)) as Room).version).toBe(5);
  });

  it('no takebacks with dice or a clock, no draws where the rules have none; against the AI a takeback is granted, a draw refused', async () => {
    const timed = await table({ clock: { initialMs: 60_000, incrementMs: 0 } });
    await play(timed.room, timed.tokens, ['b2']);
    expect(await timed.room.act({ kind: 'offer', seat: 0, token: timed.tokens[0], offer: 'takeback' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/clock/),
    });
    const hex = await table({ game: 'hex' });
    expect(await hex.room.act({ kind: 'offer', seat: 0, token: hex.tokens[0], offer: 'draw' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/has no draws/),
    });
    const dice = await table({ game: 'dicewars', seats: ['open', 'open'] });
    expect(await dice.room.act({ kind: 'offer', seat: 0, token: dice.tokens[0], offer: 'takeback' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/dice/),
    });
    const ai = await table({ seats: ['open', 'random'] });
    await play(ai.room, ai.tokens, ['b2']);
    expect(await ai.room.act({ kind: 'offer', seat: 0, token: ai.tokens[0], offer: 'draw' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/AI/),
    });
    expect(await ai.room.act({ kind: 'offer', seat: 0, token: ai.tokens[0], offer: 'takeback' })).toMatchObject({
      ok: true,
      event: { kind: 'takeback', ply: 0 },
    });
    expect(ai.room.stored.moves).toEqual([]);
  });

  it('a game is aborted, with no winner, only while not everyone has moved', async () => {
    const { room, tokens } = await table();
    await play(room, tokens, ['b2']);
    const aborted = await room.act({ kind: 'abort', seat: 1, token: tokens[1] });
    expect(aborted).toMatchObject({
      ok: true,
      event: { kind: 'end', termination: 'aborted', result: { kind: 'draw', reason: 'O aborted the game' } },
    });
    const late = await table();
    await play(late.room, late.tokens, ['b2', 'a1']);
    expect(await late.room.act({ kind: 'abort', seat: 0, token: late.tokens[0] })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/can no longer be aborted/),
    });
    expect(await late.room.act({ kind: 'abort', seat: 0, token: 'wrong' })).toMatchObject({ ok: false, refusal: 'bad-token' });
  });

  it('the game is claimed from an opponent away on their own clock, after the wait and not before; not while they are connected', async () => {
    const { room, tokens, clock } = await table({ clock: { initialMs: 600_000, incrementMs: 0 } });
    const leaveX = room.talk.attend([0]);
    const leaveO = room.talk.attend([1]);
    expect(room.talk.presence()).toMatchObject({ seats: [{ connected: true }, { connected: true }], watching: 0 });
    const watcher = room.talk.attend([]);
    expect(room.talk.presence().watching).toBe(1);
    watcher();
    await play(room, tokens, ['b2']);
    const claim = () => room.act({ kind: 'claim', seat: 0, token: tokens[0], result: 'win' });
    expect(await claim()).toMatchObject({ ok: false, error: 'O is connected' });
    leaveO();
    expect(room.talk.presence().seats[1]).toEqual({ connected: false, goneSince: clock.t });
    clock.t += 29_000;
    expect(await claim()).toMatchObject({ ok: false, error: expect.stringMatching(/in 1 s/) });
    // O may not claim against X, who is connected and not to move.
    expect(await room.act({ kind: 'claim', seat: 1, token: tokens[1], result: 'win' })).toMatchObject({ ok: false });
    clock.t += 1_000;
    expect(await claim()).toMatchObject({
      ok: true,
      event: { kind: 'end', termination: 'abandoned', result: { kind: 'win', winner: 0, reason: 'O left the game' } },
    });
    leaveX();
    const untimed = await table();
    await play(untimed.room, untimed.tokens, ['b2']);
    expect(await untimed.room.act({ kind: 'claim', seat: 0, token: untimed.tokens[0], result: 'draw' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/with a clock/),
    });
  });
});
