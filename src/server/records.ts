import type { Outcome, Player } from '@hexarena/engines/engine/game.ts';
import { type GameRecord, makeRecord, parseOutcome, TERMINATIONS } from '@hexarena/engines/engine/record.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import type { StoredGame } from './store.ts';

/**
 * A finished stored game as its record (the JSON the browser downloads and `replay` checks), and
 * what that record says of one seat: shared by the record route, the export of a player's games and
 * their profile.
 */

/** The record of a finished game; an error for a game still on or one whose ending is not readable. */
export function recordOf(stored: StoredGame): Result<GameRecord> {
  if (!stored.ending) return fail('the game is still on: its record, seed included, is public once it ends');
  const game = findGame(stored.game);
  if (!game.ok) return game;
  const options = game.value.parseOptions(stored.options);
  const result = parseOutcome(stored.ending.result);
  const termination = TERMINATIONS.find((t) => t === stored.ending?.termination);
  if (!result.ok || termination === undefined) return fail(`game ${stored.id}: its stored ending is none`);
  return ok(
    makeRecord(
      game.value,
      options.ok ? options.value : stored.options,
      stored.seed,
      stored.moves.map((m) => m.move),
      result.value,
      {
        // Stamped with the rules it was played under, which a server of other rules replays as another game.
        ...(stored.rulesVersion === undefined ? {} : { rulesVersion: stored.rulesVersion }),
        termination,
        players: stored.seats.map((kind, i) => stored.seatNames[i] ?? (kind === 'open' ? 'human' : kind)),
      },
    ),
  );
}

export type SeatResult = 'win' | 'draw' | 'loss';

/** How a seat came out of an ending's result (stored JSON): null when it is not an outcome. */
export function seatResult(result: unknown, seat: Player): SeatResult | null {
  const outcome = parseOutcome(result);
  if (!outcome.ok || outcome.value === null) return null;
  return resultFor(outcome.value, seat);
}

export function resultFor(outcome: Outcome, seat: Player): SeatResult {
  if (outcome.kind === 'draw') return 'draw';
  return outcome.winner === seat ? 'win' : 'loss';
}
