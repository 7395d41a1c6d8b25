import type { ComponentChildren } from 'preact';

/** A few lines per game for a newcomer: the aim, a turn, and how to make one here. */
const HOW_TO_PLAY: Record<string, ComponentChildren> = {
  tictactoe: (
    <>
      <p>Take turns marking a free cell. Three of your marks in a row, column or diagonal wins; a full board without one is a draw.</p>
      <p>Click a cell, or Tab to it and press Enter.</p>
    </>
  ),
  hive: (
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
  ),
  nonaga: (
    <>
      <p>Bring your three tokens onto three neighbouring discs (a line, a triangle or a bent line) to win.</p>
      <p>
        A turn has two steps. Slide one of your tokens in a straight line as far as it goes (it stops before a gap or another token). Then
        move a free disc — no token on it, not the one just moved by your opponent (marked ×), and able to slide out — to a new place
        touching at least two discs.
      </p>
      <p>Click a token, then where it slides to; then a disc, then its new place.</p>
    </>
  ),
  dicewars: (
    <>
      <p>
        Conquer every territory. On your turn, attack a neighbouring territory from one of yours with at least two dice: both sides roll
        their dice, and the attacker takes the territory only with a strictly higher total (the defender wins ties). A winner moves in with
        all but one die; a loser keeps one.
      </p>
      <p>
        End your turn to be reinforced: one die for each territory in your largest connected group, spread at random (at most 8 a territory;
        the rest waits in stock). In the strength rules every cell is a unit with a strength of 1–48 (shown as a number): expand into empty
        cells as well as attack.
      </p>
      <p>Click your territory, then the neighbour to attack (hover shows your chance); End Turn when done.</p>
    </>
  ),
};

export function HowToPlay({ game }: { game: string }) {
  const text = HOW_TO_PLAY[game];
  if (!text) return null;
  return (
    <details class="how-to-play">
      <summary>How to play</summary>
      {text}
    </details>
  );
}
