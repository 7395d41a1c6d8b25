import type { GameDefinition, GameRules, Player } from '@hexarena/engines/engine/game.ts';
import { type Replay, replayFrom } from '@hexarena/engines/engine/replay.ts';
import { seatsInGame } from '@hexarena/engines/engine/resign.ts';

/**
 * A game page's history without a DOM: the positions after each move (extended move by move, not
 * replayed from the start each time) and which moves an undo takes back.
 */
export interface Replayed<S, M = unknown> {
  /** The moves that replayed; a bad move and everything after it are left out. */
  readonly moves: readonly string[];
  /** states[i] is the position after i moves; states[0] is the start. */
  readonly states: readonly S[];
  /** Why a move was refused (its number counts from 1), or null. */
  readonly error: string | null;
  /** The same by code (`rules.replay`, the move's refusal its cause), for the player's language; null when `error` is. */
  readonly refusal: Error | null;
  /** The engine's replay, which the next one extends. */
  readonly replay: Replay<S, M>;
}

/**
 * Replays `moves` from `newGame(options, seed)` (or from `start`, a position set up), reusing the
 * positions of `before` that still apply.
 */
export function replayMoves<S, M, O>(
  game: GameDefinition<S, M, O>,
  options: O,
  seed: string,
  moves: readonly string[],
  before?: Replayed<S, M>,
  start?: S,
): Replayed<S, M> {
  const replay = replayFrom(game, before?.states[0] ?? start ?? game.newGame(options, seed), moves, before?.replay);
  return { moves: replay.texts, states: replay.states, error: replay.error, refusal: replay.refusal, replay };
}

/** Who a Resign button speaks for: the human to move, else the only human still in the game. */
export function resigningSeat<S, M>(game: GameRules<S, M>, state: S, toMove: Player | null, seats: readonly string[]): Player | null {
  if (toMove !== null && seats[toMove] === 'human') return toMove;
  const humans = seatsInGame(game, state, seats.length).filter((seat) => seats[seat] === 'human');
  return humans.length === 1 ? (humans[0] as Player) : null;
}

/**
 * The turn numbers a move list shows, as hivegame and lichess number them: `rounds[i]` is the number
 * to print before move i, where the first player of the game moves again (a new round), else null.
 * `movers[i]` is who made move i (the player to move before it).
 */
export function roundNumbers(movers: readonly (number | null)[]): (number | null)[] {
  const first = movers[0] ?? null;
  let round = 0;
  return movers.map((m, i) => (m === first && (i === 0 || movers[i - 1] !== first) ? ++round : null));
}
