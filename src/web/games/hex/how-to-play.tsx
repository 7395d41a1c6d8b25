/** Hex for a newcomer: the aim, a turn, the swap, and how to make one here. */
export const HOW_TO_PLAY = (
  <>
    <p>
      Red joins the top and bottom sides, Blue the left and right, with an unbroken chain of their own stones; the corners belong to both
      sides they touch. Take turns placing one stone on any empty cell. Someone always wins: the board cannot fill without a chain.
    </p>
    <p>
      Moving first is a large advantage, so with the pie rule (on unless the options say otherwise) Blue may answer Red's first stone with
      Swap: that stone becomes Blue's, reflected across the long diagonal, and Red moves again.
    </p>
    <p>Click an empty cell, or Tab to it and press Enter.</p>
  </>
);
