import { Check, Select } from '../../form.tsx';
import { t } from '../../i18n/index.ts';
import type { Options } from '../web-game.tsx';

/** The board sizes a home card offers: from a quick 5×5 to the championship 19×19. */
const SIZES = [5, 7, 9, 11, 13, 14, 19];

/** Hex's home card: the board's size and the pie rule. */
export function HexOptions({ options, set }: { options: Options; set: (change: Options) => void }) {
  return (
    <>
      <Select label={t('hex.option.size')} value={options.size ?? 11} values={SIZES} set={(size) => set({ size: Number(size) })} />{' '}
      <Check label={t('hex.option.pie')} value={options.pie ?? true} set={(pie) => set({ pie })} />
    </>
  );
}
