import { DEFAULT_REVIEW_BUDGET, evaluatePosition, reviewGame, reviewPositions } from '@hexarena/engines/ai/review.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { perft } from '@hexarena/engines/games/hive/perft.ts';
import { HivePosition } from '@hexarena/engines/games/hive/position.ts';

/**
 * A 60-move Hive game (two one-ply players, seed "c": every position a real one, the hive grown to
 * twenty pieces) reviewed with the server's default budget on one thread, beside the anchor measured
 * in the same run: Hive perft 5 from the start, every leaf made and unmade. The review is
 * deterministic, so the median of three is its cost; the slowest position is what a live game's AI
 * move may wait behind on a thread (reviews think one position a job).
 */
const GAME = [
  'wA1',
  'bA1 wA1-',
  'wA2 /wA1',
  'bQ bA1-',
  'wQ \\wA1',
  'bP bA1\\',
  'wA2 bQ-',
  'bP wA1\\',
  'wQ \\bA1',
  'bP /wA1',
  'wQ \\bQ',
  'bP -wA1',
  'wQ \\wA2',
  'bP /wA1',
  'wA2 wA1\\',
  'bP /wA2',
  'wA1 bQ\\',
  'bA2 \\bA1',
  'wA1 bA2/',
  'bA3 -bA2',
  'wA1 /bA3',
  'bP wA1\\',
  'wA2 bA1\\',
  'bP bA3\\',
  'wA1 bQ\\',
  'bA3 wQ-',
  'wA3 wA2\\',
  'bA2 wA1-',
  'wA3 -wQ',
  'bP -wA3',
  'wM wA2\\',
  'bA1 \\wQ',
  'wM bP\\',
  'wA3 /bP',
  'wB1 wA3\\',
  'wM -bP',
  'wB2 wA2\\',
  'bP wM/',
  'wL wB1\\',
  'bA2 \\bA3',
  'wL -bQ',
  'bM bA3/',
  'bP \\wL',
  'bM wA1-',
  'wM \\bA1',
  'wL -bP',
  'wM -bA1',
  'bP wM\\',
  'wL /bP',
  'bQ /wM',
  'bA1 -wM',
  'wL -bA2',
  'wQ /bA3',
  'bA2 bA3\\',
  'wQ bP\\',
  'bQ wL\\',
  'wA3 \\bA3',
  'bA3 /bP',
  'bP bA1\\',
  'bA2 wA3-',
];

export async function benchReview(): Promise<void> {
  const budget = DEFAULT_REVIEW_BUDGET;
  console.log(`\n## Computer review: a 60-move Hive game, ${budget.depth} plies and at most ${budget.nodes} nodes a position, one thread`);
  const options = hive.defaultOptions;
  const runs: number[] = [];
  let review = unwrap(reviewGame(hive, options, 'c', GAME, budget));
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    review = unwrap(reviewGame(hive, options, 'c', GAME, budget));
    runs.push(performance.now() - t);
  }
  const ms = runs.sort((a, b) => a - b)[1] as number;
  let slowest = 0;
  for (const state of unwrap(reviewPositions(hive, options, 'c', GAME)).states) {
    const t = performance.now();
    evaluatePosition(hive, state, budget);
    slowest = Math.max(slowest, performance.now() - t);
  }
  const t = performance.now();
  const leaves = perft(new HivePosition({ type: 'Base+MLP', tournament: true }), 5, false);
  const anchor = performance.now() - t;
  const marks = review.moves.filter((m) => m.mark !== null).length;
  console.log(
    `  review ${(ms / 1000).toFixed(2)} s (median of 3) for ${review.positions.length} positions: ${(ms / review.positions.length).toFixed(0)} ms a position, the slowest ${slowest.toFixed(0)} ms; ${marks} moves marked, accuracy ${review.accuracy.map((a) => a?.toFixed(1)).join(' / ')}`,
  );
  console.log(
    `  anchor: Hive perft 5 from the start, each leaf made and unmade: ${anchor.toFixed(0)} ms (${leaves} leaves) — the review takes ${(ms / anchor).toFixed(1)} times as long`,
  );
}
