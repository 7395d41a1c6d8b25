import type { Outcome } from '@hexarena/engines/engine/game.ts';
import { type RatedGame, ratingsAfter } from '@hexarena/engines/ratings/game-end.ts';
import { type Glicko, perfOf, placesOf } from '@hexarena/engines/ratings/index.ts';
import type { GameStore, RatingChange, StoredGame } from '../store.ts';
import type { Table } from './table.ts';

/**
 * How a game's end rates its players, if it does: a rated game whose every seat is an account's,
 * not aborted — two players by Glicko-2 with the game's first-move advantage, a free-for-all by
 * Glicko-2 over its table's pairs (ratings/free-for-all.ts).
 */
export function ratedGameOf(
  table: Pick<Table, 'game' | 'stored'>,
  outcome: Outcome,
  termination: string,
  now: number,
): RatedGame | undefined {
  const { stored } = table;
  const accounts = stored.seatAccounts;
  if (!stored.rated || termination === 'aborted' || accounts.length < 2 || accounts.some((a) => !a)) return undefined;
  return {
    perf: perfOf(stored.game, stored.clock),
    accounts: accounts as string[],
    at: now,
    firstMoveAdvantage: table.game.firstMoveAdvantage ?? 0,
    score:
      accounts.length > 2 ? { places: placesIn(stored, outcome) } : { first: outcome.kind === 'draw' ? 0.5 : outcome.winner === 0 ? 1 : 0 },
  };
}

/**
 * The places a free-for-all finished in (0 the winner, ties shared): the rules' ranking when they
 * give one; else the winner, then those still playing (tied: the rules did not tell them apart),
 * then those who left, the last to leave first.
 */
export function placesIn(stored: StoredGame, outcome: Outcome): number[] {
  const seats = stored.seats.length;
  if (outcome.kind !== 'win' || outcome.ranking) return placesOf(outcome, seats);
  const left = stored.departures.map((d) => d.seat).reverse();
  const places = Array.from({ length: seats }, () => 1);
  places[outcome.winner] = 0;
  const after = places.some((_, i) => i !== outcome.winner && !left.includes(i)) ? 2 : 1;
  for (const [i, seat] of left.entries()) if (seat !== outcome.winner) places[seat] = after + i;
  return places;
}

/** The players' ratings as the store holds them now, and after this game (a pure step: ratings/game-end.ts). */
export async function ratingChange(store: Pick<GameStore, 'ratings'>, rated: RatedGame): Promise<RatingChange> {
  const before = await Promise.all(
    rated.accounts.map(async (account) => (await store.ratings.of(account)).find((r) => r.perf === rated.perf) ?? null),
  );
  const { after, diffs } = ratingsAfter(rated, before);
  const seats = rated.accounts.map((account, i) => ({ account, before: before[i] ?? null, after: after[i] as Glicko }));
  return { perf: rated.perf, at: rated.at, seats, diffs };
}
