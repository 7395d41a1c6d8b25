import { torusCell } from '../../hex/torus.ts';
import { DEFAULT_NONAGA_OPTIONS, type NonagaOptions } from './game.ts';
import { NonagaPosition, type Side } from './position.ts';

/**
 * Hand-built positions for tests and puzzles: discs and tokens at axial coordinates. The board
 * need not be reachable; the rules are applied to it as it is.
 */
export function arrangeNonaga(
  discs: readonly (readonly [number, number])[],
  red: readonly (readonly [number, number])[],
  black: readonly (readonly [number, number])[],
  setup: { turn?: Side; phase?: 0 | 1; blocked?: [number, number]; options?: Partial<NonagaOptions> } = {},
): NonagaPosition {
  const pos = new NonagaPosition({ ...DEFAULT_NONAGA_OPTIONS, ...setup.options });
  for (const [q, r] of discs) {
    pos.disc[torusCell(q, r)] = 1;
    pos.sumQ += q;
    pos.sumR += r;
  }
  for (const [side, list] of [red, black].entries()) {
    for (const [i, [q, r]] of list.entries()) {
      const c = torusCell(q, r);
      if (!pos.disc[c]) throw new Error(`arrangeNonaga: token at ${q},${r} has no disc`);
      pos.token[c] = side;
      pos.tokens[side * 3 + i] = c;
    }
  }
  pos.turn = setup.turn ?? 0;
  pos.phase = setup.phase ?? 0;
  if (setup.blocked) pos.blocked = torusCell(...setup.blocked);
  return pos;
}

/** The start's discs and tokens, for building variations. */
export { START_DISCS as START, START_TOKENS } from './position.ts';
