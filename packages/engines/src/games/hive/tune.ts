import { Rng } from '../../engine/rng.ts';
import { withHiveWeights } from './evaluate.ts';
import { FEATURE_COUNT, hiveFeatures } from './features.ts';
import { hive, hiveOutcome } from './game.ts';
import type { HiveState } from './state.ts';

/**
 * Texel tuning of the Hive evaluation: seeded self-play games make positions labelled with how
 * each game ended; the sigmoid's scale K is fitted first, then the weights are moved to make
 * σ(K · evaluation) predict the results. Everything follows from the seed: no clock, no threads.
 */

export interface SelfPlayOptions {
  readonly seed: string;
  readonly games: number;
  /** Random plies that open each game, so that games differ. */
  readonly randomPlies: number;
  /** Positions before this ply are not kept (the opening tells little of the result). */
  readonly skipPlies: number;
  /** A game still going at this ply is scored a draw. */
  readonly maxPlies: number;
  readonly onGame?: (played: number, positions: number) => void;
}

/**
 * How a self-play game chooses its moves (a fixed-depth search, given by the layer that has one):
 * the move and the search's score of the position for the side to move, or null for the score where
 * the search found a forced end (such a position is settled: it teaches nothing about balance).
 * Each game has a chooser of its own (`newChooser`: a fresh search, its tables empty), so that a
 * game made with the same generator chooses the same moves.
 */
export type SelfPlayChooser = (state: HiveState, rng: Rng) => { readonly move: number; readonly score: number | null };

export const SELF_PLAY_DEFAULTS = { randomPlies: 6, skipPlies: 10, maxPlies: 160 } as const;

/**
 * Positions as rows of FEATURE_COUNT features, each with the result for its side to move (1, ½, 0)
 * and the self-play search's score of it (for the side to move).
 */
export interface TuningData {
  readonly features: Float64Array;
  readonly results: Float64Array;
  readonly scores: Float64Array;
  readonly count: number;
}

/**
 * Plays the games with the weights given (the start weights, so that the data does not depend on
 * the last tuning), each move but the random first ones by a chooser from `newChooser`.
 */
export function selfPlay(options: SelfPlayOptions, weights: readonly number[], newChooser: () => SelfPlayChooser): TuningData {
  const rng = Rng.fromSeed(options.seed);
  const rows: number[] = [];
  const results: number[] = [];
  const scores: number[] = [];
  const row = new Float64Array(FEATURE_COUNT);
  withHiveWeights(weights, () => {
    for (let g = 0; g < options.games; g++) {
      const gameRng = rng.fork();
      const choose = newChooser();
      let state: HiveState = hive.newGame(hive.headlessOptions?.(hive.defaultOptions) ?? hive.defaultOptions, options.seed);
      const kept: { at: number; turn: number }[] = [];
      while (hiveOutcome(state) === null && state.pos.ply < options.maxPlies) {
        let move: number;
        if (state.pos.ply < options.randomPlies) {
          const legal = hive.legalMoves(state);
          move = legal[gameRng.int(legal.length)] as number;
        } else {
          const found = choose(state, gameRng);
          if (state.pos.ply >= options.skipPlies && found.score !== null) {
            hiveFeatures(state.pos, row);
            kept.push({ at: rows.length, turn: state.pos.turn });
            scores.push(found.score);
            for (const f of row) rows.push(f);
          }
          move = found.move;
        }
        state = hive.play(state, move);
      }
      const outcome = hiveOutcome(state);
      const white = outcome?.kind === 'win' ? (outcome.winner === 0 ? 1 : 0) : 0.5;
      for (const k of kept) results.push(k.turn === 0 ? white : 1 - white);
      options.onGame?.(g + 1, results.length);
    }
  });
  return {
    features: Float64Array.from(rows),
    results: Float64Array.from(results),
    scores: Float64Array.from(scores),
    count: results.length,
  };
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * What each position is fitted to: its game's result, blended with what the self-play search made
 * of it, σ(K · score). The result alone is noisy (a won position is lost by a later blunder); the
 * search alone would teach only what the start weights already believe, a little deeper.
 */
export function tuningTargets(data: TuningData, k: number, blend: number): Float64Array {
  const targets = new Float64Array(data.count);
  for (let i = 0; i < data.count; i++) {
    targets[i] = blend * (data.results[i] as number) + (1 - blend) * sigmoid(k * (data.scores[i] as number));
  }
  return targets;
}

/** The mean squared error of σ(K · w·x) against the targets (the results when none are given). */
export function tuningLoss(data: TuningData, weights: ArrayLike<number>, k: number, targets: Float64Array = data.results): number {
  let sum = 0;
  for (let i = 0; i < data.count; i++) {
    let s = 0;
    const at = i * FEATURE_COUNT;
    for (let f = 0; f < FEATURE_COUNT; f++) s += (data.features[at + f] as number) * (weights[f] as number);
    const e = (targets[i] as number) - sigmoid(k * s);
    sum += e * e;
  }
  return data.count === 0 ? 0 : sum / data.count;
}

/**
 * The K that makes the start weights' scores best predict the results: tuning then keeps that
 * scale, so the tuned scores stay in hundredths of a piece. Golden-section search on log K.
 */
export function fitK(data: TuningData, weights: ArrayLike<number>): number {
  let lo = Math.log(1e-4);
  let hi = Math.log(0.1);
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40; i++) {
    const a = hi - phi * (hi - lo);
    const b = lo + phi * (hi - lo);
    if (tuningLoss(data, weights, Math.exp(a)) < tuningLoss(data, weights, Math.exp(b))) hi = b;
    else lo = a;
  }
  return Math.exp((lo + hi) / 2);
}

export interface TuneOptions {
  readonly iterations: number;
  /** Step size of each weight per iteration, in hundredths of a piece (Adam's, so alike for every feature). */
  readonly rate: number;
  /** Pull towards the start weights: features the games rarely show keep their hand values. */
  readonly prior: number;
  /** Share of the game's result in each position's target, the rest the search's score (see tuningTargets). */
  readonly blend: number;
  readonly onIteration?: (iteration: number, loss: number) => void;
}

export const TUNE_DEFAULTS = { iterations: 600, rate: 1, prior: 1e-7, blend: 0.5 } as const;

export interface TuneResult {
  readonly weights: number[];
  readonly k: number;
  readonly startLoss: number;
  readonly loss: number;
}

/** Adam on the mean squared error, with K fixed from the start weights; the result rounded to whole hundredths. */
export function tuneWeights(data: TuningData, start: readonly number[], options: TuneOptions): TuneResult {
  const k = fitK(data, start);
  const targets = tuningTargets(data, k, options.blend);
  const w = Float64Array.from(start);
  const m = new Float64Array(FEATURE_COUNT);
  const v = new Float64Array(FEATURE_COUNT);
  const grad = new Float64Array(FEATURE_COUNT);
  const b1 = 0.9;
  const b2 = 0.999;
  for (let it = 1; it <= options.iterations; it++) {
    grad.fill(0);
    let sum = 0;
    for (let i = 0; i < data.count; i++) {
      const at = i * FEATURE_COUNT;
      let s = 0;
      for (let f = 0; f < FEATURE_COUNT; f++) s += (data.features[at + f] as number) * (w[f] as number);
      const p = sigmoid(k * s);
      const e = (targets[i] as number) - p;
      sum += e * e;
      const g = -2 * e * p * (1 - p) * k;
      for (let f = 0; f < FEATURE_COUNT; f++) {
        const x = data.features[at + f] as number;
        if (x !== 0) grad[f] = (grad[f] as number) + g * x;
      }
    }
    const n = Math.max(1, data.count);
    for (let f = 0; f < FEATURE_COUNT; f++) {
      const gf = (grad[f] as number) / n + 2 * options.prior * ((w[f] as number) - (start[f] as number));
      m[f] = b1 * (m[f] as number) + (1 - b1) * gf;
      v[f] = b2 * (v[f] as number) + (1 - b2) * gf * gf;
      const mh = (m[f] as number) / (1 - b1 ** it);
      const vh = (v[f] as number) / (1 - b2 ** it);
      w[f] = (w[f] as number) - (options.rate * mh) / (Math.sqrt(vh) + 1e-12);
    }
    options.onIteration?.(it, sum / n);
  }
  const weights = Array.from(w, (x, f) => (data.count === 0 ? (start[f] as number) : Math.round(x)));
  return { weights, k, startLoss: tuningLoss(data, start, k, targets), loss: tuningLoss(data, weights, k, targets) };
}
