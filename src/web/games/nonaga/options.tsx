import { Check, Select } from '../../form.tsx';
import type { Options } from '../web-game.tsx';

/** Nonaga's home card: who starts, and the variants of the rules. */
export function NonagaOptions({ options, set }: { options: Options; set: (change: Options) => void }) {
  return (
    <>
      <Select label="First" value={options.first ?? 'red'} values={['red', 'black', 'random']} set={(first) => set({ first })} />{' '}
      <Select
        label="Connectivity"
        value={options.connectivity ?? 'strict'}
        values={['strict', 'final', 'none']}
        set={(connectivity) => set({ connectivity })}
      />{' '}
      <Check label="Triangle only" value={options.triangleOnly ?? false} set={(triangleOnly) => set({ triangleOnly })} />{' '}
      <Check label="Placement cap 4" value={options.placementCap ?? false} set={(placementCap) => set({ placementCap })} />{' '}
      <Check label="Stuck player passes" value={options.stuckPasses ?? false} set={(stuckPasses) => set({ stuckPasses })} />
    </>
  );
}
