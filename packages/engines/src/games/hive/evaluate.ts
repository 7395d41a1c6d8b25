import { FEATURE_COUNT, hiveFeatures } from './features.ts';
import { touches } from './grid.ts';
import { HIVE_TUNED } from './hive-weights.ts';
import { type Color, colorOf, pieceId, QUEEN } from './pieces.ts';
import { type HiveMove, type HivePosition, PASS } from './position.ts';

/**
 * A static evaluation of a Hive position, in hundredths of a piece, for the side to move: the
 * weighted sum of the features of features.ts (the side to move's less the opponent's), with the
 * weights tuned on the project's own self-play (tune.ts, docs/tuning.md).
 */

/** The weights the evaluation uses, by feature index (features.ts). */
export const HIVE_WEIGHTS: Int32Array = Int32Array.from(HIVE_TUNED);
if (HIVE_WEIGHTS.length !== FEATURE_COUNT) throw new Error(`hive weights: ${HIVE_WEIGHTS.length} for ${FEATURE_COUNT} features`);

let active: Int32Array = HIVE_WEIGHTS;
const features = new Int32Array(FEATURE_COUNT);

export function evaluateHive(pos: HivePosition): number {
  hiveFeatures(pos, features);
  let score = 0;
  for (let f = 0; f < FEATURE_COUNT; f++) score += (features[f] as number) * (active[f] as number);
  return score;
}

/**
 * Runs `fn` with the evaluation weighing by `weights` instead (the tuner plays its games with the
 * start weights, whatever table is committed). Synchronous, so nothing else evaluates meanwhile.
 */
export function withHiveWeights<T>(weights: readonly number[], fn: () => T): T {
  const saved = active;
  active = Int32Array.from(weights);
  try {
    return fn();
  } finally {
    active = saved;
  }
}

/** Moves that close in on the enemy queen are tried first; moves that free one's own next. */
export function hiveMoveOrder(pos: HivePosition, move: HiveMove): number {
  if (move === PASS) return 0;
  const piece = move & 31;
  const to = (move >> 5) & 1023;
  const from = pos.where[piece] as number;
  const me = colorOf(piece) === pos.turn ? pos.turn : ((pos.turn ^ 1) as Color);
  const enemyQueen = pos.where[pieceId((me ^ 1) as Color, QUEEN)] as number;
  const ownQueen = pos.where[pieceId(me, QUEEN)] as number;
  let score = 0;
  if (colorOf(piece) !== pos.turn) score += touches(from, ownQueen) ? 3 : 1; // a throw, best off our queen
  if (touches(to, enemyQueen) && !touches(from, enemyQueen)) score += 4;
  if (to === enemyQueen) score += 4;
  if (touches(from, ownQueen) && !touches(to, ownQueen)) score += 2;
  if (from >= 0) score += 1; // a move usually does more than a placement
  return score;
}
