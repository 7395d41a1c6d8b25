import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { BLUE, type HexBoard, RED } from './board.ts';
import { cellName, columnOf, halfTurned, neighbours, parseCellName, rowOf } from './cells.ts';
import { connectionDistance } from './distance.ts';
import { type HexState, hex, newHexPosition } from './game.ts';
import { winningFirstMoves } from './solve.ts';

/** Plays moves by their names from a new board of `size`. */
function played(size: number, pie: boolean, ...moves: string[]): HexState {
  let state = newHexPosition(size, pie);
  for (const text of moves) state = hex.play(state, unwrap(hex.parseMove(state, text)));
  return state;
}

/** The winner as a plain flood would find it: the oracle the union-find is checked against. */
function floodWinner(board: HexBoard): number {
  const n = board.size;
  for (const side of [RED, BLUE]) {
    const first = (c: number) => (side === RED ? rowOf(n, c) === 0 : columnOf(n, c) === 0);
    const last = (c: number) => (side === RED ? rowOf(n, c) === n - 1 : columnOf(n, c) === n - 1);
    const seen = new Set<number>();
    const stack = [...Array(n * n).keys()].filter((c) => board.stones[c] === side && first(c));
    for (const c of stack) seen.add(c);
    while (stack.length > 0) {
      const c = stack.pop() as number;
      if (last(c)) return side;
      for (const next of neighbours(n)[c] as number[])
        if (board.stones[next] === side && !seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
    }
  }
  return -1;
}

describe('Hex cells', () => {
  it('are named by column letter and row number, a1 the top-left corner', () => {
    expect(cellName(11, 0)).toBe('a1');
    expect(cellName(11, 120)).toBe('k11');
    expect(cellName(5, 7)).toBe('c2');
    expect(unwrap(parseCellName(11, 'K11'))).toBe(120);
    expect(parseCellName(5, 'f1')).toMatchObject({ ok: false, error: { message: 'f1 is off the 5×5 board' } });
    expect(parseCellName(5, 'a0')).toMatchObject({ ok: false });
    expect(parseCellName(5, 'zz')).toMatchObject({ ok: false, error: { message: expect.stringContaining('is not a cell') } });
  });

  it('acute corners have two neighbours, obtuse ones three, inner cells six', () => {
    const n = neighbours(5);
    const count = (name: string) => (n[unwrap(parseCellName(5, name))] as number[]).length;
    expect([count('a1'), count('e5'), count('e1'), count('a5'), count('c3'), count('c1')]).toEqual([2, 2, 3, 3, 6, 4]);
  });
});

describe('who wins Hex', () => {
  const winner = (state: HexState) => hex.result(state);

  it('Red joins top and bottom, Blue left and right; a corner belongs to both its sides', () => {
    // Red down column a, from the acute corner a1: top and bottom joined.
    const red = played(5, false, 'a1', 'e1', 'a2', 'e2', 'a3', 'e3', 'a4', 'e4', 'a5');
    expect(winner(red)).toEqual({ kind: 'win', winner: RED, reason: 'Red joined top and bottom' });
    // Blue across row 1, from the acute corner a1 to the obtuse e1: left and right joined.
    const blue = played(5, false, 'a5', 'a1', 'b5', 'b1', 'c5', 'c1', 'd4', 'd1', 'a3', 'e1');
    expect(winner(blue)).toEqual({ kind: 'win', winner: BLUE, reason: 'Blue joined left and right' });
    expect(hex.toMove(blue)).toBeNull();
    expect(hex.legalMoves(blue)).toEqual([]);
  });

  it('a chain along one side only, or along the long diagonal (a1 to e5: not neighbours), is no win', () => {
    expect(winner(played(5, false, 'a1', 'a3', 'b1', 'b3', 'c1', 'c3', 'd1', 'd3', 'e1'))).toBeNull();
    expect(winner(played(5, false, 'a1', 'e1', 'b2', 'e2', 'c3', 'e3', 'd4', 'a5', 'e5'))).toBeNull();
  });

  it('the move that joins two chains wins, also through the long diagonal’s neighbours', () => {
    const state = played(5, false, 'a1', 'e1', 'a2', 'e2', 'a4', 'e3', 'a5', 'e4');
    expect(winner(state)).toBeNull();
    expect(winner(hex.play(state, unwrap(hex.parseMove(state, 'a3'))))).toMatchObject({ winner: RED });
    // c1 → b2 → a3… step (−1, +1) is a neighbour: a zigzag down to the bottom.
    expect(winner(played(5, false, 'c1', 'e1', 'b2', 'e2', 'b3', 'e3', 'a4', 'e4', 'a5'))).toMatchObject({ winner: RED });
  });

  it('the union-find agrees with a flood at every move of random games, which end with one winner within n² moves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.boolean(), fc.string({ maxLength: 6 }), (size, pie, seed) => {
        const rng = Rng.fromSeed(`hex/${seed}`);
        let state = newHexPosition(size, pie);
        let moves = 0;
        while (hex.result(state) === null) {
          state = hex.play(state, rng.pick(hex.legalMoves(state)));
          moves++;
          expect(state.board.winner).toBe(floodWinner(state.board));
        }
        expect(moves).toBeLessThanOrEqual(size * size + (pie ? 1 : 0));
        expect([RED, BLUE]).toContain(state.board.winner);
      }),
      { numRuns: 60 },
    );
  });

  it('make and unmake leave the board, its hash and its chains as they were', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 30 }), (seed, plies) => {
        const rng = Rng.fromSeed(`undo/${seed}`);
        const board = newHexPosition(6, true).board.clone();
        const buffer = new Int32Array(64);
        const seen: string[] = [];
        const snap = () => `${Array.from(board.stones).join()}|${board.hashLo}|${board.hashHi}|${board.winner}|${board.turn}`;
        for (let i = 0; i < plies && !board.over; i++) {
          seen.push(snap());
          board.make(buffer[rng.int(board.generate(buffer))] as number);
        }
        while (seen.length > 0) {
          board.unmake();
          expect(snap()).toBe(seen.pop());
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('the pie rule (swapping the stone)', () => {
  it('lets the second player take the first stone, reflected across the long diagonal; then the first player moves', () => {
    const first = played(5, true, 'c2');
    expect(hex.legalMoves(first).map((m) => hex.formatMove(first, m))).toContain('swap');
    const swapped = hex.play(first, unwrap(hex.parseMove(first, 'swap')));
    const stones = Array.from(swapped.board.stones.entries()).filter(([, s]) => s !== -1);
    expect(stones).toEqual([[unwrap(parseCellName(5, 'b3')), BLUE]]);
    expect(hex.toMove(swapped)).toBe(RED);
    expect(hex.toJSON(swapped)).toEqual({ size: 5, pie: true, moves: ['c2', 'swap'] });
  });

  it('is the second move or never, and not at all without the rule', () => {
    const refused = (state: HexState) => (hex.parseMove(state, 'swap') as { error: Error }).error?.message;
    expect(refused(newHexPosition(5, true))).toBe('swap answers the first stone only: it is the second move or never');
    expect(refused(played(5, true, 'c2', 'd4'))).toBe('swap answers the first stone only: it is the second move or never');
    expect(refused(played(5, false, 'c2'))).toBe('swap is the pie rule, which this game is played without');
    expect(refused(played(5, true, 'c2', 'swap'))).toBe('swap answers the first stone only: it is the second move or never');
  });
});

/** Leaves of the legal-move tree through the contract. */
function perft(state: HexState, depth: number): number {
  if (depth === 0) return 1;
  let nodes = 0;
  for (const move of hex.legalMoves(state)) nodes += perft(hex.play(state, move), depth - 1);
  return nodes;
}

describe('Hex perft', () => {
  it('counts n²·(n²−1)·… from the empty board until a win is possible, and one swap more at ply 2 with the pie rule', () => {
    const product = (n: number, d: number) => Array.from({ length: d }, (_, i) => n * n - i).reduce((a, b) => a * b, 1);
    for (const [size, depth] of [
      [3, 4],
      [4, 3],
      [5, 3],
    ] as const)
      expect(perft(newHexPosition(size, false), depth), `${size}×${size} depth ${depth}`).toBe(product(size, depth));
    // With the rule: n² first stones, each answered by n² − 1 stones or the swap.
    expect(perft(newHexPosition(5, true), 1)).toBe(25);
    expect(perft(newHexPosition(5, true), 2)).toBe(25 * 25);
  });
});

describe('a Hex position as JSON', () => {
  it('survives its JSON, and a position that could not be is refused in words', () => {
    const state = played(7, true, 'd4', 'swap', 'c3');
    expect(hex.toJSON(unwrap(hex.fromJSON(JSON.parse(JSON.stringify(hex.toJSON(state))))))).toEqual(hex.toJSON(state));
    expect(hex.fromJSON({ size: 7, pie: true, moves: ['d4', 'd4'] })).toMatchObject({
      ok: false,
      error: { message: 'move 2 (d4): d4 holds a Red stone' },
    });
    expect(hex.fromJSON({ size: 40, pie: true, moves: [] })).toMatchObject({ ok: false });
    expect(hex.fromJSON([])).toMatchObject({ ok: false });
    expect(hex.parseOptions({ size: 4 })).toMatchObject({ ok: false, error: { message: expect.stringContaining('from 5 to 19') } });
    expect(hex.parseOptions({ colour: 'red' })).toMatchObject({
      ok: false,
      error: { message: 'unknown Hex option colour (known: size, pie)' },
    });
  });
});

describe('connection distance', () => {
  it('counts the empty cells each side still needs, its stones free and the other’s in the way', () => {
    const empty = newHexPosition(5, false).board;
    expect([connectionDistance(empty, RED), connectionDistance(empty, BLUE)]).toEqual([5, 5]);
    const state = played(5, false, 'c1', 'a3', 'c2');
    expect(connectionDistance(state.board, RED)).toBe(3);
    expect(connectionDistance(state.board, BLUE)).toBe(4);
  });
});

describe('small boards solved', () => {
  const names = (size: number, cells: number[]) => cells.map((c) => cellName(size, c)).sort();

  it('1×1: the first stone wins; 2×2: exactly the obtuse corners win', () => {
    expect(names(1, winningFirstMoves(1))).toEqual(['a1']);
    expect(names(2, winningFirstMoves(2))).toEqual(['a2', 'b1']);
  });

  it('3×3 and 4×4: the first player has a winning first move, and the winning ones are the same turned half round', () => {
    for (const size of [3, 4]) {
      const winners = winningFirstMoves(size);
      expect(winners.length, `${size}×${size}`).toBeGreaterThan(0);
      expect(winners.map((c) => halfTurned(size, c)).sort((a, b) => a - b)).toEqual([...winners].sort((a, b) => a - b));
    }
    // On 3×3 the centre wins.
    expect(names(3, winningFirstMoves(3))).toContain('b2');
  });
});
