import { t } from '../../i18n/index.ts';

/** Hex for a newcomer: the aim, a turn, the swap, and how to make one here (in the player's language). */
function HexHowToPlay() {
  return (
    <>
      <p>{t('hex.howTo.aim')}</p>
      <p>{t('hex.howTo.turn')}</p>
      <p>{t('hex.howTo.here')}</p>
    </>
  );
}

// An element, not yet rendered: its words are read when it shows, once the catalog is loaded.
export const HOW_TO_PLAY = <HexHowToPlay />;
