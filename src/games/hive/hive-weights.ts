// The tuned weights are written here by `hexarena tune hive`; until the first run, the start weights.
export { HIVE_START_WEIGHTS as HIVE_TUNED } from './start-weights.ts';
