import { GAME_TYPES } from '@hexarena/engines/games/hive/index.ts';
import { Select } from '../../form.tsx';
import { t } from '../../i18n/index.ts';
import type { Options } from '../web-game.tsx';

/** Hive's home card: which expansion pieces are in. */
export function HiveOptions({ options, set }: { options: Options; set: (change: Options) => void }) {
  return <Select label={t('hive.option.type')} value={options.type ?? 'Base+MLP'} values={GAME_TYPES} set={(type) => set({ type })} />;
}
