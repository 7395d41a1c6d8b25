import type { AnyGame, Json } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { GAMES } from '@hexarena/engines/games/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEvent, clockReadings, type Followed, followGame } from './model.ts';
import { type GameEvent, type PublicGame, parseServerMessage, type ServerMessage } from './protocol.ts';

const QUICK: Record<string, Json> = { dicewars: { players: 3, map: 'small' } };

/** A random game as the server would tell it: its public state after `shown` moves, and the events after. */
function serverSide(game: AnyGame, seed: string, plies: number, shown: number) {
  const options = unwrap(game.parseOptions(QUICK[game.id] ?? null));
  const rng = Rng.fromSeed(seed);
  const states = [game.newGame(options, seed)];
  const moves: string[] = [];
  while (moves.length < plies && game.result(states[states.length - 1]) === null) {
    const state = states[states.length - 1];
    const move = rng.pick(game.legalMoves(state));
    moves.push(game.formatMove(state, move));
    states.push(game.play(state, move));
  }
  const at = Math.min(shown, moves.length);
  const publicGame: PublicGame = {
    id: 'g',
    game: game.id,
    options: options as Json,
    seats: [],
    version: at,
    moves: moves.slice(0, at),
    ending: null,
    clock: null,
    view: game.view(states[at], null),
    start: game.view(states[0], null),
    toMove: game.toMove(states[at]),
    legalMoves: game.legalMoves(states[at]).map((m) => game.formatMove(states[at], m)),
    now: 0,
  };
  const events: GameEvent[] = moves.slice(at).map((move, i) => ({
    version: at + i + 1,
    kind: 'move',
    ply: at + i,
    seat: game.toMove(states[at + i]) as number,
    move,
    at: 0,
    ...(game.stochastic ? { view: game.view(states[at + i + 1], null) } : {}),
  }));
  return { states, publicGame, events };
}

describe.each(GAMES.map((g) => [g.id, g as AnyGame] as const))('following an online game: %s', (_id, game) => {
  it('a page that joins at any move and follows the events shows every position the server has', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), (seed, plies, shown) => {
        const { states, publicGame, events } = serverSide(game, `follow/${seed}`, plies, shown);
        let followed = unwrap(followGame(game, publicGame, 0)) as Followed<unknown>;
        for (const event of events) {
          const next = applyEvent(game, followed, event, 0);
          expect(next).not.toBe('resync');
          // The same event twice (an answer and its broadcast) changes nothing.
          expect(applyEvent(game, next as Followed<unknown>, event, 0)).toBe(next);
          followed = next as Followed<unknown>;
        }
        expect(followed.moves).toHaveLength(states.length - 1);
        for (let i = followed.firstPly; i < states.length; i++)
          expect(game.view(followed.states[i], null)).toEqual(game.view(states[i], null));
        // Only a game of chance starts where the page joined; the others replay from the first move.
        expect(followed.firstPly).toBe(game.stochastic ? publicGame.moves.length : 0);
      }),
      { numRuns: 15 },
    );
  });

  it('a missing event asks for a full sync instead of guessing', () => {
    const { publicGame, events } = serverSide(game, 'gap', 6, 2);
    const followed = unwrap(followGame(game, publicGame, 0)) as Followed<unknown>;
    if (events.length < 2) return;
    expect(applyEvent(game, followed, events[1] as GameEvent, 0)).toBe('resync');
  });
});

describe('online clocks as a page shows them', () => {
  it('the running clock falls from the server time it was given, by this page’s time since; the others stand', () => {
    const game = GAMES.find((g) => g.id === 'tictactoe') as AnyGame;
    const { publicGame } = serverSide(game, 'clock', 1, 1);
    const clocked: PublicGame = {
      ...publicGame,
      clock: { initialMs: 60_000, incrementMs: 0, remainingMs: [60_000, 50_000], running: 1, since: 1_000, deadline: 51_000 },
      now: 3_000,
    };
    const followed = unwrap(followGame(game, clocked, 100_000)) as Followed<unknown>;
    // 2 s had run on the server when it answered, 1.5 s more here since.
    expect(clockReadings(followed, 101_500)).toEqual([60_000, 46_500]);
    expect(clockReadings(followed, 999_999)).toEqual([60_000, 0]);
    const flagged = unwrap(followGame(game, { ...clocked, ending: { result: { kind: 'win', winner: 0 }, termination: 'time' } }, 0));
    expect(clockReadings(flagged as Followed<unknown>, 0)).toEqual([60_000, 0]);
  });

  it('a berserk marks its seat and gives the clocks after it; a game where nobody may berserk asks for a full sync', () => {
    const game = GAMES.find((g) => g.id === 'tictactoe') as AnyGame;
    const { publicGame } = serverSide(game, 'berserk', 1, 1);
    const clocked: PublicGame = {
      ...publicGame,
      clock: { initialMs: 60_000, incrementMs: 1_000, remainingMs: [61_000, 60_000], running: 1, since: 1_000, deadline: 61_000 },
      now: 3_000,
      berserk: [],
    };
    const followed = unwrap(followGame(game, clocked, 100_000)) as Followed<unknown>;
    const berserk: GameEvent = {
      version: 2,
      kind: 'berserk',
      seat: 1,
      clock: { remainingMs: [61_000, 30_000], running: 1, since: 1_000, deadline: 31_000 },
    };
    const after = applyEvent(game, followed, berserk, 100_000) as Followed<unknown>;
    expect(after.berserk).toEqual([1]);
    // 2 s had run on the server when it answered: O's halved clock falls from 30 s.
    expect(clockReadings(after, 100_000)).toEqual([61_000, 28_000]);
    expect(applyEvent(game, { ...followed, berserk: null }, berserk, 100_000)).toBe('resync');
  });

  it('after an outage: the pause is said, and the clock runs from the time it was resumed; the next move makes it old news', () => {
    const game = GAMES.find((g) => g.id === 'tictactoe') as AnyGame;
    const { publicGame, events } = serverSide(game, 'paused', 2, 1);
    // Down for 11 minutes after the first move at 1 000: the server moved it to 661 000.
    const resumed: PublicGame = {
      ...publicGame,
      clock: { initialMs: 60_000, incrementMs: 0, remainingMs: [60_000, 50_000], running: 1, since: 661_000, deadline: 711_000 },
      now: 662_000,
      paused: { at: 661_500, ms: 660_000 },
    };
    const followed = unwrap(followGame(game, resumed, 0)) as Followed<unknown>;
    expect(followed.pausedMs).toBe(660_000);
    expect(clockReadings(followed, 0)).toEqual([60_000, 49_000]);
    const moved = applyEvent(game, followed, events[0] as GameEvent, 8_000) as Followed<unknown>;
    expect(moved.pausedMs).toBeNull();
    expect(unwrap(followGame(game, publicGame, 0)).pausedMs).toBeNull();
  });
});

describe('a player leaving a game that goes on', () => {
  it('marks their seat with the reason, from the message as the server sends it; the moves after it still follow', () => {
    const game = GAMES.find((g) => g.id === 'dicewars') as AnyGame;
    const { publicGame, events } = serverSide(game, 'leave', 4, 1);
    const seats = [0, 1, 2].map(() => ({ kind: 'taken' as const, name: null }));
    let followed = unwrap(followGame(game, { ...publicGame, seats }, 0)) as Followed<unknown>;
    const message = parseServerMessage(
      JSON.stringify({ type: 'event', event: { version: 2, kind: 'leave', seat: 2, termination: 'resignation', reason: 'C resigned' } }),
    );
    expect(message?.type).toBe('event');
    const leave = (message as Extract<ServerMessage, { type: 'event' }>).event;
    followed = applyEvent(game, followed, leave, 0) as Followed<unknown>;
    expect(followed.version).toBe(2);
    expect(followed.seats.map((s) => s.left ?? null)).toEqual([null, null, 'C resigned']);
    const next = events[0] as GameEvent;
    expect(next).toBeDefined();
    expect(applyEvent(game, followed, { ...next, version: 3 }, 0)).not.toBe('resync');
    // A leave event without its reason is not one this client reads.
    expect(parseServerMessage(JSON.stringify({ type: 'event', event: { version: 2, kind: 'leave', seat: 2 } }))).toBeNull();
  });
});
