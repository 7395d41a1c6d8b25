import { formatMove, parseMove } from '@hexarena/engines/games/hive/notation.ts';
import { bugOf, QUEEN } from '@hexarena/engines/games/hive/pieces.ts';
import { type HiveMove, type HivePosition, IN_HAND, movePiece } from '@hexarena/engines/games/hive/position.ts';

/**
 * Why a move is not legal, in words for the player who sent it. The engine's own explanations (the
 * ones UHP players and the terminal get) are reused; the queen set first is named as the tournament
 * rule it is, since a player written from the seed may not know the rule, nor that a game can be
 * played without it.
 */
export function whyNot(pos: HivePosition, move: HiveMove): string {
  const piece = movePiece(move);
  if (bugOf(piece) === QUEEN && pos.where[piece] === IN_HAND && pos.tournament && pos.turnNumber === 1)
    return 'no player may set its queen as its first piece (the tournament rule, which this game is played by)';
  // A MoveString names the destination by a piece next to it; with none there, it is no move at all.
  const text = formatMove(pos, move);
  const explained = text.includes(' ') ? parseMove(pos, text) : null;
  if (explained === null || explained.ok) return 'the piece would touch no other piece';
  const reason = explained.error.message.replace(/\.$/, '');
  return /^(White|Black)\b/.test(reason) ? reason : reason.charAt(0).toLowerCase() + reason.slice(1);
}
