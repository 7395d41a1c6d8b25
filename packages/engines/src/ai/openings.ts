import type { GameRules } from '../engine/game.ts';
import { randomOpening } from '../engine/match.ts';
import type { Rng } from '../engine/rng.ts';
import { searchHooks } from './alphabeta.ts';
import { Searcher } from './search.ts';

/**
 * A balanced opening set, as engine testers keep one (fastchess and cutechess take such a file):
 * random lines of a few plies, each judged by the project's own search, kept only when neither side
 * leaves them ahead by more than `margin` — so a match played from them measures the engines, not
 * the openings. Deterministic for the rng's seed.
 */

export interface BalancedOpening {
  /** The moves from the start, as the game writes them. */
  readonly moves: readonly string[];
  /** The search's score of the position after them, from the first player's side. */
  readonly score: number;
}

export interface OpeningSetLimits {
  readonly count: number;
  readonly plies: number;
  /** Plies the judging search looks ahead. */
  readonly depth: number;
  /** The most a score may lean to either side, in the evaluation's hundredths. */
  readonly margin: number;
  /** Lines drawn before giving up, as a multiple of `count`. */
  readonly tries?: number;
  readonly onProgress?: (kept: number, drawn: number) => void;
}

export function balancedOpenings<S, M>(game: GameRules<S, M>, start: S, limits: OpeningSetLimits, rng: Rng): BalancedOpening[] {
  const hooks = searchHooks(game);
  const searcher = new Searcher(18);
  const kept: BalancedOpening[] = [];
  const seen = new Set<string>();
  const tries = limits.count * (limits.tries ?? 40);
  for (let drawn = 1; kept.length < limits.count; drawn++) {
    if (drawn > tries)
      throw new RangeError(
        `only ${kept.length} of ${limits.count} balanced openings in ${tries} lines of ${limits.plies} plies: widen the margin or draw more`,
      );
    const moves = randomOpening(game, start, limits.plies, rng);
    let state = start;
    const texts: string[] = [];
    for (const move of moves) {
      texts.push(game.formatMove(state, move));
      state = game.play(state, move);
    }
    const key = texts.join(';');
    if (seen.has(key)) continue;
    seen.add(key);
    const mover = game.toMove(state);
    if (mover === null) continue;
    // A fresh table for each line: its judgement does not depend on the lines before it.
    searcher.tt.clear();
    const { score } = searcher.search(hooks.open(state), hooks.maxMoves, { depth: limits.depth });
    const forFirst = mover === 0 ? score : -score;
    if (Math.abs(forFirst) <= limits.margin) kept.push({ moves: texts, score: forFirst });
    limits.onProgress?.(kept.length, drawn);
  }
  return kept;
}
