import { type Glicko, type GlickoSettings, LICHESS, NEW_PLAYER, PROVISIONAL_DEVIATION, rateGame } from './glicko2.ts';

/**
 * Puzzle ratings as lichess keeps them: a person's first try at a puzzle is a rated game between
 * them and the puzzle, won if they solved it without a wrong move or a look at the solution. Both
 * ratings move by Glicko-2, with lichess's two damping rules: a puzzle whose own rating is still
 * provisional moves the player's rating less (a solve counts 0.8 of its change, a miss 0.3), and a
 * player whose rating says nothing yet (deviation 230 or more) does not move the puzzle's.
 */

/** A puzzle no one has tried yet: unknown, as a new player is. */
export const NEW_PUZZLE: Glicko = NEW_PLAYER;

/** Past this deviation a player's result says too little to judge a puzzle by. */
export const CLUELESS_DEVIATION = 230;

/** The ratings after a rated try: `solved` is the person's win. */
export function rateTry(
  player: Glicko,
  puzzle: Glicko,
  solved: boolean,
  settings: GlickoSettings = LICHESS,
): { player: Glicko; puzzle: Glicko } {
  const [afterPlayer, afterPuzzle] = rateGame(player, puzzle, solved ? 1 : 0, settings);
  const weight = puzzle.deviation >= PROVISIONAL_DEVIATION ? (solved ? 0.8 : 0.3) : 1;
  return {
    player: between(player, afterPlayer, weight),
    puzzle: player.deviation >= CLUELESS_DEVIATION ? puzzle : afterPuzzle,
  };
}

/** What rates a first try besides the two ratings: where a new player and an untried puzzle start, and Glicko-2's constants. */
export interface PuzzleRatingSettings {
  readonly newPlayer: Glicko;
  readonly newPuzzle: Glicko;
  readonly glicko: GlickoSettings;
}

export const PUZZLE_RATING: PuzzleRatingSettings = { newPlayer: NEW_PLAYER, newPuzzle: NEW_PUZZLE, glicko: LICHESS };

/**
 * A first try rated from the ratings as stored (null: none yet, so the settings' start): what the store
 * works out inside the write that records the try, so two first tries at once both count.
 */
export function rateFirstTry(
  player: Glicko | null,
  puzzle: Glicko | null,
  solved: boolean,
  settings: PuzzleRatingSettings = PUZZLE_RATING,
): { player: Glicko; puzzle: Glicko } {
  return rateTry(player ?? settings.newPlayer, puzzle ?? settings.newPuzzle, solved, settings.glicko);
}

/** `from` moved `weight` of the way to `to`, in each of the three numbers. */
function between(from: Glicko, to: Glicko, weight: number): Glicko {
  const mix = (a: number, b: number) => a * (1 - weight) + b * weight;
  return {
    rating: mix(from.rating, to.rating),
    deviation: mix(from.deviation, to.deviation),
    volatility: mix(from.volatility, to.volatility),
  };
}

/**
 * The next puzzle of a stream at the player's level: of those not yet tried, the one whose rating is
 * nearest the player's (the earlier in the list on a tie); undefined when all have been tried.
 */
export function nextAtLevel<P extends { readonly id: string; readonly rating: number }>(
  puzzles: readonly P[],
  player: Glicko,
  tried: ReadonlySet<string>,
): P | undefined {
  let best: P | undefined;
  for (const p of puzzles) {
    if (tried.has(p.id)) continue;
    if (!best || Math.abs(p.rating - player.rating) < Math.abs(best.rating - player.rating)) best = p;
  }
  return best;
}
