/** DiceWars for a newcomer: the aim, a turn, and how to make one here. */
export const HOW_TO_PLAY = (
  <>
    <p>
      Conquer every territory. On your turn, attack a neighbouring territory from one of yours with at least two dice: both sides roll their
      dice, and the attacker takes the territory only with a strictly higher total (the defender wins ties). A winner moves in with all but
      one die; a loser keeps one.
    </p>
    <p>
      End your turn to be reinforced: one die for each territory in your largest connected group, spread at random (at most 8 a territory;
      the rest waits in stock). In the strength rules every cell is a unit with a strength of 1–48 (shown as a number): expand into empty
      cells as well as attack.
    </p>
    <p>Click your territory, then the neighbour to attack (hover shows your chance); End Turn when done.</p>
  </>
);
