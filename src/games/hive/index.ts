/** Hive for the layers above the rules: the game, its options and state, its GameStrings. */
export { DEFAULT_HIVE_OPTIONS, formatGameString, type HiveOptions, type HiveState, hive, loadGameString } from './game.ts';
