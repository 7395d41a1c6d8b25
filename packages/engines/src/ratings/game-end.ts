import { rateFreeForAll } from './free-for-all.ts';
import { deviationAfter, type Glicko, LICHESS, NEW_PLAYER, rateGame } from './glicko2.ts';

/**
 * How a rated game's end rates its players, as plain data: the store reads the players' ratings in
 * the write that ends the game and hands them to `ratingsAfter`, so two games ending at once for one
 * player both count, and nothing but data crosses into the store.
 */
export interface RatedGame {
  /** The kind of game the ratings are of (ratings/perf.ts). */
  readonly perf: string;
  /** The accounts of its seats, seat by seat. */
  readonly accounts: readonly string[];
  /** When it ended. */
  readonly at: number;
  /** The rating points the first player's move is worth (Glicko-2's first-move advantage). */
  readonly firstMoveAdvantage: number;
  /** Two players: the first's score (1, ½ or 0); more: each seat's place (0 the winner, ties shared). */
  readonly score: { readonly first: number } | { readonly places: readonly number[] };
}

/** A rating as stored: with when it last changed, so its deviation can grow for the time since. */
export interface HeldRating extends Glicko {
  readonly at: number;
}

export interface RatingsAfter {
  /** The new ratings, seat by seat. */
  readonly after: readonly Glicko[];
  /** What the game shows: each new rating less the old, in whole points. */
  readonly diffs: readonly number[];
}

const DAY_MS = 86_400_000;

/** The players' ratings after `game`, from theirs before it (null: none yet). */
export function ratingsAfter(game: RatedGame, before: readonly (HeldRating | null)[]): RatingsAfter {
  const settings = { ...LICHESS, firstMoveAdvantage: game.firstMoveAdvantage };
  // Each deviation grown for the time since that player's last rated game, then the game.
  const now = before.map((r) =>
    r
      ? {
          rating: r.rating,
          volatility: r.volatility,
          deviation: deviationAfter(r, ((game.at - r.at) / DAY_MS) * settings.periodsPerDay, settings),
        }
      : NEW_PLAYER,
  );
  const after =
    'places' in game.score
      ? rateFreeForAll(now, game.score.places, settings)
      : rateGame(now[0] as Glicko, now[1] as Glicko, game.score.first, settings);
  if (after.length !== game.accounts.length) throw new Error(`a rating gave ${after.length} ratings for ${game.accounts.length} players`);
  return { after, diffs: after.map((a, i) => Math.round(a.rating) - Math.round(before[i]?.rating ?? NEW_PLAYER.rating)) };
}
