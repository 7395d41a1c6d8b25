/** Tic-tac-toe for a newcomer: the aim, a turn, and how to make one here. */
export const HOW_TO_PLAY = (
  <>
    <p>Take turns marking a free cell. Three of your marks in a row, column or diagonal wins; a full board without one is a draw.</p>
    <p>Click a cell, or Tab to it and press Enter.</p>
  </>
);
