import { absolute, type Colour, type DutchPlayer, other } from './dutch-players.ts';

/**
 * The colours of a pair (Dutch E.1–E.5) as bbpPairings gives them: both preferences when they
 * agree; else the stronger (absolute, the wider imbalance between two absolute, then strong); else
 * alternate from the latest round the two had different colours; else the higher player's
 * preference; with no preference on either side, the higher player takes the initial colour with
 * an odd pairing number (rank index even), the other with an even one.
 */

/** Whether `a` ranks below `b` in pairing order (lower score, or the same and a later rank). */
const below = (a: DutchPlayer, b: DutchPlayer): boolean => a.score < b.score || (a.score === b.score && b.rank < a.rank);

/** The colours of the two histories, from the latest game back, at the first place they differ. */
function firstDifference(a: readonly Colour[], b: readonly Colour[]): [Colour, Colour] | null {
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) if (a[i] !== b[j]) return [a[i] as Colour, b[j] as Colour];
  return null;
}

function neutralColour(player: DutchPlayer, opponent: DutchPlayer): Colour | null {
  const pp = player.preference;
  const op = opponent.preference;
  if (pp !== op || pp === null || op === null) return pp ?? (op === null ? null : other(op));
  if (absolute(player) && (player.imbalance > opponent.imbalance || !absolute(opponent))) return pp;
  if (absolute(opponent) && (opponent.imbalance > player.imbalance || !absolute(player))) return other(op);
  if (player.strong && !opponent.strong) return pp;
  if (opponent.strong && !player.strong) return other(op);
  const differed = firstDifference(player.colours, opponent.colours);
  return differed === null ? null : differed[1];
}

/** The colour `player` gets against `opponent`. */
export function colourOf(player: DutchPlayer, opponent: DutchPlayer, initial: Colour): Colour {
  const neutral = neutralColour(player, opponent);
  if (neutral !== null) return neutral;
  if (player.preference === null) {
    if (below(player, opponent)) return opponent.rank & 1 ? initial : other(initial);
    return player.rank & 1 ? other(initial) : initial;
  }
  return below(player, opponent) ? other(opponent.preference as Colour) : player.preference;
}
