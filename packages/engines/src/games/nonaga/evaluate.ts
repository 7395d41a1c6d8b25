import { distance } from '../../hex/coords.ts';
import type { NonagaPosition, Side } from './position.ts';

/**
 * How close a side is to joining its three tokens. Distances come from the board's absolute
 * coordinates. Seed 001's one-ply bot used opponent distance − 2 × own distance; hexarena adds
 * the immediate threats: slides that would win at once.
 */
export function tokenDistance(pos: NonagaPosition, side: Side): number {
  const [a, b, c] = [0, 1, 2].map((i) => pos.coordinates(pos.tokens[side * 3 + i] as number)) as [
    { q: number; r: number },
    { q: number; r: number },
    { q: number; r: number },
  ];
  return distance(a, b) + distance(b, c) + distance(a, c);
}

/** Seed 001's evaluation, for its bot: the opponent's spread minus twice one's own. */
export const seedEvaluation = (pos: NonagaPosition, side: Side): number =>
  tokenDistance(pos, (side ^ 1) as Side) - 2 * tokenDistance(pos, side);

/** Slides that would win at once for `side` (its threats), on the board as it is. */
export function winningSlides(pos: NonagaPosition, side: Side): number {
  let wins = 0;
  for (let i = side * 3; i < side * 3 + 3; i++) {
    const from = pos.tokens[i] as number;
    for (let d = 0; d < 6; d++) {
      const to = pos.slideEnd(from, d);
      if (to < 0) continue;
      pos.tokens[i] = to;
      pos.token[from] = -1;
      pos.token[to] = side;
      if (pos.won(side)) wins++;
      pos.token[to] = -1;
      pos.token[from] = side;
      pos.tokens[i] = from;
    }
  }
  return wins;
}

/** For the side to move: spread, and threats (a threat of the side to move is nearly a win). */
export function evaluateNonaga(pos: NonagaPosition): number {
  const me = pos.turn;
  const them = (me ^ 1) as Side;
  let score = 30 * (tokenDistance(pos, them) - tokenDistance(pos, me));
  const mine = winningSlides(pos, me);
  const theirs = winningSlides(pos, them);
  // At the slide, my threat wins now; at the disc step, their threats are what my disc must stop.
  score += pos.phase === 0 ? 400 * Math.min(mine, 1) : 120 * Math.min(mine, 2);
  score -= pos.phase === 0 ? 150 * Math.min(theirs, 2) : 400 * Math.min(theirs, 1);
  return score;
}
