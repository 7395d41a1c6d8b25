import type { GameRules, Outcome, Player } from './game.ts';

/** The seats still in the game, leader first: the game's own standings, else every seat in turn order. */
export const seatsInGame = <S, M>(game: GameRules<S, M>, state: S, seatCount: number): readonly Player[] =>
  game.standings?.(state) ?? Array.from({ length: seatCount }, (_, i) => i);

/**
 * The result when `seat` resigns: the other player wins a two-seat game; with more seats the
 * leader among the rest wins (the game's own standings, else turn order) and the resigner is last.
 */
export function resignationOutcome<S, M>(game: GameRules<S, M>, state: S, seat: Player, seatNames: readonly string[]): Outcome {
  const others = seatsInGame(game, state, seatNames.length).filter((s) => s !== seat);
  const winner = others[0];
  if (winner === undefined) throw new Error(`seat ${seat} cannot resign: nobody else is left`);
  const reason = `${seatNames[seat] ?? `seat ${seat}`} resigned`;
  return seatNames.length > 2 ? { kind: 'win', winner, ranking: [...others, seat], reason } : { kind: 'win', winner, reason };
}
