import { solvableOf } from '@hexarena/engines/ai/perfect.ts';
import type { AnyGame, Solvable } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { UsageError } from './io.ts';

/** The game named on the command line, if it is one the solver can take. */
export function solvableGame(id: string): AnyGame & Solvable<unknown, unknown> {
  const found = findGame(id);
  if (!found.ok) throw new UsageError(found.error.message);
  // The rules with their AI profile: it says whether the game is small enough, and keys its positions.
  const game = solvableOf(found.value);
  if (!game?.solvable) throw new UsageError(`${found.value.id} is too large to solve exactly`);
  return game as AnyGame & Solvable<unknown, unknown>;
}
