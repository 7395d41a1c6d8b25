import { t } from '../../i18n/index.ts';

/** DiceWars for a newcomer: the aim, a turn, and how to make one here (in the player's language). */
function DiceWarsHowToPlay() {
  return (
    <>
      <p>{t('dicewars.howTo.aim')}</p>
      <p>{t('dicewars.howTo.turn')}</p>
      <p>{t('dicewars.howTo.here')}</p>
    </>
  );
}

// An element, not yet rendered: its words are read when it shows, once the catalog is loaded.
export const HOW_TO_PLAY = <DiceWarsHowToPlay />;
