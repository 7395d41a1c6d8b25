/** Nonaga for a newcomer: the aim, a turn, and how to make one here. */
export const HOW_TO_PLAY = (
  <>
    <p>Bring your three tokens onto three neighbouring discs (a line, a triangle or a bent line) to win.</p>
    <p>
      A turn has two steps. Slide one of your tokens in a straight line as far as it goes (it stops before a gap or another token). Then
      move a free disc — no token on it, not the one just moved by your opponent (marked ×), and able to slide out — to a new place touching
      at least two discs.
    </p>
    <p>Click a token, then where it slides to; then a disc, then its new place.</p>
  </>
);
