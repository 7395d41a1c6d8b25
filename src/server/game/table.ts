import type { AnyGame, Json, Outcome, Player } from '@hexarena/engines/engine/game.ts';
import { parseOutcome, playMoves } from '@hexarena/engines/engine/record.ts';
import { passingMove } from '@hexarena/engines/engine/resign.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import type { Answer, Ending, GameEvent } from '@hexarena/engines/protocol/index.ts';
import { type Table as ArbiterTable, hasLeft, seatName, waiting } from '../arbiter.ts';
import { type Clocks, clocksAfter } from '../clock.ts';
import { RECENT_EVENTS } from '../event-history.ts';
import { type Berserk, type Departure, RulesChanged, type StoredGame, seatedAtStart } from '../store.ts';

/**
 * The Table: a live game as plain data — the stored game, the position it reached, who made each
 * move, the moves answered by client id, and the room's rules — all that `decide` reads. Here too
 * the game's replay from the store and the events a table's changes are told as.
 */

/** The events of a game: what clients are sent, as they are made (protocols/wire). */
export type RoomEvent = GameEvent;

/** A move answered with a client's id: the move as stored, the text the client sent, its ply, the version it was made against, and the answer. */
export interface Answered {
  readonly move: string;
  readonly text?: string;
  readonly ply: number;
  readonly version: number;
  readonly answer: Answer;
}

/** The room's rules besides the arbiter's: who stores the moves, the AI move cap, the claim wait. */
export interface TableRules {
  readonly aiGameMoves: number;
  readonly claimAfterMs: number;
  readonly instance?: string;
  readonly leaseMs?: number;
}

export interface Table extends ArbiterTable {
  /** Who made each move. */
  readonly movers: readonly Player[];
  /** Moves answered by `${seat}/${clientId}`. */
  readonly answered: ReadonlyMap<string, Answered>;
  /** Whether the game has a move that passes a turn. */
  readonly passes: boolean;
  readonly rules: TableRules;
  /** Since when each seat's player has had no socket open (null: connected). */
  readonly goneSince: (seat: Player) => number | null;
  /** Just read from the store: what it says cannot be fresher. */
  readonly fresh: boolean;
}

/** The live part of a table: what a commit changes. */
export interface Live {
  readonly stored: StoredGame;
  readonly state: unknown;
  readonly movers: readonly Player[];
  readonly version: number;
}

/** A stored game replayed: its game, options, live part, first view, recent events and answered ids. */
export interface Replayed {
  readonly game: AnyGame;
  readonly options: unknown;
  readonly live: Live;
  readonly startView: Json;
  readonly events: RoomEvent[];
  readonly answered: [string, Answered][];
}

/** A game's stored moves, replayed by today's rules (RulesChanged if they are not the game's). */
export function replayStored(stored: StoredGame, abandonAfterMs: number): Replayed {
  const id = stored.id;
  const found = findGame(stored.game);
  if (!found.ok) throw new Error(`game ${id} is of an unknown kind "${stored.game}"`);
  const game = found.value;
  // Under other rules the same seed and moves make another game: it is not replayed as if they were today's.
  if (stored.rulesVersion !== undefined && stored.rulesVersion !== game.rulesVersion)
    throw new RulesChanged(id, game.title, stored.rulesVersion, game.rulesVersion);
  const options = game.parseOptions(stored.options);
  if (!options.ok) throw new Error(`game ${id}: ${options.error.message}`);
  const played = playMoves(
    game,
    options.value,
    stored.seed,
    stored.moves.map((m) => m.move),
  );
  if (!played.ok) throw new Error(`game ${id}: ${played.error.message}`);
  const { states } = played.value;
  const movers = states.slice(0, -1).map((s) => game.toMove(s) as Player);
  // Moves taken back count too (stored.undone), and berserks: a version never goes back.
  const version = stored.moves.length + stored.departures.length + (stored.ending ? 1 : 0) + stored.undone + berserksOf(stored).length;
  const live: Live = { stored, state: states[states.length - 1], movers, version };
  const replayed: Replayed = { game, options: options.value, live, startView: game.view(states[0], null), events: [], answered: [] };
  recentPast(replayed, states, abandonAfterMs);
  return replayed;
}

/**
 * The recent past, for clients catching up after a restart: the same events as were sent live, each
 * departure before the move that followed it. After a takeback only the events since it are known
 * again: a client further behind gets a full sync.
 */
function recentPast(r: Replayed, states: unknown[], abandonAfterMs: number): void {
  const { stored, version, movers } = r.live;
  const from = Math.max(stored.undone > 0 ? stored.undoneAt + stored.undone - 1 : 0, version - (stored.ending ? 1 : 0) - RECENT_EVENTS);
  const timed = stored.moves.map((m, i) => ({ seat: movers[i] as Player, at: m.at }));
  const { departures } = stored;
  const berserks = berserksOf(stored);
  let v = 0;
  let d = 0;
  let b = 0;
  for (let i = 0; i <= stored.moves.length; i++) {
    if (stored.undone > 0 && i === stored.undoneAt) {
      v += stored.undone;
      r.events.push({ version: v, kind: 'takeback', ply: i });
    }
    // A berserk comes before any departure at the same move count: a departure from a game of two ends it.
    for (; b < berserks.length && (berserks[b] as Berserk).plies <= i; b++)
      if (++v > from)
        r.events.push(berserkEvent(stored, v, berserks[b] as Berserk, timed.slice(0, i), movers[i] ?? r.game.toMove(states[i])));
    for (; d < departures.length && (departures[d] as Departure).plies <= i; d++)
      if (++v > from) r.events.push(leaveEvent({ game: r.game, options: r.options, abandonAfterMs }, v, departures[d] as Departure));
    const m = stored.moves[i];
    if (m === undefined || ++v <= from) continue;
    const event = moveEvent(r.game, stored, v, m, movers[i] as Player, states[i + 1], timed.slice(0, i + 1));
    r.events.push(event);
    // A move's retry is recognised after a restart, or on another instance, from the id stored with it.
    if (m.clientId !== undefined)
      r.answered.push([`${movers[i]}/${m.clientId}`, { move: m.move, ply: i, version: v - 1, answer: { ok: true, version: v, event } }]);
  }
  if (stored.ending) r.events.push({ version, kind: 'end', ...storedEnding(stored.id, stored.ending, stored.ratingDiffs) });
}

/** The event of a move: in a game of chance with the position it led to, with a time control with the clocks. */
export function moveEvent(
  game: AnyGame,
  stored: StoredGame,
  version: number,
  m: { ply: number; move: string; at: number },
  seat: Player,
  after: unknown,
  timed: readonly { seat: Player; at: number }[],
): RoomEvent {
  const settings = stored.clock;
  const over = game.result(after) !== null;
  return {
    version,
    kind: 'move',
    ply: m.ply,
    seat,
    move: m.move,
    at: m.at,
    ...(game.stochastic ? { view: game.view(after, null) } : {}),
    ...(settings
      ? { clock: clocksAfter(settings, stored.seats.length, timed, over ? null : game.toMove(after), berserkSeats(stored)) }
      : {}),
  };
}

/** The berserk marks of a game (none where nobody may berserk). */
export const berserksOf = (stored: StoredGame): readonly Berserk[] => stored.berserk ?? [];
/** The seats that berserked. */
export const berserkSeats = (stored: StoredGame): Player[] => berserksOf(stored).map((b) => b.seat);

/**
 * The event of a berserk: its seat, and (the game's clock is what berserk halves) the clocks after
 * it, the moves before it `timed`, `toMove` to move.
 */
export function berserkEvent(
  stored: StoredGame,
  version: number,
  mark: Berserk,
  timed: readonly { seat: Player; at: number }[],
  toMove: Player | null,
): RoomEvent {
  const upTo = berserksOf(stored).filter((b) => b.plies < mark.plies || (b.plies === mark.plies && b.at <= mark.at));
  const seats = upTo.some((b) => b.seat === mark.seat) ? upTo.map((b) => b.seat) : [...upTo.map((b) => b.seat), mark.seat];
  const clock = stored.clock ? clocksAfter(stored.clock, stored.seats.length, timed, toMove, seats) : null;
  return { version, kind: 'berserk', seat: mark.seat, ...(clock ? { clock } : {}) };
}

/** The event of a departure. */
export function leaveEvent(table: Pick<Table, 'game' | 'options' | 'abandonAfterMs'>, version: number, d: Departure): RoomEvent {
  return { version, kind: 'leave', seat: d.seat, termination: d.termination, reason: departureReason(table, d) };
}

export function departureReason(table: Pick<Table, 'game' | 'options' | 'abandonAfterMs'>, d: Departure): string {
  const name = table.game.seatNames(table.options)[d.seat] ?? `seat ${d.seat}`;
  if (d.termination === 'time') return `${name} ran out of time`;
  if (d.termination === 'abandoned') return `${name} did not move for ${spokenDuration(table.abandonAfterMs)}`;
  if (d.termination === 'closed') return `${name}: account closed`;
  if (d.termination === 'banned') return `${name}: banned`;
  return `${name} resigned`;
}

/** Who made each move, and when: what the clocks are worked out from. */
export const timedMoves = (stored: StoredGame, movers: readonly Player[]): { seat: Player; at: number }[] =>
  stored.moves.map((m, i) => ({ seat: movers[i] as Player, at: m.at }));

/** The clocks now (null for a game without a time control). */
export function clocksOf(game: AnyGame, live: Live): Clocks | null {
  const settings = live.stored.clock;
  if (!settings) return null;
  const toMove = live.stored.ending !== null ? null : game.toMove(live.state);
  return clocksAfter(settings, live.stored.seats.length, timedMoves(live.stored, live.movers), toMove, berserkSeats(live.stored));
}

/** The AI seat to move in `state` and its agent, or null when a person (or nobody) is to move. */
export function aiToMoveIn(table: Pick<Table, 'game' | 'stored'>, state: unknown): { seat: Player; agent: string } | null {
  const seat = table.game.toMove(state);
  const kind = seat === null ? undefined : table.stored.seats[seat];
  // An AI that left (an outside program that failed) thinks no more: the room passes its turns.
  return seat === null || kind === undefined || kind === 'open' || hasLeft(table.stored, seat) ? null : { seat, agent: kind };
}

/** When the server must next look at the game in `state`, after `plies` moves, the last at `lastAt`. */
export function dueAfter(table: ArbiterTable, state: unknown, lastAt: number, deadline: number | null, plies: number): number | null {
  const { game, stored } = table;
  if (game.result(state) !== null || game.toMove(state) === null) return null;
  const abandoned = lastAt + table.abandonAfterMs;
  // A timed game waiting for a player: nobody may move, its AI neither, until it is full or called off.
  if (stored.clock && waiting(stored)) return abandoned;
  if (aiToMoveIn(table, state) || hasLeft(stored, game.toMove(state) as Player)) return lastAt;
  const due = deadline === null ? abandoned : deadline;
  // A player seated by the pairing or a challenge who has yet to make a first move: due then.
  const starting = seatedAtStart(stored) && !stored.clock?.perMove && plies < stored.seats.length;
  return starting ? Math.min(due, lastAt + table.firstMoveMs) : due;
}

/** Whether the game has a move that passes a turn (DiceWars's `end`), as its first position shows. */
export const passesIn = (game: AnyGame, options: unknown, seed: string): boolean => passingMove(game, game.newGame(options, seed)) !== null;

export { seatName };

/** A wait as people say it: "7 days", "3 hours", "1.5 s". */
export function spokenDuration(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.round((ms / size) * 10) / 10;
    if (ms >= size) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return `${Math.round(ms / 100) / 10} s`;
}

/** An outcome as the store keeps it: JSON. */
export function outcomeJson(outcome: Outcome): Json {
  const json: { [key: string]: Json } = { kind: outcome.kind };
  if (outcome.kind === 'win') {
    json.winner = outcome.winner;
    if (outcome.ranking) json.ranking = [...outcome.ranking];
  }
  if (outcome.reason !== undefined) json.reason = outcome.reason;
  return json;
}

/** An ending as the store (or another instance) gives it, read back as the protocol's: checked, not cast. */
export function storedEnding(
  id: string,
  ending: { readonly result: Json; readonly termination: string },
  ratingDiffs?: readonly number[] | null,
): Ending {
  const result = parseOutcome(ending.result);
  if (!result.ok || result.value === null) throw new Error(`game ${id}: its stored result is none (${JSON.stringify(ending.result)})`);
  return { result: result.value, termination: ending.termination, ...(ratingDiffs ? { ratingDiffs } : {}) };
}
