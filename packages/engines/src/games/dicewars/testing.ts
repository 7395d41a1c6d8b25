import { Rng } from '../../engine/rng.ts';
import { makeBoard } from './board.ts';
import { DiceWarsPosition, type RuleSet } from './position.ts';

/**
 * A row of one-cell territories 0-1-2-… for tests: owners and dice per territory, `order` the
 * turn order (the first seat is to move), optional stock per seat.
 */
export function rowPosition(rules: RuleSet, owners: number[], dice: number[], order: number[], stock?: number[]): DiceWarsPosition {
  const n = owners.length;
  const board = makeBoard(
    'axial',
    n,
    1,
    Int16Array.from({ length: n }, (_, i) => i),
    n,
  );
  const stocks = Int32Array.from(stock ?? order.map(() => 0));
  return new DiceWarsPosition(
    rules,
    board,
    Int8Array.from(owners),
    Uint8Array.from(dice),
    order,
    0,
    stocks,
    0,
    [],
    Rng.fromSeed('row'),
    null,
    1000,
  );
}
