import type { Json, Outcome, Player } from '../../engine/game.ts';

/**
 * What the server sends an online client (docs/protocol.md), as the browser reads it. The server
 * is ours, but its messages still arrive as text: `parseServerMessage` checks the shape it relies on.
 */

export interface SeatInfo {
  readonly kind: 'open' | 'taken' | 'ai';
  /** The AI's level, for an AI seat. */
  readonly level?: string;
  /** The name a person gave, if any. */
  readonly name: string | null;
  /** Why the player left a game that goes on without them ("B resigned"). */
  readonly left?: string;
}

export interface ClockInfo {
  readonly initialMs: number;
  readonly incrementMs: number;
  /** Per seat, the time left at `since`; the running seat's keeps falling after it. */
  readonly remainingMs: readonly number[];
  readonly running: Player | null;
  readonly since: number | null;
  readonly deadline: number | null;
}

export interface Ending {
  readonly result: Outcome;
  readonly termination: string;
}

/** A game's public state (GET /api/games/:id, and a WebSocket sync). */
export interface PublicGame {
  readonly id: string;
  readonly game: string;
  readonly options: Json;
  readonly seats: readonly SeatInfo[];
  readonly version: number;
  readonly moves: readonly string[];
  readonly ending: Ending | null;
  readonly clock: ClockInfo | null;
  /** What a spectator sees now, and saw before the first move. */
  readonly view: Json;
  readonly start: Json;
  /** The server's time when it answered (clocks are shown against it). */
  readonly now?: number;
}

export type GameEvent =
  | {
      readonly version: number;
      readonly kind: 'move';
      readonly ply: number;
      readonly seat: Player;
      readonly move: string;
      readonly at: number;
      readonly view?: Json;
      readonly clock?: Omit<ClockInfo, 'initialMs' | 'incrementMs'>;
    }
  | { readonly version: number; readonly kind: 'leave'; readonly seat: Player; readonly termination: string; readonly reason: string }
  | { readonly version: number; readonly kind: 'end'; readonly result: Outcome; readonly termination: string };

export type Refusal = 'stale' | 'illegal' | 'not-your-turn' | 'waiting' | 'bad-token' | 'no-such-seat' | 'game-over' | 'try-again';

export type ServerMessage =
  | { readonly type: 'sync'; readonly game: PublicGame }
  | { readonly type: 'events'; readonly events: readonly GameEvent[] }
  | { readonly type: 'event'; readonly event: GameEvent }
  | { readonly type: 'seats'; readonly seats: readonly SeatInfo[] }
  | { readonly type: 'rematch'; readonly id: string }
  | { readonly type: 'answer'; readonly id?: string; readonly ok: true; readonly version: number; readonly event: GameEvent }
  | {
      readonly type: 'answer';
      readonly id?: string;
      readonly ok: false;
      readonly refusal: Refusal;
      readonly error: string;
      readonly version: number;
    }
  | { readonly type: 'error'; readonly id?: string; readonly error: string };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

function isEvent(x: unknown): x is GameEvent {
  if (!isObject(x) || !isCount(x.version)) return false;
  if (x.kind === 'move') return isCount(x.ply) && isCount(x.seat) && typeof x.move === 'string';
  if (x.kind === 'leave') return isCount(x.seat) && typeof x.termination === 'string' && typeof x.reason === 'string';
  return x.kind === 'end' && isObject(x.result) && typeof x.termination === 'string';
}

export function isPublicGame(x: unknown): x is PublicGame {
  return (
    isObject(x) &&
    typeof x.id === 'string' &&
    typeof x.game === 'string' &&
    isCount(x.version) &&
    Array.isArray(x.seats) &&
    x.seats.every((s) => isObject(s) && (s.kind === 'open' || s.kind === 'taken' || s.kind === 'ai')) &&
    Array.isArray(x.moves) &&
    x.moves.every((m) => typeof m === 'string') &&
    'view' in x &&
    'start' in x
  );
}

/** A message from the server, or null when it is not one this client knows (it is then ignored). */
export function parseServerMessage(text: string): ServerMessage | null {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(m)) return null;
  switch (m.type) {
    case 'sync':
      return isPublicGame(m.game) ? (m as unknown as ServerMessage) : null;
    case 'events':
      return Array.isArray(m.events) && m.events.every(isEvent) ? (m as unknown as ServerMessage) : null;
    case 'event':
      return isEvent(m.event) ? (m as unknown as ServerMessage) : null;
    case 'seats':
      return Array.isArray(m.seats) ? (m as unknown as ServerMessage) : null;
    case 'rematch':
      return typeof m.id === 'string' ? (m as unknown as ServerMessage) : null;
    case 'answer':
      return typeof m.ok === 'boolean' && isCount(m.version) ? (m as unknown as ServerMessage) : null;
    case 'error':
      return typeof m.error === 'string' ? (m as unknown as ServerMessage) : null;
    default:
      return null;
  }
}
