/**
 * What the searches' scores mean, apart from the searches themselves: a page that shows scores
 * needs these few lines, not the search.
 */

/** A won position scores WIN minus the plies to the win, so faster wins score higher. */
export const WIN = 1_000_000;
/** Scores beyond this are forced results (a win or loss in so many plies), not judgements. */
export const MATE_BOUND = WIN - 10_000;

/** A score for people: "+0.35", "win in 5", "loss in 4". */
export function describeScore(score: number): string {
  if (score >= MATE_BOUND) return `win in ${WIN - score}`;
  if (score <= -MATE_BOUND) return `loss in ${WIN + score}`;
  return `${score >= 0 ? '+' : ''}${(score / 100).toFixed(2)}`;
}

/**
 * The first player's chance of winning (0 to 1) for a score from `toMove`'s side, for the
 * evaluation bar: a forced result is certain; otherwise the logistic curve lichess uses for
 * centipawns, read in the games' own hundredths of a piece.
 */
export function firstPlayerChance(score: number, toMove: number): number {
  const forMover = Math.abs(score) >= MATE_BOUND ? (score > 0 ? 1 : 0) : 1 / (1 + Math.exp(-0.00368208 * score));
  return toMove === 0 ? forMover : 1 - forMover;
}
