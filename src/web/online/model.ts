import type { GameDefinition, Json } from '@hexarena/engines/engine/game.ts';
import { replayFrom } from '@hexarena/engines/engine/replay.ts';
import { err, ok, type Result } from '@hexarena/engines/engine/result.ts';
import type { ClockInfo, Ending, GameEvent, PublicGame, SeatInfo } from './protocol.ts';

/**
 * An online game as a client follows it, without a DOM: the positions rebuilt from what the server
 * sent, advanced event by event. The server decides; this only mirrors it. A gap in the versions,
 * or anything that does not fit, asks for a full sync instead of guessing.
 */
export interface Followed<S> {
  readonly id: string;
  readonly version: number;
  readonly moves: readonly string[];
  /** states[i] follows i moves; before `firstPly` they repeat the first known one. */
  readonly states: readonly S[];
  /**
   * The first position known. A game of chance shows positions only from what the server sends
   * (its dice are secret), so a page that joins late starts there; other games replay from the start.
   */
  readonly firstPly: number;
  readonly seats: readonly SeatInfo[];
  readonly ending: Ending | null;
  readonly clock: ClockInfo | null;
  /** The server's time the clocks were last given for, and this page's time when they arrived. */
  readonly clockAt: { readonly server: number; readonly local: number } | null;
  /** The site was down and the clocks paused that long (ms), with no move since; else null. */
  readonly pausedMs: number | null;
  /** An arena's game with a clock: the seats that berserked (half their clock); null where nobody may. */
  readonly berserk: readonly number[] | null;
}

/** A position from a view the server sent (untrusted: it is checked as any outside state). */
export function positionFromView<S, M, O>(game: GameDefinition<S, M, O>, view: Json): Result<S> {
  return game.fromView ? game.fromView(view) : game.fromJSON(view);
}

/** The game as a sync (or GET /api/games/:id) gives it, at `localNow` on this page. */
export function followGame<S, M, O>(game: GameDefinition<S, M, O>, shown: PublicGame, localNow: number): Result<Followed<S>> {
  let states: S[];
  let firstPly = 0;
  if (game.stochastic) {
    const now = positionFromView(game, shown.view);
    if (!now.ok) return now;
    firstPly = shown.moves.length;
    states = Array.from({ length: firstPly + 1 }, () => now.value);
  } else {
    const start = positionFromView(game, shown.start);
    if (!start.ok) return start;
    const replayed = replayFrom(game, start.value, shown.moves);
    // The move refused by code (rules.replay, its cause the move's own refusal): the page says it in the player's language.
    if (replayed.refusal !== null) return err(replayed.refusal);
    states = [...replayed.states];
  }
  return ok({
    id: shown.id,
    version: shown.version,
    moves: shown.moves,
    states,
    firstPly,
    seats: shown.seats,
    ending: shown.ending,
    clock: shown.clock,
    clockAt: shown.clock ? { server: shown.now, local: localNow } : null,
    pausedMs: shown.paused?.ms ?? null,
    berserk: shown.berserk ?? null,
  });
}

/**
 * The game after one event. Events the game already has (an answer and its broadcast bring the same
 * one) leave it as it is; 'resync' when an event is missing or does not fit.
 */
export function applyEvent<S, M, O>(
  game: GameDefinition<S, M, O>,
  followed: Followed<S>,
  event: GameEvent,
  localNow: number,
): Followed<S> | 'resync' {
  if (event.version <= followed.version) return followed;
  if (event.version !== followed.version + 1) return 'resync';
  if (event.kind === 'end')
    return {
      ...followed,
      version: event.version,
      ending: {
        result: event.result,
        termination: event.termination,
        ...(event.ratingDiffs ? { ratingDiffs: event.ratingDiffs } : {}),
      },
    };
  if (event.kind === 'leave') {
    if (followed.ending || followed.seats[event.seat] === undefined) return 'resync';
    const seats = followed.seats.map((s, i) => (i === event.seat ? { ...s, left: event.reason } : s));
    return { ...followed, version: event.version, seats };
  }
  if (event.kind === 'takeback') {
    // Back to the position after `ply` moves (states[i] follows i moves): what the page knows of it, or all of it again.
    if (followed.ending || event.ply < followed.firstPly || event.ply >= followed.moves.length) return 'resync';
    return {
      ...followed,
      version: event.version,
      moves: followed.moves.slice(0, event.ply),
      states: followed.states.slice(0, event.ply + 1),
    };
  }
  if (event.kind === 'berserk') {
    // The clocks as they stand after it (the same moment of reference: the last move).
    if (followed.ending || followed.berserk === null) return 'resync';
    const clock = followed.clock && event.clock ? { ...followed.clock, ...event.clock } : followed.clock;
    return { ...followed, version: event.version, berserk: [...followed.berserk, event.seat], clock };
  }
  if (event.ply !== followed.moves.length || followed.ending) return 'resync';
  const last = followed.states[followed.states.length - 1] as S;
  let next: S;
  if (game.stochastic) {
    if (event.view === undefined) return 'resync';
    const shown = positionFromView(game, event.view);
    if (!shown.ok) return 'resync';
    next = shown.value;
  } else {
    const move = game.parseMove(last, event.move);
    if (!move.ok) return 'resync';
    next = game.play(last, move.value);
  }
  const clock = followed.clock && event.clock ? { ...followed.clock, ...event.clock } : followed.clock;
  return {
    ...followed,
    version: event.version,
    moves: [...followed.moves, event.move],
    states: [...followed.states, next],
    clock,
    clockAt: clock && event.clock ? { server: event.at, local: localNow } : followed.clockAt,
    // A move since: the pause is old news.
    pausedMs: null,
  };
}

/** Every clock's time left at `localNow`: the running one falls from when its time was given. */
export function clockReadings(followed: Followed<unknown>, localNow: number): number[] | null {
  const { clock, clockAt } = followed;
  if (!clock || !clockAt) return null;
  return clock.remainingMs.map((left, seat) => {
    if (seat !== clock.running || clock.since === null) return left;
    if (followed.ending) return followed.ending.termination === 'time' ? 0 : left;
    const elapsed = clockAt.server - clock.since + (localNow - clockAt.local);
    return Math.max(0, left - elapsed);
  });
}
