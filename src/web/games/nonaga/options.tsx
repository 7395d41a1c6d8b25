import { Check, Select } from '../../form.tsx';
import { t } from '../../i18n/index.ts';
import type { Options } from '../web-game.tsx';

/** Nonaga's home card: who starts, and the variants of the rules. */
export function NonagaOptions({ options, set }: { options: Options; set: (change: Options) => void }) {
  return (
    <>
      <Select
        label={t('nonaga.option.first')}
        value={options.first ?? 'red'}
        values={['red', 'black', 'random']}
        words={(first) => t(`nonaga.option.first.${first as 'red'}`)}
        set={(first) => set({ first })}
      />{' '}
      <Select
        label={t('nonaga.option.connectivity')}
        value={options.connectivity ?? 'strict'}
        values={['strict', 'final', 'none']}
        words={(connectivity) => t(`nonaga.option.connectivity.${connectivity as 'strict'}`)}
        set={(connectivity) => set({ connectivity })}
      />{' '}
      <Check label={t('nonaga.option.triangleOnly')} value={options.triangleOnly ?? false} set={(triangleOnly) => set({ triangleOnly })} />{' '}
      <Check label={t('nonaga.option.placementCap')} value={options.placementCap ?? false} set={(placementCap) => set({ placementCap })} />{' '}
      <Check label={t('nonaga.option.stuckPasses')} value={options.stuckPasses ?? false} set={(stuckPasses) => set({ stuckPasses })} />
    </>
  );
}
