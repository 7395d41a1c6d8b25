import { t } from '../../i18n/index.ts';

/** Tic-tac-toe for a newcomer: the aim, a turn, and how to make one here (in the player's language). */
function TicTacToeHowToPlay() {
  return (
    <>
      <p>{t('tictactoe.howTo.aim')}</p>
      <p>{t('tictactoe.howTo.here')}</p>
    </>
  );
}

// An element, not yet rendered: its words are read when it shows, once the catalog is loaded.
export const HOW_TO_PLAY = <TicTacToeHowToPlay />;
