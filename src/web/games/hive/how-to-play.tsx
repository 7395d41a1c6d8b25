import { t } from '../../i18n/index.ts';

/** Hive for a newcomer: the aim, a turn, and how to make one here (in the player's language). */
function HiveHowToPlay() {
  return (
    <>
      <p>{t('hive.howTo.aim')}</p>
      <p>{t('hive.howTo.bugs')}</p>
      <p>{t('hive.howTo.here')}</p>
    </>
  );
}

// An element, not yet rendered: its words are read when it shows, once the catalog is loaded.
export const HOW_TO_PLAY = <HiveHowToPlay />;
