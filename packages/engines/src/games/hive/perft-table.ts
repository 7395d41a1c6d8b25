import type { GameType } from './pieces.ts';

/** Mzinga's published perft tables (shared/rules/hive.md), tournament opening on. */
export const PERFT: Record<GameType, readonly number[]> = {
  Base: [4, 96, 1440, 21600, 516240, 12219480],
  'Base+M': [5, 150, 2610, 45414, 1252800, 34233432],
  'Base+L': [5, 150, 2610, 45414, 1252800, 34233672],
  'Base+P': [5, 150, 2610, 45414, 1255932, 34395984],
  'Base+ML': [6, 216, 4320, 86400, 2725920],
  'Base+MP': [6, 216, 4320, 86400, 2730888],
  'Base+LP': [6, 216, 4320, 86400, 2730240],
  'Base+MLP': [7, 294, 6678, 151686, 5427108, 192353904],
};
