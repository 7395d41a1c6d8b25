/** Hive for a newcomer: the aim, a turn, and how to make one here. */
export const HOW_TO_PLAY = (
  <>
    <p>
      Surround the opponent's queen bee (Q) on all six sides. Each turn, place a piece from your hand touching only your own colour (the
      first two placements excepted), or move one of yours once your queen is in; the queen must be in by your fourth turn. The hive must
      always stay in one piece.
    </p>
    <p>
      Queen: one step. Beetle (B): one step, may climb on top. Grasshopper (G): jumps in a straight line over pieces. Spider (S): exactly
      three steps around the hive. Ant (A): any distance around it. Mosquito (M) copies a neighbour's moves; Ladybug (L) walks two steps
      over the top and one down; Pillbug (P) may throw a neighbour over itself.
    </p>
    <p>Pick a piece in a hand or on the board, then one of the highlighted cells. Scroll or use + and − to zoom, drag to pan.</p>
  </>
);
