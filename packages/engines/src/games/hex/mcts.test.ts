import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { type HexMove, type HexState, hex } from './game.ts';
import { HEX_MCTS, HexSearch, hexMctsAgent } from './mcts.ts';
import { firstStone, openingMove, worthSwapping } from './opening.ts';

const at = (size: number, pie: boolean, moves: string[]): HexState => unwrap(hex.fromJSON({ size, pie, moves }));
const named = (state: HexState, move: HexMove): string => hex.formatMove(state, move);
/** A fixed budget (2,000 playouts a unit of depth), so the tests do not hang on the machine's speed. */
const choose = (state: HexState, depth: number, seed = 'mcts') =>
  hexMctsAgent('test').choose(hex, state, { rng: Rng.fromSeed(seed), depth, timeMs: 60_000 });

describe('Hex’s tree search (max)', () => {
  it('takes a win in one at once', async () => {
    // Red holds c1 c2 c3 c4 on 5×5: c5 joins top and bottom.
    const state = at(5, false, ['c1', 'a1', 'c2', 'a2', 'c3', 'a3', 'c4', 'b5']);
    expect(named(state, await choose(state, 1))).toBe('c5');
  });

  it('keeps a bridge the other side has entered: the chain b2–c3–d4 is cut at c2, and b3 mends it', async () => {
    // Red's b2 joins the top by its edge template, d4 the bottom, and bridges join b2–c3–d4; Blue
    // has just played c2, one of the two cells between b2 and c3.
    const state = at(5, false, ['b2', 'e1', 'c3', 'a5', 'd4', 'c2']);
    expect(named(state, await choose(state, 5))).toBe('b3');
  });

  it('wins more playouts for the side whose bridge chain joins its sides than for the other', () => {
    // The same position searched from the root: Red to move, its best cell's value high.
    const state = at(5, false, ['b2', 'e1', 'c3', 'a5', 'd4', 'c2']);
    const search = new HexSearch(5, state.board.stones, state.board.turn, 7, 1, HEX_MCTS);
    for (let i = 0; i < 4000; i++) search.iterate();
    const best = (search.root.children ?? []).reduce((a, b) => (b.n > a.n ? b : a));
    expect(best.w / best.n).toBeGreaterThan(0.8);
    expect(search.playouts).toBe(4000);
  });

  it('decides the pie rule from its table: the centre and the inner cells are swapped, edge stones kept', async () => {
    expect(worthSwapping(9, 40)).toBe(true); // e5
    expect(worthSwapping(9, 0)).toBe(false); // a1
    expect(worthSwapping(9, 9 + 1)).toBe(false); // b2
    expect(worthSwapping(11, 12)).toBe(true); // b2 on 11×11
    expect(worthSwapping(9, 9 + 7)).toBe(true); // h2, beside the obtuse corner i1
    expect(worthSwapping(9, 7 * 9 + 1)).toBe(true); // b8, beside a9
    expect(worthSwapping(9, 9 + 6)).toBe(false); // g2
    const centre = at(9, true, ['e5']);
    expect(named(centre, await choose(centre, 1))).toBe('swap');
    // The first stone: on the first row next to the obtuse corner.
    const empty = at(9, true, []);
    expect(firstStone(9)).toBe(7);
    expect(named(empty, await choose(empty, 1))).toBe('h1');
    // Without the pie rule there is no table: the search plays.
    expect(openingMove(at(9, false, []))).toBeNull();
    // A stone not worth swapping is answered by a cell.
    const edge = at(9, true, ['a1']);
    expect((await choose(edge, 1)).kind).toBe('place');
  });
});
