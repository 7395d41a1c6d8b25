import { t } from '../../i18n/index.ts';

/** Nonaga for a newcomer: the aim, a turn, and how to make one here (in the player's language). */
function NonagaHowToPlay() {
  return (
    <>
      <p>{t('nonaga.howTo.aim')}</p>
      <p>{t('nonaga.howTo.turn')}</p>
      <p>{t('nonaga.howTo.here')}</p>
    </>
  );
}

// An element, not yet rendered: its words are read when it shows, once the catalog is loaded.
export const HOW_TO_PLAY = <NonagaHowToPlay />;
