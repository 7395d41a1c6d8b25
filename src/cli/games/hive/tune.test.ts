import { FEATURE_COUNT } from '@hexarena/engines/games/hive/features.ts';
import { HIVE_TUNED } from '@hexarena/engines/games/hive/hive-weights.ts';
import { HIVE_START_WEIGHTS } from '@hexarena/engines/games/hive/start-weights.ts';
import { selfPlay, tuneWeights, tuningLoss, tuningTargets } from '@hexarena/engines/games/hive/tune.ts';
import { describe, expect, it } from 'vitest';
import { searchChooser } from './tune.ts';

/** A handful of short games at depth 1: enough positions to fit, quick enough for every run. */
const tiny = (seed: string) =>
  selfPlay({ seed, games: 3, randomPlies: 4, skipPlies: 6, maxPlies: 60 }, HIVE_START_WEIGHTS, searchChooser(1));
const tune = (seed: string) => tuneWeights(tiny(seed), HIVE_START_WEIGHTS, { iterations: 40, rate: 2, prior: 1e-7, blend: 0.5 });

describe('Hive evaluation tuner', () => {
  it('is reproducible from its seed: the same weights twice, others from another seed', () => {
    const a = tune('t1');
    expect(tune('t1')).toEqual(a);
    expect(tune('t2').weights).not.toEqual(a.weights);
  });

  it('lowers the loss on its own games', () => {
    const data = tiny('t1');
    expect(data.count).toBeGreaterThan(20);
    const result = tuneWeights(data, HIVE_START_WEIGHTS, { iterations: 40, rate: 2, prior: 1e-7, blend: 0.5 });
    expect(result.loss).toBeLessThan(result.startLoss);
    expect(tuningLoss(data, result.weights, result.k, tuningTargets(data, result.k, 0.5))).toBe(result.loss);
  });

  it('has a weight for every feature in the committed table', () => {
    expect(HIVE_TUNED).toHaveLength(FEATURE_COUNT);
    expect(HIVE_START_WEIGHTS).toHaveLength(FEATURE_COUNT);
  });
});
