import type { GameRules, Outcome, Player } from './game.ts';

/** The seats still in the game, leader first: the game's own standings, else every seat in turn order. */
export const seatsInGame = <S, M>(game: GameRules<S, M>, state: S, seatCount: number): readonly Player[] =>
  game.standings?.(state) ?? Array.from({ length: seatCount }, (_, i) => i);

/**
 * The result when `seat` resigns and the game ends with it (every local game; online, a game of two):
 * the other player wins a two-seat game; with more seats the leader among the rest wins (the game's
 * own standings, else turn order) and the resigner is last.
 */
export function resignationOutcome<S, M>(game: GameRules<S, M>, state: S, seat: Player, seatNames: readonly string[]): Outcome {
  return outcomeWithout(game, state, seatNames, [seat], `${seatNames[seat] ?? `seat ${seat}`} resigned`);
}

/**
 * The result of a game that ends because players left it (resigned, ran out of time, stayed away):
 * `left` in the order they left. The leader among those still playing wins; with more than two seats
 * the ranking names every seat: those still playing (the game's standings), then those its rules put
 * out (`out`, the last out first; any it does not name in turn order), then those who left, the first
 * to leave last of all.
 */
export function outcomeWithout<S, M>(
  game: GameRules<S, M>,
  state: S,
  seatNames: readonly string[],
  left: readonly Player[],
  reason: string,
  out: readonly Player[] = [],
): Outcome {
  const playing = seatsInGame(game, state, seatNames.length).filter((s) => !left.includes(s));
  const winner = playing[0];
  if (winner === undefined) throw new Error(`nobody is left to win once ${left.map((s) => seatNames[s] ?? `seat ${s}`).join(', ')} left`);
  if (seatNames.length <= 2) return { kind: 'win', winner, reason };
  const ranked = new Set([...playing, ...out.filter((s) => !left.includes(s))]);
  for (let s = 0; s < seatNames.length; s++) if (!left.includes(s)) ranked.add(s);
  return { kind: 'win', winner, ranking: [...ranked, ...[...left].reverse()], reason };
}

/**
 * The outcome the rules gave, with the players who had left ranked last, the first to leave last of
 * all: they stopped playing before anyone the rules put out after them.
 */
export function leaversLast(outcome: Outcome, left: readonly Player[]): Outcome {
  if (outcome.kind !== 'win' || outcome.ranking === undefined || left.length === 0) return outcome;
  const ranking = [...outcome.ranking.filter((s) => !left.includes(s)), ...[...left].reverse()];
  return { ...outcome, winner: ranking[0] as Player, ranking };
}

/**
 * The seats the rules put out of the game over `states` (its positions in order; they leave the
 * game's standings), the last out first. Empty for a game without standings.
 */
export function outOfGame<S, M>(game: GameRules<S, M>, states: readonly S[]): Player[] {
  const out: Player[] = [];
  let before: readonly Player[] = [];
  for (const [i, state] of states.entries()) {
    const now = game.standings?.(state);
    if (!now) return [];
    if (i > 0) for (const seat of before) if (!now.includes(seat) && !out.includes(seat)) out.push(seat);
    before = now;
  }
  return out.reverse();
}

/**
 * The move that passes the turn in `state`: the one legal move after which the player to move is no
 * longer to move, every other keeping the turn (DiceWars's `end`, after any number of attacks). Null
 * in a game without one, where every move hands the turn on, and once the game is over.
 */
export function passingMove<S, M>(game: GameRules<S, M>, state: S): M | null {
  const seat = game.toMove(state);
  if (seat === null) return null;
  let pass: M | null = null;
  for (const move of game.legalMoves(state)) {
    if (game.toMove(game.play(state, move)) === seat) continue;
    if (pass !== null) return null;
    pass = move;
  }
  return pass;
}
