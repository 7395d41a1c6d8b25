import { MAP_PRESETS, STRENGTH_SIZES } from '@hexarena/engines/games/dicewars/index.ts';
import { Select } from '../../form.tsx';
import { t } from '../../i18n/index.ts';
import type { Options } from '../web-game.tsx';

/** DiceWars's home card: the rules, their map or grid, and how many play. */
export function DiceWarsOptions({ options, set }: { options: Options; set: (change: Options) => void }) {
  const classic = options.rules !== 'strength';
  const maxPlayers = classic ? 8 : 4;
  return (
    <>
      <Select
        label={t('dicewars.option.rules')}
        value={options.rules ?? 'classic'}
        values={['classic', 'strength']}
        words={(rules) => t(`dicewars.option.rules.${rules as 'classic'}`)}
        set={(rules) => set({ rules, players: Math.min(Number(options.players), rules === 'classic' ? 8 : 4) })}
      />{' '}
      {classic ? (
        <Select
          label={t('dicewars.option.map')}
          value={options.map ?? 'small'}
          values={Object.keys(MAP_PRESETS)}
          words={(map) => t(`dicewars.option.map.${map as 'small'}`)}
          set={(map) => set({ map })}
        />
      ) : (
        <Select
          label={t('dicewars.option.size')}
          value={options.size ?? 10}
          values={STRENGTH_SIZES}
          set={(size) => set({ size: Number(size) })}
        />
      )}{' '}
      <Select
        label={t('dicewars.option.players')}
        value={options.players ?? 4}
        values={Array.from({ length: maxPlayers - 1 }, (_, i) => i + 2)}
        set={(players) => set({ players: Number(players) })}
      />
    </>
  );
}
