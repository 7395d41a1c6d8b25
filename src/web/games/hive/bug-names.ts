import type { MessageKey } from '../../i18n/index.ts';

/** The bugs' names, in the order of the engine's bug numbers (pieces.ts), as the rules in each language call them. */
export const BUG_KEYS: readonly MessageKey[] = [
  'hive.bug.queen',
  'hive.bug.spider',
  'hive.bug.beetle',
  'hive.bug.grasshopper',
  'hive.bug.ant',
  'hive.bug.mosquito',
  'hive.bug.ladybug',
  'hive.bug.pillbug',
];

/** The sides' names, White first (the engine's colour numbers). */
export const COLOR_KEYS = ['seat.White', 'seat.Black'] as const satisfies readonly MessageKey[];
