import { GAME_TYPES } from '@hexarena/engines/games/hive/index.ts';
import { Select } from '../../form.tsx';
import type { Options } from '../web-game.tsx';

/** Hive's home card: which expansion pieces are in. */
export function HiveOptions({ options, set }: { options: Options; set: (change: Options) => void }) {
  return <Select label="Game type" value={options.type ?? 'Base+MLP'} values={GAME_TYPES} set={(type) => set({ type })} />;
}
